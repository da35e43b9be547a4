"""Juicy Fruits in the terminal: the business board, then each island as a 5×5 grid, drawn with Rich.

Fruits are told apart by letter *and* colour (B L P O M), so colour-blind players lose nothing.
On an island a ship shows its demand and points (``3B2L:4``), a collector its fruit in round
brackets (``(L)``), an advanced collector both (``(B/L)``), an ice cream cart ``cart`` in its
colour, other business tokens their id and a large venue its id on all four cells. Empty ponds
are ``~``, other empty spaces ``·``. Cells are named like a chess board from the owner's chair
(files a–e, ranks 1–5 from the owner's edge), as the action texts are. Islands are two to a
row, so four players fit in 100 columns.

With the Mystic Island modules: Mystic Island is drawn as its own 5×5 panel in its printed
orientation (statue tiles ``S7``, plateaus ``▲12``, the base ``⌂``, explorers as seat numbers
``①``–``④`` and Pineapple ``Ⓟ``); boulders on the corners show ``▲4b`` and the tray is a line
under the license track; whale-watching tokens show ``≈X09`` and their whales' beaches are
listed under the island.
"""

from __future__ import annotations

import io
import re
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from fruitbowl.cli.boards import Fitting, Label, MenuRow, flowed
from fruitbowl.engine import Action
from fruitbowl.engine.wording import N_, NP_, _, ngettext, pgettext

from . import mystic
from .boulders import condition_text
from .components import COMPONENTS as C
from .island import VENUE_SIZE
from .juice import STEPS_PER_TURN
from .words import collector_object, direction_name, fruit_name, ice_name, token_data_name, token_name, token_object

FRUIT_LOOK = {
    "banana": ("B", "bold yellow"),
    "lime": ("L", "bold green"),
    "pomegranate": ("P", "bold red"),
    "orange": ("O", "bold dark_orange"),
    "mangosteen": ("M", "bold magenta"),
}
KIND_STYLE = {
    "yellow": "bold yellow",
    "green": "bold green",
    "red": "bold red",
    "orange": "bold dark_orange",
    "purple": "bold magenta",
    "milkshake": "bold white",
}
CELL_WIDTH = 7
#: An island or Mystic Island panel: rank column + 5 cells + borders; two fit side by side in 80.
PANEL_WIDTH = 2 + 5 * CELL_WIDTH + 2
#: The board's width: an 80-column terminal.
ROW_WIDTH = 80
#: Phases whose decision is about the business board, the ice cream pools or the juice factory:
#: their board ends with the business board, just above the menu; the others end with the islands.
BUSINESS_PHASES = frozenset({"action", "bonus", "discount", "juice", "produce", "over"})
#: The optional parts of the board, most wanted first, for each decision (the rest: the default).
DEFAULT_PRIORITY = ("tray", "ice", "juice", "statues", "conditions", "legend")
PRIORITY = {
    "arrange": ("conditions", "tray", "ice", "juice", "statues", "legend"),
    "explore": ("statues", "tray", "ice", "juice", "conditions", "legend"),
    "statue": ("statues", "tray", "ice", "juice", "conditions", "legend"),
}
#: The fewest cells a token's name is cut to on the business board (after its short form).
NAME_CELLS_LEAST = 6
#: The context of a token name's short form (:data:`SHORT_NAMES`).
SHORT_FORM = "short form"
#: Short forms of the longest token names, used on the business board only when a row would not
#: fit 80 columns otherwise; ``help`` lists them. Each is said in the context :data:`SHORT_FORM`
#: (the catalogs need it spelled out), where a language whose names are longer shortens others
#: too (German: "Eiswagen Gelb", "Wagen Gelb"; a name the language leaves whole has no short form).
SHORT_NAMES = {
    "Guesthouse at the pond": NP_("short form", "Guesthouse"),
    "Construction Office": NP_("short form", "Constr.Office"),
    "Milkshake Stand": NP_("short form", "Shake Stand"),
    "Cocktail Bar": NP_("short form", "Cocktails"),
    "Souvenir Shop": NP_("short form", "Souvenirs"),
    "Whale watching": NP_("short form", "Whale watch"),
    "Tourist Info": NP_("short form", "Tourist Info"),
    "Harbor Tour": NP_("short form", "Harbor Tour"),
    "yellow cart": NP_("short form", "yellow cart"),
    "green cart": NP_("short form", "green cart"),
    "red cart": NP_("short form", "red cart"),
    "orange cart": NP_("short form", "orange cart"),
    "purple cart": NP_("short form", "purple cart"),
}
#: A whale-watching token's printed name without its id (the data names each one with its id).
WHALE_WATCHING = N_("Whale watching")
_MEASURE = Console(width=ROW_WIDTH, file=io.StringIO(), color_system=None, legacy_windows=False)
SEAT_MARKS = "①②③④"
#: Statue effects in a few words, for the tiles still on Mystic Island.
STATUE_SHORT = {
    "points": N_("{v} pts"),
    "per_supplied_ship": N_("{v}/ship supplied"),
    "choose_supplied_ship": N_("a ship's pts"),
    "per_two_fruits": N_("{v}/2 fruits"),
    "choose_fruit_type": N_("{v}/fruit of a type"),
    "per_business_token": N_("{v}/token"),
    "per_star": N_("{v}/star"),
    "per_statue": N_("{v}/statue"),
    "per_boulder_removed": N_("{v}/boulder gone"),
}
#: The printed edges of Mystic Island, as the board names the side each seat sees it from.
EDGE_WORDS = {"bottom": N_("bottom"), "left": N_("left"), "top": N_("top"), "right": N_("right")}


