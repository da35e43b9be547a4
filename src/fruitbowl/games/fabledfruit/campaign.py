"""Fable campaigns (§2.11, §4.1): the table state carried from one game to the next.

A :class:`Campaign` is a plain serialisable object holding exactly §4.1's ``CampaignSave``:
the display and big stack as the last game left them, the juices set aside for good, the
history, the campaign options and its seed. It knows nothing about files: the terminal writes
it to ``data_home()/campaigns/NAME.json`` and a server may keep the same JSON in its database.

:meth:`Campaign.from_json` runs every §4.1 consistency check (all 240 cards accounted for,
the big stack a sorted tail of the deck, 24 cards displayed while the big stack lasts, the
set-aside juices equal to the history's…) and refuses a damaged or edited file with a
:class:`CampaignError` naming the first broken rule; nothing is ever repaired silently.

A game is started from :meth:`Campaign.game_options` — ordinary game options, so the game's
record alone replays it — and :meth:`Campaign.after_game` applies the fable step to a finished
game.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from fruitbowl.engine.errors import FruitbowlError, InvalidOption
from fruitbowl.engine.rng import derive_seed

from . import deck
from .components import COMPONENTS as C
from .components import DATA_FILE

FORMAT_VERSION = 1
END_MODES = ("end_of_round", "immediate")
#: Version of the location data the campaign was played with (the reconstructions may change).
RULES_DATA_VERSION = "base-1-" + hashlib.sha256(DATA_FILE.read_bytes()).hexdigest()[:12]


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
        cls, seed: int, seating: Sequence[str] = (), end_mode: str = "end_of_round", max_rounds: int = 200
    ) -> Campaign:
        """A new base campaign: #1–#6 displayed, 216 cards in the big stack (§2.2.1)."""
        if end_mode not in END_MODES:
            raise InvalidOption(f"end_mode must be one of {', '.join(END_MODES)}; got {end_mode!r}")
        stacks, counts, top = deck.first_display()
        return cls(
            big_stack=list(deck.DECK[top:]),
            display=[(loc, counts[loc]) for loc in stacks],
            seed=seed,
            seating=list(seating),
            end_mode=end_mode,
            max_rounds=max_rounds,
        )

    @property
    def campaign_complete(self) -> bool:
        return not self.big_stack and self.games_completed >= 1

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "fruitbowl-campaign/1",
            "game": "fabledfruit",
            "format_version": FORMAT_VERSION,
            "ruleset": self.ruleset,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "games_completed": self.games_completed,
            "big_stack": list(self.big_stack),
            "display": [{"location_id": loc, "count": count} for loc, count in self.display],
            "set_aside_juices": [dict(j) for j in self.set_aside_juices],
            "unused_cards": [],
            "seating": list(self.seating),
            "last_start_player": self.last_start_player,
            "history": [dict(h) for h in self.history],
            "options": {"end_mode": self.end_mode, "max_rounds": self.max_rounds},
            "rng": {"seed": self.seed, "state": self.games_completed},
            "campaign_complete": self.campaign_complete,
            "rules_data_version": self.rules_data_version,
        }

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
        if data["ruleset"] != "base":
            raise CampaignError(f"ruleset {data['ruleset']!r} is not supported yet (only 'base')")
        options = data["options"]
        rng = data["rng"]
        return cls(
            big_stack=[_int(x) for x in data["big_stack"]],
            display=[(_int(d["location_id"]), _int(d["count"])) for d in data["display"]],
            seed=_int(rng["seed"]),
            created_at=str(data["created_at"]),
            updated_at=str(data["updated_at"]),
            games_completed=_int(data["games_completed"]),
            set_aside_juices=[
                {
                    "location_id": _int(j["location_id"]),
                    "game_index": _int(j["game_index"]),
                    "player_name": str(j["player_name"]),
                }
                for j in data["set_aside_juices"]
            ],
            seating=[str(x) for x in data["seating"]],
            last_start_player=None if data["last_start_player"] is None else str(data["last_start_player"]),
            history=[dict(h) for h in data["history"]],
            end_mode=str(options["end_mode"]),
            max_rounds=_int(options["max_rounds"]),
            ruleset="base",
            rules_data_version=str(data["rules_data_version"]),
        )

    def check(self) -> None:
        """§4.1's invariants; :class:`CampaignError` naming the first that fails."""
        fail = CampaignError
        if self.end_mode not in END_MODES:
            raise fail(f"options.end_mode must be one of {', '.join(END_MODES)}; got {self.end_mode!r}")
        if not 1 <= self.max_rounds <= 1000:
            raise fail(f"options.max_rounds must be 1–1000; got {self.max_rounds}")
        size = len(self.big_stack)
        if self.big_stack != list(deck.DECK[deck.DECK_SIZE - size :]):
            raise fail("the big stack is not the sorted tail of the location deck (it is never shuffled, §2.1)")
        placed: Counter[int] = Counter()
        for loc, count in self.display:
            if loc not in C.locations:
                raise fail(f"display: #{loc} is not a base location")
            if count < 1:
                raise fail(f"display: the #{loc} stack holds {count} cards; a stack holds at least 1")
            if placed[loc]:
                raise fail(f"display: #{loc} appears twice")
            placed[loc] += count
        if self.big_stack and sum(placed.values()) != C.first_display:
            raise fail(f"the display holds {sum(placed.values())} cards; it must hold 24 while the big stack lasts")
        if self.big_stack and any(loc > self.big_stack[0] for loc in placed):
            raise fail(f"a displayed location comes after #{self.big_stack[0]}, the top of the big stack")
        aside = Counter(j["location_id"] for j in self.set_aside_juices)
        total = Counter(self.big_stack) + placed + aside
        if sum(total.values()) != deck.DECK_SIZE:
            raise fail(
                f"the campaign accounts for {sum(total.values())} location cards "
                f"({sum(placed.values())} displayed + {size} in the big stack + {sum(aside.values())} set aside); "
                f"there are {deck.DECK_SIZE}"
            )
        for loc, info in C.locations.items():
            if total[loc] != info.copies:
                raise fail(f"#{loc} has {total[loc]} copies in the campaign; it must have {info.copies}")
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
        return {
            "display": deck.display_text([loc for loc, _ in self.display], counts),
            "big_stack": len(self.big_stack),
            "game_number": self.games_completed + 1,
            "first_player": first,
            "immediate_end": self.end_mode == "immediate",
            "max_rounds": self.max_rounds,
        }

    def after_game(self, state: Any, names: Sequence[str]) -> Campaign:
        """The fable step (§2.11) after a finished game: a new campaign object; this one is kept."""
        if not state.is_terminal():
            raise CampaignError("only a finished game changes the campaign (§2.11 item 7)")
        index = self.games_completed + 1
        if state.options.get("game_number") != index:
            raise CampaignError(f"this game was set up as game {state.options.get('game_number')}, not game {index}")
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
            big_stack=list(deck.DECK[state.top :]),
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
            rules_data_version=RULES_DATA_VERSION,
        )
        nxt.check()
        return nxt


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CampaignError(f"expected a whole number, got {value!r}")
    return value


