"""The bot arena's HTTP API (see :mod:`.arena`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Cookie, Header, Request
from pydantic import BaseModel, ConfigDict, Field

from fruitbowl.engine import get_game
from fruitbowl.engine.wording import _

from . import ratings
from .accounts import Accounts
from .arena import Arena
from .errors import TooMany
from .guard import client_address
from .limits import Limits, RateLimiter


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewBot(_Strict):
    name: str = Field(max_length=200)


class SeatBot(_Strict):
    table: str = Field(max_length=32)
    invite: str = Field(max_length=200)


class Queue(_Strict):
    game: str = Field(max_length=32)


def build_arena_router(arena: Arena, accounts: Accounts, limits: Limits) -> APIRouter:
    router = APIRouter(prefix="/api")
    bot_limiter = RateLimiter(limits.read_rate, limits.read_burst)

    def limit(request: Request, token: str | None) -> None:
        wait = bot_limiter.check(f"bot:{token}" if token else f"addr:{client_address(request)}")
        if wait is not None:
            raise TooMany(_("too many requests for this bot; wait {wait:.1f} s and try again").format(wait=wait), wait)

    @router.post("/bots", status_code=201)
    def register_bot(
        body: NewBot, fruitbowl_session: str | None = Cookie(None), x_csrf_token: str | None = Header(None)
    ) -> dict[str, Any]:
        """Register a bot of your own: ``{"name", "token"}``; the token is shown this once."""
        return arena.register(accounts.checked(fruitbowl_session, x_csrf_token), body.name)

    @router.get("/bots")
    def my_bots(fruitbowl_session: str | None = Cookie(None)) -> dict[str, Any]:
        return {"bots": arena.bots_of(accounts.session(fruitbowl_session))}

    @router.delete("/bots/{name}")
    def remove_bot(
        name: str, fruitbowl_session: str | None = Cookie(None), x_csrf_token: str | None = Header(None)
    ) -> dict[str, Any]:
        arena.remove(accounts.checked(fruitbowl_session, x_csrf_token), name)
        return {"removed": name}

    @router.post("/bots/{name}/seat", status_code=201)
    async def seat_bot(name: str, body: SeatBot) -> dict[str, Any]:
        """Seat a registered bot at your table with one of its invitations (as you would a friend)."""
        return await arena.seat(name, body.table, body.invite)

    @router.get("/arena/seats")
    async def bot_seats(request: Request, x_bot_token: str | None = Header(None)) -> dict[str, Any]:
        """The bot's seats at unfinished tables with their seat tokens (play them through the table
        API with ``X-Seat-Token``), and the game it queues for if any."""
        limit(request, x_bot_token)
        return await arena.seats(arena.bot(x_bot_token))

    @router.post("/arena/queue")
    async def queue(body: Queue, request: Request, x_bot_token: str | None = Header(None)) -> dict[str, Any]:
        """Queue the bot for a rated two-player game: ``{"matched": table}`` or ``{"queued": game}``."""
        limit(request, x_bot_token)
        return await arena.queue(arena.bot(x_bot_token), body.game)

    @router.get("/arena/leaderboards/{game_id}")
    def arena_leaderboard(game_id: str) -> dict[str, Any]:
        """The arena's best bots (registered and built-in) in a game."""
        game = get_game(game_id)
        with accounts.sessions() as db:
            return ratings.leaderboard(db, game.id, bots_only=True)

    return router
