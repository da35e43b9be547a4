"""Toy games for testing the conformance kit: one correct game and deliberately broken variants.

**Plums** (2–3 players) is small but complete: a deck of twelve plum cards (values 1–6, two
of each), a hidden hand of three cards per player, and turns that play one card and draw a
random replacement from the deck with the state's seeded RNG. Playing a card scores its
value, plus ``match_bonus`` if it equals the card on top of the centre pile. The game ends
when every hand is empty (at most 12 actions). Highest score wins; ties are broken by the
highest single card played. Its one rule, "you play a card you hold", is written once as a check
(:func:`holds`) that names a refusal key, and the legal actions are made from it.

Each broken variant changes one thing, the way a real bug would, and must fail the kit with
the check that names it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, NotRequired, Self, TypedDict, cast

from fruitbowl.engine import Action, ActionTable, Event, FruitbowlError, Game, OptionSpec, Result, State
from fruitbowl.engine.game import CHANCE
from fruitbowl.engine.rng import rng_from_json, rng_to_json

VALUES = range(1, 7)
DECK = sorted([*VALUES, *VALUES])
HAND_SIZE = 3

TABLE = ActionTable(
    [Action(v - 1, f"play {v}", "play", {"value": v}) for v in VALUES],
    aliases={f"p{v}": f"play {v}" for v in VALUES},
)


def holds(state: PlumState, value: int) -> str | None:
    """The rule: you play a card you hold (``None``), else its refusal key."""
    return None if value in state.hands[state.player] else "play.not_in_hand"


def _not_in_hand(state: PlumState, action: Action) -> str:
    held = ", ".join(str(v) for v in state.hands[state.player])
    return f"you have no {action.fields['value']} in your hand (you hold {held})"


REFUSALS: dict[str, Callable[[PlumState, Action], str]] = {"play.not_in_hand": _not_in_hand}


class PlumPlayerView(TypedDict):
    seat: int
    hand_size: int
    points: int
    matches: int
    hand: NotRequired[list[int]]  # the viewer's own, and everyone's once the game is over


class PlumView(TypedDict):
    """What :meth:`PlumState.view` shows (``PlumGame.view_type``)."""

    game: str
    table: str
    viewer: int | None
    current_player: int
    deck_size: int
    center: list[int]
    players: list[PlumPlayerView]


class PlumState(State):
    __slots__ = (
        "best", "center", "deck", "game", "hands", "matches", "num_players", "options", "over", "player",
        "points", "rng", "table", "table_id",
    )  # fmt: skip
    game: PlumGame
    rng: random.Random
    hands: list[list[int]]  # sorted card values per seat (hidden from the others)
    deck: list[int]  # sorted values left to draw; draws take a random index
    center: list[int]  # played cards, oldest first (public)
    points: list[int]
    matches: list[int]
    best: list[int]
    player: int
    over: bool
    table_id: str  # a public label for the table

    # ---------------------------------------------------------------- setup and copying

    @classmethod
    def setup(cls, game: PlumGame, n: int, seed: int, options: dict[str, Any]) -> PlumState:
        s = cls.__new__(cls)
        s.game, s.num_players, s.options, s.table = game, n, options, TABLE
        s.rng = random.Random(seed)
        s.table_id = "plums"
        s.deck = list(DECK)
        s.hands = [sorted(s._draw() for _ in range(HAND_SIZE)) for _ in range(n)]
        s.center = []
        s.points, s.matches, s.best = [0] * n, [0] * n, [0] * n
        s.player, s.over = 0, False
        return s

    def _draw(self) -> int:
        return self.deck.pop(self.rng.randrange(len(self.deck)))

    def _replacement(self) -> int:
        """The card drawn after playing one."""
        return self._draw()

    def clone(self) -> PlumState:
        c = type(self).__new__(type(self))
        c.game, c.num_players, c.options, c.table = self.game, self.num_players, self.options, self.table
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c.table_id = self.table_id
        c.hands = [hand[:] for hand in self.hands]
        c.deck, c.center = self.deck[:], self.center[:]
        c.points, c.matches, c.best = self.points[:], self.matches[:], self.best[:]
        c.player, c.over = self.player, self.over
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "num_players": self.num_players,
            "options": dict(self.options),
            "table_id": self.table_id,
            "hands": [hand[:] for hand in self.hands],
            "deck": self.deck[:],
            "center": self.center[:],
            "points": self.points[:],
            "matches": self.matches[:],
            "best": self.best[:],
            "player": self.player,
            "over": self.over,
            "rng": rng_to_json(self.rng),
        }

    @classmethod
    def from_json(cls, game: PlumGame, data: Mapping[str, Any]) -> PlumState:
        s = cls.__new__(cls)
        try:
            s.game, s.num_players, s.table = game, data["num_players"], TABLE
            s.options = game.validate_options(data["options"], s.num_players)
            s.table_id = data["table_id"]
            s.hands = [list(hand) for hand in data["hands"]]
            s.deck, s.center = list(data["deck"]), list(data["center"])
            s.points, s.matches, s.best = list(data["points"]), list(data["matches"]), list(data["best"])
            s.player, s.over = data["player"], data["over"]
            s.rng = rng_from_json(data["rng"])
        except (KeyError, TypeError, ValueError) as exc:
            raise FruitbowlError(f"not a saved Plums state: {exc}") from None
        return s

    # ---------------------------------------------------------------- the contract

    @property
    def current_player(self) -> int:
        return -1 if self.over else self.player

    def is_terminal(self) -> bool:
        return self.over

    def _legal_codes(self) -> list[int]:  # (once it is over every hand is empty: nothing is legal)
        return [value - 1 for value in VALUES if holds(self, value) is None]

    def _refusal(self, action: Action) -> str | None:
        return holds(self, action.fields["value"])

    def _apply_code(self, code: int) -> list[Event]:
        p, value = self.player, code + 1
        events: list[Event] = []
        match = bool(self.center) and self.center[-1] == value
        bonus = self.options["match_bonus"] if match else 0
        self.hands[p].remove(value)
        self.center.append(value)
        self.points[p] += value
        self.matches[p] += bonus
        self.best[p] = max(self.best[p], value)
        events.append(Event("play", p, {"value": value, "bonus": bonus}))
        if self.deck:
            card = self._replacement()
            self.hands[p].append(card)
            self.hands[p].sort()
            events.append(Event("draw", p, {"deck_left": len(self.deck)}, {"card": card}, owner=p, irreversible=True))
        if not any(self.hands):
            self.over = True
            events.append(Event("game_over"))
            return events
        self.player = (p + 1) % self.num_players
        while not self.hands[self.player]:
            self.player = (self.player + 1) % self.num_players
        return events

    def result(self) -> Result:
        if not self.over:
            raise FruitbowlError("the game is not over yet")
        return Result.ranked(
            ("cards", "matches"),
            [{"cards": self.points[p], "matches": self.matches[p]} for p in range(self.num_players)],
            ("highest card",),
            [(self.best[p],) for p in range(self.num_players)],
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        players = []
        for p in range(self.num_players):
            player: dict[str, Any] = {
                "seat": p,
                "hand_size": len(self.hands[p]),
                "points": self.points[p],
                "matches": self.matches[p],
            }
            if p == seat or self.over:
                player["hand"] = self.hands[p][:]
            players.append(player)
        return {
            "game": self.game.id,
            "table": self.table_id,
            "viewer": seat,
            "current_player": self.current_player,
            "deck_size": len(self.deck),
            "center": self.center[:],
            "players": players,
        }

    def determinize(self, seat: int, rng: random.Random) -> PlumState:
        d = self.clone()
        others = [p for p in range(self.num_players) if p != seat]
        pool = sorted(d.deck + [card for p in others for card in d.hands[p]])
        rng.shuffle(pool)
        for p in others:
            count = len(d.hands[p])
            d.hands[p] = sorted(pool[:count])
            del pool[:count]
        d.deck = sorted(pool)
        d.rng = random.Random(rng.getrandbits(64))
        return d


class PlumGame(Game):
    id = "toy-plums"
    title = "Plums"
    min_players = 2
    max_players = 3
    rules_version = "1"
    option_specs = (OptionSpec("match_bonus", int, 2, "points for matching the top card", minimum=0, maximum=5),)
    state_class: ClassVar[type[PlumState]] = PlumState
    view_type: ClassVar[type | None] = PlumView
    refusals = REFUSALS

    def new_state(self, num_players: int, seed: int, options: Mapping[str, Any] | None = None) -> PlumState:
        self.check_player_count(num_players)
        return self.state_class.setup(self, num_players, seed, self.validate_options(options, num_players))

    def action_table(self, num_players: int, options: Mapping[str, Any] | None = None) -> ActionTable:
        return TABLE

    def state_from_json(self, data: Mapping[str, Any]) -> PlumState:
        return self.state_class.from_json(self, data)

    def max_actions(self, num_players: int, options: Mapping[str, Any]) -> int | None:
        return len(DECK)

    def conformance_option_sets(self, num_players: int) -> list[dict[str, Any]]:
        return [{}, {"match_bonus": 0}]

    def describe_event(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        shown = event.for_viewer(viewer)
        who = "You" if event.actor is not None and event.actor == viewer else names[event.actor or 0]
        if event.kind == "play":
            bonus = f" and matched for {shown['bonus']}" if shown["bonus"] else ""
            return f"{who} played a {shown['value']}{bonus}."
        if event.kind == "draw":
            return f"{who} drew a {shown['card']}." if "card" in shown else f"{who} drew a card."
        return "The game is over."


# ==================================================================== the broken variants


def _variant(name: str, state_class: type[PlumState]) -> PlumGame:
    """A Plums game whose states are ``state_class``; its id names the bug."""
    game_class = type(f"{state_class.__name__}Game", (PlumGame,), {"id": f"toy-{name}", "state_class": state_class})
    return game_class()


class UnsortedLegal(PlumState):
    """(a) Legal actions listed highest card first."""

    __slots__ = ()

    def _legal_codes(self) -> list[int]:
        return sorted(super()._legal_codes(), reverse=True)


class LeakyView(PlumState):
    """(b) The view shows every player's hand, not only the viewer's."""

    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        view = super().view(seat)
        for player in view["players"]:
            player["hand"] = self.hands[player["seat"]][:]
        return view


class GlobalRandomDraw(PlumState):
    """(c) Before the draw after a play, the deck is shuffled with the global ``random`` module."""

    __slots__ = ()

    def _replacement(self) -> int:
        random.shuffle(self.deck)
        return self.deck.pop()


class UnseededSetup(PlumState):
    """(c') The deal is shuffled by a generator seeded from the clock."""

    __slots__ = ()

    @classmethod
    def setup(cls, game: PlumGame, n: int, seed: int, options: dict[str, Any]) -> PlumState:
        return super().setup(game, n, random.SystemRandom().randrange(2**32), options)


class SharedClone(PlumState):
    """(d) ``clone`` copies the list of hands but shares each hand."""

    __slots__ = ()

    def clone(self) -> SharedClone:
        c = cast(SharedClone, super().clone())
        c.hands = self.hands[:]
        return c


class MutatingIllegal(PlumState):
    """(e) An illegal attempt costs a point before it is refused."""

    __slots__ = ()

    def _refusal(self, action: Action) -> str | None:
        self.points[self.player] -= 1
        return super()._refusal(action)


class NoResample(PlumState):
    """(f) ``determinize`` returns the true state: a bot would know every hand and the next draw."""

    __slots__ = ()

    def determinize(self, seat: int, rng: random.Random) -> PlumState:
        return self.clone()


class DeterminizeFromTheTruth(PlumState):
    """(g) ``determinize`` shuffles the unknown cards in their true order, so the sample (and a bot
    searching it) depends on where the hidden cards really are."""

    __slots__ = ()

    def determinize(self, seat: int, rng: random.Random) -> PlumState:
        d = self.clone()
        others = [p for p in range(self.num_players) if p != seat]
        pool = d.deck + [card for p in others for card in d.hands[p]]
        rng.shuffle(pool)
        for p in others:
            count = len(d.hands[p])
            d.hands[p] = sorted(pool[:count])
            del pool[:count]
        d.deck = sorted(pool)
        d.rng = random.Random(rng.getrandbits(64))
        return d


class ResampleOwnHand(PlumState):
    """(f') ``determinize`` also redeals the seat's own hand, so its view changes."""

    __slots__ = ()

    def determinize(self, seat: int, rng: random.Random) -> PlumState:
        d = super().determinize(seat, rng)
        pool = d.deck + d.hands[seat]
        rng.shuffle(pool)
        count = len(d.hands[seat])
        d.hands[seat], d.deck = sorted(pool[:count]), sorted(pool[count:])
        return d


class SeedInView(PlumState):
    """(g) The table is labelled with its seed, which every view shows."""

    __slots__ = ()

    @classmethod
    def setup(cls, game: PlumGame, n: int, seed: int, options: dict[str, Any]) -> PlumState:
        s = super().setup(game, n, seed, options)
        s.table_id = f"plums-{seed}"
        return s


class RngInView(PlumState):
    """(g') The view includes the random generator's state "for debugging"."""

    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        return {**super().view(seat), "debug": list(self.rng.getstate()[1])}


class SecretInPublicData(PlumState):
    """(h) The drawn card is put in the event's public data as well as its secret."""

    __slots__ = ()

    def _apply_code(self, code: int) -> list[Event]:
        events = super()._apply_code(code)
        for event in events:
            if event.secret:
                event.data.update(event.secret)
        return events


class NeverEnds(PlumState):
    """(i) Played cards go back into the deck, so the game never ends; max_actions says 12."""

    __slots__ = ()

    def _apply_code(self, code: int) -> list[Event]:
        self.deck.append(code + 1)
        self.deck.sort()
        return super()._apply_code(code)


class BadResult(PlumState):
    """(j) The score counts matches twice, so it no longer equals the breakdown's sum."""

    __slots__ = ()

    def result(self) -> Result:
        good = super().result()
        scores = tuple(s + m for s, m in zip(good.scores, self.matches, strict=True))
        return Result(scores, good.categories, good.breakdown, good.tiebreak_names, good.tiebreaks, good.places)


class CrashingView(PlumState):
    """(k) The spectator's view looks up the viewer's hand and crashes."""

    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        view = super().view(seat)
        view["mine"] = self.hands[seat][:]  # type: ignore[index]
        return view


class TextPointsView(PlumState):
    """(n) The view gives each player's points as text ("7 points"), not the number ``PlumView`` declares."""

    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        view = super().view(seat)
        for player in view["players"]:
            player["points"] = f"{player['points']} points"
        return view


class OffersTooFew(PlumState):
    """(o) The legal actions are made from a candidate range that stops at 5 (an off-by-one), so a 6
    in the hand is never offered although no rule refuses it."""

    __slots__ = ()

    def _legal_codes(self) -> list[int]:
        return [value - 1 for value in range(1, 6) if holds(self, value) is None]


class RefusesALegalCard(PlumState):
    """(p) The refusal grew a rule the legal actions do not have (no card may match the top of the
    centre pile), so a card offered as legal is refused when asked why."""

    __slots__ = ()

    def _refusal(self, action: Action) -> str | None:
        rule = super()._refusal(action)
        if rule is None and self.center and self.center[-1] == action.fields["value"]:
            return "play.matches_top"
        return rule


class UnsaidRule(PlumState):
    """(q) The check's key was renamed ("play.not_held") but ``Game.refusals`` was not: the key has no
    sentence, so a refused player would read a key instead of a rule."""

    __slots__ = ()

    def _refusal(self, action: Action) -> str | None:
        return "play.not_held" if super()._refusal(action) else None


PLUMS = PlumGame()


class Slotless(PlumState):
    """(l) A subclass without ``__slots__``: it has a ``__dict__``, so ``s.plyer = 1`` is accepted."""


class StaleLegal(PlumState):
    """(m) Remembers each seat's legal actions and only ever prunes them, so a seat's next turn
    leaves out the card it drew, where a fresh copy of the position offers its whole hand."""

    __slots__ = ("_cached",)
    _cached: dict[int, list[int]]

    def _legal_codes(self) -> list[int]:
        try:
            cache = self._cached
        except AttributeError:
            cache = self._cached = {}
        now = super()._legal_codes()
        if self.player in cache:  # cards played are dropped, cards drawn since are never added
            cache[self.player] = [code for code in cache[self.player] if code in now] or now
        else:
            cache[self.player] = now
        return cache[self.player]


BROKEN = {
    "unsorted-legal": _variant("unsorted-legal", UnsortedLegal),
    "leaky-view": _variant("leaky-view", LeakyView),
    "global-random": _variant("global-random", GlobalRandomDraw),
    "unseeded-setup": _variant("unseeded-setup", UnseededSetup),
    "shared-clone": _variant("shared-clone", SharedClone),
    "mutating-illegal": _variant("mutating-illegal", MutatingIllegal),
    "no-resample": _variant("no-resample", NoResample),
    "resample-own-hand": _variant("resample-own-hand", ResampleOwnHand),
    "determinize-from-truth": _variant("determinize-from-truth", DeterminizeFromTheTruth),
    "seed-in-view": _variant("seed-in-view", SeedInView),
    "rng-in-view": _variant("rng-in-view", RngInView),
    "secret-in-public-data": _variant("secret-in-public-data", SecretInPublicData),
    "never-ends": _variant("never-ends", NeverEnds),
    "bad-result": _variant("bad-result", BadResult),
    "crashing-view": _variant("crashing-view", CrashingView),
    "slotless": _variant("slotless", Slotless),
    "stale-legal": _variant("stale-legal", StaleLegal),
    "text-points-view": _variant("text-points-view", TextPointsView),
    "offers-too-few": _variant("offers-too-few", OffersTooFew),
    "refuses-a-legal-card": _variant("refuses-a-legal-card", RefusesALegalCard),
    "unsaid-rule": _variant("unsaid-rule", UnsaidRule),
}


# ==================================================================== explicit chance


CHANCE_TABLE = ActionTable([Action(v - 1, f"draw {v}", "draw", {"value": v}) for v in VALUES])


class ChancePlumState(PlumState):
    """**Chance Plums**: Plums with explicit chance. Every card dealt or drawn is a chance node
    ("which value", grouped: two 3s left in a deck of ten make ``draw 3`` worth 2/10), seen only
    by the seat it goes to; the deck is a sorted pile and no state holds a random generator."""

    __slots__ = ("deal",)
    deal: list[int]  # the seats still to receive a card, in order (a chance node while any)

    @classmethod
    def setup(cls, game: PlumGame, n: int, seed: int, options: dict[str, Any]) -> PlumState:
        s = cls.__new__(cls)
        s.game, s.num_players, s.options, s.table = game, n, options, TABLE
        s.table_id = "plums"
        s.deck = list(DECK)
        s.hands = [[] for _ in range(n)]
        s.deal = [seat for seat in range(n) for _ in range(HAND_SIZE)]
        s.center = []
        s.points, s.matches, s.best = [0] * n, [0] * n, [0] * n
        s.player, s.over = 0, False
        return s

    @property
    def current_player(self) -> int:
        if self.deal:
            return CHANCE
        return -1 if self.over else self.player

    def _legal_codes(self) -> list[int]:
        return [] if self.deal else super()._legal_codes()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.deal:
            return []
        size = len(self.deck)
        return [(value - 1, self.deck.count(value) / size) for value in sorted(set(self.deck))]

    def chance_witnesses(self) -> tuple[int, ...] | None:
        return (self.deal[0],) if self.deal else None

    def _apply_chance(self, code: int) -> list[Event]:
        seat, card = self.deal.pop(0), code + 1
        self.deck.remove(card)
        self.hands[seat].append(card)
        self.hands[seat].sort()
        events = [Event("draw", seat, {"deck_left": len(self.deck)}, {"card": card}, owner=seat, irreversible=True)]
        if not self.deal and self.center:  # a replacement drawn: the turn passes
            self._pass_turn()
        return events

    def _apply_code(self, code: int) -> list[Event]:
        p, value = self.player, code + 1
        match = bool(self.center) and self.center[-1] == value
        bonus = self.options["match_bonus"] if match else 0
        self.hands[p].remove(value)
        self.center.append(value)
        self.points[p] += value
        self.matches[p] += bonus
        self.best[p] = max(self.best[p], value)
        events = [Event("play", p, {"value": value, "bonus": bonus})]
        if self.deck:
            self.deal = [p]  # the replacement is drawn at a chance node
            return events
        if not any(self.hands):
            self.over = True
            events.append(Event("game_over"))
            return events
        self._pass_turn()
        return events

    def _pass_turn(self) -> None:
        self.player = (self.player + 1) % self.num_players
        while not self.hands[self.player]:
            self.player = (self.player + 1) % self.num_players

    def clone(self) -> Self:
        c = type(self).__new__(type(self))
        c.game, c.num_players, c.options, c.table = self.game, self.num_players, self.options, self.table
        c.table_id, c.deal = self.table_id, self.deal[:]
        c.hands = [hand[:] for hand in self.hands]
        c.deck, c.center = self.deck[:], self.center[:]
        c.points, c.matches, c.best = self.points[:], self.matches[:], self.best[:]
        c.player, c.over = self.player, self.over
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "num_players": self.num_players,
            "options": dict(self.options),
            "table_id": self.table_id,
            "deal": self.deal[:],
            "hands": [hand[:] for hand in self.hands],
            "deck": self.deck[:],
            "center": self.center[:],
            "points": self.points[:],
            "matches": self.matches[:],
            "best": self.best[:],
            "player": self.player,
            "over": self.over,
        }

    @classmethod
    def from_json(cls, game: PlumGame, data: Mapping[str, Any]) -> PlumState:
        s = cls.__new__(cls)
        try:
            s.game, s.num_players, s.table = game, data["num_players"], TABLE
            s.options = game.validate_options(data["options"], s.num_players)
            s.table_id, s.deal = data["table_id"], list(data["deal"])
            s.hands = [list(hand) for hand in data["hands"]]
            s.deck, s.center = list(data["deck"]), list(data["center"])
            s.points, s.matches, s.best = list(data["points"]), list(data["matches"]), list(data["best"])
            s.player, s.over = data["player"], data["over"]
        except (KeyError, TypeError, ValueError) as exc:
            raise FruitbowlError(f"not a saved Chance Plums state: {exc}") from None
        return s

    def determinize(self, seat: int, rng: random.Random) -> PlumState:
        d = self.clone()
        others = [p for p in range(self.num_players) if p != seat]
        pool = sorted(d.deck + [card for p in others for card in d.hands[p]])
        rng.shuffle(pool)
        for p in others:
            count = len(d.hands[p])
            d.hands[p] = sorted(pool[:count])
            del pool[:count]
        d.deck = sorted(pool)
        return d


