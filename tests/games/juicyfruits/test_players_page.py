"""The players' page (how_to_play.md, issue 23): a refused action names its rule in words and links
to the page's paragraph that states it; the page's numbers are the game's data.

Each rule below is a sentence of the rulebooks (the Mystic Island rulebook, and the base rules as
the rules reference gives them). Positions are reached by playing actions from a real set-up.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from fruitbowl.engine import IllegalAction, pages
from fruitbowl.games.juicyfruits.components import COMPONENTS as C
from fruitbowl.games.juicyfruits.rules import JuicyFruitsState

from .. import players_page
from . import positions
from .positions import GAME, cell

GAME_DIR = Path(__file__).resolve().parents[3] / "src" / "fruitbowl" / "games" / "juicyfruits"
DATA = tomllib.loads((GAME_DIR / "data.toml").read_text(encoding="utf-8"))
SOURCE = (GAME_DIR / "how_to_play.md").read_text(encoding="utf-8")
PAGE = pages.fill(SOURCE, DATA)
MARKED = pages.fill(SOURCE, DATA, lambda shown, rebuilt: f"{shown}*" if rebuilt else shown)


def section(anchor: str) -> str:
    return players_page.section(PAGE, anchor)


def refused(state: JuicyFruitsState, action: str, key: str, *words: str) -> str:
    """``action`` is refused by the rule ``key`` with a sentence free of internal ids; the rule's
    link leads to a section of the page that says ``words``."""
    with pytest.raises(IllegalAction) as refusal:
        state.apply(action)
    assert refusal.value.rule == key
    sentence = str(refusal.value)
    assert pages.internal_ids(sentence) == [], sentence
    text = " ".join(section(GAME.rule_anchors[key]).split())
    for said in words:
        assert said in text, f"#{GAME.rule_anchors[key]} does not say {said!r}"
    return sentence


def start(**options: object) -> JuicyFruitsState:
    return positions.start(2, 3, {"random_first": False, **options})


def test_a_slide_crosses_only_free_spaces():
    """Step 1: a token slides in a straight line across free spaces, no jumping. At the start the
    collector on b4 can reach b3 but not b2, where another collector stands on its pond."""
    state = start()
    assert "move b4-b3" in [a.text for a in state.legal_actions()]
    why = refused(state, "move b4-b2", "move.blocked", "across free spaces", "no jumping over anything")
    assert why.startswith("b2 is in the way")


def test_a_ship_is_supplied_by_paying_exactly_its_demand_and_a_claim_by_paying_the_row():
    """Step 2: "pay exactly the fruits demanded" by the ship; a business token costs its row's
    fruits. After the opening slide the player holds one fruit: enough for neither."""
    state = start()
    state.apply("move b4-b3")
    why = refused(state, "supply b5", "supply.short", "pay exactly the fruit it asks for")
    ship = state.view(0)["players"][0]["grid"][cell("b5")]["id"]
    assert why.startswith(f"ship {ship} needs")
    token = next(C.all_tokens[t].id for t in state.board if t >= 0)
    refused(state, f"claim {token}", "claim.short", "You pay the fruits shown for its row")


def test_modules_and_the_juice_factory_are_played_only_when_chosen():
    """ "Every module works with or without the juice factory", and each is played only at a
    table that chose it; the juice factory is the score board's juicy side, an option."""
    state = start(modules="mystic_island")
    why = refused(state, "whale N", "module.off", "only at a table that plays that module")
    assert why == "'whale N' belongs to Module 3 (the new business tokens), which is not in play at this table"
    state = start()
    why = refused(state, "juice", "juice.off", "Played only when the table was set up with the juice factory")
    assert why == "the juice factory is not in play at this table"
    why = refused(state, "pass", "phase.move", "You must slide a token if any of them can move")
    assert why == "first slide a token in step 1"


def test_a_slide_may_move_the_explorer_instead_of_collecting():
    """Mystic Island: "whenever you move one of your collector tokens ... you may forgo collecting
    its fruits and instead move your explorer ... exactly as you moved your collector token"."""
    state = start(modules="mystic_island")
    state.apply("move b4-b3")  # one space south, toward the player
    why = refused(state, "pass", "phase.explore", "give up all the fruit", "You choose right after the slide")
    assert why == "first choose: collect the fruit, or move your explorer"
    state.apply("explore")
    mystic = state.view(0)["mystic"]
    assert [e["name"] for e in mystic["explorers"]] == ["c2", "c3"], (
        "one space toward the first player's edge, the board's bottom"
    )
    assert sum(state.view(0)["players"][0]["reserve"].values()) == 0, "no fruit for that slide"


