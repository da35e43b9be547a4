"""Citrus's players' page ("How to play", issue 23): a refused action names its rule in words and
links to the page's paragraph that states it; the page's numbers are the component data's.

Refusals are met through actions (``Match``, ``state.apply``); the page is read as a front end
reads it (placeholders filled from ``data.toml``, comments stripped), and its sections by their
headings. The data is read from the game's ``data.toml`` file, not from the engine.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from fruitbowl.engine import IllegalAction, Match, Player, get_game, pages

from .. import players_page
from ..players_page import data_of, page_of
from .positions import dealt
from .rulebook_table import Table, full_market

GAME = get_game("citrus")
SOURCE = pages.page_source(type(GAME)) or ""
PAGE = page_of(GAME.id)


def data() -> dict[str, Any]:
    return data_of(GAME.id)


def section(anchor: str, page: str = PAGE) -> str:
    return players_page.section(page, anchor)


def refused(state: Any, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        state.apply(text)
    return caught.value


def match(seed: int) -> Match:
    return Match.new(GAME, [Player(f"P{i + 1}") for i in range(3)], seed, {"first_player": 1})


def tiles_on(view: dict[str, Any], line: dict[str, Any]) -> int:
    return sum(view["market"]["spaces"][s - 1]["tile"] is not None for s in line["spaces"])


def build_a_line(m: Match) -> None:
    """The player to move buys the longest line they may buy, builds it and ends the turn."""
    view = m.state.view(None)
    sizes = {line["name"]: tiles_on(view, line) for line in view["market"]["lines"]}
    buys = [a for a in m.state.legal_actions() if a.kind == "buy"]
    m.apply(max(buys, key=lambda a: sizes[a.text.split()[1]]))
    while m.state.view(None)["phase"] != "after":
        m.apply(next(a for a in m.state.legal_actions() if a.kind in ("site", "place")))
    m.apply("end turn")


def test_a_turn_without_a_main_action_is_refused_by_its_rule():
    """Seed: "When playing this game, you have to take action. You can't just skip your turn." """
    m = match(3)
    exc = refused(m.state, "end turn")
    assert exc.rule == "end.main_first" and exc.game == "citrus"
    assert "main action" in str(exc) and "§" not in str(exc)
    assert "main action is done" in section(exc.anchor or "")


def test_a_line_you_cannot_pay_for_links_to_the_buying_rule():
    """Seed: "It costs 1 coin for each plantation you want to buy … If you don't have enough money
    to pay for all the plantations in a row … you are not allowed to buy that row." Player 1 buys
    a long line, the others play, and player 1 then lacks the coins for a line of the market."""
    m = match(5)
    for _ in range(3):
        build_a_line(m)
    view = m.state.view(0)
    money = view["players"][0]["money"]
    assert m.state.current_player == 0 and money < data()["player"]["start_money"]
    dear = next(line for line in view["market"]["lines"] if tiles_on(view, line) > money)
    exc = refused(m.state, f"buy {dear['name']}")
    assert exc.rule == "buy.too_dear"
    assert f"you have {money} coin" in str(exc)
    text = section(exc.anchor or "")
    assert "pay one coin per tile" in text and "every tile on a line" in text


def test_harvesting_another_players_region_links_to_the_harvest_rule():
    """Seed: "you can choose to harvest one or more of your plantation regions". After every player
    has built once, player 1 names player 2's region."""
    m = match(8)
    for _ in range(3):
        build_a_line(m)
    view = m.state.view(0)
    theirs = next(r for r in view["regions"] if r["owner"] == 1)
    exc = refused(m.state, f"harvest {theirs['anchor']}")
    assert exc.rule == "harvest.rival"
    assert "player 2's" in str(exc) and "your own regions" in str(exc)
    assert "one or more of your own regions" in section(exc.anchor or "")


def test_the_variety_rule_is_named_and_linked():
    """Seed: "Every road that leads from a Finca (or a building site) must have a plantation of a
    different color … since there is already a lemon plantation next to the road on the right,
    you cannot build another lemon plantation next to the upper road." Finca A (on E4) has the
    roads E3 and F4; two lemons are bought and the first goes on E3."""
    state = Table().market(full_market({5: "lemon", 9: "lemon"})).state()
    state.apply("buy C0")
    state.apply("place lemon E3")
    exc = refused(state, "place lemon F4")
    assert exc.rule == "place.variety"
    assert str(exc).startswith("site A already has lemon on its road E3") and "variety rule" in str(exc)
    text = section(exc.anchor or "")
    assert "must all carry different types" in text and "family version leaves this rule out" in text