class ChancePlumGame(PlumGame):
    id = "toy-chance-plums"
    title = "Chance Plums"
    explicit_chance = True
    state_class: ClassVar[type[PlumState]] = ChancePlumState

    def chance_table(self, num_players: int, options: Mapping[str, Any] | None = None) -> ActionTable:
        return CHANCE_TABLE

    def describe_outcome(self, outcome: Action, hidden: bool = False) -> str:
        return "a plum card" if hidden else f"a plum worth {outcome.fields['value']}"


CHANCE_PLUMS = ChancePlumGame()


class TellsTheDraw(ChancePlumState):
    """(c1) Shows every seat the card drawn last: chance reveals a hidden draw to the wrong seats."""

    __slots__ = ("last",)
    last: int

    def _apply_chance(self, code: int) -> list[Event]:
        self.last = code + 1
        return super()._apply_chance(code)

    def clone(self) -> Self:
        c = super().clone()
        if hasattr(self, "last"):
            c.last = self.last
        return c

    def view(self, seat: int | None) -> dict[str, Any]:
        view = super().view(seat)
        view["table"] = f"plums, last draw {getattr(self, 'last', 0)}"
        return view


class KeepsTheFuture(ChancePlumState):
    """(c2) Keeps a random generator in its saved state, as if the draws were decided ahead."""

    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "rng": rng_to_json(random.Random(len(self.deck)))}


class UngroupedOdds(ChancePlumState):
    """(c3) Gives each distinct value in the deck 1/size, forgetting that values repeat."""

    __slots__ = ()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(code, 1 / len(self.deck)) for code, _ in super().chance_outcomes()]


def _chance_variant(name: str, state_class: type[PlumState]) -> PlumGame:
    game_class = type(
        f"{state_class.__name__}Game", (ChancePlumGame,), {"id": f"toy-{name}", "state_class": state_class}
    )
    return game_class()


BROKEN_CHANCE = {
    "tells-the-draw": _chance_variant("tells-the-draw", TellsTheDraw),
    "keeps-the-future": _chance_variant("keeps-the-future", KeepsTheFuture),
    "ungrouped-odds": _chance_variant("ungrouped-odds", UngroupedOdds),
}
