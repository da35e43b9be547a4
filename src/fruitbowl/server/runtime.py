"""The live tables of this process: each loaded once from the database, with its lock, the
sockets watching it, and the snapshots pushed to them after every change.

Nothing here writes to the database (that is :mod:`.store`'s), and nothing moves a bot
(:mod:`.bot_runner`'s); a table's position changes only after its change was committed.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import orjson

from fruitbowl.engine import FruitbowlError

from .errors import Forbidden, InvalidToken
from .languages import speaking_in
from .live import Connection, LiveTable
from .outbox import Outbox
from .snapshots import chat_entry, snapshot, table_action_space
from .store import TableStore


class Runtime:
    """The tables held in memory (``tables``), loaded on demand from ``store``."""

    def __init__(self, store: TableStore):
        self.store = store
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        #: told when a socket connects to a table or leaves it (the other processes hear of it: :mod:`.sync`)
        self.presence_changed: Callable[[LiveTable], None] | None = None

    async def get(self, table_id: str) -> LiveTable:
        """The table in memory, loaded from the database if it is not (or no longer) there."""
        table = self.tables.get(table_id)
        if table is None:
            async with self._loading:
                table = self.tables.get(table_id)
                if table is None:
                    table = self.store.load(table_id)
                    # built once per game setup (Citrus: ~0.1 s), in a thread, before any snapshot needs it
                    await asyncio.to_thread(table_action_space, table)
                    self.tables[table_id] = table
        table.touched = time.monotonic()
        return table

    async def refresh(self, table_id: str, broadcast: bool = True) -> None:
        """Bring a table held in memory up to its database rows; tell its clients if it moved, and
        push each chat message said through another process as it pushes its own."""
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            heard = {note.id for note in table.chat}
            changed = await self.store.resync_off_loop(table)
        if changed and broadcast:
            for note in table.chat:
                if note.id not in heard:
                    self.tell(table, {"type": "chat", "message": chat_entry(note)})
            await self.broadcast(table)

    async def follow(self, table_id: str, move: str) -> bool:
        """Apply a move another process committed, from its notice (``"<revision before> <text>"``),
        and tell the table's clients; False, with nothing changed, unless the table in memory is at
        that revision (it missed or is ahead of something): the caller then re-reads the table."""
        table = self.tables.get(table_id)
        revision, _, text = move.partition(" ")
        if table is None or not revision.isdigit() or not text:
            return table is None
        async with table.lock:
            if int(revision) != table.revision:
                return False
            try:
                table.match.apply(text)
            except FruitbowlError:
                return False
            table.revision += 1
        await self.broadcast(table)
        return True

    async def seat_of(self, table: LiveTable, token: str | None) -> int | None:
        """The seat a token speaks for; with several processes, a token this one has not seen yet
        (a seat just taken through another process) is looked up in the database first, read on
        a writer thread (:meth:`refresh`: never on the event loop, which a stream of unknown
        tokens would otherwise hold up). Call it without holding the table's lock."""
        try:
            return table.seat_for(token)
        except InvalidToken:
            if not self.store.multi_process:
                raise
        await self.refresh(table.id)
        return table.seat_for(token)

    async def broadcast(self, table: LiveTable) -> None:
        """Put each connection's new snapshot in its outbox; never waits for a socket (a client
        that falls behind is dropped by its outbox and forgotten here)."""
        cache: dict[tuple[int | None, str], str] = {}
        for connection in list(table.connections):
            if connection.outbox.dropped is not None:
                table.connections.discard(connection)
                continue
            key = (connection.seat, connection.language)  # each seat's snapshot, in each language read
            if key not in cache:
                with speaking_in(connection.language):  # (orjson: a third of json's time; int keys as json writes them)
                    cache[key] = orjson.dumps(snapshot(table, connection.seat), option=orjson.OPT_NON_STR_KEYS).decode()
            connection.outbox.snapshot(cache[key])

    def tell(self, table: LiveTable, message: dict[str, Any]) -> None:
        """Put one small message (a chat message) in every connection's outbox."""
        for connection in list(table.connections):
            if connection.outbox.dropped is None:
                connection.outbox.message(message)

    async def connect(
        self, table_id: str, token: str | None, outbox: Outbox, language: str = "en"
    ) -> tuple[LiveTable, Connection]:
        table = await self.get(table_id)
        seat = await self.seat_of(table, token)
        if seat is None and not table.allow_spectators:
            raise Forbidden("the host does not allow spectators at this table")
        await asyncio.to_thread(table_action_space, table, language)  # its labels, before a snapshot needs them
        connection = Connection(seat, outbox, language)
        table.connections.add(connection)
        await self.broadcast(table)
        if self.presence_changed is not None:
            self.presence_changed(table)
        return table, connection

    async def disconnect(self, table: LiveTable, connection: Connection) -> None:
        table.connections.discard(connection)
        await self.broadcast(table)
        if self.presence_changed is not None:
            self.presence_changed(table)

    def view_for(self, table: LiveTable, seat: int | None) -> dict[str, Any]:
        """The snapshot a seat (or a spectator, if the host allows them) may see."""
        if seat is None and not table.allow_spectators:
            raise Forbidden("the host does not allow spectators at this table")
        return snapshot(table, seat)
