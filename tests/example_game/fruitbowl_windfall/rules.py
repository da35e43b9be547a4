"""Windfall's rules (2–4 players).

A basket holds ``basket`` apples. Each player is dealt one secret card from the bonus deck. On
your turn take 1 to ``most_taken`` apples (never more than are left): each is a point. Whoever
takes the last apple scores the windfall bonus, and the game ends; then the bonus cards are
revealed and added. Highest score wins; a tie goes to the player with more apples.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from fruitbowl.engine import Action, ActionTable, Event, FruitbowlError, Game, Observation, OptionSpec, Result, State
from fruitbowl.engine.fields import Field, Fields
from fruitbowl.engine.wording import counted

from .components import BASKET, BONUS, CARDS, MOST
from .view import WindfallView, build_view

MAX_BASKET = 40

TABLE = ActionTable(
    [Action(n - 1, f"take {n}", "take", {"apples": n}) for n in range(1, MOST + 1)],
    aliases={str(n): f"take {n}" for n in range(1, MOST + 1)},
)


# ---------------------------------------------------------------- legality: each rule once


def in_the_basket(state: WindfallState, apples: int) -> str | None:
    """You take apples that are in the basket: ``None`` if allowed, else the rule's refusal key."""
    return "take.more_than_left" if apples > state.basket else None


#: The sentence for each refusal key, for the player to act (``Game.refusals``).
REFUSALS: dict[str, Callable[[WindfallState, Action], str]] = {
    "take.more_than_left": lambda state, action: f"the basket holds only {counted(state.basket, 'apple')}",
}


#: Where each refusal's rule is explained: the anchor of a heading of ``how_to_play.md``.
RULE_ANCHORS = {"take.more_than_left": "taking-apples"}


