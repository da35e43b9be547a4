"""Tang Hu Lu as numbers: a fixed-length vector of what one seat may know, for learning agents.

The vector encodes exactly the information in ``state.view(seat)``, but is read straight from the
state (building the JSON view first would cost several engine steps), and is written as its
nonzero entries only (an :class:`~fruitbowl.engine.Observation`).

Seats are listed starting with the viewer (then clockwise), so a policy learns "me" and "the
next player" rather than seat numbers. Every value is scaled to about [0, 1]. The layout:

* the decision: phase (6), die face (3), die tile (present + fruit 5 + stars), price, purchases,
  pattern choice (stick 3 + patterns 3), end triggered, round;
* the table: store spaces 4 × (present + fruit 5 + stars), drop stock, sweet deck, bag contents
  by fruit and stars (15), first player and player to act (relative, one-hot);
* each seat: coins, drops, income, sweet cards, tile stars, turns, and 3 sticks × (4 spots ×
  (fruit 5 + stars + pink) + complete + garnished);
* the viewer's own sweet cards by star value (3).

Only the viewer's own sweet cards are encoded by star value: other seats' hands show only as a
count, as in the view. A spectator (``seat`` ``None``) is placed at seat 0 and has no own cards.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from fruitbowl.engine.observation import Observation

from .components import COMPONENTS as C
from .patterns import PATTERN_NAMES

if TYPE_CHECKING:
    from .rules import TangHuLuState

PHASES = (
    "die_tile",
    "garnish",
    "pattern",
    "action",
    "shop",
    "over",
)  # rules.PHASE_NAMES: a phase's number is its position
FACES = ("sugar", "coin", "fruit")
FRUITS = C.fruits
MAX_STARS = max(C.tile_stars) + C.garnish_bonus
TILE = len(FRUITS) + 1  # fruit one-hot + stars
SPOT = TILE + 1  # + pink
STICK = C.spots * SPOT + 2  # + complete + garnished
SEAT = 6 + C.sticks * STICK
SWEET_VALUES = sorted(set(C.sweet_stars))


def observation_size(num_players: int) -> int:
    decision = len(PHASES) + len(FACES) + (1 + TILE) + 2 + C.sticks + len(PATTERN_NAMES) + 2
    table = len(C.spaces) * (1 + TILE) + 2 + len(FRUITS) * (MAX_STARS) + 2 * num_players
    return decision + table + num_players * SEAT + len(SWEET_VALUES)


# ---------------------------------------------------------------------- fixed offsets

_OVER = PHASES.index("over")
_FACE_AT = {face: len(PHASES) + i for i, face in enumerate(FACES)}  # "" (no roll yet, or over): absent
_DIE_AT = len(PHASES) + len(FACES)  # present, fruit one-hot, stars
_PRICE_AT = _DIE_AT + 1 + TILE
_PURCHASES_AT = _PRICE_AT + 1
_STICK_AT = _PURCHASES_AT + 1
_PATTERN_AT = _STICK_AT + C.sticks
_END_AT = _PATTERN_AT + len(PATTERN_NAMES)
_ROUND_AT = _END_AT + 1
_STORE_AT = _ROUND_AT + 1
_STOCK_AT = _STORE_AT + len(C.spaces) * (1 + TILE)
_DECK_AT = _STOCK_AT + 1
_BAG_AT = _DECK_AT + 1
_BAG_KEYS = len(FRUITS) * MAX_STARS
_SEATS_AT = _BAG_AT + _BAG_KEYS  # then first player (n), player to act (n), the seats, own cards

_COMPLETE_AT = 6 + C.spots * SPOT  # in a seat's block, from its first stick: complete, garnished
_SPACES = len(C.spaces)
_COIN_CAP = C.coin_cap
_DROPS = C.drops
_SPOTS = C.spots
_STICKS = C.sticks
_NUM_TILES = C.num_tiles
_SWEETS = len(C.sweet_stars)
_INCOME_SCALE = max(1, sum(C.coin_icons) * C.sticks)
_STICK_INCOME = tuple(sum(C.coin_icons[k:]) for k in range(C.spots + 1))
_TILE_FRUIT, _TILE_STARS, _BONUS = C.tile_fruit, C.tile_stars, C.garnish_bonus
_MONEY_BAGS = C.money_bags
_TILL = C.till


def _tile_entries(at: int, tile: int) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """A face-up (unsugared) tile at ``at``: present, fruit one-hot, stars — nonzero entries only."""
    index = [at, at + 1 + _TILE_FRUIT[tile]]
    value = [1.0, 1.0]
    stars = _TILE_STARS[tile]
    if stars:
        index.append(at + 1 + len(FRUITS))
        value.append(stars / MAX_STARS)
    return tuple(index), tuple(value)


#: tile -> the die tile's entries; space * tiles + tile -> a store space's entries.
_DIE_TILE = tuple(_tile_entries(_DIE_AT, t) for t in range(_NUM_TILES))
_STORE_TILE = tuple(
    _tile_entries(_STORE_AT + space * (1 + TILE), t) for space in range(_SPACES) for t in range(_NUM_TILES)
)
#: tile -> its bag slot (fruit, front stars).
_BAG_KEY = tuple(_TILE_FRUIT[t] * MAX_STARS + _TILE_STARS[t] for t in range(_NUM_TILES))
# The bag's counts per slot are packed into one int, a nibble per slot (a byte if a slot can hold 16
# tiles or more): the sum of the weights of its tiles. Each byte of that sum is one lookup.
_BAG_FULL = [_BAG_KEY.count(key) for key in range(_BAG_KEYS)]
_BAG_BITS = 4 if max(_BAG_FULL) < 16 else 8
_BAG_PER_BYTE = 8 // _BAG_BITS
_BAG_WEIGHT = tuple(1 << (_BAG_BITS * key) for key in _BAG_KEY)
_BAG_CHUNKS = max(_BAG_KEY) // _BAG_PER_BYTE + 1  # bytes up to the last slot a tile can fill


def _bag_entries(chunk: int, byte: int) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The bag slots packed in one byte of the counts: their nonzero entries."""
    index: list[int] = []
    value: list[float] = []
    for q in range(_BAG_PER_BYTE):
        count = (byte >> (_BAG_BITS * q)) & ((1 << _BAG_BITS) - 1)
        if count:
            index.append(_BAG_AT + chunk * _BAG_PER_BYTE + q)
            value.append(count / 12)
    return tuple(index), tuple(value)


