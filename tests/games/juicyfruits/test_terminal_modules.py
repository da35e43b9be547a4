"""The terminal board with the Mystic Island modules: Mystic Island with explorers and statues,
boulders on the corners and the tray, whales by their beaches."""

from __future__ import annotations

import functools

from rich.console import Console

from fruitbowl.engine.chance import Dealer
from fruitbowl.games.juicyfruits.components import COMPONENTS as C
from fruitbowl.games.juicyfruits.terminal import JuicyFruitsAdapter

from .positions import island, new, start

ADAPTER = JuicyFruitsAdapter()


def render(state, seat: int = 0) -> str:
    console = Console(width=80, height=24, record=True, color_system=None)
    console.print(ADAPTER.board(state.view(seat), ["Ada", "Bo"]))
    return console.export_text()


def test_mystic_island_panel_shows_statues_plateaus_explorers_and_edges():
    state = new(2, modules="mystic_island")
    text = render(state)
    assert "Mystic Island" in text and "▲12" in text and "▲10" in text and "⌂" in text
    assert sum(f"S{t}" in text for t in range(1, 13)) >= 10
    assert "①②" in text, "both explorers on the base"
    assert "edges ①bottom ②top" in text


def test_boulders_on_corners_and_the_tray_line():
    state = new(2, modules="boulders")
    while state.phase == 10:
        state.apply(state.legal_actions()[0])
    text = render(state)
    dealt = [C.boulders[c].id for c in state.boulder_set]
    assert "Boulder tray" in text and all(f"▲{b}" in text for b in dealt)


def test_whale_watching_token_and_its_whale_are_listed():
    state = new(2, modules="new_business")
    island(state, 0, {"c3": "token X09"}, keep=True)
    state.owned[0].append(C.token_index("X09"))
    state.whales[0] = 2
    text = render(state)
    assert "≈X09" in text and "≈X09 whale at S" in text


def test_module_actions_have_menu_labels():
    state = new(2, modules="mystic_island")
    island(state, 0, {"c1": "collector lime"})
    state.apply("move c1-c3")
    view = state.view(0)
    rows = ADAPTER.menu(view, state.legal_actions(), functools.partial(state.game.describe_action, view))
    labels = [row.label for row in rows]
    assert labels[0] == "Collect 2 limes" and labels[1].startswith("Give up the fruit: move your explorer to c5")


def test_every_board_fits_80_columns_and_names_are_never_cut():
    """Every board readable in an 80-column terminal: no line wider, no name cut with '…', every
    token on the business board named by its id and its name or a short form help spells out."""

    from .test_terminal_board_size import check_tokens_named

    setups = [(1, {"solo_board": 2}), (1, {"modules": "all", "juice_factory": True})]
    for players in (2, 3, 4):
        setups += [(players, {}), (players, {"juice_factory": True})]
        setups += [(players, {"modules": m}) for m in ("mystic_island", "boulders", "new_business", "all")]
    for players, options in setups:
        state = start(players, 3, options)
        for step in range(60):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply(legal[step % len(legal)])
            Dealer(step).settle(state)
        console = Console(width=80, height=24, record=True, color_system=None)
        seat = max(state.current_player, 0)
        view = state.view(seat)
        console.print(ADAPTER.board(view, ["Ada", "Bo", "Cy", "Di"][:players]))
        text = console.export_text()
        assert max(len(line) for line in text.splitlines()) <= 80
        assert len(text.splitlines()) <= 22, (players, options)
        assert "…" not in text, (players, options)
        menu = [f"{a.text} {state.game.describe_action(view, a)}" for a in state.legal_actions()]
        check_tokens_named(text, view, menu)


def test_help_commands_are_actions_of_the_game():
    from fruitbowl.games.juicyfruits.actions import FULL_TABLE

    for command in ADAPTER.commands:
        FULL_TABLE.parse(command)
