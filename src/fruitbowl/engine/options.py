"""Game options: declared per game with defaults, parsed from text, validated before a game starts.

Options arrive either typed (from Python or JSON) or as ``key=value`` text (from the command
line); :meth:`OptionSpec.parse` accepts both and refuses anything else with a clear message.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import InvalidOption
from .wording import _, ngettext


def _whole_number() -> str:
    """One message, said in two places."""
    return _("option {name} is a whole number; got {value}")


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class OptionSpec:
    """One option: its name, type (``bool``, ``int`` or ``str``), default and allowed values."""

    name: str
    type: type
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    #: A seat number counted from 1, as the table shows seats: at most the number of players.
    seat: bool = False
    #: The player counts (lowest, highest) the option applies to: giving it for another table is refused.
    players: tuple[int, int] | None = None
    #: What players read as the option's name ("Juice factory"); by default its name in words.
    label: str = ""
    #: Words for each of ``choices``, in the same order ("Seat 1", "At random").
    choice_labels: tuple[str, ...] | None = None
    #: For a text option naming a set of parts ("mystic_island,boulders", or "all"): each part's
    #: name and words, which a form shows as checkboxes.
    parts: tuple[tuple[str, str], ...] | None = None
    #: Set by a campaign or for automated play, not chosen for a one-off table (a form hides it).
    internal: bool = False
    #: The values of the help's placeholders (a number of the game's data it names: ``{boards}``),
    #: filled in after the help is said in the reader's language (:meth:`describe`).
    help_values: Mapping[str, Any] | None = None

    def parse(self, value: Any) -> Any:
        """The option's typed value, or :class:`InvalidOption` saying what is accepted."""
        if self.type is bool:
            parsed: Any = self._parse_bool(value)
        elif self.type is int:
            parsed = self._parse_int(value)
        else:
            if not isinstance(value, str):
                raise InvalidOption(
                    _("option {name} takes text, not {value}").format(name=self.name, value=repr(value))
                )
            parsed = value.strip().lower()
        if self.choices is not None and parsed not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise InvalidOption(
                _("option {name} must be one of {allowed}; got {value}").format(
                    name=self.name, allowed=allowed, value=repr(value)
                )
            )
        return parsed

    def _parse_bool(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise InvalidOption(_("option {name} is true or false; got {value}").format(name=self.name, value=repr(value)))

    def _parse_int(self, value: Any) -> int:
        if isinstance(value, bool):
            raise InvalidOption(_whole_number().format(name=self.name, value=repr(value)))
        if isinstance(value, int):
            number = value
        elif isinstance(value, str) and value.isascii() and value.strip().removeprefix("-").isdigit():
            number = int(value.strip())
        else:
            raise InvalidOption(_whole_number().format(name=self.name, value=repr(value)))
        if self.minimum is not None and number < self.minimum:
            raise InvalidOption(
                _("option {name} is at least {minimum}; got {value}").format(
                    name=self.name, minimum=self.minimum, value=number
                )
            )
        if self.maximum is not None and number > self.maximum:
            raise InvalidOption(
                _("option {name} is at most {maximum}; got {value}").format(
                    name=self.name, maximum=self.maximum, value=number
                )
            )
        return number

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.type.__name__,
            "default": self.default,
            # a help naming data is said here, whole (a front end's _() finds no message in it then)
            "help": _(self.help).format(**self.help_values) if self.help_values else self.help,
        }
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.players is not None:
            out["players"] = list(self.players)
        out["label"] = self.label or self.name.replace("_", " ").capitalize()
        if self.choice_labels is not None:
            out["choice_labels"] = list(self.choice_labels)
        if self.parts is not None:
            out["parts"] = [{"value": value, "label": label} for value, label in self.parts]
        if self.seat:
            out["seat"] = True
        if self.internal:
            out["internal"] = True
        return out

    def __post_init__(self) -> None:
        if self.choice_labels is not None and (self.choices is None or len(self.choice_labels) != len(self.choices)):
            raise ValueError(f"option {self.name}: choice_labels needs one label per choice")


def validate_options(
    specs: Sequence[OptionSpec], given: Mapping[str, Any] | None, num_players: int | None = None
) -> dict[str, Any]:
    """Every option with its typed value: the given ones parsed, the rest at their defaults.

    With ``num_players``, seat options are checked against the table too.
    """
    by_name = {spec.name: spec for spec in specs}
    options = {spec.name: spec.default for spec in specs}
    for key, value in (given or {}).items():
        spec = by_name.get(key)
        if spec is None:
            known = ", ".join(sorted(by_name)) or _("none")
            raise InvalidOption(
                _("unknown option {key}; this game's options are: {known}").format(key=repr(key), known=known)
            )
        options[key] = spec.parse(value)
        if num_players is not None and options[key] != spec.default:  # (its default is no choice)
            check_applies(spec, num_players)
    for spec in specs:
        if spec.seat and num_players is not None and options[spec.name] > num_players:
            seats = (
                _("option {name} must be 0 or a seat 1–{n}; got {value}")
                if spec.minimum == 0
                else _("option {name} must be a seat 1–{n}; got {value}")
            )
            raise InvalidOption(seats.format(name=spec.name, n=num_players, value=options[spec.name]))
    return options


def check_applies(spec: OptionSpec, num_players: int) -> None:
    """Refuse an option given for a table it does not apply to (``solo_board`` with 2 players)."""
    if spec.players is None:
        return
    low, high = spec.players
    if low <= num_players <= high:
        return
    tables = (
        ngettext("{n} player", "{n} players", low).format(n=low)
        if low == high
        else _("{low}–{high} players").format(low=low, high=high)
    )
    players = ngettext("{n} player", "{n} players", num_players).format(n=num_players)
    raise InvalidOption(
        _("option {name} applies only to games of {tables}, not to {players}").format(
            name=spec.name, tables=tables, players=players
        )
    )


def parse_option_pairs(pairs: Iterable[str]) -> dict[str, str]:
    """``["a=1", "b=x"]`` → ``{"a": "1", "b": "x"}``, refusing text without ``=`` or repeats."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise InvalidOption(_("options are given as key=value; got {pair}").format(pair=repr(pair)))
        if key in out:
            raise InvalidOption(_("option {key} is given twice").format(key=repr(key)))
        out[key] = value.strip()
    return out
