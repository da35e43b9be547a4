"""Records (``fruitbowl-record/1``): everything needed to replay a game exactly.

A record names the game, its rules version, options, players and seed, and lists the actions
by their text. For a game with explicit chance (see :mod:`.chance`) it also lists the chance
outcomes (``chance``: the die rolls and draws, in the order they happened); an outcome the
record does not list is drawn by the dealer seeded with the record's seed, as the game drew it
(a server stores only the players' moves). Replaying it reproduces the game move for move. A
record of an old rules version the game still plays (:attr:`~.game.Game.legacy_dealers`, from
before its chance became explicit) replays with the old engine's draws, every outcome drawn by
that version's :class:`~.chance.LegacyDealer` (any it lists must be those). A record that is malformed,
from another rules version, altered (its checksum no longer matches) or whose actions are not
legal is refused with :class:`RecordError` naming the problem (and the file, when loaded
from one). A record without a checksum (written by hand or by another tool) is loaded with
``verified`` False, so front ends can warn that nothing vouches for it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action
from .chance import Dealer, Dealing, LegacyDealer
from .errors import FruitbowlError, IllegalAction, RecordError
from .events import Event
from .game import CHANCE, Game, State
from .registry import get_game

RECORD_FORMAT = "fruitbowl-record/1"


@dataclass
class Player:
    """A seat's occupant: a name, and who chooses its moves (``human`` or a bot's name)."""

    name: str
    controller: str = "human"

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "controller": self.controller}


@dataclass
class Record:
    game: str
    rules_version: str
    options: dict[str, Any]
    players: list[Player]
    seed: int
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    #: False when the record carried no checksum: it may have been written or edited by hand.
    verified: bool = field(default=True, compare=False, repr=False)
    #: The chance outcomes' texts, in the order the game met its chance nodes (games with
    #: explicit chance; empty for the others, and then not written).
    chance: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": dict(self.options),
            "players": [p.to_json() for p in self.players],
            "seed": self.seed,
            "actions": list(self.actions),
        }
        if self.chance:
            data["chance"] = list(self.chance)
        if self.result is not None:
            data["result"] = self.result
        data["checksum"] = checksum(data)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Parse and check a record's shape (not yet its moves: see :func:`replay`)."""
        if not isinstance(data, Mapping):
            raise RecordError("a record is a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a {RECORD_FORMAT} record (format is {data.get('format')!r})")
        verified = "checksum" in data
        if verified and data["checksum"] != checksum(data):
            raise RecordError("the record's checksum does not match its contents: it was altered or damaged")
        game_id = _typed(data, "game", str)
        rules_version = _typed(data, "rules_version", str)
        options = _typed(data, "options", dict)
        seed = _typed(data, "seed", int)
        actions = _typed(data, "actions", list)
        if not all(isinstance(a, str) for a in actions):
            raise RecordError("record field 'actions' must be a list of action texts")
        players = [_player(p) for p in _typed(data, "players", list)]
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise RecordError("record field 'result' must be an object")
        chance = data.get("chance", [])
        if not isinstance(chance, list) or not all(isinstance(c, str) for c in chance):
            raise RecordError("record field 'chance' must be a list of chance outcome texts")
        return cls(game_id, rules_version, options, players, seed, actions, result, verified, chance)

    @classmethod
    def parse(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON: {json_problem(exc)}") from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Record:
        """Read and parse a record or save file; every refusal names the file."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not a text file") from None
        with naming_file(path):
            return cls.parse(text)

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)


def json_problem(exc: json.JSONDecodeError) -> str:
    """``Unterminated string starting at line 18 column 5``: the decoder's message with its
    position, without the doubled "at" its own wording would give."""
    return f"{exc.msg.removesuffix(' at')} at line {exc.lineno} column {exc.colno}"


@contextmanager
def naming_file(path: str | os.PathLike[str]) -> Iterator[None]:
    """Prefix any :class:`RecordError` raised inside with the file it is about."""
    try:
        yield
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None


def checksum(data: Mapping[str, Any]) -> str:
    """SHA-256 of the record's canonical JSON without its checksum field."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _typed(data: Mapping[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise RecordError(f"record field {key!r} is missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        kinds = {int: "a whole number", str: "text", list: "a list", dict: "an object"}
        raise RecordError(f"record field {key!r} must be {kinds.get(kind, kind.__name__)}; got {value!r}")
    return value


def _player(data: Any) -> Player:
    if isinstance(data, str):
        return Player(data)
    if isinstance(data, Mapping) and isinstance(data.get("name"), str):
        controller = data.get("controller", "human")
        if not isinstance(controller, str):
            raise RecordError("a player's controller must be text")
        return Player(data["name"], controller)
    raise RecordError(f"a player is a name or {{'name', 'controller'}}; got {data!r}")


class ChanceSource:
    """Where a replayed game's chance outcomes come from: the record's own, in order, then (once
    they run out) the dealer seeded with the record's seed, exactly as a :class:`Match` draws them.
    For a record of an old rules version (:func:`legacy_dealer`) every outcome is the legacy
    dealer's, and each one the record lists must be the one it draws.
    ``used`` lists every outcome resolved so far, recorded or drawn."""

    def __init__(self, record: Record):
        self.recorded = record.chance
        self.seed = record.seed
        self.used: list[str] = []
        self.legacy = legacy_dealer(record)
        self.dealer: Dealing | None = self.legacy
        #: Which old engine the legacy dealer stands for, in refusals ("Tang Hu Lu rules 1").
        self.rules = "" if self.legacy is None else f"{get_game(record.game).title} rules {record.rules_version}"

    def settle(self, state: State, move: int | None = None) -> list[Event]:
        """Resolve ``state``'s chance nodes until a player acts or the game ends; their events.
        ``move``: the number of the move they follow (``None``: the deal), for refusals."""
        events: list[Event] = []
        while state.current_player == CHANCE:
            number = len(self.used)
            recorded = self.recorded[number] if number < len(self.recorded) else None
            if self.legacy is not None:
                outcome = self._legacy_draw(state, number, move)
                if recorded is not None and recorded != outcome.text:
                    raise RecordError(
                        f"chance outcome {number + 1} ({recorded!r}, {_after(move)}) is not the one "
                        f"{self.rules} drew there ({outcome.text!r}): the record was altered"
                    )
            elif recorded is not None:
                try:
                    outcome = state._outcome(recorded)
                except IllegalAction as exc:
                    raise RecordError(
                        f"chance outcome {number + 1} ({recorded!r}) is not possible in the recorded game: {exc}"
                    ) from None
            else:
                if self.dealer is None:
                    self.dealer = Dealer(self.seed, drawn=number)
                outcome = self.dealer.draw(state)
            events += state.apply(outcome)
            self.used.append(outcome.text)
        return events

    def _legacy_draw(self, state: State, number: int, move: int | None) -> Action:
        assert self.legacy is not None
        try:
            return self.legacy.draw(state)
        except IllegalAction as exc:
            raise RecordError(
                f"chance outcome {number + 1} ({_after(move)}) cannot be drawn as {self.rules} drew it: {exc}"
            ) from None

    def dealer_after(self) -> Dealing:
        """The dealer (seeded, or the legacy one), at the place it would be in after drawing every
        outcome used: it draws the game's next outcomes."""
        if self.dealer is not None:
            return self.dealer
        return Dealer(self.seed, drawn=len(self.used))

    def check_all_used(self) -> None:
        if len(self.used) < len(self.recorded):
            raise RecordError(
                f"the record lists {len(self.recorded)} chance outcomes, but its moves meet only {len(self.used)}"
            )


def _after(move: int | None) -> str:
    return "in the deal" if move is None else f"after move {move}"


def legacy_dealer(record: Record) -> LegacyDealer | None:
    """The dealer reproducing the old engine's draws for a record of one of the game's
    :attr:`~.game.Game.legacy_dealers` versions, at the game's start; ``None`` for any other
    record (the current version's, or one :func:`start_state` refuses)."""
    try:
        game = get_game(record.game)
        dealer_class = game.legacy_dealers.get(record.rules_version)
        if dealer_class is None or record.rules_version == game.rules_version:
            return None
        options = game.validate_options(record.options, len(record.players))
    except FruitbowlError:
        return None  # (start_state refuses the record, saying why)
    return dealer_class(record.seed, len(record.players), options)


def start_state(record: Record, chance: ChanceSource | None = None) -> tuple[Game, State]:
    """The game and its first position for a record, refusing bad ids, versions and options.

    For a game with explicit chance the opening's chance nodes (the deal) are resolved from
    ``chance`` (by default the record's outcomes, then its seeded dealer; an old version's record:
    its legacy dealer), and their events
    follow the state's ``setup_events``: the first position is the one the first player sees.
    """
    try:
        game = get_game(record.game)
        if record.rules_version != game.rules_version and record.rules_version not in game.legacy_dealers:
            raise RecordError(old_rules(game, record.rules_version))
        state = game.new_state(len(record.players), record.seed, record.options)
    except RecordError:
        raise
    except FruitbowlError as exc:
        raise RecordError(f"record cannot start a game: {exc}") from None
    if state.current_player == CHANCE:
        dealt = (chance or ChanceSource(record)).settle(state)
        opening: Any = state  # (a game's state class declares the slot; one without keeps no setup events)
        with contextlib.suppress(AttributeError):
            opening.setup_events = [*getattr(state, "setup_events", []), *dealt]
    return game, state


def old_rules(game: Game, version: str) -> str:
    """Why a record (a save, a stored table) of another rules version is refused."""
    said = f"this game was recorded with {game.title} rules {version}; this fruitbowl plays rules {game.rules_version}"
    if game.explicit_chance and version in game.pre_chance_rules:
        return (
            f"{said}, which write every die roll and draw into the record: a game saved before that change "
            "cannot be replayed or continued (its draws came from a generator that no longer exists)"
        )
    return said


def replay(
    record: Record, chance: ChanceSource | None = None, opening: State | None = None
) -> Iterator[tuple[int, str, State, list[Event]]]:
    """Yield ``(move_number, action_text, state_after, events)`` for every recorded action;
    ``events`` include those of the chance outcomes that followed it (see :class:`ChanceSource`).

    The state object is the same one throughout, advanced in place (``opening``, if given: the
    first position :func:`start_state` made with the same ``chance``); clone it to keep a copy.
    """
    chance = chance or ChanceSource(record)
    state = opening if opening is not None else start_state(record, chance)[1]
    for number, text in enumerate(record.actions, start=1):
        try:
            events = state.apply(text)
        except IllegalAction as exc:
            raise RecordError(f"move {number} ({text!r}) is not legal in the recorded game: {exc}") from None
        events += chance.settle(state, number)
        yield number, text, state, events
    if record.result is not None:
        if not state.is_terminal():
            raise RecordError("the record claims a result, but its moves do not finish the game")
        if state.result().to_json() != record.result:
            raise RecordError("the record's result does not match the result its moves produce")
        chance.check_all_used()  # (a record cut short may list the outcomes of moves it leaves out)


def replay_to_end(record: Record) -> State:
    """The final position of a record, checked move by move."""
    final: State | None = None
    for _number, _text, state, _events in replay(record):
        final = state
    return final if final is not None else start_state(record)[1]
