"""Fabled Fruit's players' page ("How to play", issue 23), tested from the rulebooks' sentences.

A refused action names its rule (``IllegalAction.rule``) and links to the page's heading whose
paragraph states that rule in words; the page's numbers are the game's data (read here from
``data.toml`` itself), and nothing a player reads shows an internal id.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources

import pytest

from fruitbowl.engine import IllegalAction, Match, pages
from fruitbowl.engine.record import Player
from fruitbowl.games.fabledfruit.components import COMPONENTS as C
from fruitbowl.games.fabledfruit.components import loc_label, parse_loc

from .. import players_page
from .positions import GAME, act, lime_through, position

DATA = tomllib.loads((resources.files("fruitbowl.games.fabledfruit") / "data.toml").read_text(encoding="utf-8"))
SOURCE = pages.page_source(type(GAME)) or ""
PAGE = pages.fill(SOURCE, DATA)


def section(anchor: str) -> str:
    return players_page.section(PAGE, anchor)


def refusal(apply, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as refused:
        apply(text)
    return refused.value


def states_the_rule(error: IllegalAction, *words: str) -> str:
    """The refusal links to a heading of this game's page whose section says ``words``."""
    assert error.rule is not None and error.game == GAME.id
    assert error.anchor == GAME.rule_anchors[error.rule]
    text = section(error.anchor)
    for phrase in words:
        assert phrase in text, f"#{error.anchor} does not say {phrase!r}: {text}"
    assert pages.internal_ids(str(error)) == [] and not re.search(r"\bI-\d", str(error))
    return text


def test_you_must_move_away_and_pay_the_animals_there():
    """Base rules: every turn you move your animal to a different location (you may never stay),
    then give 1 fruit to each player already standing there."""
    match = Match.new(GAME, [Player("Ann"), Player("Bo"), Player("Cy")], seed=5, options={"first_player": 1})
    match.apply("move 1")
    match.apply("act")  # #1: draw 2 fruits
    match.apply("move 1")  # Bo joins Ann on #1 and owes her a fruit
    error = refusal(match.apply, "act")
    assert error.rule == "movepay.first"
    states_the_rule(error, "Give 1 fruit from your hand to each player whose animal already stands there")
    match.apply(next(a.text for a in match.state.legal_actions()))  # Bo pays Ann
    match.apply("act")
    match.apply("move 2")  # Cy
    match.apply("act")
    error = refusal(match.apply, "move 1")  # Ann stands on #1
    assert error.rule == "move.must_move"
    states_the_rule(error, "Move your animal to another location stack", "you may never stay where you are")
    assert "already stands on #1" in str(error)


def test_a_juice_costs_its_whole_printed_price():
    """Base rules: a location is bought by paying the fruits shown on it; a smoothie is any fruit."""
    s = position(2, hands={0: "P P B"})
    s.apply("move 1")  # #1 costs three pineapples and any fruit
    error = refusal(s.apply, "buy")
    assert error.rule == "buy.too_dear"
    states_the_rule(error, "You pay the whole price or nothing", "a smoothie * takes any fruit")
    assert C.locations[1].price in str(error)


def test_lime_20l_is_only_bought_as_the_last_juice():
    """Lime rulebook, #20L: "You can only buy this fabled juice, if this is the last fabled juice
    you need to end the game." """
    s = position(4, hands={0: "L L P P B B S S"}, options=lime_through("20L"))
    s.juices[0] = [48]  # one juice of the three a 4-player game needs
    s.apply("move 20L")
    error = refusal(s.apply, "buy")
    assert error.rule == "buy.last_juice"
    states_the_rule(error, "You may buy #20L only as your last fabled juice", "exactly one juice fewer")


def test_lime_6l_saves_a_fruit_you_hold():
    """Lime rulebook, #6L: "Place 1 fruit from your hand face down below your animal token …
    This fruit counts twice when used to buy fabled juice." """
    s = position(3, hands={0: "B S"}, options=lime_through("6L"))
    act(s, "6L")
    error = refusal(s.apply, "save coconut")
    assert error.rule == "save.not_held"
    states_the_rule(error, "face down under your animal token", "pays twice", "You can only save a fruit you hold")


def test_lime_17l_the_thief_takes_two_different_stacks():
    """Lime rulebook, #17L: "Choose 2 locations stacks and place them next to the thief … you must
    choose 2 different locations stacks." """
    s = position(3, hands={0: "", 1: "B"}, options=lime_through("17L"))
    first, second = (loc_label(loc) for loc in s.stacks[:2])
    act(s, "17L", f"thief {first}")
    error = refusal(s.apply, f"thief {first}")
    assert error.rule == "thief.twice"
    states_the_rule(error, "puts the thief next to two different stacks")
    s.apply(f"thief {second}")
    assert {s.thief, s.thief2} == {parse_loc(first), parse_loc(second)}
    # "If you move to a location next to the thief, you must place 1 fruit from your hand into the market."
    s.apply(f"move {first}")  # Bo
    error = refusal(s.apply, "act")
    assert error.rule == "movepay.first" and "thief" in str(error)
    states_the_rule(error, "If the thief stands next to that stack, put 1 fruit from your hand into the market")


