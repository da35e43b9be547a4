"""The ``modules`` option: which Mystic Island modules are played, in any combination.

It is text (``modules=mystic_island,boulders``) so that records, JSON saves and the command
line carry it unchanged; :func:`parse` turns it into a set. Names are separated by commas or
``+``. The stored value is canonical — modules in rulebook order joined by ``+``
(``mystic_island+boulders``) — so two spellings of one choice are one game, and the value
survives game strings that split on commas (OpenSpiel's).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fruitbowl.engine.errors import InvalidOption
from fruitbowl.engine.options import OptionSpec

from .components import MODULES

MODULES_NAMES = MODULES

ALL = "all"


def parse(value: Any) -> frozenset[str]:
    """The set of modules named by ``value`` (text, or a list of names); refuses unknown names."""
    if value is None:
        return frozenset()
    if isinstance(value, str):
        parts = value.replace("+", ",").split(",")
        names = [part.strip().lower().replace("-", "_").replace(" ", "_") for part in parts]
    elif isinstance(value, list | tuple | set | frozenset):
        names = [str(part).strip().lower().replace("-", "_") for part in value]
    else:
        raise InvalidOption(f"option modules is a comma-separated list of module names; got {value!r}")
    chosen: set[str] = set()
    for name in names:
        if name in ("", "none"):
            continue
        if name == ALL:
            chosen.update(MODULES)
            continue
        if name not in MODULES:
            raise InvalidOption(
                f"option modules: unknown module {name!r}; the modules are {', '.join(MODULES)} (or all, or none)"
            )
        chosen.add(name)
    return frozenset(chosen)


def canonical(modules: frozenset[str]) -> str:
    return "+".join(m for m in MODULES if m in modules)


@dataclass(frozen=True)
class ModulesOption(OptionSpec):
    """A text option whose value is a canonical list of module names."""

    def parse(self, value: Any) -> str:
        return canonical(parse(value))


#: What each module adds, in a few words (the option's help).
WHAT = {
    "mystic_island": "explorers and statue tiles",
    "boulders": "blocked corners",
    "new_business": "new business tokens",
}
#: Each module's name as players read it.
TITLES = {"mystic_island": "Mystic Island", "boulders": "Boulders", "new_business": "New business"}
MODULES_OPTION = ModulesOption(
    "modules",
    str,
    "",
    "the Mystic Island expansion's modules, in any combination: "
    + ", ".join(f"{TITLES[name]} ({WHAT[name]})" for name in MODULES),
    label="Mystic Island modules",
    parts=tuple((name, f"{TITLES[name]}: {WHAT[name]}") for name in MODULES),
)
THREE_PER_ROW_OPTION = OptionSpec(
    "three_per_row",
    bool,
    False,
    "two players with the new business tokens: 3 business tokens in each row of the board instead of 2",
    players=(2, 2),
    label="Three business tokens a row",
)
