"""Hypothesis properties over random games from any point of a campaign.

Every card is somewhere (60 fruits, plus the 10 fruit-mix cards once in play); hands never go
negative; the display holds 24 cards while the big stack lasts; views of other seats show only
hand sizes; a determinized sample keeps the seat's view; every game ends.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from fruitbowl.games.fabledfruit import deck

from .positions import display_options, lime_options, table


def cards_in_play(s) -> int:
    zones = sum(sum(h) for h in s.hands) + sum(s.draw) + sum(s.discard) + len(s.dealt) + len(s.buf) + len(s.aux)
    return zones + (sum(s.market) if s.market else 0) + (sum(s.supply) if s.supply else 0)


@settings(max_examples=25, deadline=None)
@given(
    last=st.integers(min_value=24, max_value=deck.DECK_SIZE),
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_random_games_keep_every_invariant(last, players, seed):
    options = {**display_options(last), "max_rounds": 25} if last > 24 else {"max_rounds": 25}
    s = table(players, seed, options)
    chooser = random.Random(seed)
    steps = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal and [a.code for a in legal] == sorted({a.code for a in legal})
        s.apply(chooser.choice(legal))
        steps += 1
        assert cards_in_play(s) == 60 + (10 if s.supply is not None else 0)
        assert all(min(h) >= 0 for h in s.hands)
        if s.top < deck.DECK_SIZE:
            assert sum(s.counts[loc] for loc in s.stacks) == 24
        assert all(s.counts[loc] > 0 for loc in s.stacks)
        if steps % 17 == 0 and not s.is_terminal():
            seat = chooser.randrange(players)
            view = s.view(seat)
            assert all("hand" not in p for p in view["players"] if p["seat"] != seat)
            assert s.determinize(seat, random.Random(seed)).view(seat) == view
    assert s.result().places


def lime_cards_in_play(s) -> int:
    """Lime games: the 60 fruits, 15 limes (pile, centre or in circulation), saved fruits and offers."""
    offers = sum(sum(o) for o in s.offers) if s.offers is not None else 0
    return cards_in_play(s) + s.limes + s.centre + sum(sum(x) for x in s.saved) + offers


@settings(max_examples=15, deadline=None)
@given(
    last=st.integers(min_value=24, max_value=deck.LIME_SIZE),
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_random_lime_games_keep_every_invariant(last, players, seed):
    options = {**lime_options(last), "max_rounds": 25}
    s = table(players, seed, options)
    chooser = random.Random(seed)
    steps = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal and [a.code for a in legal] == sorted({a.code for a in legal})
        s.apply(chooser.choice(legal))
        steps += 1
        assert lime_cards_in_play(s) == 60 + 15 + (10 if s.supply is not None else 0)
        assert all(min(h) >= 0 for h in s.hands) and all(min(x) >= 0 for x in s.saved)
        assert 0 <= s.limes <= 15 and (s.gamble is None or sum(s.gamble) + s.gamble_pool == 6)
        if s.top < len(s.deck):  # #13L: the returned juice is on the display until the new one is taken
            trading = not s.is_terminal() and s.steps[0][0] == "juice"
            assert sum(s.counts[loc] for loc in s.stacks) == 24 + trading
        assert all(s.counts[loc] > 0 for loc in s.stacks)
        assert s.thief2 == 0 or (s.thief2 in s.stacks and s.thief2 != s.thief)
        if steps % 13 == 0 and not s.is_terminal():
            seat = chooser.randrange(players)
            view = s.view(seat)
            assert all("hand" not in p and "saved" not in p for p in view["players"] if p["seat"] != seat)
            assert s.determinize(seat, random.Random(seed)).view(seat) == view
    assert s.result().places
