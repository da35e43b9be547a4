"""A campaign's tables: creating campaigns, reading them (all of it for the owner and the players of
its tables, the name and progress for anyone else), starting the campaign's next game at a new table, and cancelling it.

What a campaign is and how it advances is the game's (its plugin's campaign support, reached
through :mod:`.campaigns`); the database allows one unfinished table per campaign.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from fruitbowl.engine import get_game
from fruitbowl.engine.rng import random_seed
from fruitbowl.engine.wording import N_, _

from .bot_runner import BotRunner
from .campaigns import MAX_CAMPAIGN_TOKENS, load_campaign, new_campaign, public_campaign
from .campaigns import summary as campaign_summary
from .clocks import TimeControl
from .db import UNFINISHED_STATUSES, CampaignRow, SeatRow, TableRow, now
from .errors import BadRequest, Conflict, Damaged, Forbidden, NotFound
from .live import CreatedTable, SeatRequest, check_name, hash_token, new_token, seat_name, suggested_bot
from .runtime import Runtime
from .store import TableStore

#: Creates a table (the service's ``create``), here with a campaign's seed and options.
Create = Callable[..., Awaitable[CreatedTable]]


class CampaignTables:
    """The campaign routes' service: campaigns and the tables that play them."""

    def __init__(self, store: TableStore, runtime: Runtime, bots: BotRunner, create: Create):
        self.store, self.runtime, self.bots, self.create = store, runtime, bots, create

    def create_campaign(self, game_id: str, name: str | None, ruleset: str | None = None) -> dict[str, Any]:
        """A new campaign; the answer carries its owner's token (stored only as a hash)."""
        game = get_game(game_id)
        campaign = new_campaign(game.id, random_seed(), ruleset)
        campaign_id = secrets.token_urlsafe(8)
        token = new_token()
        title = f"{game.title} campaign" if name is None else check_name(name, N_("a campaign's name"))
        with self.store.sessions.begin() as db:
            db.add(
                CampaignRow(
                    id=campaign_id, game=game.id, name=title, data=campaign.to_json(), owner_hash=hash_token(token)
                )
            )
        summary = campaign_summary(campaign_id, game.id, title, campaign)
        return {**summary, "going_on": None, "tables": [], "token": token}

    def list_campaigns(self, tokens: Sequence[str]) -> list[dict[str, Any]]:
        """The campaigns whose owner tokens are presented (nobody else's), most recently played first.
        One that does not read back (edited, or of a game no longer installed) is listed by its
        name with ``damaged``, the sentence saying why, so that it hides none of the others."""
        hashes = [hash_token(t) for t in tokens]
        if not hashes:
            return []
        with self.store.sessions() as db:
            rows = db.scalars(
                select(CampaignRow)
                .where(CampaignRow.owner_hash.in_(hashes))
                .order_by(CampaignRow.updated_at.desc())
                .limit(MAX_CAMPAIGN_TOKENS)
            ).all()
            going_on = dict(
                db.execute(
                    select(TableRow.campaign_id, TableRow.id).where(
                        TableRow.campaign_id.in_([r.id for r in rows]), TableRow.status.in_(UNFINISHED_STATUSES)
                    )
                ).all()
            )
            listed = []
            for r in rows:
                try:
                    summary = campaign_summary(r.id, r.game, r.name, load_campaign(r.id, r.game, r.data))
                except Damaged as exc:
                    summary = {"id": r.id, "game": r.game, "name": r.name, "damaged": str(exc)}
                listed.append({**summary, "going_on": going_on.get(r.id)})
            return listed

    def campaign(self, campaign_id: str, token: str | None, seat_token: str | None = None) -> dict[str, Any]:
        """A campaign. Its owner, and anyone holding a seat token of one of its tables (a friend who
        played it), read all of it: its players (the seats of its latest game: names, and which are
        bots of what level), its games (date, status, result) and the game going on. Anyone else
        reads only what its name and progress say."""
        with self.store.sessions() as db:
            row = db.get(CampaignRow, campaign_id)
            if row is None:
                raise NotFound(_("there is no campaign {campaign_id}").format(campaign_id=repr(campaign_id)))
            info = campaign_summary(row.id, row.game, row.name, load_campaign(row.id, row.game, row.data))
            owner = _owns(row, token)
            if not owner and not _played(db, campaign_id, seat_token):
                return public_campaign(info)
            tables = db.scalars(
                select(TableRow).where(TableRow.campaign_id == campaign_id).order_by(TableRow.created_at)
            ).all()
            info["owner"] = owner
            info["going_on"] = self._unfinished_table(db, campaign_id)
            info["tables"] = [
                {
                    "id": t.id,
                    "status": t.status,
                    "game_number": (t.options or {}).get("game_number"),
                    "created_at": t.created_at.isoformat(),
                    "updated_at": t.updated_at.isoformat(),
                    "players": [_seat_json(s) for s in t.seats],
                    "result": t.result,
                }
                for t in tables
            ]
            info["players"] = [_seat_json(s) for s in tables[-1].seats] if tables else []
            return info

    def _owned_campaign(self, db: Session, campaign_id: str, token: str | None) -> CampaignRow:
        row = db.get(CampaignRow, campaign_id)
        if row is None:
            raise NotFound(_("there is no campaign {campaign_id}").format(campaign_id=repr(campaign_id)))
        if not _owns(row, token):
            raise Forbidden(
                _(
                    "only the campaign's owner can start or cancel its tables "
                    "(send the campaign's token in the X-Campaign-Token header)"
                )
            )
        return row

    @staticmethod
    def _unfinished_table(db: Session, campaign_id: str) -> str | None:
        return db.scalar(
            select(TableRow.id).where(TableRow.campaign_id == campaign_id, TableRow.status.in_(UNFINISHED_STATUSES))
        )

    async def campaign_table(
        self,
        campaign_id: str,
        token: str | None,
        num_players: int | None,
        seats: Sequence[SeatRequest | None] | None,
        you: int | None = 0,
        allow_spectators: bool = True,
        open_join: bool = True,
        name: str | None = None,
        spectator_chat: bool = False,
        clock: TimeControl | None = None,
        takeover: str | None = None,
    ) -> CreatedTable:
        """The campaign's next game at a new table, seated as ``seats`` ask (as when creating a
        table, with its settings: spectators, clock and stand-in); a ``None`` seat keeps whoever
        sat there in the campaign's previous game: a friend keeps their seat token (as at a
        rematch), a bot its level. Without ``seats``, every seat
        is kept (a first game: you and bots of the suggested level). Your own seat (``you``) gets a new token.
        The database allows one unfinished table per campaign (whichever process inserts it) and
        never two tables with one seed."""
        with self.store.sessions() as db:
            row = self._owned_campaign(db, campaign_id, token)
            unfinished = self._unfinished_table(db, campaign_id)
            game_id, campaign = row.game, load_campaign(row.id, row.game, row.data)
            seed = campaign.game_seed()
            if db.scalar(select(TableRow.id).where(TableRow.seed == seed)) is not None:
                seed = random_seed()  # this game of the campaign was started before (and cancelled)
            previous = db.scalar(
                select(TableRow)
                .where(TableRow.campaign_id == campaign_id, TableRow.status.not_in(UNFINISHED_STATUSES))
                .order_by(TableRow.created_at.desc())
                .limit(1)
            )
            seated = previous.seats if previous else []
            before = [(s.controller, s.name, s.token_hash if s.claimed else None) for s in seated]
            previous_id = previous.id if previous else None
        if unfinished:
            raise Conflict(_going_on(unfinished))
        players = num_players or (len(seats) if seats else len(before) or 2)
        if seats is None:
            kept: list[SeatRequest | None] = [None] * players
            # (as POST /api/tables without seats: you, and the suggested bot; the pages send the levels chosen)
            seats = kept if len(before) == players else [SeatRequest()] + [SeatRequest(suggested_bot())] * (players - 1)
        requests: list[SeatRequest] = []
        for index, request in enumerate(seats):
            if request is None:
                if index >= len(before):
                    had = f"its previous game had {len(before)} seats" if before else "it has no previous game"
                    raise BadRequest(
                        _("seat {index} cannot keep its player from the campaign's last game: {had}").format(
                            index=index + 1, had=had
                        )
                    )
                controller, sat, token_hash = before[index]
                request = SeatRequest(controller, sat, None if index == you else token_hash)
            requests.append(request)
        if name is not None and you is not None and 0 <= you < len(requests):
            requests[you] = SeatRequest(requests[you].controller, name, requests[you].token_hash)
        names = [seat_name(i, r.controller.strip().lower(), r.name) for i, r in enumerate(requests)]
        requests = [SeatRequest(r.controller, names[i], r.token_hash) for i, r in enumerate(requests)]
        options = campaign.game_options(players, names)
        try:
            created = await self.create(
                game_id,
                players,
                options,
                requests,
                you=you,
                allow_spectators=allow_spectators,
                open_join=open_join,
                seed=seed,
                campaign_id=campaign_id,
                spectator_chat=spectator_chat,
                clock=clock,
                takeover=takeover,
            )
        except IntegrityError:  # another request (perhaps at another server) started it first
            with self.store.sessions() as db:
                unfinished = self._unfinished_table(db, campaign_id)
            raise Conflict(
                _going_on(unfinished)
                if unfinished
                else "another table of this campaign was started at the same moment; reload and try again"
            ) from None
        if previous_id is not None:
            await self._point_to_next(previous_id, created.id)
        return created

    async def _point_to_next(self, previous_id: str, next_id: str) -> None:
        """The previous game's table shows the next one (as a rematch), so its players find it."""
        with self.store.sessions.begin() as db:
            marked = db.execute(
                update(TableRow)
                .where(TableRow.id == previous_id, TableRow.rematch_id.is_(None))
                .values(rematch_id=next_id)
            )
            changed = bool(getattr(marked, "rowcount", True))
            if changed:
                self.store.notify(db, previous_id)
        live = self.runtime.tables.get(previous_id)
        if live is not None and changed:
            live.rematch_id = next_id
            await self.runtime.broadcast(live)

    async def cancel_campaign_table(self, campaign_id: str, token: str | None) -> dict[str, Any]:
        """The owner ends the campaign's unfinished game without a result; the campaign is unchanged."""
        with self.store.sessions() as db:
            self._owned_campaign(db, campaign_id, token)
            unfinished = self._unfinished_table(db, campaign_id)
        if unfinished is None:
            raise Conflict(_("this campaign has no game going on to cancel"))
        table = await self.runtime.get(unfinished)
        async with table.lock:
            with self.store.sessions.begin() as db:
                cancelled = db.execute(
                    update(TableRow)
                    .where(TableRow.id == table.id, TableRow.status.in_(UNFINISHED_STATUSES))
                    .values(status="cancelled", updated_at=now())
                )
                if getattr(cancelled, "rowcount", 1):
                    self.store.notify(db, table.id)
            if not getattr(cancelled, "rowcount", 1):
                self.store.resync(table)
                raise Conflict(
                    _("the game at table {id} has just ended; there is nothing to cancel").format(id=table.id)
                )
            table.status = "cancelled"
            if table.bot_task is not None:
                table.bot_task.cancel()
        await self.runtime.broadcast(table)
        await self.bots.claims.release(table.id)
        return {"campaign": campaign_id, "cancelled": table.id}


def _owns(row: CampaignRow, token: str | None) -> bool:
    """Whether ``token`` is the campaign's owner token; a campaign stored before campaigns had
    owners (no hash) stays open to anyone, as it was."""
    if row.owner_hash is None:
        return True
    return bool(token) and secrets.compare_digest(row.owner_hash, hash_token(token or ""))


def _played(db: Session, campaign_id: str, seat_token: str | None) -> bool:
    """Whether ``seat_token`` holds (or held) a seat at one of the campaign's tables."""
    if not seat_token:
        return False
    return (
        db.scalar(
            select(SeatRow.table_id)
            .join(TableRow, TableRow.id == SeatRow.table_id)
            .where(TableRow.campaign_id == campaign_id, SeatRow.token_hash == hash_token(seat_token))
            .limit(1)
        )
        is not None
    )


def _seat_json(seat: SeatRow) -> dict[str, Any]:
    return {"seat": seat.seat, "name": seat.name, "controller": seat.controller, "claimed": seat.claimed}


def _going_on(table_id: str) -> str:
    return f"this campaign's game is still going on at table {table_id}; finish or cancel it first"
