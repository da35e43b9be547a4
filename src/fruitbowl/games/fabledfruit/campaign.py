"""Fable campaigns (§2.11, §4.1): the table state carried from one game to the next.

A :class:`Campaign` is a plain serialisable object holding exactly §4.1's ``CampaignSave``:
the display and big stack as the last game left them, the juices set aside for good, the
history, the campaign options and its seed. It knows nothing about files: the terminal writes
it to ``data_home()/campaigns/NAME.json`` and a server may keep the same JSON in its database.

:meth:`Campaign.from_json` runs every §4.1 consistency check (all 240 cards — 98 in a Lime
campaign — accounted for,
the big stack a sorted tail of the deck, 24 cards displayed while the big stack lasts, the
set-aside juices equal to the history's…) and refuses a damaged or edited file with a
:class:`CampaignError` naming the first broken rule; nothing is ever repaired silently.

A game is started from :meth:`Campaign.game_options` — ordinary game options, so the game's
record alone replays it — and :meth:`Campaign.after_game` applies the fable step to a finished
game.

Chance: between games a campaign draws nothing (the big stack is presorted and never shuffled,
the display and the set-aside juices carry over as the last game left them); its only randomness
is each game's seed, derived from the campaign's seed and the game's number (:meth:`Campaign.game_seed`),
which seeds that table's dealer. Within a game every random event is a chance node (``rules.py``).

A Lime campaign (``ruleset = "lime"``, §3) is its own campaign with its own 98-card deck:
3 copies each of base #48–#53 and #1L–#20L. Its location ids are written as in the rules
(``48``, ``"1L"``); its games get the option ``lime``.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from fruitbowl.engine.chance import Dealer
from fruitbowl.engine.errors import FruitbowlError, InvalidOption
from fruitbowl.engine.options import OptionSpec, validate_options
from fruitbowl.engine.rng import derive_seed
from fruitbowl.engine.wording import N_

from . import deck
from .components import COMPONENTS as C
from .components import DATA_FILE, loc_label, parse_loc

FORMAT_VERSION = 1
END_MODES = ("end_of_round", "immediate")
RULESETS = ("base", "lime")
_DATA_HASH = hashlib.sha256(DATA_FILE.read_bytes()).hexdigest()[:12]
#: Version of the location data the campaign was played with (the reconstructions may change).
RULES_DATA_VERSION = "base-1-" + _DATA_HASH
LIME_DATA_VERSION = "lime-1-" + _DATA_HASH


def data_version(ruleset: str) -> str:
    return LIME_DATA_VERSION if ruleset == "lime" else RULES_DATA_VERSION


class CampaignError(FruitbowlError):
    """A campaign file that is malformed, inconsistent or tampered with."""


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")


@dataclass
class Campaign:
    """One fable campaign between games (§4.1). Lists are top-first / display order."""

    big_stack: list[int]
    display: list[tuple[int, int]]
    seed: int
    created_at: str = field(default_factory=_now)
    updated_at: str = field(default_factory=_now)
    games_completed: int = 0
    set_aside_juices: list[dict[str, Any]] = field(default_factory=list)
    seating: list[str] = field(default_factory=list)
    last_start_player: str | None = None
    history: list[dict[str, Any]] = field(default_factory=list)
    end_mode: str = "end_of_round"
    max_rounds: int = 200
    ruleset: str = "base"
    rules_data_version: str = RULES_DATA_VERSION

    # ------------------------------------------------------------------ making and saving

    @classmethod
    def new(
        cls,
        seed: int,
        seating: Sequence[str] = (),
        end_mode: str = "end_of_round",
        max_rounds: int = 200,
        ruleset: str = "base",
    ) -> Campaign:
        """A new campaign: base #1–#6 displayed and 216 cards in the big stack (§2.2.1), or
        Lime 3 × #48–#53, 4 × #1L, 2 × #2L displayed and 74 cards in the big stack (§3.2)."""
        if end_mode not in END_MODES:
            raise InvalidOption(f"end_mode must be one of {', '.join(END_MODES)}; got {end_mode!r}")
        if ruleset not in RULESETS:
            raise InvalidOption(f"ruleset must be one of {', '.join(RULESETS)}; got {ruleset!r}")
        if ruleset == "lime" and end_mode == "immediate":
            raise InvalidOption(
                "a Lime campaign cannot end its games at once: the Lime rules end a game at the end of the round "
                "in which the first player has the required number of fabled juices"
            )
        lime = ruleset == "lime"
        stacks, counts, top = deck.first_display(lime)
        return cls(
            big_stack=list(deck.deck_for(lime)[top:]),
            display=[(loc, counts[loc]) for loc in stacks],
            seed=seed,
            seating=list(seating),
            end_mode=end_mode,
            max_rounds=max_rounds,
            ruleset=ruleset,
            rules_data_version=data_version(ruleset),
        )

    @property
    def lime(self) -> bool:
        return self.ruleset == "lime"

    @property
    def deck(self) -> tuple[int, ...]:
        return deck.deck_for(self.lime)

    def _id(self, loc: int) -> int | str:
        """How a location id is written in the file: a number, or ``"1L"`` for Lime cards."""
        return loc if loc <= 59 else loc_label(loc)

    @property
    def campaign_complete(self) -> bool:
        return not self.big_stack and self.games_completed >= 1

    @property
    def cards_left(self) -> int:
        """Cards still in the big stack: what the campaign has left to bring to the table."""
        return len(self.big_stack)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "fruitbowl-campaign/1",
            "game": "fabledfruit",
            "format_version": FORMAT_VERSION,
            "ruleset": self.ruleset,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "games_completed": self.games_completed,
            "big_stack": [self._id(loc) for loc in self.big_stack],
            "display": [{"location_id": self._id(loc), "count": count} for loc, count in self.display],
            "set_aside_juices": [{**j, "location_id": self._id(j["location_id"])} for j in self.set_aside_juices],
            "unused_cards": (
                [{"location_id": loc, "count": 4 - C.lime.base_copies} for loc in C.lime.base_locations]
                if self.lime
                else []
            ),
            "seating": list(self.seating),
            "last_start_player": self.last_start_player,
            "history": [self._history_json(h) for h in self.history],
            "options": {"end_mode": self.end_mode, "max_rounds": self.max_rounds},
            "rng": {"seed": self.seed, "state": self.games_completed},
            "campaign_complete": self.campaign_complete,
            "rules_data_version": self.rules_data_version,
        }

    def _history_json(self, entry: dict[str, Any]) -> dict[str, Any]:
        juices = {name: [self._id(loc) for loc in locs] for name, locs in entry["juices"].items()}
        return {**entry, "juices": juices}

    @classmethod
    def from_json(cls, data: Any) -> Campaign:
        """A campaign from its JSON, after §4.1's checks; :class:`CampaignError` if any fails."""
        try:
            campaign = cls._parse(data)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            if isinstance(exc, CampaignError):
                raise
            raise CampaignError(f"not a Fabled Fruit campaign: missing or mistyped {exc}") from None
        campaign.check()
        if data.get("campaign_complete") != campaign.campaign_complete:
            raise CampaignError("campaign_complete must be true exactly when the big stack is empty after a game")
        return campaign

    @classmethod
    def _parse(cls, data: Any) -> Campaign:
        if not isinstance(data, dict) or data.get("game") != "fabledfruit":
            raise CampaignError("not a Fabled Fruit campaign file")
        if data.get("format_version") != FORMAT_VERSION:
            raise CampaignError(f"campaign format_version {data.get('format_version')!r} is not supported (only 1)")
        ruleset = data["ruleset"]
        if ruleset not in RULESETS:
            raise CampaignError(f"ruleset {ruleset!r} is not supported (only 'base' or 'lime')")
        loc = _loc if ruleset == "lime" else _int
        options = data["options"]
        rng = data["rng"]
        history = [dict(h) for h in data["history"]]
        for h in history:
            if not isinstance(h.get("juices"), dict):
                raise CampaignError("every history entry lists the juices bought per player")
            h["juices"] = {str(name): [loc(x) for x in locs] for name, locs in h["juices"].items()}
        if ruleset == "lime":
            expected = [{"location_id": x, "count": 4 - C.lime.base_copies} for x in C.lime.base_locations]
            if data["unused_cards"] != expected:
                raise CampaignError(
                    "unused_cards must list the fourth copy of #48–#53, which a Lime campaign never uses"
                )
        return cls(
            big_stack=[loc(x) for x in data["big_stack"]],
            display=[(loc(d["location_id"]), _int(d["count"])) for d in data["display"]],
            seed=_int(rng["seed"]),
            created_at=str(data["created_at"]),
            updated_at=str(data["updated_at"]),
            games_completed=_int(data["games_completed"]),
            set_aside_juices=[
                {
                    "location_id": loc(j["location_id"]),
                    "game_index": _int(j["game_index"]),
                    "player_name": str(j["player_name"]),
                }
                for j in data["set_aside_juices"]
            ],
            seating=[str(x) for x in data["seating"]],
            last_start_player=None if data["last_start_player"] is None else str(data["last_start_player"]),
            history=history,
            end_mode=str(options["end_mode"]),
            max_rounds=_int(options["max_rounds"]),
            ruleset=ruleset,
            rules_data_version=str(data["rules_data_version"]),
        )

    def check(self) -> None:
        """§4.1's invariants; :class:`CampaignError` naming the first that fails."""
        fail = CampaignError
        if self.end_mode not in END_MODES:
            raise fail(f"options.end_mode must be one of {', '.join(END_MODES)}; got {self.end_mode!r}")
        if not 1 <= self.max_rounds <= 1000:
            raise fail(f"options.max_rounds must be 1–1000; got {self.max_rounds}")
        cards = self.deck
        copies = Counter(cards)
        size = len(self.big_stack)
        if size > len(cards) or self.big_stack != list(cards[len(cards) - size :]):
            raise fail("the big stack is not the sorted tail of the location deck (it is never shuffled)")
        kind = "Lime campaign" if self.lime else "base"
        placed: Counter[int] = Counter()
        for loc, count in self.display:
            if loc not in copies:
                raise fail(f"display: #{loc_label(loc)} is not a location of a {kind} campaign")
            if count < 1:
                raise fail(f"display: the #{loc_label(loc)} stack holds {count} cards; a stack holds at least 1")
            if placed[loc]:
                raise fail(f"display: #{loc_label(loc)} appears twice")
            placed[loc] += count
        if self.big_stack and sum(placed.values()) != C.first_display:
            raise fail(f"the display holds {sum(placed.values())} cards; it must hold 24 while the big stack lasts")
        if self.big_stack and any(loc > self.big_stack[0] for loc in placed):
            raise fail(f"a displayed location comes after #{loc_label(self.big_stack[0])}, the top of the big stack")
        aside = Counter(j["location_id"] for j in self.set_aside_juices)
        total = Counter(self.big_stack) + placed + aside
        if sum(total.values()) != len(cards):
            raise fail(
                f"the campaign accounts for {sum(total.values())} location cards "
                f"({sum(placed.values())} displayed + {size} in the big stack + {sum(aside.values())} set aside); "
                f"there are {len(cards)}"
            )
        for loc in sorted(set(total) | set(copies)):
            if total[loc] != copies[loc]:
                raise fail(f"#{loc_label(loc)} has {total[loc]} copies in the campaign; it must have {copies[loc]}")
        if self.games_completed != len(self.history):
            raise fail(f"games_completed is {self.games_completed} but the history lists {len(self.history)} games")
        from_history = Counter(
            (loc, h["game_index"], name) for h in self.history for name, locs in h["juices"].items() for loc in locs
        )
        listed = Counter((j["location_id"], j["game_index"], j["player_name"]) for j in self.set_aside_juices)
        if from_history != listed:
            raise fail("set_aside_juices does not match the juices bought in the history's games")
        for index, h in enumerate(self.history, 1):
            if h.get("game_index") != index:
                raise fail(f"history entry {index} has game_index {h.get('game_index')!r}")

    # ------------------------------------------------------------------ playing games

    def game_seed(self) -> int:
        """The seed of the next game: derived from the campaign's seed and the game number."""
        return derive_seed(self.seed, "game", self.games_completed + 1)

    def game_options(self, num_players: int, names: Sequence[str] | None = None) -> dict[str, Any]:
        """Options that set up the next game of this campaign (§2.2.2); a record keeps them."""
        if self.campaign_complete:
            raise CampaignError("this campaign is complete: the big stack is empty")
        first = 0
        last = self.last_start_player
        if names is not None and last is not None and last in names and list(names) == list(self.seating):
            first = (list(names).index(last) + 1) % num_players + 1
        counts = [0] * (deck.MAX_ID + 1)
        for loc, count in self.display:
            counts[loc] = count
        options: dict[str, Any] = {
            "display": deck.display_text([loc for loc, _ in self.display], counts),
            "big_stack": len(self.big_stack),
            "game_number": self.games_completed + 1,
            "first_player": first,
            "immediate_end": self.end_mode == "immediate",
            "max_rounds": self.max_rounds,
        }
        if self.lime:
            options["lime"] = True
        return options

    def after_game(self, state: Any, names: Sequence[str]) -> Campaign:
        """The fable step (§2.11) after a finished game: a new campaign object; this one is kept."""
        if not state.is_terminal():
            raise CampaignError("only a finished game changes the campaign")
        index = self.games_completed + 1
        if state.options.get("game_number") != index:
            raise CampaignError(f"this game was set up as game {state.options.get('game_number')}, not game {index}")
        if bool(state.options.get("lime", False)) != self.lime:
            raise CampaignError(f"this game was not set up as a game of this {self.ruleset} campaign")
        result = state.result()
        juices = {names[p]: list(state.juices[p]) for p in range(state.num_players)}
        entry = {
            "game_index": index,
            "player_count": state.num_players,
            "start_player": names[state.start],
            "juices": juices,
            "winners": [names[w] for w in result.winners],
            "ended_by": state.ended_by,
        }
        aside = [
            {"location_id": loc, "game_index": index, "player_name": name}
            for name, locs in juices.items()
            for loc in locs
        ]
        nxt = Campaign(
            big_stack=list(self.deck[state.top :]),
            display=[(loc, state.counts[loc]) for loc in state.stacks],
            seed=self.seed,
            created_at=self.created_at,
            games_completed=index,
            set_aside_juices=[*self.set_aside_juices, *aside],
            seating=list(names),
            last_start_player=names[state.start],
            history=[*self.history, entry],
            end_mode=self.end_mode,
            max_rounds=self.max_rounds,
            ruleset=self.ruleset,
            rules_data_version=data_version(self.ruleset),
        )
        nxt.check()
        return nxt


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CampaignError(f"expected a whole number, got {value!r}")
    return value