#: The action texts ``help`` shows (typed as they are, in every language).
CLAIM_TEXTS = "'claim T13', 'claim harbor office'"
MODULES_OPTION_TEXT = "modules=mystic_island,boulders,new_business"
OTHER_TEXTS = (
    "'move b2-b4', 'supply c5', 'place c3', 'place a5-b4', 'take 2 banana + 1 lime', 'make nothing', "
    "'make 2 ice cream + 0 milkshake', 'bonus lime', 'pass', 'juice', 'stop', 'collect', 'explore', "
    "'statue lime', 'statue ship S41', 'boulder 4b', 'leave out banana', 'whale N', 'watch X09 c4'"
)


def _rules_text() -> str:
    """The help summary in the language being spoken, its numbers read from the game's data (so a
    corrected data.toml shows), wrapped to fit an 80-column terminal (by cells: Chinese is wide)."""
    first = C.tray_space_points + C.tray_first_bonus
    plateaus = "/".join(str(v) for v in sorted(set(C.mystic.plateaus.values())))
    if STEPS_PER_TURN == 1:
        juice = _("Juice factory: pay the next space's fruits to advance and score, at most once a turn.")
    elif STEPS_PER_TURN == 2:
        juice = _("Juice factory: pay the next space's fruits to advance and score, at most twice a turn.")
    else:
        juice = _("Juice factory: pay the next space's fruits to advance and score, at most {n} times a turn.").format(
            n=STEPS_PER_TURN
        )
    paragraphs = [
        ("", _("Juicy Fruits — each turn has two steps (and the juice factory if it is in play):")),
        (
            "  1. ",
            _(
                "Slide ONE of your collectors, advanced collectors or ice cream carts straight across free "
                "spaces (any distance, no jumping). A collector gains 1 fruit of its type per space; an "
                "advanced collector d + 1 fruits of its two types; a cart may make one ice cream (its "
                "colour) or milkshake marker per space, scored at once. You must move if anything can move."
            ),
        ),
        (
            "  2. ",
            _(
                "Then supply ONE ship on your beaches (pay its fruits, score its points, the space becomes "
                "free), or claim ONE business token from the board (pay the row's fruits, score the row's "
                "points, place it on a free space; a large venue needs a free {size} block), or pass."
            ).format(size=VENUE_SIZE),
        ),
        ("  ", juice),
        (
            "  ",
            _(
                "Each claim moves the license marker toward X. When it reaches X the round is finished, "
                "stalls score, and the most points wins; ties go to the player later in turn order."
            ),
        ),
        (
            "  ",
            _(
                "Solo: Pineapple draws a boat after each of your turns and scores its value; on a "
                "value-{value} boat she claims a token. You must end with MORE points than she has."
            ).format(value=C.solo_claim_value),
        ),
        ("", _("Mystic Island modules (option {option}):").format(option=MODULES_OPTION_TEXT)),
        (
            "  1. ",
            _(
                "After a collector or advanced collector moves you may 'explore' instead of 'collect': your "
                "explorer copies the move on Mystic Island seen from your edge; a statue it lands on scores "
                "at once; a plateau scores {plateaus} at the end."
            ).format(plateaus=plateaus),
        ),
        (
            "  2. ",
            ngettext(
                "Boulders block your corners until their condition holds; they clear by themselves "
                "({n} point for the first of a number, {later} after).",
                "Boulders block your corners until their condition holds; they clear by themselves "
                "({n} points for the first of a number, {later} after).",
                first,
            ).format(n=first, later=C.tray_later_points),
        ),
        (
            "  3. ",
            _(
                "New tokens: guesthouses (ponds only), restaurant, harbor tour, milkshake stand, offices, "
                "whale watching."
            ),
        ),
        (
            "",
            _(
                "Cells: files a–e (west to east), ranks 1–5 from your edge. Claim a token by id or by name, "
                "in any case: {claims}. Other texts: {texts}."
            ).format(claims=CLAIM_TEXTS, texts=OTHER_TEXTS),
        ),
    ]
    paragraphs += _key_paragraphs()
    return "\n".join(_wrapped(words, lead) for lead, words in paragraphs)


