"""A game's plugin: everything the front ends need from one game, declared in the game's folder.

Each game exports one :class:`GamePlugin` (``games/<id>/plugin.py``: ``PLUGIN``) and names it
in the ``fruitbowl.games`` entry point group of its package's ``pyproject.toml``::

    [project.entry-points."fruitbowl.games"]
    tanghulu = "fruitbowl.games.tanghulu.plugin:PLUGIN"

:mod:`fruitbowl.engine.registry` finds every installed game there, so a game from another
package plugs into every front end in the same way as the built-in ones. Front ends look a
game's hooks up by its id (:func:`fruitbowl.engine.registry.get_plugin`) and never name a game.

The plugin holds plain data and references. Hooks that need a front end's libraries (the
terminal board needs Rich) are *import paths* (``"package.module:attribute"``) resolved on
first use, so importing a game's rules never imports a front end. Every hook is optional: a game
with only its :class:`~fruitbowl.engine.game.Game` plays everywhere (the terminal prints its view
as data, the greedy bot scores the standings, the search rolls out to the end).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from .errors import FruitbowlError
from .options import OptionSpec

if TYPE_CHECKING:
    from .game import Game, State

#: Values per seat of a position (higher is better for that seat); the house, if any, last.
Evaluator = Callable[["State"], list[float]]

#: A component-use reader: ``(category, name)`` pairs from an action's fields or an event's data.
UseReader = Callable[[Mapping[str, Any]], Iterable[tuple[str, str]]]


@dataclass(frozen=True)
class GreedyEvaluator:
    """The greedy bot's knowledge of a game (see :mod:`fruitbowl.bots.greedy.core`).

    ``values`` scores a position for every seat (points so far plus what resources and positions
    are worth; the house last); ``kind_bonus`` adds a fixed preference per action kind; with
    ``follow_up`` > 0, an action after which the same seat decides again is worth the best of
    those next actions when there are at most ``follow_up`` of them.
    """

    values: Evaluator
    kind_bonus: Mapping[str, float] = field(default_factory=dict)
    follow_up: int = 0


@dataclass(frozen=True)
class SearchTuning:
    """How the ISMCTS bot's searches roll out in a game (see :mod:`fruitbowl.bots.ismcts`).

    Random moves for ``depth`` actions, then the game's greedy evaluator, its margins divided
    by ``scale`` (about a decisive lead, in points); ``None`` plays to the end. A level's budget
    is multiplied by ``budget_factor``; with ``shortlist``, the root searches only that many of
    the greedy bot's best actions. With ``greedy_rollouts`` the rollouts (and the first expansion
    at each node below the root) play the greedy bot's moves instead of random ones, each charged
    ``greedy_cost`` actions of the budget (what one greedy choice costs against a random action).
    """

    depth: int | None = None
    scale: float = 10.0
    budget_factor: float = 1.0
    shortlist: int | None = None
    greedy_rollouts: bool = False
    greedy_cost: int = 100


@dataclass(frozen=True)
class ComponentHooks:
    """How a game names its components for balance reports (see :mod:`fruitbowl.sim.components`).

    ``actions`` maps an action kind to a reader of the action's fields giving ``(category,
    name)`` pairs credited to the acting seat; ``events`` maps an event kind to a reader of the
    event's data giving pairs credited to the event's actor. ``handled`` lists event kinds the
    generic rule must skip (the ones a hook reads, and ones that only look like uses).

    The recorded kinds, categories and names stay language-free; the report says them at display
    time: ``kinds`` gives each action kind's label and ``categories`` each category's, said in the
    language being spoken (``lambda: pgettext("action kind", "Buy a tile")``); ``names`` gives, by
    category, what says a recorded name. Anything without one is shown as recorded.
    """

    actions: Mapping[str, UseReader] = field(default_factory=dict)
    events: Mapping[str, UseReader] = field(default_factory=dict)
    handled: frozenset[str] = frozenset()
    kinds: Mapping[str, Callable[[], str]] = field(default_factory=dict)
    categories: Mapping[str, Callable[[], str]] = field(default_factory=dict)
    names: Mapping[str, Callable[[str], str]] = field(default_factory=dict)


def field_use(category: str, key: str, fmt: str = "{}") -> UseReader:
    """A reader crediting ``(category, fmt.format(data[key]))`` when ``key`` is in the data."""

    def read(data: Mapping[str, Any]) -> list[tuple[str, str]]:
        value = data.get(key)
        return [] if value is None else [(category, fmt.format(value))]

    return read


def constant_use(category: str, name: str) -> UseReader:
    """A reader crediting the same ``(category, name)`` every time."""
    return lambda _data: [(category, name)]


class CampaignState(Protocol):
    """One campaign between games: what the next game starts from, and how a game changes it.

    ``to_json`` is the whole campaign, with ``"game"`` (the game's id) among its keys so that a
    stored campaign names its game; ``game_options`` are ordinary options of the game, so each
    game's record alone replays it; ``after_game`` returns the campaign after a finished game.
    """

    games_completed: int
    seating: list[str]
    ruleset: str

    @property
    def campaign_complete(self) -> bool: ...

    @property
    def cards_left(self) -> int:
        """What is left to play through (for a list of campaigns)."""
        ...

    def to_json(self) -> dict[str, Any]: ...

    def game_seed(self) -> int: ...

    def game_options(self, num_players: int, names: list[str] | None = None) -> dict[str, Any]: ...

    def after_game(self, state: State, names: list[str]) -> CampaignState: ...


class CampaignSupport(Protocol):
    """A game's campaigns: how to start one and how to load a stored one (checked, never repaired).

    ``new`` takes the campaign's seed, the names at its table and options by name, as
    ``option_specs`` declares them (``ruleset`` among them, one of ``rulesets``: ``"base"`` first);
    a bad option raises :class:`~fruitbowl.engine.errors.InvalidOption`. ``from_json`` raises a
    :class:`FruitbowlError` naming the first broken rule of a damaged campaign.
    """

    rulesets: tuple[str, ...]
    option_specs: tuple[OptionSpec, ...]

    def new(self, seed: int, names: list[str], options: Mapping[str, Any]) -> CampaignState: ...

    def from_json(self, data: Any) -> CampaignState: ...


@dataclass(frozen=True)
class Ruleset:
    """How front ends present one of a game's campaign rulesets (the lobby's choice, a campaign's mark).

    ``id`` is one of :attr:`CampaignSupport.rulesets`; ``label`` names it in a choice ("Lime
    expansion"); ``about`` is one sentence for a tooltip; ``badge`` is a short mark shown beside
    a campaign of this ruleset in a list (``None``: no mark, as for the base ruleset).
    """

    id: str
    label: str
    about: str = ""
    badge: str | None = None


@dataclass(frozen=True)
class CampaignText:
    """The words front ends show around a game's campaigns (the rules are its :class:`CampaignSupport`).

    ``title`` heads the campaigns' part of the lobby ("Fable campaigns"); ``about`` tells a
    newcomer in a sentence or two what a campaign is in this game; ``rulesets`` present the
    support's rulesets (one missing here is shown by its id); ``left`` is the noun that
    :attr:`CampaignState.cards_left` counts ("3 cards to come"); ``complete`` says why a finished
    campaign is over.
    """

    title: str
    about: str = ""
    rulesets: tuple[Ruleset, ...] = ()
    left: str = "step"
    complete: str = "complete"

    def ruleset(self, ruleset_id: str) -> Ruleset:
        """The presentation of a ruleset: the one given here, or its id as its label."""
        for ruleset in self.rulesets:
            if ruleset.id == ruleset_id:
                return ruleset
        return Ruleset(ruleset_id, ruleset_id.capitalize())


class PluginError(FruitbowlError):
    """A game's plugin is malformed or names a hook that cannot be imported."""


@dataclass(frozen=True)
class GamePlugin:
    """Everything the front ends need from one game.

    ``game`` is the game's :class:`~fruitbowl.engine.game.Game` class. The other fields are
    hooks, each optional:

    * ``terminal`` — ``"module:Class"`` of the terminal board adapter (it imports Rich and
      :mod:`fruitbowl.cli.boards`), usually ``games/<id>/terminal.py``;
    * ``web_module`` — ``"package:path.js"``, the browser renderer as a file inside an
      importable package (the web table serves it and tells the page its address);
    * ``greedy`` — ``"module:NAME"`` of a :class:`GreedyEvaluator`, usually ``games/<id>/greedy.py``;
    * ``search`` — the ISMCTS bot's :class:`SearchTuning`;
    * ``components`` — ``"module:NAME"`` of the :class:`ComponentHooks` for balance reports;
    * ``campaign`` — ``"module:NAME"`` of a :class:`CampaignSupport`, for a game played as a
      campaign of games, and ``campaign_text`` — the words front ends show around them
      (:class:`CampaignText`; without it, the game's title and plain defaults);
    * ``score_unit`` — the noun a score counts ("star"), where a bare number would puzzle a
      player in a list of finished games; ``None`` shows the number alone;
    * ``fixed_view`` — ``"module:function"`` giving, for a game's first position, the parts of
      every view of that game that never change whoever the viewer (a board's geometry, which
      the actions name), shaped like the view: nested objects, and lists of objects matched by
      position, each key in every view. Front ends that send views often (the web table) send
      these parts once with the action space and leave them out of each view.
    """

    game: type[Game]
    terminal: str | None = None
    web_module: str | None = None
    greedy: str | None = None
    search: SearchTuning = SearchTuning()
    components: str | None = None
    campaign: str | None = None
    campaign_text: CampaignText | None = None
    score_unit: str | None = None
    fixed_view: str | None = None

    @property
    def id(self) -> str:
        return self.game.id

    def terminal_adapter(self) -> Any | None:
        """A new terminal board adapter (a ``fruitbowl.cli.boards.BoardAdapter``), or ``None``."""
        return None if self.terminal is None else self._resolve("terminal", self.terminal)()

    def greedy_evaluator(self) -> GreedyEvaluator | None:
        return None if self.greedy is None else self._resolve("greedy", self.greedy, GreedyEvaluator)

    def component_hooks(self) -> ComponentHooks:
        if self.components is None:
            return ComponentHooks()
        hooks: ComponentHooks = self._resolve("components", self.components, ComponentHooks)
        return hooks

    def campaigns(self) -> CampaignSupport | None:
        """The game's campaign support, or ``None`` when it is not played in campaigns."""
        return None if self.campaign is None else self._resolve("campaign", self.campaign)

    def campaign_words(self) -> CampaignText:
        """The words around the game's campaigns: its ``campaign_text``, or plain defaults."""
        return self.campaign_text or CampaignText(title=f"{self.game.title} campaigns")

    def view_fixed_parts(self, start: State) -> Mapping[str, Any]:
        """The parts of every view that never change in the game ``start`` begins (``{}`` if none)."""
        if self.fixed_view is None:
            return {}
        parts: Mapping[str, Any] = self._resolve("fixed_view", self.fixed_view)(start)
        return parts

    def web_file(self) -> tuple[str, str] | None:
        """The browser renderer as ``(package, path inside it)``, or ``None``."""
        if self.web_module is None:
            return None
        package, sep, path = self.web_module.partition(":")
        if not sep or not package or not path.endswith(".js"):
            raise PluginError(f"{self.id}: web_module must read 'package:path/to/module.js'; got {self.web_module!r}")
        return package, path

    def _resolve(self, hook: str, path: str, kind: type | None = None) -> Any:
        value = resolve(path)
        if kind is not None and not isinstance(value, kind):
            raise PluginError(f"{self.id}: the {hook} hook {path!r} is a {type(value).__name__}, not a {kind.__name__}")
        return value


@cache
def resolve(path: str) -> Any:
    """The object an import path ``"package.module:attribute"`` names (imported once)."""
    module_name, sep, attribute = path.partition(":")
    if not sep or not module_name or not attribute:
        raise PluginError(f"a plugin hook is written 'package.module:attribute'; got {path!r}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise PluginError(f"the plugin hook {path!r} cannot be imported: {exc}") from exc
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise PluginError(f"the plugin hook {path!r} names nothing: {module_name} has no {attribute!r}") from None
