"""Readable Juicy Fruits positions for tests.

Every position starts from a real ``new_state`` and then sets only what a worked example gives:
pieces on named cells (``"c3"``, chess-style from the owner's chair), fruits in a reserve, the
phase. Pieces are written ``"ship S41"``, ``"collector lime"``, ``"token T15"``.
"""

from __future__ import annotations

from typing import Any, cast

from fruitbowl.engine import get_game
from fruitbowl.engine.chance import CHANCE, Dealer
from fruitbowl.games.juicyfruits.components import COMPONENTS as C
from fruitbowl.games.juicyfruits.island import CELL_NAMES, COLLECTOR, EMPTY, SHIP, TOKEN
from fruitbowl.games.juicyfruits.rules import ACTION, ARRANGE, EXPLORE, MOVE, JuicyFruits, JuicyFruitsState

GAME = cast(JuicyFruits, get_game("juicyfruits"))  # (typed: the tests read its states' fields)
FRUIT = {name: i for i, name in enumerate(C.fruit_names)} | {code: i for i, code in enumerate(C.fruit_codes)}


def cell(name: str) -> int:
    return CELL_NAMES.index(name)


def start(players: int, seed: int, options: dict[str, Any] | None = None) -> JuicyFruitsState:
    """A new game after its setup, drawn by the dealer a table with this seed uses."""
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, JuicyFruitsState)
    Dealer(seed).settle(state)
    return state


def new(players: int = 2, seed: int = 1, **options: object) -> JuicyFruitsState:
    """:func:`start`, the first player being seat 1 unless the options say otherwise."""
    if players > 1:
        options.setdefault("random_first", False)
    return start(players, seed, options)


def piece(spec: str) -> int:
    kind, name = spec.split()
    if kind == "ship":
        return SHIP + C.ship_index(name)
    if kind == "collector":
        return COLLECTOR + FRUIT[name]
    return TOKEN + C.token_index(name)


def island(state: JuicyFruitsState, seat: int, pieces: dict[str, str], *, keep: bool = False) -> None:
    """Set seat's island to exactly ``pieces`` (or add them to it with ``keep``)."""
    grid = state.grid[seat]
    if not keep:
        grid[:] = [EMPTY] * len(grid)
    for name, spec in pieces.items():
        grid[cell(name)] = piece(spec)
    state.mobile[seat] = sorted(
        c
        for c, code in enumerate(grid)
        if COLLECTOR <= code < TOKEN or (code >= TOKEN and code < 300 and C.all_tokens[code - TOKEN].mobile)
    )
    state.forget_answers()


def reserve(state: JuicyFruitsState, seat: int, fruits: str) -> None:
    """``"3B 2L"`` → 3 bananas and 2 limes, nothing else."""
    state.reserve[seat] = [0] * 5
    for part in fruits.split():
        state.reserve[seat][FRUIT[part[-1]]] += int(part[:-1])
    state.forget_answers()


def phase(state: JuicyFruitsState, value: int) -> None:
    state.phase = value
    state.forget_answers()


def end_of_game(state: JuicyFruitsState, last: int | None = None) -> list[Any]:
    """The game's end as the rules reach it: the end is triggered (as an empty licence track or
    Pineapple's empty bag trigger it) and the round's last player (``last``: that seat, the first
    player being the next) ends her turn; the events."""
    state.end_triggered = True
    if last is not None:
        state.first = (last + 1) % state.num_players
    state.player = (state.first - 1) % state.num_players
    phase(state, ACTION)
    events = state.apply("pass")
    assert state.is_terminal(), "the round's last pass ends a game whose end was triggered"
    return events


def put_on_board(state: JuicyFruitsState, token_id: str, row: int, column: int) -> None:
    """Move a business token (from wherever it is: board or box) onto row/column (1-based)."""
    token = C.token_index(token_id)
    space = (row - 1) * 4 + (column - 1)
    if token in state.board:
        state.board[state.board.index(token)] = state.board[space]
    elif state.board[space] >= 0:
        state.box.append(state.board[space])
    if token in state.box:
        state.box.remove(token)
    state.board[space] = token
    state.box.sort()
    state.forget_answers()


def texts(state: JuicyFruitsState) -> list[str]:
    return [a.text for a in state.legal_actions()]


__all__ = ["ACTION", "GAME", "MOVE", "cell", "island", "new", "phase", "put_on_board", "reserve", "texts"]


def started(players: int = 2, seed: int = 1, modules: str = "boulders", **options: object) -> JuicyFruitsState:
    """A game with the corner choices made (first offered boulder each time)."""
    state = new(players, seed, modules=modules, **options)
    while state.phase == ARRANGE:
        state.apply(state.legal_actions()[0])
    return state


def mcell(row: int, col: int) -> int:
    """A Mystic Island space in its printed orientation (row 0 = printed top)."""
    return row * 5 + col


def statues(state: JuicyFruitsState, tiles: dict[tuple[int, int], int]) -> None:
    """Exactly these statue tiles on Mystic Island."""
    state.statues = [0] * 25
    for (row, col), tile in tiles.items():
        state.statues[mcell(row, col)] = tile
    state.forget_answers()


def your_solo_turn_ends(state: JuicyFruitsState) -> None:
    """You slide a banana collector e1→e2 (collecting it) and pass: Pineapple's boat is drawn next."""
    island(state, 0, {"e1": "collector banana"})
    state.apply("move e1-e2")
    if state.phase == EXPLORE:
        state.apply("collect")
    state.apply("pass")
    assert state.current_player == CHANCE


#: Boats put in Pineapple's bag by :func:`solo_after_your_turn`, so that a test may draw them:
#: S05 (value 3, wait 1), S10 (3, 2), S15 (3, 3), S20 (3, 4), S01 (value 1).
SOLO_BOATS = ("S05", "S10", "S15", "S20", "S01")


def solo_after_your_turn(tiles: dict[tuple[int, int], int] | None = None, **options: object) -> JuicyFruitsState:
    """A solo game (with Mystic Island's statue tiles ``tiles`` unless None) in which you have just
    passed: Pineapple's boat is to be drawn, as a chance outcome (``state.apply("boat S15")``)."""
    state = new(1, 1, **options)
    if tiles is not None:
        statues(state, tiles)
    state.pine_bag = sorted(set(state.pine_bag) | {C.ship_index(s) for s in SOLO_BOATS})
    your_solo_turn_ends(state)
    return state