#: A wrapped line's pieces: a run of letters, digits and Latin punctuation (never split), one wide
#: character, or a space.
_PIECES = re.compile(r"[^\s\u2e80-\u9fff\uff00-\uffef]+|\s|.")
#: Wide punctuation that may not start a line: it stays at the end of the line before.
_CLOSING = frozenset("，。；：、）！？」』》")


def _wrapped(words: str, lead: str, width: int = 78) -> str:
    """A paragraph filled to ``width`` cells after ``lead`` (the next lines indented as far). Words
    are never split; Chinese breaks between characters, keeping closing punctuation on its line
    (which may then run on by one character, still within 80 columns)."""
    if all(cell_len(char) == 1 for char in words):
        return textwrap.fill(
            words,
            width=width,
            initial_indent=lead,
            subsequent_indent=" " * len(lead),
            break_on_hyphens=False,
            break_long_words=False,
        )
    lines, line = [], lead
    for piece in _PIECES.findall(words):
        if cell_len(line) + cell_len(piece) > width and piece not in _CLOSING and line.strip():
            lines.append(line.rstrip())
            line = " " * len(lead)
            if piece.isspace():
                continue
        line += piece
    lines.append(line.rstrip())
    return "\n".join(lines)


def _key_paragraphs() -> list[tuple[str, str]]:
    """What the board's letters, marks and short names mean, and what every statue tile,
    boulder and juice space does: all the board leaves out when a 24-line terminal is full."""
    comma = pgettext("list", ", ")
    fruits = comma.join(f"{letter} {fruit_name(name)}" for name, (letter, _style) in FRUIT_LOOK.items())
    short = comma.join(
        f"{said} = {_display_name(full)}"
        for full, said in ((full, pgettext(SHORT_FORM, s)) for full, s in SHORT_NAMES.items())
        if said != _display_name(full)
    )
    statues = comma.join(f"S{t.tile} {mystic.tile_text(t.tile)}" for t in C.statue_tiles)
    conditions = comma.join(f"{b.id} {condition_text(code)}" for code, b in enumerate(C.boulders))
    juice = " ".join(
        f"{space}:{''.join(C.fruit_codes[f] if n == 1 else f'{n}{C.fruit_codes[f]}' for f, n in enumerate(cost) if n)}"
        f"+{points}"
        for space, (cost, points) in enumerate(zip(C.juice_costs, C.juice_points, strict=True), 1)
    )
    return [
        ("", _("The board (type 'board' to see it again):")),
        ("  ", _("Fruits: {fruits}, told apart by letter and colour.").format(fruits=fruits)),
        (
            "  ",
            _(
                "Islands: 3B2L:4 a ship (demand:points), (L) a collector, (B/L) an advanced collector, "
                "{cart} an ice cream cart, T07 a business token (a large venue on all four of its cells), "
                "~ an empty pond, · an empty space, ▲4b a boulder, ≈X09 whale watching; ★ venue stars, "
                "J3 your juice factory space."
            ).format(cart=pgettext("board", "cart")),
        ),
        (
            "  ",
            _(
                "Business board: each row's cost and points, then its tokens by id and name: +6 a venue's "
                "points at the end, ✦ a stall (scores at the end). Short names in a crowded row: {short}."
            ).format(short=short),
        ),
        (
            "  ",
            _(
                "Mystic Island: S7 a statue tile, ▲12 a plateau, ⌂ the base, ✧ the compass, ①–④ explorers, "
                "Ⓟ Pineapple; edges: the side each seat sees it from. Statue tiles: {statues}."
            ).format(statues=statues),
        ),
        ("  ", _("Boulders clear with: {conditions}.").format(conditions=conditions)),
        ("  ", _("Juice factory (space:fruits+points): {juice}.").format(juice=juice)),
    ]


def _display_name(name: str) -> str:
    """A token's printed name (without a whale-watching token's id) in the language being spoken."""
    return _(WHALE_WATCHING) if name == "Whale watching" else token_name(name)


def fruit_letter(name: str, count: int | None = None) -> Text:
    letter, style = FRUIT_LOOK[name]
    return Text(f"{count}{letter}" if count is not None else letter, style=style)


