"""Every label, prompt, sentence and help line a Tang Hu Lu player reads tells the truth.

Labels promise what the action really does for the seat that takes it (the 9-coin cap, short
supplies); sentences say what was lost; nouns are counted correctly; and the terminal's rules
summary is built from the component data, so corrected data means corrected help.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console

from fruitbowl.cli.boards import adapter_for
from fruitbowl.engine import Match, Player, get_game, pages
from fruitbowl.games.tanghulu.components import COMPONENTS as C
from fruitbowl.games.tanghulu.components import DATA_FILE, load_components
from fruitbowl.games.tanghulu.terminal import TangHuLuAdapter, rules_text
from fruitbowl.games.tanghulu.text import action_label, describe_event, prompt

from .positions import (
    give_cards,
    new_position,
    only,
    quiet_turn,
    set_board,
    set_coins,
    set_drops,
    set_stick,
    set_store,
    table,
    to_turn,
)

NAMES = ["Ada", "Bo", "Cy", "Di"]
WRONG_PLURAL = re.compile(
    r"\b1 (coins|drops|sweet cards|money bags|tiles|sticks)\b|\b([02-9]|\d\d+) (coin|drop|sweet card)\b"
)


def _label(state, text: str, viewer: int | None = None) -> str:
    view = state.view(state.current_player if viewer is None else viewer)
    return action_label(view, state.table.parse(text))


# ---------------------------------------------------------------------------- the coin cap


def test_work_at_the_cap_says_it_gains_nothing_and_it_does():
    """ "If you already reached the space with 9, then you can not get more." At 9 coins with
    an empty board (income 6) the menu must not offer "Work for 6 coins"."""
    state = new_position(players=2)
    set_coins(state, 0, C.coin_cap)
    quiet_turn(state, 0)
    label = _label(state, "work")
    assert label == "Work for 0 coins (income 6, 6 lost to the 9-coin cap)"
    work = only(state.apply("work"), "work")
    assert work.data["gained"] == 0


def test_work_near_the_cap_promises_exactly_what_fits():
    state = new_position(players=2)
    set_coins(state, 0, 7)
    quiet_turn(state, 0)
    assert _label(state, "work") == "Work for 2 coins (income 6, 4 lost to the 9-coin cap)"
    assert only(state.apply("work"), "work").data["gained"] == 2


def test_every_viewer_reads_the_acting_seats_own_income():
    """A spectator, or another seat, must not see their own (or a zero) income in the label of
    the acting player's work: the action pays the acting player."""
    state = new_position(players=3)
    set_board(state, 0, "O A K", "O A K", "")  # income 4 for Ada
    set_board(state, 2, "", "", "")  # income 6 for Cy
    quiet_turn(state, 0)
    own = _label(state, "work", viewer=0)
    assert own == "Work for 4 coins"
    assert _label(state, "work", viewer=None) == own
    assert _label(state, "work", viewer=2) == own


def test_all_different_label_at_the_cap_and_the_sentence_agree():
    """ "If all the fruits are in different colors, the player obtains 5 coins" — but never past 9."""
    state = new_position(players=2)
    set_stick(state, 0, 0, "O H H")
    set_coins(state, 0, 8)
    to_turn(state, 0, "fruit", draw="A")
    state.apply("place 1")  # O H H A: all different or two pairs
    assert _label(state, "all-different") == "All different: +1 coin (4 lost to the 9-coin cap)"
    reward = only(state.apply("all-different"), "reward")
    assert describe_event(reward, 1, NAMES) == "Ada scored all-different: +1 coin (4 lost to the 9-coin cap)."


# ---------------------------------------------------------------------------- short supplies


def test_pattern_labels_say_what_the_short_supplies_can_still_give():
    """Sweet cards and drops are counted components: a reward takes only what is left."""
    state = new_position(players=2)
    set_stick(state, 0, 0, "K H H")
    give_cards(state, 1, [1] * 6 + [2] * 8 + [3] * 5)  # one card left in the deck
    set_drops(state, 1, state.drops[1] + state.stock - 1)  # one drop left in the stock
    to_turn(state, 0, "fruit", draw="K")
    state.apply("place 1")  # K H H K: all the same or two pairs
    assert _label(state, "all-same") == "All the same: 1 sweet card (only 1 left in the sweet deck)"
    assert _label(state, "two-pairs") == "Two pairs: 1 sweet card and 1 drop (only 1 left in the drop stock)"
    reward = only(state.apply("two-pairs"), "reward")
    assert reward.data["drops"] == 1
    assert describe_event(reward, 1, NAMES) == (
        "Ada scored two-pairs: drew 1 sweet card and took 1 drop (1 drop lost because the drop stock ran out)."
    )