def _loc(value: Any) -> int:
    """A Lime campaign's location id: a base number (48–53) or a string ``"1L"``…``"20L"``."""
    if isinstance(value, str) and value.endswith("L"):
        try:
            loc = parse_loc(value)
        except ValueError:
            raise CampaignError(f"expected a location id such as 48 or '1L', got {value!r}") from None
        if loc_label(loc) == value and loc in C.locations:
            return loc
        raise CampaignError(f"expected a location id such as 48 or '1L', got {value!r}")
    return _int(value)


def simulate_campaign(num_players: int, games: int, seed: int, lime: bool = False) -> Campaign:
    """Play ``games`` seeded random games in a row; the campaign after them (tests, conformance)."""
    from .rules import FabledFruit

    game = FabledFruit()
    names = [f"P{i + 1}" for i in range(num_players)]
    campaign = Campaign.new(seed, names, ruleset="lime" if lime else "base")
    for _ in range(games):
        state = game.new_state(num_players, campaign.game_seed(), campaign.game_options(num_players, names))
        chooser = random.Random(campaign.game_seed())
        dealer = Dealer(campaign.game_seed())  # (chance is dealt as a table deals it)
        dealer.settle(state)
        while not state.is_terminal():
            legal = state.legal_actions()
            buys = [a for a in legal if a.kind == "buy"]
            state.apply(buys[0] if buys and chooser.random() < 0.7 else chooser.choice(legal))
            dealer.settle(state)
        campaign = campaign.after_game(state, names)
    return campaign