def test_the_worked_example_of_the_end_and_its_tie_break():
    """The page's example, played: with 3 players, Bo's last juice needed triggers the end, Cy still
    plays (she is last in the round Ann started) and ties on juices; Cy holds more fruits and wins."""
    target = DATA["targets"]["juices"]["3"]
    s = position(3, hands={1: "B B B S G G G", 2: "S S S P P P P P P"}, draw="C C")
    s.juices[1] = [1] * (target - 1)
    s.juices[2] = [1] * (target - 1)
    for text in ("move 1", "act"):  # Ann draws 2
        s.apply(text)
    for text in ("move 3", "buy", "pay banana", "pay grapes", "pay grapes", "pay grapes"):  # GGG*
        s.apply(text)
    assert s.end_triggered and not s.is_terminal()
    for text in ("move 2", "buy", "pay pineapple", "pay strawberry", "pay strawberry", "pay strawberry"):  # SSS*
        s.apply(text)
    assert s.is_terminal()
    assert [len(j) for j in s.juices[1:]] == [target, target] and [sum(h) for h in s.hands[1:]] == [3, 5]
    assert s.result().winners == (2,)
    example = section("the-end-of-the-game")
    assert "The one with the most fruits in hand wins" in example
    assert f"Three players need {target} juices" in example and "Bo holds 3 fruits, Cy holds 5, so Cy wins" in example


def test_the_page_says_which_cards_are_sourced_as_the_data_does():
    """ "Values we reconstructed" names the base cards whose action or price a source gives; the data
    marks every other one RECONSTRUCTED, and every Lime price."""
    base = [loc for loc in DATA["location"] if isinstance(loc["id"], int)]
    lime = [loc for loc in DATA["location"] if isinstance(loc["id"], str)]

    def numbers(status: str) -> str:
        ids = [f"#{loc['id']}" for loc in base if loc[status] == "sourced"]
        return ", ".join(ids[:-1]) + " and " + ids[-1]

    text = section("values-we-reconstructed")
    assert f"the actions of {numbers('action_status')} and the prices of {numbers('price_status')} come" in text
    assert all(loc["price_status"] == "RECONSTRUCTED" for loc in lime) and "every price is ours" in text
    assert all(loc["action_status"] == "sourced" for loc in lime) and "every action is the Lime rulebook's" in text


def test_every_refusal_links_to_a_heading_of_the_page():
    anchors = {h.anchor for h in pages.headings(PAGE)}
    assert set(GAME.rule_anchors) == set(GAME.refusals)
    assert set(GAME.rule_anchors.values()) <= anchors


def test_the_page_reads_its_numbers_from_the_data():
    """The juice targets, the limes and the gambling reveals on the page are data.toml's values,
    and a changed value changes the page."""
    targets = DATA["targets"]["juices"]
    row = "| Fabled juices | " + " | ".join(str(targets[str(n)]) for n in range(2, 6)) + " |"
    assert row in PAGE
    assert f"{DATA['lime']['limes']} limes." in PAGE
    assert f"reveal {DATA['lime']['gambling_reveals']} fruits from the draw stack" in re.sub(r"\s+", " ", PAGE)
    changed = {**DATA, "lime": {**DATA["lime"], "limes": 99, "gambling_reveals": 7}}
    text = re.sub(r"\s+", " ", pages.fill(SOURCE, changed))
    assert "99 limes." in text and "reveal 7 fruits from the draw stack" in text


def test_the_location_tables_name_the_cards_they_show():
    """Each row of the page's location tables reads the data entry of the card it is labelled with."""
    rows = re.findall(r"^\| (\d+L?) \| \{\{ location\.(\d+)\.name \}\}", SOURCE, re.M)
    assert len(rows) == 6 + 20
    for label, index in rows:
        assert parse_loc(str(DATA["location"][int(index)]["id"])) == parse_loc(label)


def test_the_options_table_names_each_option_as_the_form_does():
    """Each option a table offers is on the page under the label the form shows; the options a fable
    sets are not offered, and the round limit's default is the engine's."""
    options = section("options")
    for spec in GAME.option_specs:
        if spec.name in ("display", "big_stack", "game_number"):
            assert spec.internal and f"({spec.name})" not in options  # set by a fable, never by hand
        else:
            assert f"{spec.label} ({spec.name})" in options
    max_rounds = next(spec for spec in GAME.option_specs if spec.name == "max_rounds")
    assert f"{max_rounds.default} rounds" in options and "Not in the table form" in options


def test_nothing_a_player_reads_shows_an_internal_id():
    """Option help and the location texts (shown on every card) carry no rule-section numbers or
    reconstruction marks; those stay in the maintainers' reference."""
    texts = [spec.help for spec in GAME.option_specs] + [loc.action for loc in C.locations.values()]
    for text in texts:
        assert pages.internal_ids(text) == [], text
        assert not re.search(r"\(R\b|\bR\)|\(\d+\.\d+|\bI-\d", text), text


def test_the_pieces_pictured_are_listed_for_the_board_art():
    """Every piece picture names its kind, and the page's opening comment lists exactly those kinds
    (the web client draws them with the board's art); each picture has words for screen readers."""
    used = set(re.findall(r'data-piece="([^"]+)"', SOURCE))
    comment = SOURCE[: SOURCE.index("-->")]
    listed = set(re.findall(r"\b(?:card|piece|token):[a-z-]+", comment.split("data-piece kinds")[1]))
    assert used and used == listed
    for span in re.findall(r'<span class="piece"[^>]*>', SOURCE):
        assert re.search(r'role="img" aria-label="[^"]+"', span), span
