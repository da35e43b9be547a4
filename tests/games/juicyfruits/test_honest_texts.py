"""Every Juicy Fruits text tells the truth: labels, refusals, prompts, event sentences, help.

Each test plays its position through actions and reads what a player would read: the menu
label (``describe_action``), the refusal (``explain``), the status line (``prompt``) and the
event sentences (``describe_event``).
"""

from __future__ import annotations

import pytest

from fruitbowl.engine import BadPlayerCount, IllegalAction, InvalidOption
from fruitbowl.games.juicyfruits.components import COMPONENTS as C
from fruitbowl.games.juicyfruits.rules import ACTION, ARRANGE, PRODUCE
from fruitbowl.games.juicyfruits.terminal import JuicyFruitsAdapter

from .positions import GAME, island, new, phase, put_on_board, reserve, start

NB = "new_business"
NAMES = ("Ana", "Ben", "Cy", "Di")
ADVANCED_NAMES = [t.name for t in C.all_tokens if t.category == "advanced_collector"]


def sentences(state, events, viewer):
    return [GAME.describe_event(e, viewer, NAMES) for e in events]


def label(state, text: str) -> str:
    action = state.table.parse(text)
    return GAME.describe_action(state.view(state.current_player), action)


def other_turn(state) -> None:
    """The other player slides a collector and passes."""
    q = state.player
    island(state, q, {"a3": "collector banana"})
    state.apply("move a3-a2")
    state.apply("pass")


def with_office(office: str, seed: int = 1):
    """Two players with Module 3: the current player claims ``office`` (on c4) through actions,
    the other player takes a turn, and the office works from this turn on."""
    state = new(2, seed, modules=NB)
    p = state.player
    island(state, p, {"a3": "collector banana"})
    reserve(state, p, "1B 1L")
    put_on_board(state, office, 1, 1)
    state.apply("move a3-a2")
    state.apply(f"claim {office}")
    state.apply("place c4")
    assert state.player != p
    other_turn(state)
    assert state.player == p
    assert state.view(p)["new_business"]["offices"][p] == {C.all_tokens[C.token_index(office)].effect: True}
    return state, p


# ---------------------------------------------------------------- the construction office


def test_construction_office_claim_label_shows_the_discount_and_the_extra_point():
    """ "Construction office: From your next turn on, whenever you claim a business token in step 2
    of your turn, you may pay one less fruit of your choice. You also score an additional point."
    "Example: To claim a token from the 3rd row, you only have to pay 3 of the 4 fruits shown, and
    you score 4 points instead of 3.\""""
    state, p = with_office("X08")
    island(state, p, {"a3": "collector banana", "c4": "token X08"})
    put_on_board(state, "T12", 3, 1)
    reserve(state, p, "1B 1L 1P")  # 3 of row 3's 4 fruits
    state.apply("move a3-a2")
    assert "claim T12" in [a.text for a in state.legal_actions()]
    text = label(state, "claim T12")
    assert "pay 3 of 1 banana + 1 lime + 1 pomegranate + 1 orange" in text, text
    assert f"+{C.row_points[2]} + {C.all_tokens[C.token_index('X08')].points} office" in text, text
    events = state.apply("claim T12")
    events += state.apply("leave out orange")
    claim = next(e for e in events if e.kind == "claim")
    assert claim.data["points"] + claim.data["office_points"] == 4


def test_construction_office_refusal_names_the_real_reason_no_free_space():
    state, p = with_office("X08")
    put_on_board(state, "T07", 3, 1)
    reserve(state, p, "1B 1L 1P 1O 1M")
    # every space of the island is taken, so nothing can slide: step 1 is skipped (AMB-1)
    full = {f"{f}{r}": "token T08" for f in "abcde" for r in "12345"}
    full.update({"a3": "collector banana", "c4": "token X08"})
    island(state, p, full)
    phase(state, ACTION)
    why = state.explain("claim T07")
    assert why is not None and "no free space" in why, why
    assert "even with one fruit" not in why


def test_construction_office_refusal_when_the_fruit_is_short_says_what_is_missing():
    state, p = with_office("X08")
    island(state, p, {"a3": "collector banana", "c4": "token X08"})
    put_on_board(state, "T12", 3, 1)
    reserve(state, p, "1B")
    state.apply("move a3-a2")  # now 2 bananas, nothing else; row 3 shows B L P O
    why = state.explain("claim T12")
    assert why is not None and "even with one fruit left out" in why and "lime" in why, why


def test_harbor_office_supply_label_shows_the_bonus():
    """ "Harbor office: From your next turn on, whenever you supply a ship in step 2 of your turn,
    score an additional point per business token on your island (including large venue tokens
    and the harbor office).\""""
    state, p = with_office("X07")
    island(state, p, {"a3": "collector banana", "c4": "token X07", "c1": "ship S01"})
    reserve(state, p, "1L")
    state.apply("move a3-a2")
    owned = len(state.view(p)["players"][p]["tokens"])
    text = label(state, "supply c1")
    ship = C.ships[C.ship_index("S01")]
    assert text.endswith(f"+{ship.points} + {owned} harbor office"), text
    events = state.apply("supply c1")
    bonus = next(e for e in events if e.kind == "harbor_office")
    assert bonus.data["points"] == owned


