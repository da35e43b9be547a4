"""A Citrus table for the rulebook tests: a seeded ``new_state`` changed only through the public
JSON round trip (``to_json`` → edit → ``game.state_from_json``), then played through actions.
Its setup is dealt as Citrus rules 1 dealt that seed (the rules-1 dealer: the landscape tiles,
Fincas and open sites these tests were written on); the draws in play come from the seeded dealer.

Why a JSON edit at all: the positions the rulebook talks about (a Finca with one empty
neighbour, a player holding a Bull, the last tile of the game) lie dozens of random draws
into a game. Each test sets up only what its sentence needs — regions already built, the
market's tiles, tiles in hand — and then plays the rule itself with ``state.apply``, reading
the outcome from ``view()``, events and ``result()``. Nothing here calls the engine's
helpers: spaces, tile names and landscape tiles are looked up in the view and in the
component data (``data.toml``).

Regions are built the way the game builds them: each owned region takes one worker from its
owner's mat, its tiles come out of the bag, and a landscape tile under a new plantation goes
to the region's owner (as a pickup would).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from fruitbowl.engine import Event, get_game
from fruitbowl.games.citrus.components import COMPONENTS
from fruitbowl.games.citrus.legacy import CitrusRules1Dealer
from fruitbowl.games.citrus.rules import CitrusState

from .positions import dealing, dealt

GAME = get_game("citrus")


class Table:
    """A position being set up; :meth:`state` deals it out as a live game."""

    def __init__(self, players: int = 3, seed: int = 1, **options: Any) -> None:
        options.setdefault("first_player", 1)
        start = dealt(players, seed, options, dealer=CitrusRules1Dealer(seed, players, GAME.validate_options(options)))
        self.seed = seed
        self.data: dict[str, Any] = start.to_json()
        view = start.view(None)
        self.players = players
        self.labels: list[str] = view["board"]["labels"]
        self.space_type: list[str] = view["board"]["type"]
        self.width: int = view["board"]["width"]
        self.types: list[str] = view["types"]
        self.letters: list[str] = [site["letter"] for site in view["sites"]]
        self.bag_left: dict[str, int] | None = None

    # ------------------------------------------------------------------ names

    def at(self, label: str) -> int:
        return self.labels.index(label)

    def kind(self, name: str) -> int:
        """``"lime"`` / ``"lime well"`` → the tile code used in the saved state."""
        words = name.split()
        return self.types.index(words[0]) * 2 + (1 if words[-1] == "well" else 0)

    # ------------------------------------------------------------------ board

    def region(self, owner: int, name: str, labels: Iterable[str], wells: int = 0) -> Table:
        """A region of type ``name`` on ``labels`` (the first ``wells`` tiles with a well), owned by
        ``owner`` or neutral (-1, as after a harvest)."""
        d = self.data
        spaces = [self.at(label) for label in labels]
        self._connected(spaces)
        rid = len(d["rcol"])
        d["rcol"].append(self.types.index(name))
        d["rown"].append(owner)
        d["rcells"].append(spaces)
        for i, s in enumerate(spaces):
            assert d["plant"][s] < 0 and self.space_type[s] in ("ordinary", "landscape"), self.labels[s]
            kind = self.kind(name) + (1 if i < wells else 0)
            assert d["bag"][kind] > 0, f"no {name} tile left in the bag"
            d["bag"][kind] -= 1
            d["plant"][s] = kind
            d["rid"][s] = rid
            tile = d["land"][s]
            if tile >= 0:
                assert owner >= 0, "a neutral region was built by someone: say who took the landscape tile"
                d["land"][s] = -1
                self._hand(owner, tile)
        if owner >= 0:
            assert d["workers"][owner] > 0
            d["workers"][owner] -= 1
        return self

    def _connected(self, spaces: list[int]) -> None:
        width = self.width
        todo, seen = [spaces[0]], {spaces[0]}
        while todo:
            s = todo.pop()
            for t in spaces:
                if t not in seen and abs(t % width - s % width) + abs(t // width - s // width) == 1:
                    seen.add(t)
                    todo.append(t)
        assert len(seen) == len(spaces), f"a region's tiles must be connected: {[self.labels[s] for s in spaces]}"

    def clear(self, *labels: str) -> Table:
        """Empty these landscape spaces (their tiles were taken earlier and used up)."""
        for label in labels:
            self.data["land"][self.at(label)] = -1
        return self

    def landscape(self, label: str, kind: str, value: int = 0) -> Table:
        """Lay a landscape tile of ``kind`` on the landscape space ``label`` (from the box)."""
        s = self.at(label)
        assert self.space_type[s] == "landscape"
        self.data["land"][s] = self._free_tile(kind, value)
        return self

    def finca(self, letter: str, high: int) -> Table:
        """Swap the Finca on site ``letter`` for one showing ``high`` points for 1st place."""
        d = self.data
        site = self.letters.index(letter)
        assert d["fincas"][site] >= 0, f"site {letter} has no Finca"
        if COMPONENTS.fincas[d["fincas"][site]][0] == high:
            return self
        for pile in (d["finca_stack"], d["fincas"]):
            for i, f in enumerate(pile):
                if f >= 0 and COMPONENTS.fincas[f][0] == high and (pile is not d["fincas"] or i != site):
                    pile[i], d["fincas"][site] = d["fincas"][site], f
                    return self
        raise AssertionError(f"no Finca worth {high}")

    def new_finca(self, letter: str, high: int) -> Table:
        """A Finca showing ``high`` was built on site ``letter`` earlier (its building-site tile is
        out of the game; if it was face up, the next one from the stack is turned)."""
        d = self.data
        site = self.letters.index(letter)
        assert d["fincas"][site] < 0, f"site {letter} already has a Finca"
        finca = next(f for f in d["finca_stack"] if COMPONENTS.fincas[f][0] == high)
        d["finca_stack"].remove(finca)
        d["fincas"][site] = finca
        if site in d["open_sites"]:
            d["open_sites"].remove(site)
            if d["site_stack"]:
                d["open_sites"].append(d["site_stack"].pop())
        else:
            d["site_stack"].remove(site)
        return self

    # ------------------------------------------------------------------ market and bag

    def market(self, tiles: dict[int, str]) -> Table:
        """The market holds exactly these tiles (space number 1–12 → name); the rest go back in the bag."""
        d = self.data
        for m, kind in enumerate(d["market"]):
            if kind >= 0:
                d["bag"][kind] += 1
                d["market"][m] = -1
        for number, name in tiles.items():
            kind = self.kind(name)
            assert d["bag"][kind] > 0
            d["bag"][kind] -= 1
            d["market"][number - 1] = kind
        return self

    def bag(self, tiles: dict[str, int] | None = None) -> Table:
        """When dealt, the bag holds exactly ``tiles`` (name → count): the others were built earlier."""
        self.bag_left = tiles or {}
        return self

    def no_more_fincas(self) -> Table:
        self.data["finca_stack"] = []
        return self

    # ------------------------------------------------------------------ players

    def give(self, seat: int, kind: str, value: int = 0) -> Table:
        """Seat ``seat`` holds a landscape tile of ``kind`` (horses or money: showing ``value``) from
        the box (the tiles that setup left off the board)."""
        self._hand(seat, self._free_tile(kind, value))
        return self

    def set(self, field: str, seat: int, value: Any) -> Table:
        """One seat's money, workers or points (``[harvests, fincas, penalties]``)."""
        assert field in ("money", "workers", "points")
        self.data[field][seat] = value
        return self

    def _hand(self, seat: int, tile: int) -> None:
        pile = self.data["horses" if COMPONENTS.landscape[tile][0] == "horses" else "held"][seat]
        pile.append(tile)
        pile.sort()

    def _free_tile(self, kind: str, value: int) -> int:
        d = self.data
        used = {t for t in d["land"] if t >= 0}
        for seat in range(self.players):
            used.update(d["held"][seat], d["horses"][seat])
        for tile, (k, v) in enumerate(COMPONENTS.landscape):
            if tile not in used and k == kind and (not value or v == value):
                return tile
        raise AssertionError(f"no {kind} tile left in the box")

    # ------------------------------------------------------------------ deal

    def state(self) -> Any:
        data = copy.deepcopy(self.data)
        if self.bag_left is not None:
            data["bag"] = [0] * len(data["bag"])
            for name, count in self.bag_left.items():
                data["bag"][self.kind(name)] = count
        state = GAME.state_from_json(data)
        assert isinstance(state, CitrusState)
        return dealing(state, self.seed)


