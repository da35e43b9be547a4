"""Tang Hu Lu in words: event sentences, the status line, menu labels and refusals.

Plain strings shared by every front end (the terminal, the web client, bots' logs); what each
seat may see is ``view.py``. Numbers come from ``data.toml`` through ``COMPONENTS``. Every
sentence is said in the language of the viewer being spoken to (``engine.wording``: gettext
calls, translated by the catalogs in ``fruitbowl/locale``; see docs/i18n.md), with named
placeholders so a translator may reorder them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from fruitbowl.engine.actions import Action
from fruitbowl.engine.events import Event
from fruitbowl.engine.wording import N_, _, ngettext, nsaid, pgettext, said

from .components import COMPONENTS as C
from .patterns import PATTERN_NAMES, possible_patterns

if TYPE_CHECKING:
    from .rules import TangHuLuState

DROP_REASONS = {"die": N_("sugar roll"), "single purchase": N_("single purchase")}
FRUIT_SYMBOL = {"orange": "O", "apple": "A", "kiwi": "K", "strawberry": "S", "haw": "H"}
#: The words of the names data.toml and the view use for fruits, die faces and patterns.
WORDS = {
    "orange": N_("orange"),
    "apple": N_("apple"),
    "kiwi": N_("kiwi"),
    "strawberry": N_("strawberry"),
    "haw": N_("haw"),
    "sugar": N_("sugar"),
    "coin": N_("coin"),
    "fruit": N_("fruit"),
    "all-different": N_("all-different"),
    "all-same": N_("all-same"),
    "two-pairs": N_("two-pairs"),
}


def word(name: str) -> str:
    """A fruit, die face or pattern named in the data (``"kiwi"``), in the current language."""
    return _(WORDS[name]) if name in WORDS else name


def tile_name(tile: int, pink: bool = False) -> str:
    fruit = word(C.fruits[C.tile_fruit[tile]])
    stars = C.tile_stars[tile] + (C.garnish_bonus if pink else 0)
    if pink:
        return _("sugared {fruit} ({stars}★)").format(fruit=fruit, stars=stars)
    return _("{fruit} ({stars}★)").format(fruit=fruit, stars=stars)


def _a_tile(tile: int) -> str:
    """ "a kiwi (2★)", "an apple (0★)": a tile as the subject of a draw."""
    name = tile_name(tile)
    if C.fruits[C.tile_fruit[tile]][:1] in tuple("aeiou"):  # English picks its article by the fruit's name
        return _("an {tile}").format(tile=name)
    return _("a {tile}").format(tile=name)


def listed(items: Sequence[str], last: str | None = None) -> str:
    """ "a, b and c" in the current language (``last``: another final word than "and")."""
    if len(items) <= 1:
        return "".join(items)
    joiner = pgettext("list", " and ") if last is None else last
    return pgettext("list", ", ").join(items[:-1]) + joiner + items[-1]


# ---------------------------------------------------------------------- sentences


def _who(seat: int | None, viewer: int | None, names: Sequence[str], capital: bool = True) -> str:
    if seat is None:
        return ""
    if seat == viewer:
        return _("You") if capital else _("you")
    return names[seat] if seat < len(names) else _("Seat {number}").format(number=seat + 1)


def describe_event(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """One plain sentence for an event, redacted for ``viewer``."""
    d = event.for_viewer(viewer)
    who = _who(event.actor, viewer, names)
    you = event.actor is not None and event.actor == viewer
    kind = event.kind
    if kind == "setup":
        first = d["first_player"]
        return said(first == viewer, "{who} will play first.").format(who=_who(first, viewer, names))
    if kind == "round":
        return _("Round {round} begins.").format(round=d["round"])
    if kind == "turn":
        if you:
            return _("Your turn.")
        return (_("{name}' turn.") if who.endswith("s") else _("{name}'s turn.")).format(name=who)
    if kind == "roll":
        return said(you, "{who} rolled {face}.").format(who=who, face=word(d["face"]))
    if kind == "coins":
        n = d["gained"]
        text = nsaid(you, "{who} gained {n} coin{capped}.", "{who} gained {n} coins{capped}.", n)
        return text.format(who=who, n=n, capped=_capped(d["amount"] - d["gained"]))
    if kind == "drops":
        reason = _(DROP_REASONS[d["reason"]]) if d["reason"] in DROP_REASONS else d["reason"]
        if not d["gained"] and d["amount"]:
            n = d["amount"]
            text = nsaid(
                you,
                "{who} earned {n} drop ({reason}), but the drop stock is empty.",
                "{who} earned {n} drops ({reason}), but the drop stock is empty.",
                n,
            )
            return text.format(who=who, n=n, reason=reason)
        n = d["gained"]
        text = nsaid(you, "{who} took {n} drop ({reason}){short}.", "{who} took {n} drops ({reason}){short}.", n)
        return text.format(who=who, n=n, reason=reason, short=_drops_short(d["amount"] - d["gained"]))
    if kind == "die_tile":
        return said(you, "{who} drew {a_tile} with the die.").format(who=who, a_tile=_a_tile(d["tile"]))
    if kind == "return":
        return said(you, "{who} put the {tile} back in the bag.").format(who=who, tile=tile_name(d["tile"]))
    if kind == "place":
        text = said(you, "{who} put the {tile} on stick {stick}, spot {spot}.")
        return text.format(who=who, tile=tile_name(d["tile"]), stick=d["stick"] + 1, spot=d["spot"])
    if kind == "buy":
        n = d["price"]
        text = nsaid(
            you,
            "{who} bought the {tile} from {space} for {n} coin.",
            "{who} bought the {tile} from {space} for {n} coins.",
            n,
        )
        return text.format(who=who, tile=tile_name(d["tile"]), space=C.spaces[d["space"]], n=n)
    if kind == "complete":
        options = listed([word(p) for p in d["patterns"]], pgettext("list", ", ")) or _("no pattern, so no reward")
        return said(you, "{who} completed stick {stick} ({patterns}).").format(
            who=who, stick=d["stick"] + 1, patterns=options
        )
    if kind == "reward":
        return _describe_reward(d, who, you)
    if kind == "garnish":
        n = d["cost"]
        text = nsaid(
            you,
            "{who} garnished stick {stick} for {n} drop (+{stars}★).",
            "{who} garnished stick {stick} for {n} drops (+{stars}★).",
            n,
        )
        return text.format(who=who, stick=d["stick"] + 1, n=n, stars=d["stars"])
    if kind == "pass":
        return said(you, "{who} did not garnish.").format(who=who)
    if kind == "work":
        n = d["gained"]
        text = nsaid(you, "{who} worked for {n} coin{capped}.", "{who} worked for {n} coins{capped}.", n)
        return text.format(who=who, n=n, capped=_capped(d["income"] - d["gained"]))
    if kind == "stop":
        return said(you, "{who} stopped shopping.").format(who=who)
    if kind == "refill":
        tiles = pgettext("list", ", ").join(
            _("{space} {tile}").format(space=C.spaces[s], tile=tile_name(t)) for s, t in d["tiles"]
        )
        return _("The store was refilled: {tiles}.").format(tiles=tiles)
    if kind == "end_triggered":
        n = C.sticks
        text = nsaid(
            you,
            "{who} filled {n} stick: this is the last round.",
            "{who} filled all {n} sticks: this is the last round.",
            n,
        )
        return text.format(who=who, n=n)
    if kind == "game_over":
        return _("The game is over (round limit reached).") if d["truncated"] else _("The game is over.")
    return kind


def _capped(lost: int) -> str:
    """The tail of a coin gain: how much the coin cap took away, if anything."""
    if lost <= 0:
        return ""
    return _(" ({lost} lost to the {cap}-coin cap)").format(lost=lost, cap=C.coin_cap)


def _drops_short(lost: int) -> str:
    if lost <= 0:
        return ""
    text = ngettext(
        "; {n} drop lost because the drop stock ran out", "; {n} drops lost because the drop stock ran out", lost
    )
    return text.format(n=lost)


def _describe_reward(d: dict[str, Any], who: str, you: bool) -> str:
    pattern = d["pattern"]
    if pattern == "all-different":
        n = d["coins"]
        text = nsaid(
            you, "{who} scored all-different: +{n} coin{capped}.", "{who} scored all-different: +{n} coins{capped}.", n
        )
        return text.format(who=who, n=n, capped=_capped(d["amount"] - d["coins"]))
    wanted_cards = C.all_same_sweet_cards if pattern == "all-same" else C.two_pairs_sweet_cards
    drawn = d["sweet_cards"]
    if d.get("card_stars"):
        each = [_("a {stars}★ sweet card").format(stars=stars) for stars in d["card_stars"]]
        cards = _("drew {cards}").format(cards=pgettext("list", " and ").join(each))
    elif drawn:
        cards = ngettext("drew {n} sweet card", "drew {n} sweet cards", drawn).format(n=drawn)
    else:
        cards = _("drew no sweet card")
    if drawn < wanted_cards:
        missing = wanted_cards - drawn
        cards += ngettext(
            " ({n} sweet card lost because the sweet deck ran out)",
            " ({n} sweet cards lost because the sweet deck ran out)",
            missing,
        ).format(n=missing)
    got = [cards]
    if pattern == "two-pairs":
        drops = d.get("drops", 0)
        took = ngettext("took {n} drop", "took {n} drops", drops).format(n=drops) if drops else _("took no drops")
        if drops < C.two_pairs_drops:
            lost = C.two_pairs_drops - drops
            took += ngettext(
                " ({n} drop lost because the drop stock ran out)",
                " ({n} drops lost because the drop stock ran out)",
                lost,
            ).format(n=lost)
        got.append(took)
    text = said(you, "{who} scored {pattern}: {rewards}.")
    return text.format(who=who, pattern=word(pattern), rewards=pgettext("list", " and ").join(got))


def describe_outcome(outcome: Action, hidden: bool = False) -> str:
    """A chance outcome in words ("a strawberry (2★) tile", "the die shows sugar"); ``hidden``:
    as a seat that does not see it (only a sweet card is drawn face down)."""
    fields = outcome.fields
    if outcome.kind == "die":
        return _("the die shows {face}").format(face=word(fields["face"]))
    if outcome.kind == "tile":
        return _("{a_tile} from the bag").format(a_tile=_a_tile(fields["tile"]))
    if outcome.kind == "sweet":
        if hidden:
            return _("a sweet card, face down")
        card = fields["card"]
        stars = C.sweet_stars[card]
        return ngettext("sweet card {card} ({n} star)", "sweet card {card} ({n} stars)", stars).format(
            card=card + 1, n=stars
        )
    return _("seat {number} goes first").format(number=fields["seat"] + 1)


def _view_tile(tile: Mapping[str, Any]) -> str:
    """A tile of the view ("kiwi (2★)"), as it lies (a sugared tile shows its back's stars)."""
    return _("{fruit} ({stars}★)").format(fruit=word(tile["fruit"]), stars=tile["stars"])


def prompt(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The status line: who must do what now, for the view's viewer."""
    viewer = view["viewer"]
    seat = view["current_player"]
    phase = view["phase"]
    if phase == "over":
        winners = view["standings"]["winners"]
        who = pgettext("list", " and ").join(_who(w, viewer, names) for w in winners)
        if len(winners) == 1:
            return said(winners[0] == viewer, "Game over: {winners} won.").format(winners=who)
        return _("Game over: {winners} share the win.").format(winners=who)
    mine = seat == viewer
    who = _who(seat, viewer, names)
    if phase == "die_tile":
        tile = _view_tile(view["die_tile"])
        if mine:
            return _("Choose a stick for the {tile}, or return it").format(tile=tile)
        return _("Waiting for {who} to place the {tile}").format(who=who, tile=tile)
    if phase == "garnish":
        n = C.garnish_cost
        if mine:
            return ngettext(
                "Garnish a complete stick for {n} drop, or pass", "Garnish a complete stick for {n} drops, or pass", n
            ).format(n=n)
        return _("Waiting for {who} to garnish").format(who=who)
    if phase == "pattern":
        stick = view["pattern_choice"]["stick"] + 1
        if mine:
            return _("Choose the pattern for stick {stick}").format(stick=stick)
        return _("Waiting for {who} to choose a pattern").format(who=who)
    n = view["price"]
    if phase == "action":
        if mine:
            return ngettext("Work, or buy a tile for {n} coin", "Work, or buy a tile for {n} coins", n).format(n=n)
        return _("Waiting for {who} to work or buy").format(who=who)
    if mine:
        return ngettext("Buy another tile for {n} coin, or stop", "Buy another tile for {n} coins, or stop", n).format(
            n=n
        )
    return _("Waiting for {who} to shop").format(who=who)


def action_label(view: Mapping[str, Any], action: Action) -> str:
    """A longer description of an action for menus and tooltips.

    Every number is what the action really does for the player who takes it (the seat to act,
    which is the viewer whenever the viewer has a menu): capped coins, and cards or drops
    limited by what the supplies still hold.
    """
    fields = action.fields
    seat = view["current_player"]
    actor = view["players"][seat] if seat is not None and seat >= 0 else None
    if action.kind == "buy":
        tile = view["store"][fields["space"]]
        space = view["store_spaces"][fields["space"]]
        what = _view_tile(tile) if tile else _("tile")
        n = view["price"]
        return ngettext(
            "Buy the {tile} in {space} for {n} coin onto stick {stick}",
            "Buy the {tile} in {space} for {n} coins onto stick {stick}",
            n,
        ).format(tile=what, space=space, n=n, stick=fields["stick"] + 1)
    if action.kind == "place":
        fruit = word(view["die_tile"]["fruit"])
        return _("Put the die's {fruit} on stick {stick}").format(fruit=fruit, stick=fields["stick"] + 1)
    if action.kind == "return":
        return _("Put the die's tile back in the bag")
    if action.kind == "garnish":
        n = C.garnish_cost
        return ngettext("Garnish stick {stick} for {n} drop", "Garnish stick {stick} for {n} drops", n).format(
            stick=fields["stick"] + 1, n=n
        )
    if action.kind == "pass":
        return _("Do not garnish")
    if action.kind == "pattern":
        return _pattern_label(view, fields["pattern"], actor)
    if action.kind == "work":
        income = actor["income"] if actor else 0
        gain = _coin_gain(actor, income)
        if gain == income:
            return ngettext("Work for {n} coin", "Work for {n} coins", income).format(n=income)
        return ngettext(
            "Work for {n} coin (income {income}, {over_cap})", "Work for {n} coins (income {income}, {over_cap})", gain
        ).format(n=gain, income=income, over_cap=_over_cap(income - gain))
    return _("Stop shopping")


def _coin_gain(player: Mapping[str, Any] | None, amount: int) -> int:
    """What ``amount`` coins really add for ``player``: the coin track stops at the cap."""
    if player is None:
        return amount
    return max(0, min(amount, C.coin_cap - player["coins"]))


def _over_cap(lost: int) -> str:
    return _("{lost} lost to the {cap}-coin cap").format(lost=lost, cap=C.coin_cap)


def _pattern_label(view: Mapping[str, Any], pattern: str, actor: Mapping[str, Any] | None) -> str:
    if pattern == "all-different":
        amount = C.all_different_coins
        gain = _coin_gain(actor, amount)
        tail = _(" ({over_cap})").format(over_cap=_over_cap(amount - gain)) if gain < amount else ""
        return ngettext("All different: +{n} coin{tail}", "All different: +{n} coins{tail}", gain).format(
            n=gain, tail=tail
        )
    deck, stock = view["sweet_deck"], view["drop_stock"]
    if pattern == "all-same":
        return _("All the same: {cards}").format(cards=_sweet_cards(C.all_same_sweet_cards, deck))
    cards = _sweet_cards(C.two_pairs_sweet_cards, deck)
    drops = _drops(C.two_pairs_drops, stock)
    return _("Two pairs: {cards} and {drops}").format(cards=cards, drops=drops)


def _sweet_cards(wanted: int, left: int) -> str:
    """``wanted`` sweet cards, or as many as the sweet deck still holds, saying so."""
    if left >= wanted:
        return ngettext("{n} sweet card", "{n} sweet cards", wanted).format(n=wanted)
    if left == 0:
        return _("no sweet card (the sweet deck is empty)")
    return ngettext(
        "{n} sweet card (only {n} left in the sweet deck)", "{n} sweet cards (only {n} left in the sweet deck)", left
    ).format(n=left)


def _drops(wanted: int, left: int) -> str:
    """``wanted`` drops, or as many as the drop stock still holds, saying so."""
    if left >= wanted:
        return ngettext("{n} drop", "{n} drops", wanted).format(n=wanted)
    if left == 0:
        return _("no drop (the drop stock is empty)")
    return ngettext(
        "{n} drop (only {n} left in the drop stock)", "{n} drops (only {n} left in the drop stock)", left
    ).format(n=left)


# ---------------------------------------------------------------------- refusals
#
# Each sentence says what is wrong and names the rule in words (players never read the rules
# reference's ids); ``TangHuLu.rule_anchors`` links each key to the paragraph of the players'
# page (``how_to_play.md``) that states the rule.


def _stick(action: Action) -> int:
    return int(action.fields["stick"]) + 1


def _no_die_tile(state: TangHuLuState, action: Action) -> str:
    place = action.kind == "place"
    if state.die != "fruit":
        if place:
            return _("there is no die tile to place: only a fruit roll draws a tile, and the die did not show fruit")
        return _("there is no die tile to return: only a fruit roll draws a tile, and the die did not show fruit")
    if place:
        return _(
            "there is no die tile to place: the die's tile is placed or returned at the start of the turn, "
            "before working or buying, and cannot be kept for later"
        )
    return _(
        "there is no die tile to return: the die's tile is placed or returned at the start of the turn, "
        "before working or buying, and cannot be kept for later"
    )


def _window_closed(state: TangHuLuState, action: Action) -> str:
    if state.options["multi_garnish"]:
        return _("the garnish window of this sugar roll has closed: each player could garnish, in turn from the roller")
    return _(
        "the garnish window of this sugar roll has closed: each player could garnish once, in turn from the roller"
    )


def _too_few_drops(state: TangHuLuState, action: Action) -> str:
    n = C.garnish_cost
    return ngettext(
        "garnishing costs {n} drop; you have {have}", "garnishing costs {n} drops; you have {have}", n
    ).format(n=n, have=state.drops[state.player])


def _pattern_not_possible(state: TangHuLuState, action: Action) -> str:
    stick = state.sticks[state.player][state.pattern_stick]
    shown = " ".join(FRUIT_SYMBOL[C.fruits[C.tile_fruit[t]]] for t in stick)
    names = [word(PATTERN_NAMES[o]) for o in possible_patterns([C.tile_fruit[t] for t in stick], C.haw)]
    possible = listed(names, pgettext("list", " or "))
    return _("stick {stick} ({tiles}) cannot make {pattern}, even with its haws wild; it can make {possible}").format(
        stick=state.pattern_stick + 1, tiles=shown, pattern=word(action.fields["pattern"]), possible=possible
    )


def _too_dear(state: TangHuLuState, action: Action) -> str:
    price = state.price()
    bags = ngettext("{n} money bag", "{n} money bags", price - C.till).format(n=price - C.till)
    coins = state.coins[state.player]
    return ngettext(
        "the next tile costs {price} ({till} for the till + {bags}); you have {n} coin",
        "the next tile costs {price} ({till} for the till + {bags}); you have {n} coins",
        coins,
    ).format(price=price, till=C.till, bags=bags, n=coins)


def _stick_full(state: TangHuLuState, action: Action) -> str:
    n = C.spots
    return ngettext(
        "stick {stick} is full: a stick holds {n} tile", "stick {stick} is full: a stick holds {n} tiles", n
    ).format(stick=_stick(action), n=n)


#: The sentence for each refusal key of ``legality.py`` (the rule it names), for the player to act.
REFUSALS: dict[str, Callable[[TangHuLuState, Action], str]] = {
    "phase.die_tile": lambda state, action: _(
        "first place the die's tile on a stick or return it to the bag: the die is settled before anything else"
    ),
    "phase.garnish_window": lambda state, action: _(
        "the garnish window is open: garnish a complete stick or pass before the turn goes on"
    ),
    "phase.pattern": lambda state, action: _(
        "first choose the pattern for stick {stick}: a finished stick pays its reward at once"
    ).format(stick=state.pattern_stick + 1),
    "place.no_die_tile": _no_die_tile,
    "stick.full": _stick_full,
    "garnish.no_window": lambda state, action: _("you can garnish only in the window after a sugar roll"),
    "garnish.window_closed": _window_closed,
    "garnish.too_few_drops": _too_few_drops,
    "garnish.once_per_window": lambda state, action: _(
        "you have already garnished in this window: each player garnishes at most one stick per sugar roll"
    ),
    "garnish.stick_incomplete": lambda state, action: _(
        "stick {stick} is not complete: only a stick with all {spots} tiles can be garnished"
    ).format(stick=_stick(action), spots=C.spots),
    "garnish.already_garnished": lambda state, action: _(
        "stick {stick} is already garnished: a stick is garnished only once"
    ).format(stick=_stick(action)),
    "pattern.none_waiting": lambda state, action: _(
        "there is no completed stick waiting for a pattern: you choose one only when a stick you just finished "
        "fits more than one"
    ),
    "pattern.not_possible": _pattern_not_possible,
    "work.already_buying": lambda state, action: _(
        "you have already chosen to shop this turn: buy another tile or stop (a turn has one action, work or shop)"
    ),
    "stop.nothing_bought": lambda state, action: _(
        "you have not bought anything: shopping means buying at least one tile, so buy one or work instead"
    ),
    "buy.too_dear": _too_dear,
    "buy.space_empty": lambda state, action: _(
        "store space {space} is empty: the store is refilled only at the end of a turn"
    ).format(space=C.spaces[action.fields["space"]]),
}


def format_stick(tiles: Sequence[dict[str, Any]]) -> str:
    return " ".join(FRUIT_SYMBOL[t["fruit"]] for t in tiles)


__all__ = ["REFUSALS", "action_label", "describe_event", "format_stick", "listed", "prompt", "word"]


#: Each action kind's label, as the balance report says it (``fruitbowl analyze``).
KIND_WORDS: dict[str, Callable[[], str]] = {
    "place": lambda: pgettext("action kind", "Put the die's fruit on a stick"),
    "return": lambda: pgettext("action kind", "Put the die tile back"),
    "garnish": lambda: pgettext("action kind", "Garnish a stick"),
    "pass": lambda: pgettext("action kind", "Do not garnish"),
    "pattern": lambda: pgettext("action kind", "Score a pattern"),
    "work": lambda: pgettext("action kind", "Work"),
    "buy": lambda: pgettext("action kind", "Buy a tile"),
    "stop": lambda: pgettext("action kind", "Stop shopping"),
}