def test_two_pairs_with_an_empty_stock_and_deck_names_everything_lost():
    state = new_position(players=2)
    set_stick(state, 0, 0, "A A S")
    set_store(state, "H O O O")
    give_cards(state, 1, [1] * 6 + [2] * 8 + [3] * 6)
    set_drops(state, 1, state.drops[1] + state.stock)
    quiet_turn(state, 0)
    events = state.apply("buy S1 on 1")
    said = [describe_event(e, 1, NAMES) for e in events if e.kind in ("reward", "drops")]
    assert said[0] == (
        "Ada scored two-pairs: drew no sweet card (1 sweet card lost because the sweet deck ran out) "
        "and took no drops (2 drops lost because the drop stock ran out)."
    )


# ---------------------------------------------------------------------------- sentences


def test_turn_sentences_read_naturally():
    state = new_position(players=2)
    events = to_turn(state, 1, "coin")
    turn = events[0]
    assert describe_event(turn, 1, NAMES) == "Your turn."
    assert describe_event(turn, 0, NAMES) == "Bo's turn."
    assert describe_event(turn, None, ["Ada", "Cris"]) == "Cris' turn."


def test_a_round_is_announced_once_as_it_begins():
    """'Round N' is said when the round changes, not at every turn (issue 23)."""
    players = [Player(name, "human") for name in NAMES[:3]]
    match = Match.new(get_game("tanghulu"), players, seed=4)
    rng = random.Random(4)
    said: list[str] = [describe_event(e, 0, NAMES) for _, e in match.log]
    while not match.state.is_terminal():
        said += [describe_event(e, 0, NAMES) for e in match.apply(rng.choice(match.state.legal_actions()))]
    rounds = [s for s in said if s.startswith("Round")]
    assert rounds == [f"Round {n} begins." for n in range(1, len(rounds) + 1)]
    assert len(rounds) == match.state.round
    assert not any("Round" in s for s in said if s.endswith("turn."))


def test_one_coin_reads_as_one_coin():
    state = new_position(players=2)
    quiet_turn(state, 0)
    assert prompt(state.view(0), NAMES) == "Work, or buy a tile for 1 coin"
    buy = only(state.apply("buy S1 on 1"), "buy")
    assert describe_event(buy, 1, NAMES).endswith("for 1 coin.")
    assert prompt(state.view(0), NAMES) == "Buy another tile for 2 coins, or stop"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_labels_keep_their_promises_and_count_their_nouns_in_random_games(players):
    """Over whole random games: each work, buy and all-different label names exactly the coins
    the action then moves, and no text says "1 coins" or "2 coin"."""
    for seed in range(6):
        state = table(players, seed, {"multi_garnish": seed % 2 == 1})
        rng = random.Random(seed)
        texts = [describe_event(e, v, NAMES) for e in state.setup_events for v in (None, 0)]
        while not state.is_terminal():
            view = state.view(state.current_player)
            texts.append(prompt(view, NAMES))
            legal = state.legal_actions()
            labels = {a.text: action_label(view, a) for a in legal}
            texts += labels.values()
            action = rng.choice(legal)
            events = state.apply(action)
            texts += [describe_event(e, v, NAMES) for e in events for v in (None, 0, 1)]
            label = labels[action.text]
            if action.kind == "work":
                gained = only(events, "work").data["gained"]
                assert label.startswith(f"Work for {gained} coin"), label
            elif action.kind == "buy":
                price = only(events, "buy").data["price"]
                assert f" for {price} coin" in label, label
            elif action.text == "all-different":
                coins = only(events, "reward").data["coins"]
                assert label.startswith(f"All different: +{coins} coin"), label
        texts.append(prompt(state.view(None), NAMES))
        bad = [t for t in texts if WRONG_PLURAL.search(t)]
        assert not bad, bad[:5]


# ---------------------------------------------------------------------------- the help summary


def _plain(markup: str) -> str:
    console = Console(width=200, height=25, record=True, color_system=None)
    console.print(markup)
    return console.export_text()


