"""Server-side bots: they play off the event loop, and a bot that overruns its time is replaced."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from fruitbowl.bots.base import Bot, SeatHandle, register_bot
from fruitbowl.engine import Action
from fruitbowl.server.db import make_engine, make_sessionmaker
from fruitbowl.server.tables import SeatRequest, TableService


class SleepyBot(Bot):
    """Thinks for longer than any time limit, then plays its last legal action."""

    name = "sleepy"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, handle: SeatHandle) -> Action:
        time.sleep(0.5)
        return handle.legal_actions()[-1]


register_bot("sleepy", SleepyBot)


def test_bots_finish_a_game_and_a_slow_bot_is_timed_out(tmp_path: Path) -> None:
    async def scenario() -> None:
        service = TableService(make_sessionmaker(make_engine(f"sqlite:///{tmp_path / 't.db'}")), bot_time_limit=0.05)
        created = await service.create("tanghulu", 2, {}, [SeatRequest("random"), SeatRequest("sleepy")], you=None)
        table = await service.get(created.id)
        loop_alive = 0
        for _ in range(400):  # the event loop keeps running while bots think
            if table.status == "finished":
                break
            await asyncio.sleep(0.02)
            loop_alive += 1
        assert table.status == "finished", "two bots did not finish the game"
        assert table.match.record.result is not None and loop_alive > 0
        service.executor.shutdown(wait=False, cancel_futures=True)

    asyncio.run(scenario())