class WindfallState(State):
    # Each field once, with how deep a copy goes: clone(), to_json() and load() come from this.
    FIELDS = Fields(Field("basket"), Field("apples", 1), Field("cards", 1), Field("deck", 1), Field("last"))
    __slots__ = FIELDS.slots

    game: Windfall
    rng: random.Random
    basket: int  # apples left
    apples: list[int]  # apples taken per seat
    cards: list[int]  # each seat's secret bonus card
    deck: list[int]  # bonus cards nobody was dealt (sorted; never seen)
    last: int  # the seat that took apples last (-1 before anyone did)

    # ---------------------------------------------------------------- setup and copying

    @classmethod
    def setup(cls, game: Windfall, n: int, seed: int, options: dict[str, Any]) -> WindfallState:
        s = cls.__new__(cls)
        s.game, s.num_players, s.options, s.table = game, n, options, TABLE
        s.rng = random.Random(seed)
        deck = list(CARDS)
        s.rng.shuffle(deck)
        s.cards, s.deck = deck[:n], sorted(deck[n:])
        s.basket, s.apples, s.last = options["basket"], [0] * n, -1
        s.setup_events = []
        return s

    # ---------------------------------------------------------------- the contract

    @property
    def current_player(self) -> int:
        return -1 if self.basket == 0 else (self.last + 1) % self.num_players

    def is_terminal(self) -> bool:
        return self.basket == 0

    def _legal_codes(self) -> list[int]:  # the actions the rules allow (with the basket empty, none)
        return [action.code for action in TABLE.actions if in_the_basket(self, action.fields["apples"]) is None]

    def _refusal(self, action: Action) -> str | None:  # the rule a refused action breaks
        return in_the_basket(self, action.fields["apples"])

    def _apply_code(self, code: int) -> list[Event]:
        p, taken = self.current_player, code + 1
        self.basket -= taken
        self.apples[p] += taken
        self.last = p
        events = [Event("take", p, {"apples": taken, "left": self.basket})]
        if self.basket == 0:
            events.append(Event("windfall", p, {"points": BONUS}))
            events.append(Event("reveal", None, {"cards": self.cards[:]}))
        return events

    def windfall(self, seat: int) -> int:
        """The bonus ``seat`` has scored for the last apple (0 before the end)."""
        return BONUS if self.basket == 0 and self.last == seat else 0

    def standings(self) -> Result:
        """The scores as they stand, counting only what everyone knows (the greedy bot reads them)."""
        return self._ranked(with_cards=False)

    def result(self) -> Result:
        if self.basket:
            raise FruitbowlError("the game is not over yet")
        return self._ranked(with_cards=True)

    def _ranked(self, with_cards: bool) -> Result:
        return Result.ranked(
            ("apples", "bonus card", "windfall"),
            [
                {
                    "apples": self.apples[p],
                    "bonus card": self.cards[p] if with_cards else 0,
                    "windfall": self.windfall(p),
                }
                for p in range(self.num_players)
            ],
            ("apples",),
            [(self.apples[p],) for p in range(self.num_players)],
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        return cast(dict[str, Any], build_view(self, seat))  # (a WindfallView; clients read it as JSON)

    def determinize(self, seat: int, rng: random.Random) -> WindfallState:
        d = self.clone()
        if self.basket:  # at the end every card is known
            others = [p for p in range(self.num_players) if p != seat]
            pool = sorted(d.deck + [d.cards[p] for p in others])
            rng.shuffle(pool)
            for p in others:
                d.cards[p] = pool.pop()
            d.deck = sorted(pool)
        d.rng = random.Random(rng.getrandbits(64))
        return d


class Windfall(Game):
    id = "windfall"
    title = "Windfall"
    min_players = 2
    max_players = 4
    rules_version = "1"
    refusals = REFUSALS
    rule_anchors = RULE_ANCHORS
    view_type = WindfallView
    option_specs = (OptionSpec("basket", int, BASKET, "apples at the start", minimum=4, maximum=MAX_BASKET),)

    def new_state(self, num_players: int, seed: int, options: Mapping[str, Any] | None = None) -> WindfallState:
        self.check_player_count(num_players)
        return WindfallState.setup(self, num_players, seed, self.validate_options(options, num_players))

    def action_table(self, num_players: int, options: Mapping[str, Any] | None = None) -> ActionTable:
        return TABLE

    def state_from_json(self, data: Mapping[str, Any]) -> WindfallState:
        return WindfallState.load(self, data)

    def max_actions(self, num_players: int, options: Mapping[str, Any]) -> int | None:
        return int(options["basket"])

    def conformance_option_sets(self, num_players: int) -> list[dict[str, Any]]:
        return [{}, {"basket": 4}]

    def describe_event(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        who = "You" if event.actor is not None and event.actor == viewer else names[event.actor or 0]
        if event.kind == "take":
            return f"{who} took {counted(event.data['apples'], 'apple')}; {event.data['left']} left."
        if event.kind == "windfall":
            return f"{who} took the last apple: a windfall of {counted(event.data['points'], 'point')}."
        cards = ", ".join(f"{names[p]} {card}" for p, card in enumerate(event.data["cards"]))
        return f"The bonus cards are revealed: {cards}."

    def describe_action(self, view: Mapping[str, Any], action: Action) -> str:
        taken = action.fields["apples"]
        last = " (the last: a windfall)" if taken == view["basket"] else ""
        return f"Take {counted(taken, 'apple')}{last}"

    def prompt(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        seat = view["current_player"]
        if seat < 0:
            return "Game over"
        most = min(MOST, view["basket"])
        return f"{names[seat]}: take 1 to {most} of the {counted(view['basket'], 'apple')} in the basket"

    # An observation: the basket, each seat's apples (from the viewer's seat on), the viewer's card.
    def observation_size(self, num_players: int, options: Mapping[str, Any]) -> int:
        return 1 + num_players + len(CARDS)

    def observation(self, state: State, seat: int) -> Observation:
        assert isinstance(state, WindfallState)
        obs = Observation(self.observation_size(state.num_players, state.options))
        obs.scalar(state.basket / MAX_BASKET)
        n = state.num_players
        obs.scalars(state.apples[(seat + k) % n] / MAX_BASKET for k in range(n))
        obs.one_hot(CARDS.index(state.cards[seat]), len(CARDS))
        return obs
