"""HTTP and WebSocket routes: a thin shell that parses requests and calls :class:`TableService`.

Seat tokens travel in the ``X-Seat-Token`` header (or ``?token=`` where a browser cannot set a
header, as for WebSockets); every refusal is ``{"error": "<one sentence>"}`` with a fitting
status code.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocketState

from fruitbowl.bots import bot_label, bot_names
from fruitbowl.engine import FruitbowlError, IllegalAction, Record, all_games, get_game
from fruitbowl.engine.wording import _
from fruitbowl.views import view_schema

from . import tutorials
from .boards import describe_game
from .campaigns import campaign_tokens
from .clocks import parse_time_control
from .errors import BadRequest, InvalidToken, TooMany, database_error, retry_after, status_of
from .guard import OffLoop, client_address, guarded_route
from .languages import asked_language, rendered_in, speaking_in
from .limits import Limits, RateLimiter, TokenLockout
from .live import CreatedTable, SeatRequest, hash_token, suggested_bot
from .outbox import ABORT_KEY, Outbox
from .privacy import check_reader, replay_moves, replay_notes, replay_view
from .rules_pages import rule_link
from .security import origin_refusal
from .snapshots import chat_entry, table_action_space
from .snapshots import explain as explain_action
from .tables import TableService

MAX_MESSAGE = 4096

log = logging.getLogger("fruitbowl.server")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


#: A name as sent (a seat's, a campaign's): any text, which the one rule for names checks
#: (:func:`~.live.check_name`: trimmed, 1–40 characters), saying what is wrong in a sentence.
Name = StrictStr | None


class SeatModel(_Strict):
    controller: str = Field("human", max_length=32)
    name: Name = None


class _TableSettings(_Strict):
    """What the host chooses for any new table, a campaign's too."""

    allow_spectators: bool = True
    open_join: bool = True
    spectator_chat: bool = Field(False, description="whether spectators may write in the chat")
    clock: Any = Field(
        None,
        description='the time control: null (none), {"kind": "realtime", "base_s", "increment_s"} '
        'or {"kind": "turn", "per_move_s"} (see docs/web.md for the bounds)',
    )
    takeover: str | None = Field(
        None, max_length=32, description="the stand-in bot's level (a player who leaves or runs out of time)"
    )


class CreateTableModel(_TableSettings):
    game: str = Field(max_length=32)
    players: int | None = Field(None, ge=1, le=8)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatModel] | None = Field(None, max_length=8)
    you: int | None = Field(0, ge=0, le=7)
    name: Name = None
    rated: bool = Field(
        True, description="whether the game counts for ratings (when every person plays under an account)"
    )


class TutorialModel(_Strict):
    module: str | None = Field(
        None,
        max_length=32,
        description="a module of an expansion to learn, as GET /api/tutorials names it; none: the game alone",
    )
    name: Name = None


class JoinModel(_Strict):
    name: Name = None
    invite: str | None = Field(None, max_length=64)


class BotModel(_Strict):
    bot: str = Field(max_length=32)


class RematchModel(_Strict):
    bots: dict[Annotated[str, Field(max_length=2)], Annotated[str, Field(max_length=32)]] | None = Field(
        None, max_length=8, description='bot seats given another level: {"<seat index>": "<bot level>"}'
    )


class ActionModel(_Strict):
    action: StrictInt | Annotated[StrictStr, Field(max_length=64)] = Field(description="an action's code or text")
    version: StrictInt | None = Field(None, ge=0, description="the move number the client saw")


class NameModel(_Strict):
    name: StrictStr = Field(description="the new name: 1–40 characters once trimmed, unique at the table")


class ChatModel(_Strict):
    text: StrictStr = Field(description="the message: 1–500 characters once trimmed")
    name: Name = Field(None, description="a spectator's name (1–40 characters, no seat's); players send none")


class SettingsModel(_Strict):
    spectator_chat: bool = Field(description="whether spectators may write in the chat")


