"""Tournament results in a database (SQLAlchemy): one row per tournament, one per finished game.

SQLite in the data directory by default (``$FRUITBOWL_HOME/tournaments.db``); any SQLAlchemy
URL works (``postgresql://…``). A game row is written once: its primary key is
``(tournament, index)`` and a second copy of the same game is ignored, so a retried or re-run
game is never counted twice. Each row keeps the game's full record, so any game can be
replayed, and the facts the balance report reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Float, ForeignKey, Integer, String
from sqlalchemy import select as sa_select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from fruitbowl.database import open_engine
from fruitbowl.engine import FruitbowlError
from fruitbowl.paths import data_home

from .schedule import TournamentSpec
from .worker import GameData


def default_db_url() -> str:
    return f"sqlite:///{data_home() / 'tournaments.db'}"


def now() -> datetime:
    return datetime.now(UTC)


class StorageError(FruitbowlError):
    """The results database cannot be opened or read."""


class Base(DeclarativeBase):
    pass


class TournamentRow(Base):
    __tablename__ = "sim_tournaments"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), index=True)
    rules_version: Mapped[str] = mapped_column(String(16))
    spec: Mapped[dict[str, Any]] = mapped_column(JSON)
    total: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class GameRow(Base):
    __tablename__ = "sim_games"

    tournament_id: Mapped[str] = mapped_column(ForeignKey("sim_tournaments.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[list[str]] = mapped_column(JSON)
    scores: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    places: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    winners: Mapped[list[int]] = mapped_column(JSON)
    actions: Mapped[int] = mapped_column(Integer)
    truncated: Mapped[bool] = mapped_column(Boolean)
    seconds: Mapped[float] = mapped_column(Float)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    facts: Mapped[dict[str, Any]] = mapped_column(JSON)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    def to_data(self) -> GameData:
        return GameData(
            index=self.index,
            seed=self.seed,
            seats=tuple(self.seats),
            scores=None if self.scores is None else tuple(self.scores),
            places=None if self.places is None else tuple(self.places),
            winners=tuple(self.winners),
            actions=self.actions,
            truncated=self.truncated,
            seconds=self.seconds,
            record=self.record,
            facts=self.facts,
        )


def make_engine(url: str) -> Engine:
    try:
        engine = open_engine(url)
    except Exception as exc:  # a malformed URL or a missing driver
        raise StorageError(f"--db {url!r} is not a usable database URL: {exc}") from None
    try:
        Base.metadata.create_all(engine)
    except OperationalError as exc:
        raise StorageError(f"cannot open the results database {url!r}: {exc.orig}") from None
    return engine


class Store:
    """Tournaments and their games in one database."""

    def __init__(self, url: str | None = None):
        self.url = url or default_db_url()
        self.engine = make_engine(self.url)

    def close(self) -> None:
        self.engine.dispose()

    def ensure_tournament(self, spec: TournamentSpec, rules_version: str, total: int) -> str:
        """The tournament's id, creating its row the first time."""
        with Session(self.engine) as session:
            if session.get(TournamentRow, spec.id) is None:
                session.add(
                    TournamentRow(
                        id=spec.id, game=spec.game, rules_version=rules_version, spec=spec.to_json(), total=total
                    )
                )
                try:
                    session.commit()
                except IntegrityError:  # created meanwhile by another run: fine
                    session.rollback()
        return spec.id

    def done_indices(self, tournament_id: str) -> set[int]:
        with Session(self.engine) as session:
            rows = session.execute(sa_select(GameRow.index).where(GameRow.tournament_id == tournament_id))
            return {index for (index,) in rows}

    def add_games(self, tournament_id: str, games: Sequence[GameData]) -> int:
        """Store finished games; a game already stored is skipped (the primary key refuses it).

        Returns how many were new. Callers filter the games they know are stored already.
        """
        unique = list({g.index: g for g in games}.values())
        if not unique:
            return 0
        with Session(self.engine) as session:
            session.add_all(
                GameRow(
                    tournament_id=tournament_id,
                    index=g.index,
                    seed=g.seed,
                    seats=list(g.seats),
                    scores=None if g.scores is None else list(g.scores),
                    places=None if g.places is None else list(g.places),
                    winners=list(g.winners),
                    actions=g.actions,
                    truncated=g.truncated,
                    seconds=g.seconds,
                    record=g.record,
                    facts=g.facts,
                )
                for g in unique
            )
            try:
                session.commit()
            except IntegrityError:  # another run stored some of them meanwhile: store the rest one by one
                session.rollback()
                return sum(self.add_games(tournament_id, [g]) for g in unique) if len(unique) > 1 else 0
        return len(unique)

    def games(self, tournament_id: str) -> list[GameData]:
        """Every stored game of a tournament, by index."""
        with Session(self.engine) as session:
            rows = session.scalars(
                sa_select(GameRow).where(GameRow.tournament_id == tournament_id).order_by(GameRow.index)
            )
            return [row.to_data() for row in rows]

    def tournaments(self, game: str | None = None) -> list[dict[str, Any]]:
        """Stored tournaments, newest first, with how many of their games are finished."""
        with Session(self.engine) as session:
            query = sa_select(TournamentRow).order_by(TournamentRow.created_at.desc())
            if game is not None:
                query = query.where(TournamentRow.game == game)
            out = []
            for row in session.scalars(query):
                done = len(self.done_indices(row.id))
                out.append({"id": row.id, "game": row.game, "spec": row.spec, "total": row.total, "done": done})
            return out

    def find(self, game: str, ref: str) -> dict[str, Any]:
        """A tournament of ``game`` by id, unique id prefix, or ``latest``."""
        known = self.tournaments(game)
        if not known:
            raise StorageError(
                f"no {game} tournament is stored in {self.url}; run 'fruitbowl tournament {game} …' first"
            )
        if ref == "latest":
            return known[0]
        matches = [t for t in known if t["id"].startswith(ref.lower())]
        if len(matches) != 1:
            ids = ", ".join(t["id"] for t in known[:10])
            what = "matches several" if matches else "is not"
            raise StorageError(f"tournament {ref!r} {what} a stored {game} tournament; known: {ids}")
        return matches[0]


def ordered(games: Iterable[GameData]) -> list[GameData]:
    return sorted(games, key=lambda g: g.index)