def piece_text(piece: dict[str, Any] | None, kind: str) -> Text:
    """One island cell, ``CELL_WIDTH`` columns wide."""
    if piece is None:
        return Text("~" if kind == "pond" else "·", style="blue" if kind == "pond" else "dim")
    out = Text()
    if piece["type"] == "ship":
        for name, count in piece["demand"].items():
            out.append_text(fruit_letter(name, count))
        out.append(f":{piece['points']}", style="dim")
    elif piece["type"] == "collector":
        out.append("(")
        out.append_text(fruit_letter(piece["fruit"]))
        out.append(")")
    elif piece["type"] == "venue":
        out.append(piece["id"], style="bold cyan")
    elif piece["type"] == "boulder":
        out.append(f"▲{piece['id']}", style="bold grey62")
    elif piece["category"] == "whale_watching":
        out.append(f"≈{piece['id']}", style="bold blue")
    elif piece["category"] == "advanced_collector":
        a, b = piece["fruits"]
        out.append("(")
        out.append_text(fruit_letter(a))
        out.append("/")
        out.append_text(fruit_letter(b))
        out.append(")")
    elif piece["category"] == "ice_cream_cart":
        out.append(pgettext("board", "cart"), style=KIND_STYLE[piece["kind"]])
    else:
        out.append(piece["id"], style="bold cyan" if piece["category"] == "small_venue" else "bold white")
    return out


def _base_name(token: dict[str, Any]) -> str:
    """A token's name without its id (a whale watching token's printed name repeats it)."""
    return str(token["name"]).removesuffix(f" {token['id']}")


def _short_form(base: str) -> str | None:
    """The short form (:data:`SHORT_NAMES`) of a token's name as the view gives it, in the
    language being spoken ("Pension am Teich", German for "Guesthouse at the pond": "Pension"),
    if it has one."""
    key = base if base in SHORT_NAMES else next((k for k in SHORT_NAMES if _display_name(k) == base), None)
    said = None if key is None else pgettext(SHORT_FORM, SHORT_NAMES[key])
    return None if said == base else said  # (a form the language does not shorten is none)


def _token_short(token: dict[str, Any] | None, short: Mapping[str, str], most: int | None) -> Text:
    """A token on the business board: its id and name (``short``'s form of it, if there is
    one; cut to ``most`` cells with "…" if given, the id still naming it), a venue's points, ✦
    for a stall."""
    if token is None:
        return Text("—", style="dim")
    base = _base_name(token)
    name = _cut(short.get(base) or _display_name(base), most)
    out = Text(f"{token['id']} ", style="bold")
    category = token["category"]
    if category == "advanced_collector":
        a, b = token["fruits"]
        out.append_text(fruit_letter(a))
        out.append("/")
        out.append_text(fruit_letter(b))
        # (its fruit letters and a space take 4 of the cells its name may have)
        out.append(" " + _cut(pgettext("board", "collector"), None if most is None else most - 4))
    elif category == "ice_cream_cart":
        out.append(name, style=KIND_STYLE[token["kind"]])
    elif category == "stall":
        out.append(name, style="white")
        out.append("✦", style="dim")
    elif category in ("whale_watching", "admin"):
        out.append(name, style="bold blue")
    else:
        out.append(name, style="cyan")
        out.append(f"+{token['points']}", style="yellow")
    return out


def _cut(name: str, most: int | None) -> str:
    """``name`` in at most ``most`` cells (None: whole), its end replaced by "…" if cut."""
    if most is None or cell_len(name) <= most:
        return name
    text = Text(name)
    text.truncate(max(2, most), overflow="ellipsis")
    return text.plain


def _cost(cost: dict[str, int]) -> Text:
    """``BLPO2M``: a letter per fruit type, its count only when more than one."""
    out = Text()
    for name, count in cost.items():
        out.append_text(fruit_letter(name) if count == 1 else fruit_letter(name, count))
    return out


class _SpokenRules:
    """The help summary, said in the language being spoken whenever it is read (on the adapter or
    its class)."""

    def __get__(self, adapter: object, owner: type | None = None) -> str:
        return _rules_text()