#: chunk -> byte of the packed counts -> the entries of its slots
_BAG_TABLES = tuple(tuple(_bag_entries(chunk, byte) for byte in range(256)) for chunk in range(_BAG_CHUNKS))


def _bag_section(bag: list[int]) -> tuple[list[int], list[float]]:
    """The bag's counts by fruit and stars: nonzero entries only."""
    index: list[int] = []
    value: list[float] = []
    packed = sum(itemgetter(*bag)(_BAG_WEIGHT)) if len(bag) > 1 else _BAG_WEIGHT[bag[0]]
    for entries, byte in zip(_BAG_TABLES, packed.to_bytes(_BAG_CHUNKS, "little"), strict=True):
        if byte:
            i, v = entries[byte]
            index += i
            value += v
    return index, value


#: the bag last encoded (a copy) and its entries: one slot, replaced in one assignment
_LAST_BAG: list[tuple[list[int], list[int], list[float]]] = [([], [], [])]
_SWEET_SLOT = tuple(SWEET_VALUES.index(v) for v in C.sweet_stars)


def _spot_entries(at: int, tile: int, pink: bool) -> tuple[tuple[int, ...], tuple[float, ...], int]:
    """A tile on a stick at ``at``: fruit one-hot, stars (+1 when sugared), pink; and its stars."""
    index = [at + _TILE_FRUIT[tile]]
    value = [1.0]
    stars = _TILE_STARS[tile] + (_BONUS if pink else 0)
    if stars:
        index.append(at + len(FRUITS))
        value.append(stars / MAX_STARS)
    if pink:
        index.append(at + TILE)
        value.append(1.0)
    return tuple(index), tuple(value), stars


class _Layout:
    """Offsets and lookup tables for one player count."""

    __slots__ = ("current_at", "first_at", "own_at", "seat_at", "size", "sticks")

    def __init__(self, n: int):
        self.size = observation_size(n)
        self.first_at = _SEATS_AT
        self.current_at = _SEATS_AT + n
        self.seat_at = tuple(_SEATS_AT + 2 * n + k * SEAT for k in range(n))
        self.own_at = _SEATS_AT + 2 * n + n * SEAT
        assert self.own_at + len(SWEET_VALUES) == self.size
        # per seat block k, per stick: (spot * tiles + tile -> entries) plain and sugared, complete at
        self.sticks = tuple(
            tuple(
                (
                    tuple(_spot_entries(at + j * SPOT, t, False) for j in range(_SPOTS) for t in range(_NUM_TILES)),
                    tuple(_spot_entries(at + j * SPOT, t, True) for j in range(_SPOTS) for t in range(_NUM_TILES)),
                    at + _SPOTS * SPOT,
                )
                for s in range(_STICKS)
                for at in (self.seat_at[k] + 6 + s * STICK,)
            )
            for k in range(n)
        )


_LAYOUTS: dict[int, _Layout] = {}


def layout(num_players: int) -> _Layout:
    """The offsets and tables for ``num_players`` (built once, then cached)."""
    found = _LAYOUTS.get(num_players)
    if found is None:
        found = _LAYOUTS[num_players] = _Layout(num_players)
    return found