def test_touching_another_players_region_is_named_and_linked():
    """Seed: "You can't have two plantation regions of the same color owned by different players
    right next to each other." """
    table = Table().region(1, "lime", ["F5"]).market(full_market({2: "lime", 3: "lime", 4: "orange"}))
    state = table.state()
    state.apply("buy R1")
    exc = refused(state, "place lime F4")
    assert exc.rule == "place.touches_rival"
    assert "touches player 2's lime region" in str(exc)
    assert "may not go side by side with another player's region of the same type" in section(exc.anchor or "")


def test_every_refusal_links_to_a_heading_of_the_page():
    anchors = {h.anchor for h in pages.headings(PAGE)}
    assert set(GAME.rule_anchors) == set(GAME.refusals)
    assert set(GAME.rule_anchors.values()) <= anchors


def test_players_read_no_internal_id_in_a_whole_game():
    """Issue 23: "Players never see internal ids" — not in events, prompts and action labels, nor in
    the refusals of actions of every kind tried along a random game, each refusal linked to a
    heading of the page."""
    state = dealt(3, 11, {})
    names = ["Ada", "Bo", "Cy"]
    rng = random.Random(11)
    table, anchors = state.table, {h.anchor for h in pages.headings(PAGE)}
    by_kind: dict[str, list[int]] = {}
    for code in range(len(table)):
        by_kind.setdefault(table[code].kind, []).append(code)
    texts: list[str] = []
    rules: set[str | None] = set()
    for move in range(400):
        if state.is_terminal():
            break
        view = state.view(state.current_player)
        texts.append(GAME.prompt(view, names))
        legal = state.legal_actions()
        texts += [GAME.describe_action(view, a) for a in legal[:20]]
        if move % 3 == 0:
            codes = set(state.legal_codes())
            waiting = {(w["type"], w["well"]) for w in view["waiting"]}
            for kind, pool in by_kind.items():
                if kind == "place" and waiting:  # (tiles that wait: their refusals are the building rules)
                    pool = [c for c in pool if (table[c].fields["type"], table[c].fields["well"]) in waiting]
                for code in rng.sample(pool, min(6, len(pool))):
                    if code not in codes:
                        exc = refused(state, table[code].text)
                        texts.append(str(exc))
                        rules.add(exc.rule)
                        assert exc.anchor in anchors, (exc.rule, exc.anchor)
        for event in state.apply(rng.choice(legal)):
            texts.append(GAME.describe_event(event, 0, names))
    assert state.is_terminal() and len(rules) > len(GAME.refusals) // 2
    assert [t for t in texts if pages.internal_ids(t)] == []


def test_the_pages_numbers_are_the_data_values():
    """Setup: players start with the data's money; the income table and the Finca count are the
    data's, marked as reconstructed where the data says so; a changed value changes the page."""
    values = data()
    mark = lambda text, rebuilt: f"{text}*" if rebuilt else text  # noqa: E731
    page = pages.fill(SOURCE, values, mark)
    start, plain, well = values["player"]["start_money"], values["plantations"]["plain"], values["plantations"]["well"]
    assert f"starts with {start} coins" in section("setting-up", page)  # sourced: not marked
    assert f"Each type has {plain} plain tiles and {well} tiles with a well" in section("whats-in-the-box", page)
    assert f"{len(values['fincas']['values'])}* Finca tiles" in section("whats-in-the-box", page)
    income = values["income"]["by_workers"]
    assert "| income (coins) | " + " | ".join(f"{c}*" for c in income[1:]) + " |" in section("income", page)
    values["player"]["start_money"] = start + 1
    assert f"starts with {start + 1} coins" in section("setting-up", pages.fill(SOURCE, values))


def test_the_page_has_what_a_newcomer_needs():
    """The brief's contents: goal, components, set-up, a turn, scoring with an example, the end,
    the variants and options, the engine's rulings and the reconstructed values."""
    titles = [h.title for h in pages.headings(PAGE) if h.level == 2]
    for wanted in (
        "The goal",
        "What's in the box",
        "Setting up",
        "Your turn",
        "Fincas score when enclosed",
        "The end of the game",
        "Variants and options",
        "Where the rulebook is silent",
        "Values we reconstructed",
    ):
        assert wanted in titles
    assert "Andrea scores" in section("fincas-score-when-enclosed")
    assert len(re.findall(r"\| (?:on|off|long|seat 1) \|", section("variants-and-options"))) == len(GAME.option_specs)


def test_the_options_the_table_form_offers_are_rows_of_the_page_under_their_labels():
    """Issue 23, "Options in words": each option the form shows is a row of the page's options
    table under the same label, and no option's help shows an internal id."""
    options = section("variants-and-options", page_of(GAME.id, lambda shown, _rebuilt: shown))
    for spec in GAME.option_specs:
        described = spec.describe()
        assert f"| {described['label']} |" in options, spec.name
        assert not pages.internal_ids(described["help"]), spec.name