def test_help_summary_states_the_current_data():
    text = _plain(rules_text())
    assert adapter_for("tanghulu").rules == rules_text()
    for fact in (
        f"garnish one complete stick for {C.garnish_cost} drops",
        f"all different → +{C.all_different_coins} coins",
        f"Coins stop at {C.coin_cap}",
        "Spots 3 and 4 of each stick show 1 coin",
        f"({C.sticks * sum(C.coin_icons)} coins on an empty board)",
        f"fills all {C.sticks * C.spots} spots",
        f"+ {C.king_stars}★ Crystal Sugar King",
        "a tie, even at 0: nobody",
        "1, 2, 3, 4",
        f"{C.drops} drops and {len(C.sweet_stars)} sweet cards",
        f"{len(C.sweet_stars)} sweet cards",
        "2 sugar, 2 coin, 2 fruit",
    ):
        assert fact in " ".join(text.split()), fact


def test_help_summary_follows_corrected_component_data(tmp_path: Path):
    """An owner who corrects data.toml sees the corrected values in ``help`` (the engine's own
    module constants are not touched: the help is built from the altered components)."""
    data = DATA_FILE.read_text(encoding="utf-8")
    for old, new in (
        ("coin_icons = [0, 0, 1, 1]", "coin_icons = [0, 1, 1, 2]"),
        (
            'faces = ["sugar", "sugar", "coin", "coin", "fruit", "fruit"]',
            'faces = ["sugar", "sugar", "sugar", "coin", "fruit", "fruit"]',
        ),
        ("drops = 30", "drops = 36"),
        ("start_coins = 5", "start_coins = 4"),
        ("coin_cap = 9", "coin_cap = 12"),
        ("garnish_cost = 4", "garnish_cost = 5"),
        ("king_stars = 2", "king_stars = 3"),
        ("till = 1", "till = 2"),
        ("money_bags = [1, 1, 1, 1]", "money_bags = [2, 2, 2, 2]"),
        ("all_different_coins = 5", "all_different_coins = 6"),
        ("all_same_sweet_cards = 2", "all_same_sweet_cards = 3"),
        ("two_pairs_drops = 2", "two_pairs_drops = 1"),
    ):
        assert old in data, old
        data = data.replace(old, new)
    data = data.replace('[board]\nstatus = "RECONSTRUCTED"', '[board]\nstatus = "sourced"')
    altered_file = tmp_path / "data.toml"
    altered_file.write_text(data, encoding="utf-8")
    altered = load_components(altered_file)
    text = " ".join(_plain(rules_text(altered)).split())
    for fact in (
        "starts with 4 coins and 2 drops",
        "The die (3 sugar, 1 coin, 2 fruit)",
        "complete stick for 5 drops",
        "A tile costs 2 + 2 per empty store space: 2, 4, 6, 8.",
        "On each stick spot 2 shows 1 coin, spot 3 shows 1 coin, spot 4 shows 2 coins",
        "(12 coins on an empty board)",
        "all different → +6 coins",
        "all the same → 3 sweet cards",
        "two pairs → 1 sweet card + 1 drop.",
        "Coins stop at 12",
        "36 drops and 20 sweet cards",
        "+ 3★ Crystal Sugar King",
    ):
        assert fact in text, fact
    assert "board," not in text.split("RECONSTRUCTED")[1]  # the corrected table is sourced now
    # The summary of the real data is unchanged by building another one.
    assert TangHuLuAdapter().rules == rules_text(C)
    assert rules_text(replace(C, king_stars=7)) != rules_text(C)


def test_the_players_page_states_the_current_data():
    """The players' page (``how_to_play.md``, issue 23) repeats the printed values: filled from the
    data, they are the engine's."""
    game = type(get_game("tanghulu"))
    page = " ".join(pages.fill(pages.page_source(game) or "", pages.game_data(game)).replace("**", "").split())
    for fact in (
        f"Pay {C.garnish_cost} drops back to the stock",
        f"| {C.all_different_coins} coins |",
        f"| {C.all_same_sweet_cards} sweet cards |",
        f"| {C.two_pairs_sweet_cards} sweet card and {C.two_pairs_drops} drops |",
        f"Coins never go above {C.coin_cap}",
        f"Drops ({C.drops}) and sweet cards ({len(C.sweet_stars)})",
        f"gets the marker and {C.king_stars} stars",
        f"{C.sticks} sticks of {C.spots} spots",
    ):
        assert fact in page, fact


def test_the_die_coin_at_the_cap_says_it_was_lost():
    """ "Obtain 1 coin." — but "If you already reached the space with 9, then you can not get more." """
    state = new_position(players=2)
    set_coins(state, 1, C.coin_cap)
    events = to_turn(state, 1, "coin")
    coins = only(events, "coins")
    assert describe_event(coins, 1, NAMES) == "You gained 0 coins (1 lost to the 9-coin cap)."
    assert state.view(1)["players"][1]["coins"] == C.coin_cap
