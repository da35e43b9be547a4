"""Issue 18 §2: every Juicy Fruits board is readable in an 80×24 terminal. Whole random games
for every setup (1–4 players, the solo boards, each Mystic Island module, all of them, the juice
factory), the board drawn for the player to act at each kind of decision and along the way:
never more than 22 lines (the status line and the prompt take the last two), never wider than 80
columns, never a name cut with "…", and every token on the business board named by its id and
its name, or a short form that ``help`` spells out, with its full name in the claim menu."""

from __future__ import annotations

import random
import re

import pytest
from rich.console import Console

from fruitbowl.engine import get_game
from fruitbowl.engine.chance import settle
from fruitbowl.games.juicyfruits.terminal import JuicyFruitsAdapter

from .positions import start

ADAPTER = JuicyFruitsAdapter()
GAME = get_game("juicyfruits")
NAMES = ["Ada (you)", "Bo (greedy)", "Cy (random)", "Di (ismcts)"]
MODULES = ("mystic_island", "boulders", "new_business")

SETUPS: list[tuple[int, dict[str, object]]] = [(1, {"solo_board": board}) for board in (1, 2, 3, 4)]
SETUPS += [(1, {"solo_board": 2, "modules": m}) for m in MODULES]
SETUPS += [(1, {"modules": "all", "juice_factory": True})]
for _players in (2, 3, 4):
    SETUPS += [(_players, {}), (_players, {"juice_factory": True})]
    SETUPS += [(_players, {"modules": m}) for m in MODULES]
    SETUPS += [(_players, {"modules": "all", "juice_factory": True})]


def draw(view: dict, players: int) -> str:
    console = Console(width=80, height=24, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(ADAPTER.board(view, NAMES[:players]))
    return console.export_text()


def short_forms() -> dict[str, str]:
    """The short names ``help`` spells out: 'Cocktails = Cocktail Bar'."""
    rules = " ".join(ADAPTER.rules.split())
    listed = rules.split("Short names in a crowded row: ", 1)[1].split(". Mystic Island", 1)[0] + "."
    return dict(re.findall(r"([A-Z][^=,]*?) = ([^=,.]+?)(?=, [A-Z][^=,]* = |\.$)", listed))


def check_tokens_named(text: str, view: dict, menu: list[str]) -> None:
    shorts = short_forms()
    for row in view["business_board"]["rows"]:
        for token in row["spaces"]:
            if not token:
                continue
            full = token["name"].removesuffix(f" {token['id']}")
            forms = [full, *(short for short, long in shorts.items() if long == full)]
            assert any(
                re.search(rf"{token['id']} {re.escape(form)}(?=\+\d|✦| |$)", text, re.MULTILINE) for form in forms
            ), f"{token['id']} {full} is not named on the board:\n{text}"
            if view["phase"] == "action" and any(f"claim {token['id']}" in line for line in menu):
                assert any(full in line for line in menu), f"the claim menu does not name {full}"


@pytest.mark.parametrize(("players", "options"), SETUPS, ids=[f"{p}p-{o}" for p, o in SETUPS])
def test_whole_games_fit_80_by_22(players: int, options: dict) -> None:
    state = start(players, 11, options)
    rng = random.Random(players * 100 + len(options))
    seen: set[str] = set()
    step = 0
    while True:
        seat = max(state.current_player, 0)
        view = state.view(seat)
        if view["phase"] not in seen or step % 250 == 0 or state.is_terminal():
            seen.add(view["phase"])
            text = draw(view, players)
            lines = text.splitlines()
            where = f"{players}p {options} step {step} phase {view['phase']}"
            assert len(lines) <= 22, f"{len(lines)} lines at {where}:\n{text}"
            assert max(len(line) for line in lines) <= 80, f"too wide at {where}:\n{text}"
            assert "…" not in text, where
            legal = state.legal_actions() if not state.is_terminal() else []
            menu = [f"{action.text} {GAME.describe_action(view, action)}" for action in legal]
            check_tokens_named(text, view, menu)
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
        settle(state, rng)
        step += 1