def test_the_other_players_place_the_same_boulders_with_the_same_sides_up():
    """Module 2 set-up: "the other players find the same 4 boulder tiles from their own sets and
    place them with the same side facing up, but in any order"."""
    state = start(modules="boulders")
    dealt = [a.text.split()[1] for a in state.legal_actions()]
    assert len(dealt) == DATA["boulder_tray"]["spaces"]
    flipped = [tile[0] + {"a": "b", "b": "a"}[tile[1]] for tile in dealt]
    other_side = next(tile for tile in flipped if tile not in dealt)
    why = refused(state, f"boulder {other_side}", "boulder.not_dealt", "the same tiles with the same sides up")
    assert f"boulder {other_side} is not one of the 4 dealt" in why
    state.apply(f"boulder {dealt[0]}")
    refused(state, f"boulder {dealt[0]}", "boulder.not_dealt", "in any order they like")


def test_every_refusal_links_to_a_heading_and_no_player_text_shows_an_internal_id():
    anchors = {h.anchor for h in pages.headings(PAGE)}
    assert set(GAME.rule_anchors) == set(GAME.refusals)
    assert set(GAME.rule_anchors.values()) <= anchors
    assert pages.internal_ids(PAGE) == []
    for spec in GAME.option_specs:
        assert pages.internal_ids(spec.help) == [], spec.name
        assert "=" not in spec.help, f"{spec.name}'s help names another option's setting"


def test_the_page_numbers_are_the_data_and_reconstructed_ones_are_marked():
    """The license track starts (reconstructed) and boulder 1a's threshold (printed in the Mystic
    Island rulebook: "at least 25 points") come from data.toml."""
    starts = DATA["license_track"]["start"]
    row = " | ".join(f"{starts[str(n)]}*" for n in range(1, 5))
    assert f"| Claims until the end | {row} |" in MARKED
    threshold = DATA["boulder_tiles"]["conditions"][0]
    assert threshold["id"] == "1a"
    assert f"| 1a | have {threshold['value']} points or more |" in MARKED, "sourced: not marked"
    venue = DATA["new_business_tokens"]["venue"]
    said = f"{venue['name']}* large venue ({venue['points']}* points, {venue['stars']}* stars)"
    flowing = " ".join(MARKED.split())
    assert said in flowing
    assert f"at most {DATA['juice_factory']['max_steps_per_turn']}* times a turn" in flowing


def test_what_the_page_says_of_each_listed_token_is_what_the_data_says():
    """The page names tokens, stalls and statue tiles by their place in data.toml and says in
    words what each does: a reordered or changed data file must not make those words wrong."""
    tokens = DATA["business_tokens"]["tokens"]
    assert [t["category"] for t in tokens[6:10]] == ["small_venue"] * 4
    assert tokens[6]["points"] == tokens[7]["points"] and tokens[8]["points"] == tokens[9]["points"]
    assert len({t["stars"] for t in tokens[6:10]}) == 1, "each small venue shows the same number of stars"
    venues = DATA["large_venues"]["venues"]
    for first in (0, 2, 4):
        assert (venues[first]["points"], venues[first]["stars"]) == (
            venues[first + 1]["points"],
            venues[first + 1]["stars"],
        )
    said = ["per_empty_beach", "per_supplied_ship", "per_star", "per_two_fruits"]
    assert [t["formula"] for t in tokens[10:14]] == said
    new = DATA["new_business_tokens"]["tokens"]
    assert [t["formula"] for t in new[4:6]] == ["per_full_beach", "per_milkshake"]
    assert [t["effect"] for t in new[6:8]] == ["harbor_office", "construction_office"]
    assert new[0].get("pond_only") and new[0]["category"] == "small_venue"
    effects = [t["effect"] for t in DATA["statue_tiles"]["tiles"]]
    assert effects[3:] == [
        "per_supplied_ship",
        "choose_supplied_ship",
        "per_two_fruits",
        "choose_fruit_type",
        *["per_business_token"] * 3,
        "per_star",
        "per_statue",
        "per_boulder_removed",
    ]
    tests = [c["test"] for c in DATA["boulder_tiles"]["conditions"] + DATA["boulder_tiles_reconstructed"]["conditions"]]
    assert tests[:4] == ["score_at_least", "score_at_least", "ship_points_at_least", "ships_supplied_at_least"]
    assert tests[11:] == [
        "empty_beaches_at_least",
        "move_gained_at_least",
        "every_fruit_type",
        "statues_collected_at_least",
        "module_tokens_at_least",
    ]
    ship = DATA["ships"]["tokens"][40]
    assert sorted(ship["demand"]) == ["B", "L"], "the worked example's ship asks for bananas and limes"
    assert sorted(DATA["business_rows"]["costs"][4]) == ["B", "L", "M", "O", "P"]