def simulate_campaign(num_players: int, games: int, seed: int) -> Campaign:
    """Play ``games`` seeded random games in a row; the campaign after them (tests, conformance)."""
    from .rules import FabledFruit

    game = FabledFruit()
    names = [f"P{i + 1}" for i in range(num_players)]
    campaign = Campaign.new(seed, names)
    for _ in range(games):
        state = game.new_state(num_players, campaign.game_seed(), campaign.game_options(num_players, names))
        chooser = random.Random(campaign.game_seed())
        while not state.is_terminal():
            legal = state.legal_actions()
            buys = [a for a in legal if a.kind == "buy"]
            state.apply(buys[0] if buys and chooser.random() < 0.7 else chooser.choice(legal))
        campaign = campaign.after_game(state, names)
    return campaign


@lru_cache(maxsize=8)
def _deep(num_players: int) -> tuple[tuple[str, Any], ...]:
    campaign = simulate_campaign(num_players, 10, derive_seed("fabledfruit-deep-campaign", num_players))
    return tuple(campaign.game_options(num_players).items())


def deep_campaign_options(num_players: int) -> dict[str, Any]:
    """Options of the 11th game of a campaign built from ten seeded random games."""
    return dict(_deep(num_players))


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


__all__ = [
    "Campaign",
    "CampaignError",
    "deep_campaign_options",
    "dump_text",
    "load_text",
    "simulate_campaign",
]
