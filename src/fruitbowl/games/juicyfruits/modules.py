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
from fruitbowl.engine.wording import N_

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


#: Each module as players read it: its name and what it adds, in a few words (the option's parts).
PARTS = {
    "mystic_island": N_("Mystic Island: explorers and statue tiles"),
    "boulders": N_("Boulders: blocked corners"),
    "new_business": N_("New business: new business tokens"),
}
MODULES_OPTION = ModulesOption(
    "modules",
    str,
    "",
    N_(
        "the Mystic Island expansion's modules, in any combination: Mystic Island (explorers and statue tiles), "
        "Boulders (blocked corners), New business (new business tokens)"
    ),
    label=N_("Mystic Island modules"),
    parts=tuple((name, PARTS[name]) for name in MODULES),
)
THREE_PER_ROW_OPTION = OptionSpec(
    "three_per_row",
    bool,
    False,
    N_("two players with the new business tokens: 3 business tokens in each row of the board instead of 2"),
    players=(2, 2),
    label=N_("Three business tokens a row"),
)