#: Games played before the "deep" game of a campaign: a base campaign lasts ~20 games, a Lime
#: campaign (74 cards to buy) ~6–8, so its fourth game is several deep.
DEEP_GAMES = {"base": 10, "lime": 3}


@lru_cache(maxsize=16)
def _deep(num_players: int, lime: bool) -> tuple[tuple[str, Any], ...]:
    if lime:
        seed = derive_seed("fabledfruit-deep-lime-campaign", num_players)
        campaign = simulate_campaign(num_players, DEEP_GAMES["lime"], seed, lime=True)
    else:
        campaign = simulate_campaign(
            num_players, DEEP_GAMES["base"], derive_seed("fabledfruit-deep-campaign", num_players)
        )
    return tuple(campaign.game_options(num_players).items())


def deep_campaign_options(num_players: int, lime: bool = False) -> dict[str, Any]:
    """Options of the 11th game of a base campaign built from ten seeded random games (or the
    4th game of a Lime campaign after three)."""
    return dict(_deep(num_players, lime))


def load_text(text: str) -> Campaign:
    import json

    try:
        data = json.loads(text)
    except ValueError as exc:
        raise CampaignError(f"the campaign file is not valid JSON: {exc}") from None
    return Campaign.from_json(data)


def dump_text(campaign: Campaign) -> str:
    import json

    return json.dumps(campaign.to_json(), indent=1, ensure_ascii=False) + "\n"