def encode(state: TangHuLuState, seat: int | None) -> Observation:
    """The vector for ``seat`` (``None``: a spectator, placed at seat 0) in ``state``."""
    n = state.num_players
    lay = _LAYOUTS.get(n) or layout(n)
    me = 0 if seat is None else seat

    # the decision
    index = [state.phase]  # the phase one-hot comes first
    value = [1.0]
    face = _FACE_AT.get(state.die)
    if face is not None:
        index.append(face)
        value.append(1.0)
    tile = state.die_tile
    if tile >= 0:
        i, v = _DIE_TILE[tile]
        index += i
        value += v
    store = state.store
    if -1 in store:  # an empty space holds -1 and adds its money bags to the price
        price = _TILL
        for space in range(_SPACES):
            if store[space] < 0:
                price += _MONEY_BAGS[space]
        if price:
            index.append(_PRICE_AT)
            value.append(price / 10)
    elif _TILL:
        index.append(_PRICE_AT)
        value.append(_TILL / 10)
    if state.bought:
        index.append(_PURCHASES_AT)
        value.append(state.bought / _SPACES)
    options = state.pattern_options
    if options:
        index.append(_STICK_AT + state.pattern_stick)
        value.append(1.0)
        for option in options:
            index.append(_PATTERN_AT + option)
            value.append(1.0)
    if state.end_triggered:
        index.append(_END_AT)
        value.append(1.0)
    x = state.round
    if x:
        index.append(_ROUND_AT)
        value.append((x if x < 30 else 30) / 30)

    # the table
    for space in range(_SPACES):
        tile = store[space]
        if tile >= 0:
            i, v = _STORE_TILE[space * _NUM_TILES + tile]
            index += i
            value += v
    if state.stock:
        index.append(_STOCK_AT)
        value.append(state.stock / _DROPS)
    if state.deck:
        index.append(_DECK_AT)
        value.append(len(state.deck) / _SWEETS)
    bag = state.bag
    if bag:
        last = _LAST_BAG[0]  # (the bag changes only when a tile is drawn or returned)
        if last[0] != bag:
            last = _LAST_BAG[0] = (bag[:], *_bag_section(bag))
        index += last[1]
        value += last[2]
    index.append(lay.first_at + (state.first - me) % n)
    value.append(1.0)
    if state.phase != _OVER:  # over: no player to act
        index.append(lay.current_at + (state.player - me) % n)
        value.append(1.0)

    # the seats, the viewer first
    seat_at = lay.seat_at
    stick_tables = lay.sticks
    coins, drops, hands, turns = state.coins, state.drops, state.hands, state.turns
    sticks_of, garnished_of = state.sticks, state.garnished
    stick_income = _STICK_INCOME
    tiles = _NUM_TILES
    for k in range(n):
        p = me + k
        if p >= n:
            p -= n
        at = seat_at[k]
        # the sticks' entries go after the seat's totals, which they add up
        stick_index: list[int] = []
        stick_value: list[float] = []
        income = stars = 0
        for stick, pink, (plain, sugared, complete_at) in zip(
            sticks_of[p], garnished_of[p], stick_tables[k], strict=True
        ):
            income += stick_income[len(stick)]
            if stick:
                spots = sugared if pink else plain
                spot = 0
                for tile in stick:
                    i, v, st = spots[spot + tile]
                    stick_index += i
                    stick_value += v
                    stars += st
                    spot += tiles
                if len(stick) == _SPOTS:
                    stick_index.append(complete_at)
                    stick_value.append(1.0)
            if pink:
                stick_index.append(complete_at + 1)
                stick_value.append(1.0)
        x = coins[p]
        if x:
            index.append(at)
            value.append(x / _COIN_CAP)
        x = drops[p]
        if x:
            index.append(at + 1)
            value.append((x if x < _DROPS else _DROPS) / _DROPS)
        if income:
            index.append(at + 2)
            value.append(income / _INCOME_SCALE)
        hand = hands[p]
        if hand:
            index.append(at + 3)
            value.append(len(hand) / _SWEETS)
        if stars:
            index.append(at + 4)
            value.append(stars / 40)
        x = turns[p]
        if x:
            index.append(at + 5)
            value.append((x if x < 30 else 30) / 30)
        index += stick_index
        value += stick_value

    # the viewer's own sweet cards
    if seat is not None and hands[seat]:
        counts = [0] * len(SWEET_VALUES)
        for card in hands[seat]:
            counts[_SWEET_SLOT[card]] += 1
        for slot in range(len(SWEET_VALUES)):
            if counts[slot]:
                index.append(lay.own_at + slot)
                value.append(counts[slot] / _SWEETS)

    obs = Observation(lay.size)
    obs.index = index
    obs.value = value
    obs.at = lay.size
    return obs