class JuicyFruitsAdapter:
    """The terminal picture of a Juicy Fruits view (see :class:`~fruitbowl.cli.boards.BoardAdapter`)."""

    rules = _SpokenRules()

    commands: tuple[str, ...] = (
        "move b4-c4",
        "collect",
        "explore",
        "supply c1",
        "claim T17",
        "claim harbor office",
        "place d4",
        "pass",
    )

    def menu(self, view: dict[str, Any], legal: Sequence[Action], label: Label) -> list[MenuRow]:
        """Slides grouped per token and direction, placements per rank: a short menu."""
        rows: list[MenuRow] = []
        groups: dict[tuple[str, Any], list[int]] = {}
        for index, action in enumerate(legal):
            f = action.fields
            if action.kind == "move":
                key: tuple[str, Any] = ("move", (f["from"], f["direction"]))
            elif action.kind == "place":
                key = ("place", f["cell"] // 5)
            elif action.kind == "place_block":
                key = ("block", f["cell"] // 5)
            else:
                rows.append(MenuRow([index], label(action)))
                continue
            if key not in groups:
                groups[key] = []
                rows.append(MenuRow(groups[key], f"#{key}"))
            groups[key].append(index)
        out: list[MenuRow] = []
        for row in rows:
            title = row.label
            if title.startswith("#"):
                title = self._group_label(view, [legal[i] for i in row.indices], label)
            out.append(MenuRow(row.indices, title))
        return out

    def _group_label(self, view: dict[str, Any], actions: Sequence[Action], label: Label) -> str:
        first = actions[0]
        if len(actions) == 1:
            return label(first)
        if first.kind == "move":
            seat = view["current_player"]
            piece = view["players"][seat]["grid"][first.fields["from"]]
            direction = direction_name(first.fields["direction"])
            if piece["type"] == "collector":
                return _("Slide {what} {direction} (+1 per space)").format(
                    what=collector_object(piece["fruit"]), direction=direction
                )
            what = token_object(token_data_name(piece["id"]))
            return _("Slide {what} {direction}").format(what=what, direction=direction)
        token = view["pending"].get("token")
        name = token_object(token_data_name(token["id"])) if token else pgettext("object", "the token")
        return _("Place {name} here").format(name=name)

    def board(self, view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
        """The board in as many lines as the screen leaves it (:meth:`_composed`)."""
        return Fitting(compose=lambda lines: self._composed(view, labels, lines))

    def _composed(self, view: dict[str, Any], labels: Sequence[str], lines: int) -> RenderableType:
        """The board in 80 columns and, as far as it can, ``lines`` lines. Always: the business
        board one line per row, your island (or, for a spectator, the acting player's) beside
        Mystic Island or another island, one line for every other player (each shows the
        boulders still on its corners), Pineapple, and in step 2 the ice cream pools (in step 1
        first of the rest). Then, while there is room, what the decision needs first (the
        boulders' conditions when choosing a corner, the statues when exploring, the juice
        factory when making juice), the boulder tray, then the rest; the key left out is
        printed by ``help``. The part the decision is about
        comes last, just above the menu: the business board in step 2, the islands otherwise."""
        players = view["players"]
        focus = view["viewer"] if view["viewer"] is not None else max(view["current_player"], 0)
        shown = [focus]
        if not view.get("mystic") and len(players) > 1:
            acting = view["current_player"]
            shown.append(acting if acting >= 0 and acting != focus else (focus + 1) % len(players))

        def islands_row(inside: bool, beside: bool = False) -> tuple[Table, Text | None, Text | None]:
            """Your island beside Mystic Island or another island; the statues on show when they
            do not fit beside your island; your modules' holdings under the row if not ``inside``
            (``beside``: under the other panel, when that is shorter than yours)."""
            left = self._island(view, players[focus], labels, extras=inside)
            statues: Text | None = None
            right: RenderableType | None = None
            if view.get("mystic"):
                right = self._mystic(view, with_statues=True)
                if _height(right) > _height(left):
                    right, statues = self._mystic(view, with_statues=False), self._statues(view, ROW_WIDTH)
            elif len(shown) > 1:
                right = self._island(view, players[shown[1]], labels)
            below = None
            if not inside:
                extras = self._holdings(view, players[focus], tokens=False)[len(self._basics(view, players[focus])) :]
                if extras:
                    mark = Text(f"{SEAT_MARKS[focus]} {labels[focus]}:", style="bold")
                    below = flowed([mark, *extras], PANEL_WIDTH if beside and right is not None else ROW_WIDTH)
            if beside and right is not None and below is not None:
                right, below = Group(right, below), None
            row = Table.grid(padding=(0, 1))
            row.add_row(left, *([right] if right is not None else []))
            return row, statues, below

        islands, outside, below = islands_row(inside=True)
        others = [self._summary(view, p, labels) for p in players if p["seat"] not in shown]

        required: dict[str, RenderableType] = {
            "header": self._header(view),
            "rows": self._rows(view),
            "islands": islands,
        }
        if others:
            required["others"] = Group(*others)
        optional: dict[str, RenderableType] = {"legend": _legend(view)}
        (required if view["phase"] in BUSINESS_PHASES else optional)["ice"] = self._ice(view)
        if view["juice_factory"]:
            optional["juice"] = self._juice(view)
        if view.get("boulders"):
            optional["tray"] = self._tray(view)
            optional["conditions"] = self._conditions(view)
        if view["solo"]:
            required["pineapple"] = self._pineapple(view)
        if outside is not None:
            optional["statues"] = outside

        measured: dict[int, int] = {}

        def height(part: RenderableType) -> int:
            if id(part) not in measured:
                measured[id(part)] = _height(part)
            return measured[id(part)]

        chosen = dict(required)
        room = lines - sum(height(part) for part in chosen.values())
        if room < 0 and others:  # the other players one line each: what they hold beyond it is left out
            chosen["others"] = Group(*(_first_line(line) for line in others))
            room = lines - sum(height(part) for part in chosen.values())
        # your whales, offices and statues out of your island's panel: on full lines under the
        # islands, or under the other panel where it is shorter than yours
        for beside in (False, True):
            if room >= 0:
                break
            row, statues, below = islands_row(inside=False, beside=beside)
            moved = Group(row, below) if below is not None else row
            if height(moved) < height(chosen["islands"]):
                chosen["islands"] = moved
                room = lines - sum(height(part) for part in chosen.values())
                if statues is not None:
                    optional["statues"] = statues
                else:
                    optional.pop("statues", None)
        for name in PRIORITY.get(view["phase"], DEFAULT_PRIORITY):
            part = optional.get(name)
            if part is not None and height(part) <= room:
                chosen[name] = part
                room -= height(part)
        business = ["header", "rows", "ice", "juice", "tray", "conditions", "pineapple"]
        if view["phase"] in BUSINESS_PHASES:
            order = ["legend", "islands", "statues", "others", *business]
        else:
            order = ["legend", *business, "statues", "others", "islands"]
        return Group(*(chosen[name] for name in order if name in chosen))

    # ------------------------------------------------------------------ parts

    def _header(self, view: dict[str, Any]) -> Text:
        """The business board's title line with the round and the license track."""
        lic = view["license"]
        out = Text(_("Business board · round {round} · ").format(round=view["round"]), style="bold")
        out.append(_("License "))
        out.append("■" * (lic["start"] - lic["left"]), style="bold")
        out.append("□" * lic["left"], style="dim")
        out.append(" X", style="bold red")
        left = ngettext(" {n} claim to X", " {n} claims to X", lic["left"]).format(n=lic["left"])
        out.append(left, style="bold" if lic["left"] else "bold red")
        if view["end_triggered"] and view["phase"] != "over":
            out.append(_(" · last round!"), style="bold red")
        return out

    def _rows(self, view: dict[str, Any]) -> Text:
        """One line per row: its cost and points, then its tokens by id and name. Names are
        shortened (longest first, to the short forms ``help`` lists) only as far as the row must
        to fit 80 columns; where that is not enough (German names are long), the longest names
        are cut with "…" as far as the row must (each token's id still names it)."""
        used = view["business_board"]["columns_in_play"]
        rows = view["business_board"]["rows"]
        short: dict[str, str] = {}  # (the names shortened so far, and their short forms)
        bases = {_base_name(t) for row in rows for t in row["spaces"][:used] if t}
        forms = {base: form for base in bases if (form := _short_form(base)) is not None}
        candidates = sorted(forms, key=lambda base: (-cell_len(base), base))
        cost_width = max(_cost(row["cost"]).cell_len for row in rows)
        points_width = max(len(f"+{row['points']}") for row in rows)
        most: int | None = None  # cells a name may take once every short form is used
        while True:
            cells = [[_token_short(t, short, most) for t in row["spaces"][:used]] for row in rows]
            widths = [max(line[c].cell_len for line in cells) for c in range(used)]
            tokens_width = sum(widths) + len(widths) - 1
            spaced = cost_width + 1 + points_width + 1 + tokens_width <= ROW_WIDTH
            if spaced or cost_width + points_width + 1 + tokens_width <= ROW_WIDTH:
                break
            if candidates:
                base = candidates.pop(0)
                short[base] = forms[base]
            elif most is None or most > NAME_CELLS_LEAST:
                most = (max(widths) if most is None else most) - 1
            else:
                break
        out = Text(no_wrap=False)
        for row, line in zip(rows, cells, strict=True):
            if out:
                out.append("\n")
            cost = _cost(row["cost"])
            cost.pad_right(cost_width - cost.cell_len + (1 if spaced else 0))
            out.append_text(cost)
            out.append(f"+{row['points']}".ljust(points_width), style="yellow")
            for cell, width in zip(line, widths, strict=True):
                out.append(" ")
                cell.pad_right(width - cell.cell_len)
                out.append_text(cell)
            out.rstrip()
        return out

    def _ice(self, view: dict[str, Any]) -> Text:
        """The ice cream and milkshake markers still in each pool, next value first."""
        ice = Text(pgettext("board", "Ice cream"))
        for pool in view["ice_cream"]["pools"]:
            taken = len(pool["values"]) - pool["left"]
            name = pgettext("board", "shake") if pool["kind"] == "milkshake" else ice_name(pool["kind"])
            ice.append(f" {name} ", style=KIND_STYLE[pool["kind"]])
            ice.append("/".join(str(v) for v in pool["values"][taken:]) or "—")
        return ice

    def _juice(self, view: dict[str, Any]) -> Text:
        jf = Text(pgettext("board", "Juice"))
        for space in view["juice_factory"]["spaces"]:
            jf.append(f" {space['space']}:")
            jf.append_text(_cost(space["cost"]))
            jf.append(f"+{space['points']}", style="yellow")
        return flowed([jf], ROW_WIDTH)

    def _tray(self, view: dict[str, Any]) -> Text:
        info = view["boulders"]
        tray = Text(_("Boulder tray "))
        for space in info["tray"]:
            tray.append(f"▲{space['id']}", style="bold grey62")
            tray.append(f"×{space['count']} ", style="dim")
        tray.append(
            _("· first of a number +{first}, later +{later}").format(
                first=info["first_points"], later=info["later_points"]
            ),
            style="dim",
        )
        return tray

    def _conditions(self, view: dict[str, Any]) -> Text:
        conditions = [Text(_("A boulder clears with:"), style="dim")]
        for tile in view["boulders"]["tiles"]:
            condition = Text(f"▲{tile['id']} ", style="bold grey62")
            condition.append(condition_text(C.boulder_index(tile["id"])), style="dim")
            conditions.append(condition)
        return flowed(conditions, ROW_WIDTH)

    def _pineapple(self, view: dict[str, Any]) -> Text:
        solo = view["solo"]
        pine = Text(_("Pineapple "), style="bold yellow")
        pine.append(_pts(solo["pineapple_score"]), style="bold")
        breakdown = solo["breakdown"]
        pine.append(_(" (boats {boats}, claims {claims})").format(boats=breakdown["boats"], claims=breakdown["claims"]))
        pine.append(_("  bag {bag}  board {board}").format(bag=solo["bag_size"], board=solo["board"]))
        if solo["drawn"]:
            last = solo["drawn"][-1]
            pine.append(
                _("  last boat {boat} V{value} W{wait}").format(
                    boat=last["id"], value=last["value"], wait=last["wait"]
                ),
                style="dim",
            )
        return pine

    def _statues(self, view: dict[str, Any], width: int) -> Text:
        """The statue tiles still on Mystic Island and what each scores."""
        board = view["mystic"]
        on_show = {c["statue"] for c in board["cells"] if c["statue"]}
        tiles = [Text(_("Statues:") if width < ROW_WIDTH else _("Statues on Mystic Island:"), style="dim")]
        for tile in board["tiles"]:
            if tile["tile"] in on_show:
                entry = Text(f"S{tile['tile']}", style="bold yellow")
                entry.append(f" {_(STATUE_SHORT[tile['effect']]).format(v=tile['value'])}", style="dim")
                tiles.append(entry)
        return flowed(tiles, width)

    def _mystic(self, view: dict[str, Any], with_statues: bool) -> Panel:
        """Mystic Island in its printed orientation, each seat's edge under it."""
        board = view["mystic"]
        here: dict[int, list[str]] = {}
        for explorer in board["explorers"]:
            seat = explorer["seat"]
            here.setdefault(explorer["cell"], []).append("Ⓟ" if seat == "pineapple" else SEAT_MARKS[seat])
        grid = Table.grid(padding=(0, 0))
        grid.add_column(width=2, style="dim")
        for _column in range(5):
            grid.add_column(width=CELL_WIDTH, justify="center", no_wrap=True)
        for row in range(5):
            cells = []
            for col in range(5):
                cell = board["cells"][row * 5 + col]
                text = Text()
                if cell["statue"]:
                    text.append(f"S{cell['statue']}", style="bold yellow")
                elif cell["kind"] == "plateau":
                    text.append(f"▲{cell['plateau']}", style="bold green")
                elif cell["kind"] == "base":
                    text.append("⌂", style="bold")
                elif cell["kind"] == "compass" and board["side"] == "compass":
                    text.append("✧", style="bold cyan")
                else:
                    text.append("·", style="dim")
                marks = "".join(here.get(cell["cell"], []))
                if marks:
                    text.append(("" if len(text) + len(marks) >= CELL_WIDTH else " ") + marks, style="bold magenta")
                cells.append(text)
            grid.add_row(str(5 - row), *cells)
        grid.add_row("", *(Text(f, style="dim") for f in "abcde"))
        marks = " ".join(f"{SEAT_MARKS[seat]}{_(EDGE_WORDS[edge])}" for seat, edge in enumerate(board["edges"]))
        edges = _("edges {marks}").format(marks=marks)
        parts: list[RenderableType] = [grid]
        if with_statues:
            parts.append(self._statues(view, PANEL_WIDTH - 2))
        return Panel(
            Group(*parts),
            title=_("Mystic Island"),
            title_align="left",
            subtitle=edges,
            subtitle_align="right",
            width=PANEL_WIDTH,
            padding=(0, 0),
            border_style="dim",
        )

    def _island(
        self, view: dict[str, Any], player: dict[str, Any], labels: Sequence[str], extras: bool = True
    ) -> Panel:
        seat = player["seat"]
        cells = view["island"]["cells"]
        grid = Table.grid(padding=(0, 0))
        grid.add_column(width=2, style="dim")
        for _column in range(5):
            grid.add_column(width=CELL_WIDTH, justify="center", no_wrap=True)
        for row in range(5):
            rank = str(5 - row)
            grid.add_row(rank, *(piece_text(player["grid"][row * 5 + c], cells[row * 5 + c]["kind"]) for c in range(5)))
        grid.add_row("", *(Text(f, style="dim") for f in "abcde"))
        held = self._holdings(view, player, tokens=False) if extras else self._basics(view, player)
        holdings = flowed([_reserve(player), *held], PANEL_WIDTH - 2)
        acting = view["current_player"] == seat
        title = Text("▶ " if acting else "", style="bold yellow")
        title.append(f"{SEAT_MARKS[seat]} {labels[seat]}", style="bold" if acting else "")
        mine = view["viewer"] == seat
        return Panel(
            Group(grid, holdings),
            title=title,
            title_align="left",
            subtitle=_pts(player["score"]),
            subtitle_align="right",
            width=PANEL_WIDTH,
            padding=(0, 0),
            border_style="bold cyan" if mine else ("yellow" if acting else "dim"),
        )

    def _holdings(self, view: dict[str, Any], player: dict[str, Any], tokens: bool) -> list[Text]:
        """Ships, stars, markers, juice (and the tokens' ids, for a player whose island is not
        drawn); then the modules' whales, offices, statues and boulders."""
        seat = player["seat"]
        out = self._basics(view, player)
        if tokens and player["tokens"]:
            out.append(Text(_("Tokens {ids}").format(ids=" ".join(player["tokens"])), style="dim"))
        extra = view.get("new_business")
        if extra:
            for whale in extra["whales"]:
                if whale["owner"] == seat and whale["beach"]:
                    said = _("≈{token} whale at {beach}").format(token=whale["token"], beach=whale["beach"])
                    out.append(Text(said, style="bold blue"))
            for name, active in extra["offices"][seat].items():
                out.append(Text(_office(name, active), style="cyan"))
        mystic = view.get("mystic")
        if mystic and mystic["collected"][seat]:
            statues = " ".join(f"S{t}" for t in mystic["collected"][seat])
            out.append(Text(_("statues {tiles}").format(tiles=statues), style="yellow"))
        if tokens:
            boulders = [p["id"] for p in player["grid"] if p and p["type"] == "boulder"]
            if boulders:
                out.append(Text(" ".join(f"▲{b}" for b in boulders), style="grey62"))
        return out

    def _basics(self, view: dict[str, Any], player: dict[str, Any]) -> list[Text]:
        """Ships supplied, venue stars, ice cream markers, the juice factory space."""
        out = [Text(_("Ships {n}").format(n=len(player["supplied"]))), Text(f"★{player['stars']}")]
        markers = sum(player["markers"].values())
        if markers:
            out.append(Text(ngettext("{n} marker", "{n} markers", markers).format(n=markers)))
        if view["juice_factory"]:
            out.append(Text(f"J{player['juice']}"))
        return out

    def _summary(self, view: dict[str, Any], player: dict[str, Any], labels: Sequence[str]) -> Text:
        """One line for a player whose island is not drawn (the next ones indented, if the
        player holds much)."""
        seat = player["seat"]
        acting = view["current_player"] == seat
        name = Text("▶ " if acting else "  ", style="bold yellow")
        name.append(f"{SEAT_MARKS[seat]} {labels[seat]} {_pts(player['score'])}", style="bold" if acting else "")
        entries = [name, _reserve(player, ""), *self._holdings(view, player, tokens=True)]
        return Text("\n    ").join(flowed(entries, ROW_WIDTH - 4).split("\n"))


def _height(renderable: RenderableType) -> int:
    """The lines a part of the board takes in an 80-column terminal."""
    return len(_MEASURE.render_lines(renderable, pad=False))


def _first_line(text: Text) -> Text:
    return text.split("\n")[0]


def _legend(view: dict[str, Any]) -> Text:
    legend = Text()
    for name, (letter, style) in FRUIT_LOOK.items():
        legend.append(letter, style=style)
        legend.append(f" {fruit_name(name)} · ", style="dim")
    legend.append(_("more: help"), style="dim")
    return legend


def _reserve(player: dict[str, Any], label: str | None = None) -> Text:
    out = Text(_("Fruit ") if label is None else label)
    out.append_text(Text(" ").join(fruit_letter(name, count) for name, count in player["reserve"].items()))
    return out


def _pts(n: int) -> str:
    """A score on the board: ``12 pts``."""
    return _("{n} pts").format(n=n)


def _office(name: str, active: bool) -> str:
    """A Module 3 office a player holds, and whether it works yet."""
    if name == "harbor_office":
        return _("harbor office") if active else _("harbor office (next turn)")
    return _("constr. office") if active else _("constr. office (next turn)")