class FableCampaigns:
    """Fable campaigns as every front end starts and loads them (the plugin's ``campaign`` hook)."""

    rulesets = RULESETS
    option_specs = (
        OptionSpec(
            "ruleset",
            str,
            "base",
            N_("base: the fables of locations #1–#59; lime: the Lime expansion's own fables"),
            choices=RULESETS,
            label=N_("Rules"),
            choice_labels=(N_("The fables"), N_("Lime expansion")),
        ),
        OptionSpec(
            "immediate_end",
            bool,
            False,
            N_("end each game right after the purchase that reaches the juices needed, not at the end of the round"),
            label=N_("End at once"),
        ),
        OptionSpec(
            "max_rounds",
            int,
            200,
            N_("a safety stop: a game is scored at the end of this round if nobody has ended it"),
            minimum=1,
            maximum=1000,
            label=N_("Round limit"),
            internal=True,
        ),
    )

    def new(self, seed: int, names: list[str], options: Mapping[str, Any]) -> Campaign:
        """A new campaign with ``options`` as :attr:`option_specs` say (each checked)."""
        values = validate_options(self.option_specs, options)
        end_mode = "immediate" if values["immediate_end"] else "end_of_round"
        return Campaign.new(seed, names, end_mode, values["max_rounds"], ruleset=values["ruleset"])

    def from_json(self, data: Any) -> Campaign:
        return Campaign.from_json(data)


SUPPORT = FableCampaigns()


__all__ = [
    "SUPPORT",
    "Campaign",
    "CampaignError",
    "FableCampaigns",
    "deep_campaign_options",
    "dump_text",
    "load_text",
    "simulate_campaign",
]
