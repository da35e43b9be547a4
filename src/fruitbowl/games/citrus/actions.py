"""Citrus's fixed action space, one table per board side (the player count does not matter).

Spaces are named by column letter and row number (``C4``); sites by their letter.

========================  ==========================================  ===================
block                     text                                        decision (rules)
========================  ==========================================  ===================
``BUY + line``            ``buy R0`` … ``buy C3``                     D1 buy a market line
``HARVEST + space``       ``harvest C4`` (the region whose first      D2 harvest, one region
                          tile in reading order is C4: top row        at a time
                          first, then leftmost)
``INCOME``                ``collect income``                          D2 finish the harvest
``SITE + site``           ``site E``                                  D3 the new Finca's site
``PLACE + ...``           ``place lime well C4`` (+ ``bridge``,       D4 place a waiting tile
                          ``milestone`` or ``bridge milestone``)
``CASH + value``          ``cash 2``, ``cash 3``                      D5 cash a Money tile
``CART + market space``   ``cart 1`` … ``cart 12``                    D6 take a tile free
``BULL + space``          ``bull C4``                                 D7 put a Bull down
``END``                   ``end turn``                                D8
``PASS``                  ``pass``                                    D9 (blocked only)
========================  ==========================================  ===================

A placement's code is ``PLACE + (kind * spaces + space) * 4 + mod`` where ``kind`` is
``type * 2 + well`` and ``mod`` is 0 plain, 1 Bridge, 2 Milestone, 3 both. Only the modifier a
placement needs is ever legal (a Bridge for a rock or a neutral tile, a Milestone for a new
region away from a Finca road), so the text always says which tiles a placement spends.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from fruitbowl.engine.actions import Action, ActionTable

from .components import BOARDS, COMPONENTS, Board

MODS = ("", " bridge", " milestone", " bridge milestone")
BRIDGE, MILESTONE = 1, 2
MONEY_VALUES = tuple(sorted({value for kind, value in COMPONENTS.landscape if kind == "money"}))


@dataclass(frozen=True)
class Layout:
    """Where each block of codes starts, for one board side."""

    spaces: int
    sites: int
    buy: int
    harvest: int
    income: int
    site: int
    place: int
    cash: int
    cart: int
    bull: int
    end: int
    pass_: int
    total: int

    def place_code(self, kind: int, space: int, mod: int) -> int:
        return self.place + (kind * self.spaces + space) * 4 + mod

    def split_place(self, code: int) -> tuple[int, int, int]:
        """``(kind, space, mod)`` of a placement code."""
        rest, mod = divmod(code - self.place, 4)
        kind, space = divmod(rest, self.spaces)
        return kind, space, mod


def layout_for(board: Board) -> Layout:
    n, sites = board.size, len(board.site_letters)
    buy = 0
    harvest = buy + len(COMPONENTS.lines)
    income = harvest + n
    site = income + 1
    place = site + sites
    cash = place + COMPONENTS.kinds * n * 4
    cart = cash + len(MONEY_VALUES)
    bull = cart + COMPONENTS.market_spaces
    end = bull + n
    return Layout(n, sites, buy, harvest, income, site, place, cash, cart, bull, end, end + 1, end + 2)


@cache
def table_for(side: str) -> tuple[ActionTable, Layout]:
    board = BOARDS[side]
    lay = layout_for(board)
    labels = board.labels
    actions = [
        Action(lay.buy + i, f"buy {name}", "buy", {"line": i, "line_name": name})
        for i, name in enumerate(COMPONENTS.line_names)
    ]
    actions += [Action(lay.harvest + s, f"harvest {labels[s]}", "harvest", {"space": s}) for s in range(board.size)]
    actions.append(Action(lay.income, "collect income", "income"))
    actions += [
        Action(lay.site + i, f"site {letter}", "site", {"site": i, "letter": letter})
        for i, letter in enumerate(board.site_letters)
    ]
    for kind in range(COMPONENTS.kinds):
        name = COMPONENTS.kind_text(kind)
        for s in range(board.size):
            for mod in range(4):
                fields = {
                    "tile": kind,
                    "type": COMPONENTS.types[kind >> 1],
                    "well": bool(kind & 1),
                    "space": s,
                    "bridge": bool(mod & BRIDGE),
                    "milestone": bool(mod & MILESTONE),
                }
                actions.append(
                    Action(lay.place_code(kind, s, mod), f"place {name} {labels[s]}{MODS[mod]}", "place", fields)
                )
    actions += [Action(lay.cash + i, f"cash {v}", "cash", {"value": v}) for i, v in enumerate(MONEY_VALUES)]
    actions += [
        Action(lay.cart + m, f"cart {m + 1}", "cart", {"market_space": m}) for m in range(COMPONENTS.market_spaces)
    ]
    actions += [Action(lay.bull + s, f"bull {labels[s]}", "bull", {"space": s}) for s in range(board.size)]
    actions.append(Action(lay.end, "end turn", "end"))
    actions.append(Action(lay.pass_, "pass", "pass"))
    aliases = {"end": "end turn", "income": "collect income", "done": "end turn"}
    return ActionTable(actions, aliases), lay
