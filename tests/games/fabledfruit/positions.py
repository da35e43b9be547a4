"""Position builders for Fabled Fruit tests: hands, draw stack and display written as text.

Cards are letters ``P B S C G``, ``L`` for a lime and fruit-mix cards ``B/S``; ``draw="B S"`` means B is drawn
first. :func:`at_location` puts the active player's animal on a stack ready to act or buy.

Chance is steered, never bypassed: every state here is a :class:`SteeredState`, whose moves resolve
the chance nodes they lead to at once (as a table's dealer does), with the fruits a test asks for
(``draws``: the draw stack's fruits in the order a position gave them; ``takes``: random fruits from
a hand), every other outcome from a dealer seeded like a table's.
"""

from __future__ import annotations

from typing import Any, cast

from fruitbowl.engine import Action, Event, get_game
from fruitbowl.engine.chance import Dealer
from fruitbowl.engine.game import CHANCE
from fruitbowl.games.fabledfruit import deck
from fruitbowl.games.fabledfruit.components import parse_loc
from fruitbowl.games.fabledfruit.fruits import KIND_CODE, NUM_KINDS
from fruitbowl.games.fabledfruit.rules import (
    CARD_OUTCOME,
    CHANCE_TABLE,
    HAND_OUTCOME,
    FabledFruit,
    FabledFruitState,
)

GAME = cast(FabledFruit, get_game("fabledfruit"))  # (typed: the tests read its states' fields)
KIND = {code: k for k, code in enumerate(KIND_CODE)}
for _k, _code in enumerate(KIND_CODE):
    if "/" in _code:
        a, b = _code.split("/")
        KIND[f"{b}/{a}"] = _k


def kinds(text: str) -> list[int]:
    return [KIND[c] for c in text.split()]


def cards(text: str) -> list[int]:
    out = [0] * NUM_KINDS
    for k in kinds(text):
        out[k] += 1
    return out


def hand_text(counts: list[int]) -> str:
    return " ".join(KIND_CODE[k] for k in range(NUM_KINDS) for _ in range(counts[k]))


def display_options(last: int) -> dict[str, Any]:
    """Campaign options whose display is the 24 cards before position ``last`` of the deck."""
    counts = [0] * (deck.MAX_ID + 1)
    stacks: list[int] = []
    for card in deck.DECK[last - 24 : last]:
        if not counts[card]:
            stacks.append(card)
        counts[card] += 1
    return {"display": deck.display_text(stacks, counts), "big_stack": deck.DECK_SIZE - last}


def lime_options(last: int = 24) -> dict[str, Any]:
    """Lime campaign options whose display is the 24 cards before position ``last`` of the Lime deck."""
    counts = [0] * (deck.MAX_ID + 1)
    stacks: list[int] = []
    for card in deck.LIME_DECK[last - 24 : last]:
        if not counts[card]:
            stacks.append(card)
        counts[card] += 1
    return {"display": deck.display_text(stacks, counts), "big_stack": deck.LIME_SIZE - last, "lime": True}


def lime_through(label: str) -> dict[str, Any]:
    """A Lime display whose last card is the first copy of ``label`` (``"12L"``), so it is in play."""
    return lime_options(max(24, deck.LIME_DECK.index(parse_loc(label)) + 1))


def through(loc: int) -> dict[str, Any]:
    """A display whose last card is the first copy of ``loc`` (so ``loc`` is in play)."""
    return display_options(deck.DECK.index(loc) + 1)


class SteeredState(FabledFruitState):
    """A state whose moves resolve the chance nodes they lead to at once, as a table's dealer
    does: queued fruits from the draw stack (``draws``) and from a hand (``takes``) first, each
    while it is there to be drawn, every other outcome from the seeded dealer."""

    __slots__ = ("dealer", "draws", "takes")
    draws: list[int]  # kinds to draw from the draw stack, in order
    takes: list[int]  # kinds to take at random from a hand, in order
    dealer: Dealer  # every other outcome

    def apply(self, action: Action | int | str) -> list[Event]:
        events = FabledFruitState.apply(self, action)
        return events + self.settle()

    def settle(self) -> list[Event]:
        events: list[Event] = []
        while self.current_player == CHANCE:
            events += FabledFruitState.apply(self, self._steered())
        return events

    def _steered(self) -> Action:
        kind = self.steps[0][0]
        if kind == "deal" and self.draws and self._is_outcome(CARD_OUTCOME + self.draws[0]):
            return CHANCE_TABLE[CARD_OUTCOME + self.draws.pop(0)]
        if kind in ("steal", "pick") and self.takes and self._is_outcome(HAND_OUTCOME + self.takes[0]):
            return CHANCE_TABLE[HAND_OUTCOME + self.takes.pop(0)]
        return self.dealer.draw(self)

    def clone(self) -> SteeredState:
        c = super().clone()
        c.draws, c.takes, c.dealer = list(self.draws), list(self.takes), self.dealer.copy()
        return c


def steer(state: FabledFruitState, seed: int = 0) -> SteeredState:
    """The same position as a :class:`SteeredState` (nothing queued yet), its chance settled."""
    steered = SteeredState.__new__(SteeredState)
    for name in FabledFruitState.__slots__:
        if hasattr(state, name):
            setattr(steered, name, getattr(state, name))
    steered.draws, steered.takes, steered.dealer = [], [], Dealer(seed)
    steered.setup_events = list(state.setup_events) + steered.settle()
    return steered


def table(players: int = 3, seed: int = 1, options: dict[str, Any] | None = None) -> SteeredState:
    """A new game as a table deals it with this seed: the opening dealt (its events follow the
    setup's in ``setup_events``) and every move's chance resolved at once by the same dealer."""
    return steer(GAME.new_state(players, seed, options), seed)


def position(
    n: int = 3,
    hands: dict[int, str] | None = None,
    draw: str | None = None,
    discard: str = "",
    market: str | None = None,
    active: int = 0,
    seed: int = 1,
    options: dict[str, Any] | None = None,
) -> FabledFruitState:
    """A state at the start of ``active``'s turn with the given hands and piles.

    Cards not placed are left out of the game (the conservation tests use real setups). The draw
    stack given is drawn in its order (:class:`SteeredState`).
    """
    s = table(n, seed, {"first_player": active + 1, **(options or {})})
    s.hands = [cards((hands or {}).get(p, "")) for p in range(n)]
    if draw is not None:
        s.draw, s.draws = cards(draw), kinds(draw)
    s.discard = cards(discard)
    if market is not None:
        s.market = cards(market)
    s.forget_answers()
    return s


def at_location(s: SteeredState, loc: int | str, seat: int | None = None) -> SteeredState:
    """Put the active player's animal on ``loc`` (``7`` or ``"7L"``; after moving and paying), ready to act or buy."""
    loc = parse_loc(loc)
    p = s.active if seat is None else seat
    s.active = p
    s.pos[p] = loc
    s.steps = [("actbuy",), ("call", "finish")]
    s.forget_answers()
    return s


def act(s: SteeredState, loc: int | str, *choices: str) -> list:
    """Use ``loc``'s action with the given follow-up choices; returns all events."""
    at_location(s, loc)
    events = s.apply("act")
    for text in choices:
        events += s.apply(text)
    return events


def texts(s: FabledFruitState) -> list[str]:
    return [a.text for a in s.legal_actions()]