class CampaignModel(_Strict):
    game: str = Field(max_length=32)
    name: Name = None
    ruleset: str | None = Field(None, max_length=32, description="one of the game's rulesets; default its first")


class CampaignSeatModel(SeatModel):
    keep: bool = Field(False, description="whoever sat here in the campaign's last game (a friend keeps their token)")


class CampaignTableModel(_TableSettings):
    players: int | None = Field(None, ge=1, le=8)
    seats: list[CampaignSeatModel] | None = Field(None, max_length=8)
    you: int | None = Field(0, ge=0, le=7)
    name: Name = None


def _created_json(created: CreatedTable) -> dict[str, Any]:
    return {
        "id": created.id,
        "url": f"/t/{created.id}",
        "host_token": created.host_token,
        "seat": created.seat,
        "token": created.token,
        "invites": {str(seat): f"/t/{created.id}?invite={code}" for seat, code in created.invites.items()},
        "join_url": f"/t/{created.id}?join=1",
    }


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def build_router(service: TableService, limits: Limits | None = None) -> APIRouter:
    limits = limits or Limits()
    service.lockout = TokenLockout(limits.bad_token_rate, limits.bad_token_burst)
    router = APIRouter(prefix="/api", route_class=guarded_route(service.lockout))
    seat_limiter = RateLimiter(limits.seat_rate, limits.seat_burst)
    create_limiter = RateLimiter(limits.create_rate, limits.create_burst)
    read_limiter = RateLimiter(limits.read_rate, limits.read_burst)
    review_limiter = RateLimiter(limits.review_rate, limits.review_burst)
    hint_limiter = RateLimiter(limits.hint_rate, limits.hint_burst)
    rename_limiter = RateLimiter(limits.rename_rate, limits.rename_burst)
    chat_limiter = RateLimiter(limits.chat_rate, limits.chat_burst)
    off_loop = OffLoop()

    def limit_seat(request: Request, token: str | None) -> None:
        """One allowance per seat token (an invalid token is the lockout's: see :mod:`.guard`)."""
        wait = seat_limiter.check(f"seat:{hash_token(token)}" if token else f"addr:{client_address(request)}")
        if wait is not None:
            raise TooMany(
                _(
                    "too many requests for this seat: at most {seat_rate:g} a second; wait {wait:.1f} s and try again"
                ).format(seat_rate=limits.seat_rate, wait=wait),
                wait,
            )

    @contextmanager
    def seat_request(request: Request, token: str | None) -> Iterator[None]:
        limit_seat(request, token)
        yield

    def limit_read(request: Request) -> None:
        """Reads per address: generous (a person never meets it), against read floods."""
        wait = read_limiter.check(client_address(request))
        if wait is not None:
            raise TooMany(
                _(
                    "too many requests from your address: at most {read_rate:g} "
                    "a second; wait {wait:.1f} s and try again"
                ).format(read_rate=limits.read_rate, wait=wait),
                wait,
            )

    def limit_review(request: Request) -> None:
        wait = review_limiter.check(client_address(request))
        if wait is not None:
            raise TooMany(
                _("too many reviews asked from your address; wait {wait:.1f} s and try again").format(wait=wait), wait
            )

    def limit_hint(token: str | None) -> None:
        wait = hint_limiter.check(hash_token(token or ""))
        if wait is not None:
            raise TooMany(_("too many hints for this seat; wait {wait:.1f} s and try again").format(wait=wait), wait)

    def limit_rename(token: str | None) -> None:
        wait = rename_limiter.check(hash_token(token or ""))
        if wait is not None:
            raise TooMany(
                _("too many new names for this seat; wait {wait:.1f} s and try again").format(wait=wait), wait
            )

    def limit_chat(request: Request, token: str | None) -> None:
        """A seat's allowance; a spectator's is their address's."""
        key = f"seat:{hash_token(token)}" if token else f"addr:{client_address(request)}"
        wait = chat_limiter.check(key)
        if wait is not None:
            said = (
                _(
                    "too many chat messages from this seat: at most {n:g} in {seconds:g} s; "
                    "wait {wait:.1f} s and try again"
                )
                if token
                else _(
                    "too many chat messages from your address: at most {n:g} in {seconds:g} s; "
                    "wait {wait:.1f} s and try again"
                )
            )
            raise TooMany(
                said.format(n=limits.chat_burst, seconds=limits.chat_burst / limits.chat_rate, wait=wait), wait
            )

    def limit_create(request: Request, what: str = "tables") -> None:
        """New tables and campaigns share one allowance per address."""
        wait = create_limiter.check(request.client.host if request.client else "?")
        if wait is not None:
            said = (
                _("too many new campaigns from your address; wait {wait:.1f} s and try again")
                if what == "campaigns"
                else _("too many new tables from your address; wait {wait:.1f} s and try again")
            )
            raise TooMany(said.format(wait=wait), wait)

    @router.get("/games")
    def games() -> dict[str, Any]:
        return {
            "games": [describe_game(g) for g in all_games()],
            "bots": bot_names(),
            "bot_labels": {name: _(bot_label(name)) for name in bot_names()},  # in the reader's language
            "suggested_bot": suggested_bot(),  # the level offered first wherever a seat goes to a bot
        }

    @router.get("/games/{game_id}/view-schema")
    def game_view_schema(game_id: str) -> dict[str, Any]:
        """The JSON Schema of a game's views (a table state's ``view``), derived from the view
        type the game declares: what a client may rely on, every key and closed set named."""
        return view_schema(get_game(game_id))

    @router.post("/campaigns", status_code=201)
    def create_campaign(body: CampaignModel, request: Request) -> dict[str, Any]:
        """A new campaign of a game played in campaigns (``GET /api/games`` gives each game's
        ``campaign`` and its ``rulesets``), which a group continues game after game. The answer's
        ``token`` is the owner's: send it as ``X-Campaign-Token`` to start or cancel the
        campaign's tables and to list it."""
        limit_create(request, "campaigns")
        return service.campaigns.create_campaign(body.game, body.name, body.ruleset)

    @router.get("/campaigns")
    def list_campaigns(x_campaign_token: str | None = Header(None)) -> dict[str, Any]:
        """The campaigns whose owner tokens the request carries (comma-separated); nobody else's."""
        return {"campaigns": service.campaigns.list_campaigns(campaign_tokens(x_campaign_token))}

    @router.get("/campaigns/{campaign_id}")
    def campaign(
        campaign_id: str, x_campaign_token: str | None = Header(None), x_seat_token: str | None = Header(None)
    ) -> dict[str, Any]:
        """A campaign: to its owner (``X-Campaign-Token``) and to whoever holds a seat token of one
        of its tables (``X-Seat-Token``) its players and games too; to anyone else its progress."""
        return service.campaigns.campaign(campaign_id, x_campaign_token, x_seat_token)

    @router.post("/campaigns/{campaign_id}/cancel")
    async def cancel_campaign_table(campaign_id: str, x_campaign_token: str | None = Header(None)) -> dict[str, Any]:
        """The owner cancels the campaign's unfinished game (no result; the campaign is unchanged)."""
        return await service.campaigns.cancel_campaign_table(campaign_id, x_campaign_token)

    @router.post("/campaigns/{campaign_id}/tables", status_code=201)
    async def campaign_table(
        campaign_id: str, body: CampaignTableModel, x_campaign_token: str | None = Header(None)
    ) -> dict[str, Any]:
        """The campaign's next game at a new table (its owner only); seats as when creating a table,
        or ``{"keep": true}``: whoever sat there in the previous game. Without seats, all are kept."""
        for index, seat in enumerate(body.seats or []):
            if seat.keep and seat.model_fields_set & {"controller", "name"}:
                raise BadRequest(
                    f"seat {index + 1} keeps its player from the last game, name and all: "
                    'send it as {"keep": true} alone'
                )
        seats = [None if s.keep else SeatRequest(s.controller, s.name) for s in body.seats] if body.seats else None
        created = await service.campaigns.campaign_table(
            campaign_id,
            x_campaign_token,
            body.players,
            seats,
            you=body.you,
            allow_spectators=body.allow_spectators,
            open_join=body.open_join,
            name=body.name,
            spectator_chat=body.spectator_chat,
            clock=parse_time_control(body.clock, limits.clock_minimum),
            takeover=body.takeover,
        )
        return _created_json(created)

    @router.get("/stats")
    def stats() -> dict[str, Any]:
        """What the hint and review workers did: computations, answers shared or cached, refusals."""
        return {"work": service.work.stats()}

    @router.get("/tables", dependencies=[Depends(limit_read)])
    def list_tables(status: str | None = Query(None, pattern="^(open|playing|finished|cancelled)$")) -> dict[str, Any]:
        return {"tables": service.store.list_tables(status)}

    @router.post("/tables", status_code=201)
    async def create_table(body: CreateTableModel, request: Request) -> dict[str, Any]:
        limit_create(request)
        game = get_game(body.game)
        clock = parse_time_control(body.clock, limits.clock_minimum)
        players = body.players or (len(body.seats) if body.seats else game.min_players)
        seats = [SeatRequest(s.controller, s.name) for s in body.seats] if body.seats else None
        you = body.you
        if seats is None:  # you, and the suggested bot (as the lobby offers) in every other seat
            seats = [SeatRequest("human" if seat == you else suggested_bot()) for seat in range(players)]
        if body.name is not None and you is not None and you < len(seats):
            seats[you] = SeatRequest(seats[you].controller, body.name)
        created = await service.create(
            game.id,
            players,
            body.options,
            seats,
            you=you,
            allow_spectators=body.allow_spectators,
            open_join=body.open_join,
            spectator_chat=body.spectator_chat,
            clock=clock,
            takeover=body.takeover,
            rated=body.rated,
        )
        return _created_json(created)

    @router.get("/tutorials")
    def list_tutorials() -> dict[str, Any]:
        """The tutorials: a guided first game of each game and module (see :mod:`.tutorials`)."""
        return {"tutorials": tutorials.listing()}

    @router.post("/tutorials/{game_id}", status_code=201)
    async def start_tutorial(game_id: str, request: Request, body: TutorialModel | None = None) -> dict[str, Any]:
        """A tutorial's table, answered as a new table is: the player in seat 1, its bots after."""
        chosen = tutorials.choose(game_id, body.module if body else None)
        limit_create(request)
        seats = [SeatRequest("human", body.name if body else None)] + [SeatRequest(level) for level in chosen.bots]
        created = await service.create(
            chosen.game,
            chosen.players,
            chosen.options,
            seats,
            you=tutorials.PLAYER,
            allow_spectators=False,  # a lesson, not a show: the table is its player's
            open_join=False,
            seed=chosen.seed,
            tutorial=chosen.id,
        )
        return _created_json(created)

    @router.get("/tables/{table_id}", dependencies=[Depends(limit_read)])
    async def table_state(
        table_id: str,
        x_seat_token: str | None = Header(None),
        token: str | None = Query(None),
        accept_language: str | None = Header(None),
    ) -> Response:
        """The table as your seat (or a spectator) sees it, in the language ``Accept-Language`` asks for."""
        table = await service.get(table_id)
        language = asked_language(accept_language)
        seat = await service.seat_of(table, x_seat_token or token)
        async with table.lock:  # no move changes the position while a thread reads it
            view = rendered_in(language, lambda: service.runtime.view_for(table, seat))
            response = await off_loop.json(view)
        response.headers["Vary"] = "Accept-Language"
        return response

    @router.get("/tables/{table_id}/explain", dependencies=[Depends(limit_read)])
    async def explain(
        table_id: str,
        code: int = Query(description="the code of the action to explain"),
        x_seat_token: str | None = Header(None),
        accept_language: str | None = Header(None),
    ) -> Response:
        """Why one action is not possible now for the seat to act (``reason``; ``null`` if it is
        legal): what the page shows when a player clicks a target that is not possible."""
        table = await service.get(table_id)
        seat = await service.seat_of(table, x_seat_token)
        async with table.lock:  # no move changes the position while a thread reads it
            reason = rendered_in(asked_language(accept_language), lambda: explain_action(table, seat, code))
            return await off_loop.json(reason)

    @router.post("/tables/{table_id}/join")
    async def join(table_id: str, body: JoinModel) -> dict[str, Any]:
        seat, token = await service.join(table_id, body.name, body.invite)
        return {"seat": seat, "token": token}

    @router.post("/tables/{table_id}/name")
    async def rename(
        table_id: str, body: NameModel, request: Request, x_seat_token: str | None = Header(None)
    ) -> dict[str, Any]:
        """Your seat's new name (1–40 characters once trimmed, no other seat's, ignoring case):
        pushed to everyone at the table and said in its log."""
        with seat_request(request, x_seat_token):
            seat, name = await service.rename(table_id, x_seat_token, body.name, lambda: limit_rename(x_seat_token))
        return {"seat": seat, "name": name}

    @router.post("/tables/{table_id}/chat", status_code=201)
    async def chat(
        table_id: str, body: ChatModel, request: Request, x_seat_token: str | None = Header(None)
    ) -> dict[str, Any]:
        """Say something in the table's chat (1–500 characters once trimmed): stored with the
        table, sent to everyone at it (``{"type": "chat", "message": …}`` on the WebSocket) and in
        each snapshot's ``chat``. Answers the message as stored. Without a seat token, a spectator
        writes under ``name`` where the host allows it (the table's ``spectator_chat``)."""
        with seat_request(request, x_seat_token):
            note = await service.chat(
                table_id, x_seat_token, body.text, lambda: limit_chat(request, x_seat_token), body.name
            )
        return chat_entry(note)

    @router.post("/tables/{table_id}/settings")
    async def settings(table_id: str, body: SettingsModel, x_host_token: str = Header("")) -> dict[str, Any]:
        """The host changes the table's settings (``spectator_chat``); everyone is sent the new state."""
        await service.set_spectator_chat(table_id, x_host_token, body.spectator_chat)
        return {"spectator_chat": body.spectator_chat}

    @router.post("/tables/{table_id}/leave")
    async def leave(table_id: str, request: Request, x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        """Leave the game: the table's stand-in bot plays for your seat (``players[seat].takeover``)
        until you act again (a move, or ``POST /api/tables/{id}/back``). Said in the log."""
        with seat_request(request, x_seat_token):
            note = await service.leave(table_id, x_seat_token)
        return {"seat": note.seat, "takeover": True}

    @router.post("/tables/{table_id}/back")
    async def back(table_id: str, request: Request, x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        """Take your seat back from the stand-in bot (any move of yours does it too). Said in the log."""
        with seat_request(request, x_seat_token):
            note = await service.back(table_id, x_seat_token)
        return {"seat": note.seat, "takeover": False}

    @router.post("/tables/{table_id}/seats/{seat}/bot")
    async def set_bot(table_id: str, seat: int, body: BotModel, x_host_token: str = Header("")) -> dict[str, Any]:
        await service.set_bot(table_id, x_host_token, seat, body.bot)
        return {"seat": seat, "bot": body.bot}

    @router.post("/tables/{table_id}/actions")
    async def act(
        table_id: str, body: ActionModel, request: Request, x_seat_token: str | None = Header(None)
    ) -> dict[str, Any]:
        with seat_request(request, x_seat_token), speaking_in(asked_language(request.headers.get("accept-language"))):
            version = await service.submit(
                table_id, x_seat_token, body.action, body.version
            )  # refused in the reader's words
        return {"version": version}

    @router.post("/tables/{table_id}/undo")
    async def undo(table_id: str, request: Request, x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        with seat_request(request, x_seat_token):
            return {"version": await service.undo(table_id, x_seat_token)}

    @router.post("/tables/{table_id}/hint")
    async def table_hint(table_id: str, request: Request, x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        """The action a search from your own view recommends, with its estimated win chance."""
        with seat_request(request, x_seat_token):
            limit_hint(x_seat_token)
            return await service.hint(table_id, x_seat_token)

    @router.get("/tables/{table_id}/review")
    async def table_review(
        table_id: str, request: Request, x_seat_token: str | None = Header(None), token: str | None = Query(None)
    ) -> dict[str, Any]:
        """A finished game's review: every seat's estimated chance to win after every move."""
        limit_review(request)
        table = await service.get(table_id)
        check_reader(table, await service.seat_of(table, x_seat_token or token), "review")
        return await service.review(table_id)

    @router.get("/tables/{table_id}/actions", dependencies=[Depends(limit_read)])
    async def actions(table_id: str, request: Request, accept_language: str | None = Header(None)) -> Response:
        """The table's whole action space, so a client can name any target's action (legal or
        not): ``actions`` (code, text, kind, fields, and the ``label`` a snapshot's legal action
        has unless it names its own) and ``fixed_view``, the parts of every view that never
        change, which snapshots leave out. Loaded once per page; gzip-compressed for clients
        that accept it (Citrus: 1.2 MB of JSON, 71 kB compressed)."""
        table = await service.get(table_id)
        words = asked_language(accept_language)  # the labels in the reader's language, as its snapshots'
        space = await asyncio.to_thread(table_action_space, table, words)  # built once per game setup and language
        vary = "Accept-Encoding, Accept-Language"
        if "gzip" in request.headers.get("accept-encoding", ""):
            headers = {"Content-Encoding": "gzip", "Vary": vary}
            return Response(space.gzipped, media_type="application/json", headers=headers)
        return Response(space.body, media_type="application/json", headers={"Vary": vary})

    @router.get("/tables/{table_id}/replay", dependencies=[Depends(limit_read)])
    async def replay(
        table_id: str,
        x_seat_token: str | None = Header(None),
        token: str | None = Query(None),
        at: int | None = Query(None, ge=0, description="the move after which to show the position (0: the start)"),
        accept_language: str | None = Header(None),
    ) -> dict[str, Any]:
        """The game move by move as the viewer may know it, each move with the renames and (for the
        table's players only) the chat said after it; with ``at``, the position after that move."""
        table = await service.get(table_id)
        seat = await service.seat_of(table, x_seat_token or token)
        check_reader(table, seat, "replay")
        record = table.match.record
        record = Record(**{**record.__dict__, "actions": list(record.actions)})  # a copy: the table plays on
        if at is None:
            notes = replay_notes(table, seat)  # the chat for the table's players only
            moves = rendered_in(asked_language(accept_language), lambda: replay_moves(record, seat, notes))
            return {"table": table.id, **await asyncio.to_thread(moves)}
        return {"table": table.id, **await asyncio.to_thread(replay_view, record, seat, at)}

    @router.get("/tables/{table_id}/record", dependencies=[Depends(limit_read)])
    async def record(
        table_id: str, x_seat_token: str | None = Header(None), token: str | None = Query(None)
    ) -> dict[str, Any]:
        table = await service.get(table_id)
        check_reader(table, await service.seat_of(table, x_seat_token or token), "record")
        if table.status != "finished":
            raise BadRequest(_("the record (which holds the seed) is published when the game is over"))
        return table.match.record.to_json()

    @router.post("/tables/{table_id}/rematch", status_code=201)
    async def rematch(
        table_id: str, body: RematchModel | None = None, x_seat_token: str | None = Header(None)
    ) -> dict[str, Any]:
        """A new table with the same game, options and players; ``bots`` may give bot seats
        (by index) another level. Answers the new table, your seat and your (unchanged) token."""
        bots: dict[int, str] = {}
        for key, level in ((body.bots if body else None) or {}).items():
            if not key.isdigit():
                raise BadRequest(_("'bots' is keyed by seat numbers from 0, not {key}").format(key=repr(key)))
            bots[int(key)] = level
        created = await service.rematch(table_id, x_seat_token, bots)
        # Every player keeps their seat and seat token at the rematch.
        return {"id": created.id, "url": f"/t/{created.id}", "seat": created.seat, "token": x_seat_token}

    return router


def install_websocket(app: Any, service: TableService, limits: Limits | None = None) -> None:
    limits = limits or Limits()
    # A seat's allowance is shared by all its sockets (opening more does not buy more messages);
    # a spectator's is its socket's own.
    message_limiter = RateLimiter(limits.ws_rate, limits.ws_burst)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(
        websocket: WebSocket, table_id: str, token: str | None = None, lang: str | None = None
    ) -> None:
        """A table's live snapshots, rendered in ``lang`` (or the socket's ``Accept-Language``)."""
        language = asked_language(websocket.headers.get("accept-language"), lang)
        offered = websocket.scope.get("subprotocols") or []
        await websocket.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
        refusal = origin_refusal(websocket.scope, getattr(websocket.app.state, "allowed_origins", frozenset()))
        if refusal is not None:
            await websocket.send_json({"type": "error", "status": 403, "message": refusal})
            await websocket.close(code=1008, reason="this page's origin may not open the table's WebSocket")
            return
        token = socket_token(websocket.headers.get("x-seat-token"), offered) or token
        live = service.tables.get(table_id)
        if live is not None and len(live.connections) >= limits.max_table_connections:
            crowded = {"type": "error", "status": 429, "message": "this table has too many connections"}
            await websocket.send_json(crowded)
            await websocket.close(code=1013, reason="too many connections to this table, try again later")
            return

        async def close(code: int, reason: str) -> None:
            await websocket.close(code=code, reason=reason)

        # Everything sent to this client goes through its outbox: the table never waits for it.
        outbox = Outbox(
            websocket.send_text,
            close,
            websocket.scope.get(ABORT_KEY),
            max_pending=limits.ws_max_pending,
            send_timeout=limits.ws_send_timeout,
        )
        try:
            table, connection = await service.runtime.connect(table_id, token, outbox, language)
        except InvalidToken as exc:  # counted with the HTTP routes' invalid tokens (see .guard)
            wait = service.lockout.strike(table_id, websocket.client.host if websocket.client else "?")
            if wait is None:
                await websocket.send_json({"type": "error", "status": 403, "message": str(exc)})
                await websocket.close(code=4403)
            else:
                await websocket.send_json({"type": "error", "status": 429, "message": service.lockout.message(wait)})
                await websocket.close(code=1008, reason="too many invalid tokens, try again later")
            return
        except FruitbowlError as exc:
            status = status_of(exc)
            await websocket.send_json({"type": "error", "status": status, "message": str(exc)})
            await websocket.close(code=4403 if status == 403 else 4404)
            return
        except SQLAlchemyError as exc:
            problem = database_error(exc)
            log.warning("WebSocket to table %s: %s", table_id, exc)
            await websocket.send_json({"type": "error", "status": status_of(problem), "message": str(problem)})
            await websocket.close(code=1013, reason="database unavailable, try again later")
            return
        key = f"seat:{hash_token(token)}" if token else f"socket:{id(websocket)}"
        strikes = 0
        try:
            while outbox.dropped is None:
                raw = await websocket.receive_text()
                if len(raw) > limits.max_ws_message:
                    outbox.message({"type": "error", "message": "message too big; closing"})
                    outbox.finish(1009, f"message too big (at most {limits.max_ws_message})")
                    break
                wait = message_limiter.check(key)
                if wait is not None:
                    strikes += 1
                    if strikes >= limits.ws_flood_strikes:
                        outbox.finish(1008, "too many messages: the connection is closed")
                        break
                    outbox.message(
                        {
                            "type": "error",
                            "status": 429,
                            "message": f"too many messages: at most {limits.ws_rate:g} a second; wait {wait:.1f} s",
                        }
                    )
                    continue
                strikes = 0
                with speaking_in(language):  # its refusals in the reader's words
                    reply = await _handle_message(service, table_id, token, raw)
                if reply is not None:
                    outbox.message(reply)
        except WebSocketDisconnect:
            pass
        finally:
            await service.runtime.disconnect(table, connection)
            if not outbox.closing:
                await outbox.stop()
                if websocket.application_state != WebSocketState.DISCONNECTED:
                    with contextlib.suppress(Exception):  # a client that does not read cannot hold us here
                        await asyncio.wait_for(websocket.close(), 2.0)


#: The WebSocket subprotocol of the table's socket. A browser cannot set headers on a WebSocket,
#: so the page offers its seat token as a second subprotocol, ``fruitbowl.token.<token>``,
#: which (unlike a ``?token=`` in the URL) no proxy or server log records.
SUBPROTOCOL = "fruitbowl"
TOKEN_SUBPROTOCOL = "fruitbowl.token."


def socket_token(header: str | None, subprotocols: list[str]) -> str | None:
    """The seat token of a WebSocket: its ``X-Seat-Token`` header, or its token subprotocol."""
    if header:
        return header
    for offered in subprotocols:
        if offered.startswith(TOKEN_SUBPROTOCOL) and len(offered) > len(TOKEN_SUBPROTOCOL):
            return offered[len(TOKEN_SUBPROTOCOL) :]
    return None


async def _handle_message(service: TableService, table_id: str, token: str | None, raw: str) -> dict[str, Any] | None:
    """One client message: ``action``, ``undo`` or ``ping``. Errors are answered, never raised."""
    if len(raw) > MAX_MESSAGE:
        return {"type": "error", "message": f"message too long ({len(raw)} characters; at most {MAX_MESSAGE})"}
    try:
        message = json.loads(raw)
    except json.JSONDecodeError:
        return {"type": "error", "message": "messages are JSON objects"}
    except RecursionError:
        return {"type": "error", "message": "this message nests too deeply; messages are flat JSON objects"}
    if not isinstance(message, dict):
        return {"type": "error", "message": "messages are JSON objects"}
    kind = message.get("type")
    try:
        if kind == "action":
            action, version = message.get("action"), message.get("version")
            if isinstance(action, bool) or not isinstance(action, int | str):
                return {"type": "error", "message": "an action message needs 'action': a code or a text"}
            if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
                return {"type": "error", "message": "'version' must be the move number you saw"}
            await service.submit(table_id, token, action, version)
            return None
        if kind == "undo":
            await service.undo(table_id, token)
            return None
        if kind == "ping":
            return {"type": "pong"}
        return {"type": "error", "message": f"unknown message type {kind!r}; use action, undo or ping"}
    except FruitbowlError as exc:
        return {"type": "error", "status": status_of(exc), "message": str(exc), "action": message.get("action")}
    except SQLAlchemyError as exc:
        problem = database_error(exc)
        log.warning("WebSocket message to table %s: %s", table_id, exc)
        return {"type": "error", "status": status_of(problem), "message": str(problem), "action": message.get("action")}


def refusal(exc: FruitbowlError, language: str = "en") -> JSONResponse:
    """A refusal as the API answers it: its type's status (:func:`~.errors.status_of`), its one
    sentence, and ``Retry-After`` when it passes with time."""
    link = rule_link(exc, language) if isinstance(exc, IllegalAction) else None  # the rule's paragraph, if any
    said: dict[str, Any] = {"error": str(exc)} if link is None else {"error": str(exc), "rule": link}
    response = JSONResponse(said, status_code=status_of(exc))
    wait = retry_after(exc)
    if wait is not None:
        response.headers["Retry-After"] = str(max(1, round(wait)))
    return response


async def handle_errors(request: Request, exc: Exception) -> JSONResponse:
    """Every refusal (the engine's and the server's: one hierarchy) answered by :func:`refusal`."""
    if isinstance(exc, FruitbowlError):
        return refusal(exc, asked_language(request.headers.get("accept-language")))
    raise exc