# ---------------------------------------------------------------- claiming by name


@pytest.mark.parametrize(
    ("typed", "token"),
    [
        ("claim harbor office", "X07"),
        ("claim Restaurant", "X04"),
        ("CLAIM THE CONSTRUCTION OFFICE", "X08"),
        ("claim cafe", "T07"),
        ("claim Tourist Info", "T13"),
        ("claim guesthouse at the pond", "X02"),
    ],
)
def test_claim_by_name_any_case(typed, token):
    state = new(2, 1, modules=NB)
    p = state.player
    island(state, p, {"a3": "collector banana"})
    reserve(state, p, "3B 3L 3P 3O 3M")
    put_on_board(state, token, 2, 1)
    state.apply("move a3-a2")
    events = state.apply(typed)
    claimed = [e.data["token"] for e in events if e.kind == "claim"]
    name = C.all_tokens[C.token_index(token)].name
    assert len(claimed) == 1 and C.all_tokens[C.token_index(claimed[0])].name == name


def test_claiming_a_module_3_token_by_name_without_module_3_says_so():
    state = new(2, 1)
    island(state, state.player, {"a3": "collector banana"})
    state.apply("move a3-a2")
    before = state.to_json()
    with pytest.raises(IllegalAction, match="Module 3's tokens, which are not in play"):
        state.apply("claim harbor office")
    assert state.to_json() == before


def test_help_documents_claiming_by_name_and_that_advanced_collectors_explore():
    rules = " ".join(JuicyFruitsAdapter.rules.split())
    assert "claim harbor office" in rules.lower()
    assert "advanced collector moves you may 'explore'" in rules, rules


# ---------------------------------------------------------------- counted nouns and plain words


def test_collecting_two_of_a_fruit_reads_in_the_plural():
    state = new(2, 1, modules="mystic_island")
    p = state.player
    island(state, p, {"c1": "collector orange"})
    state.apply("move c1-c3")
    events = state.apply("collect")
    assert "You collected 2 oranges." in sentences(state, events, p)


def test_cart_prompt_and_the_do_nothing_choice_say_it_plainly():
    state = new(2, 1)
    p = state.player
    island(state, p, {"a3": "token T20"})
    state.apply("move a3-a2")
    assert state.phase == PRODUCE
    status = GAME.prompt(state.view(p), NAMES)
    assert status.startswith("Make up to 1 marker "), status
    assert label(state, "make 0 ice cream + 0 milkshake").startswith("Make nothing")
    assert label(state, "make 1 ice cream + 0 milkshake") == "Make 1 ice cream marker"
    events = state.apply("make nothing")
    assert sentences(state, events, p)[0] == "You made no ice cream."


def test_boulder_arrangement_says_whose_island():
    state = new(3, 2, modules="boulders")
    assert state.phase == ARRANGE
    seat = state.player
    events = state.apply(state.legal_actions()[0])
    mine = sentences(state, events, seat)[0]
    theirs = sentences(state, events, (seat + 1) % 3)[0]
    assert "on your corner a5" in mine, mine
    assert theirs.startswith(f"{NAMES[seat]} put boulder") and "on their corner a5" in theirs, theirs
    assert label_arrange(state).startswith("Your corner e5: clears when ")


def label_arrange(state) -> str:
    return GAME.describe_action(state.view(state.player), state.legal_actions()[0])


# ---------------------------------------------------------------- options that do not apply


def test_the_solo_board_is_refused_with_more_players():
    with pytest.raises(InvalidOption, match=r"option solo_board applies only to games of 1 player, not to 2 players"):
        GAME.new_state(2, 1, {"solo_board": 2})
    assert start(1, 1, {"solo_board": 2}).view(0)["solo"]["board"] == 2


def test_first_player_is_refused_when_the_first_player_is_drawn():
    with pytest.raises(InvalidOption, match="first_player applies only when random_first is off"):
        GAME.new_state(3, 1, {"first_player": 2})
    assert start(3, 1, {"first_player": 2, "random_first": False}).current_player == 1


def test_player_counts_outside_one_to_four_are_refused():
    for players in (0, 5):
        with pytest.raises(BadPlayerCount, match="1–4 players"):
            GAME.new_state(players, 1, {})


def test_the_status_line_for_another_players_decision_says_their():
    state = new(2, 1)
    other = 1 - state.player
    status = GAME.prompt(state.view(other), NAMES)
    assert status.startswith(f"Waiting for {NAMES[state.player]}: step 1: slide one of their tokens"), status