# ---------------------------------------------------------------------- reading a view


def region_at(view: dict[str, Any], label: str) -> dict[str, Any] | None:
    """The view's region covering ``label``, or None."""
    return next((r for r in view["regions"] if label in r["spaces"]), None)


def site(view: dict[str, Any], letter: str) -> dict[str, Any]:
    return next(s for s in view["sites"] if s["letter"] == letter)


def held(view: dict[str, Any], seat: int) -> list[str]:
    return sorted(t["kind"] for t in view["players"][seat]["held"])


def bull_on(view: dict[str, Any], label: str) -> bool:
    """Does a Bull stand on ``label``? (Put down on an ordinary space or an emptied landscape space.)"""
    board = view["board"]
    i = board["labels"].index(label)
    return bool(board["bull"][i]) or board["landscape"][i] == ["bull", 0]


def texts(state: Any, kind: str | None = None) -> set[str]:
    return {a.text for a in state.legal_actions() if kind is None or a.kind == kind}


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def play(state: Any, *actions: str) -> list[Event]:
    """Apply the actions in order; all their events."""
    events: list[Event] = []
    for action in actions:
        events += state.apply(action)
    return events


FILLER = ("orange", "blood", "grapefruit", "lime")


def full_market(tiles: dict[int, str]) -> dict[int, str]:
    """A full market: ``tiles`` on their spaces, the other spaces filled in turn with FILLER types."""
    out = dict(tiles)
    for number in range(1, 13):
        out.setdefault(number, FILLER[number % len(FILLER)])
    return out


def build_anything(state: Any) -> list[Event]:
    """The player to move buys the first line offered, builds its tiles on the first spaces
    offered (choosing the first site if a new Finca comes) and ends the turn."""
    events = state.apply(next(a for a in state.legal_actions() if a.kind == "buy"))
    events += finish_building(state)
    return events + state.apply("end turn")


def finish_building(state: Any) -> list[Event]:
    """Build every waiting tile on the first space offered (and the first site, if asked)."""
    events: list[Event] = []
    while state.view(None)["phase"] in ("place", "site"):
        events += state.apply(next(a for a in state.legal_actions() if a.kind in ("place", "site")))
    return events
