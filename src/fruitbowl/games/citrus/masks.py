"""The board as bitmasks kept through builds and harvests, so that a player's options of a type
are read off a few ints (:func:`.placement.placements`) instead of tested space by space.

Bit ``t`` of a mask stands for space ``t``. A position's :class:`Masks` hold, per type and owner
(each seat, and the neutral regions), the spaces next to a tile of theirs; the spaces with a
tile, with a neutral tile, and the empty roads of the sites with a Finca; and per type the road
spaces the variety rule closes to it (§5.3.3: a tile of the type on another road of the site)
and the spaces with a neutral tile of it, whose neighbours (:meth:`.placement.Tables.dilated`)
are the neutral regions' when a merge or a Bridge takes some away. A build or a harvest
changes a few of them (:meth:`Masks.built`, :meth:`Masks.harvested`, a Bridge taking a tile away
:meth:`Masks.cleared`, a new Finca :meth:`Masks.with_finca`); a :class:`Masks` is never changed
in place, because positions and their look-ahead copies share it. What the masks cannot say at
once — a space next to an own region and a neutral one (which may not be larger, §5.3.6), and
the spaces a Bridge opens — is left to the one-space rule (:func:`.placement.space_rule`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import COMPONENTS as C

if TYPE_CHECKING:
    from .rules import CitrusState

TYPES = len(C.types)


class Masks:
    """The masks of one position (see the module's docstring); ``adj[colour * (n + 1) + owner]``,
    owner ``n`` for the neutral regions."""

    __slots__ = ("adj", "barred", "free", "neutral", "neutral_kind", "tiles")

    adj: list[int]
    barred: list[int]
    free: int
    neutral: int
    neutral_kind: list[int]  # per type: the spaces with a neutral tile of it
    tiles: int

    @classmethod
    def of(cls, state: CitrusState) -> Masks:
        """The masks of ``state``, from its regions."""
        tab, n = state.tab, state.num_players
        near, other_roads, road_site = tab.near_bits, tab.other_road_bits, state.geo.road_site
        m = cls.__new__(cls)
        adj = [0] * (TYPES * (n + 1))
        barred = [0] * TYPES
        neutral_kind = [0] * TYPES
        tiles = neutral = 0
        rown, rcol = state.rown, state.rcol
        for r, cells in enumerate(state.rcells):
            if not cells:
                continue
            colour, owner = rcol[r], rown[r]
            at = colour * (n + 1) + (owner if owner >= 0 else n)
            bits = adj[at]
            for t in cells:
                bits |= near[t]
                tiles |= 1 << t
                if owner < 0:
                    neutral |= 1 << t
                    neutral_kind[colour] |= 1 << t
                if road_site[t] >= 0:
                    barred[colour] |= other_roads[t]
            adj[at] = bits
        m.adj, m.barred, m.tiles, m.neutral, m.neutral_kind = adj, barred, tiles, neutral, neutral_kind
        free = 0
        for t in state.free_roads():
            free |= 1 << t
        m.free = free
        return m

    def _copy(self) -> Masks:
        m = Masks.__new__(Masks)
        m.adj, m.barred, m.free, m.neutral, m.tiles = self.adj, self.barred, self.free, self.neutral, self.tiles
        m.neutral_kind = self.neutral_kind
        return m

    def built(self, state: CitrusState, p: int, colour: int, t: int, absorbed: list[int]) -> Masks:
        """The masks after ``p`` built ``colour`` on empty ``t`` (``state``: the position after),
        its region absorbing the neutral regions ``absorbed`` (their ids)."""
        m = self._copy()
        tab, n = state.tab, state.num_players
        bit = 1 << t
        m.tiles = self.tiles | bit
        m.free = self.free & ~bit
        adj = m.adj = self.adj[:]
        at = colour * (n + 1)
        bits = adj[at + p] | tab.near_bits[t]
        if absorbed:
            near, rcells = tab.near_bits, state.rcells
            cells = 0
            for cell in rcells[state.rid[t]]:
                bits |= near[cell]
                cells |= 1 << cell
            m.neutral = self.neutral & ~cells
            kind = m.neutral_kind = self.neutral_kind[:]
            kind[colour] &= ~cells
            adj[at + n] = tab.dilated(kind[colour])
        adj[at + p] = bits
        if state.geo.road_site[t] >= 0:
            barred = m.barred = self.barred[:]
            barred[colour] |= tab.other_road_bits[t]
        return m

    def harvested(self, state: CitrusState, p: int, colour: int, cells: tuple[int, ...]) -> Masks:
        """The masks after ``p``'s region of ``colour`` on ``cells`` became neutral (``state``:
        the position after)."""
        m = self._copy()
        tab, n = state.tab, state.num_players
        near, rcells = tab.near_bits, state.rcells
        adj = m.adj = self.adj[:]
        at = colour * (n + 1)
        bits = adj[at + n]
        added = 0
        for cell in cells:
            bits |= near[cell]
            added |= 1 << cell
        adj[at + n], m.neutral = bits, self.neutral | added
        kind = m.neutral_kind = self.neutral_kind[:]
        kind[colour] |= added
        mine = 0
        for r in state.own_index(p)[1][colour]:
            for cell in rcells[r]:
                mine |= near[cell]
        adj[at + p] = mine
        return m

    def cleared(self, state: CitrusState, t: int, colour: int) -> Masks:
        """The masks after a Bridge took the neutral tile of ``colour`` away from ``t`` (``state``:
        the position after, its region re-divided)."""
        m = self._copy()
        tab, n = state.tab, state.num_players
        bit = 1 << t
        m.tiles, m.neutral = self.tiles & ~bit, self.neutral & ~bit
        kind = m.neutral_kind = self.neutral_kind[:]
        kind[colour] &= ~bit
        adj = m.adj = self.adj[:]
        adj[colour * (n + 1) + n] = tab.dilated(kind[colour])
        site = state.geo.road_site[t]
        if site >= 0:  # (the other roads of its site may open to the type again)
            roads = state.geo.site_roads[site]
            plant, other_roads = state.plant, tab.other_road_bits
            barred = m.barred = self.barred[:]
            bits = barred[colour] & ~tab.site_road_bits[site]
            for u in roads:
                if plant[u] >= 0 and plant[u] >> 1 == colour:
                    bits |= other_roads[u]
            barred[colour] = bits
        return m

    def with_finca(self, state: CitrusState, site: int) -> Masks:
        """The masks after a Finca was put on ``site``: its empty roads are free."""
        m = self._copy()
        free = self.free
        tiles = self.tiles
        for t in state.geo.site_roads[site]:
            if not tiles >> t & 1:
                free |= 1 << t
        m.free = free
        return m
