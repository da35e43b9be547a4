"""What a move costs a browser on the wire (issue 25): snapshots are compressed (permessage-deflate,
which browsers offer) against the ones sent before, so a snapshot that repeats most of the
previous one costs a small part of its JSON, even a Juicy Fruits snapshot larger than the 4 KiB
window a WebSocket server keeps by default."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from .helpers import servers


class Counted:
    """The bytes a client connection received from the network (frames as sent, compressed)."""

    def __init__(self, ws: Any):
        self.received = 0
        protocol = ws.protocol
        original = protocol.receive_data

        def counted(data: bytes) -> None:
            self.received += len(data)
            original(data)

        protocol.receive_data = counted


@pytest.mark.slow  # a server process
def test_a_snapshot_after_a_move_costs_a_small_part_of_its_json_on_the_wire(tmp_path: Path) -> None:
    with servers(1, f"sqlite:///{tmp_path / 't.db'}", {"FRUITBOWL_HOME": str(tmp_path)}) as [(base, _process)]:
        seats = [{"controller": "human"}, {"controller": "random"}, {"controller": "random"}]
        created = httpx.post(f"{base}/api/tables", json={"game": "juicyfruits", "seats": seats}, timeout=30).json()
        url = base.replace("http", "ws") + f"/ws/tables/{created['id']}"
        with connect(url, additional_headers={"X-Seat-Token": created["token"]}, max_size=2**22) as ws:
            wire = Counted(ws)
            first = json.loads(ws.recv(timeout=30))
            assert first["type"] == "state" and len(json.dumps(first)) > 8 * 1024  # larger than 4 KiB
            on_the_wire, as_json, message = wire.received, 0, first
            for _move in range(8):
                while not message["legal"]:
                    raw = ws.recv(timeout=30)
                    as_json += len(raw)
                    message = json.loads(raw)
                    assert message["status"] == "playing"
                code, version = message["legal"][0]["code"], message["version"]
                ws.send(json.dumps({"type": "action", "action": code, "version": version}))
                message = {"legal": []}
            raw = ws.recv(timeout=30)
            as_json += len(raw)
            on_the_wire = wire.received - on_the_wire
    assert as_json > 8 * 8 * 1024
    assert on_the_wire < 0.06 * as_json, (on_the_wire, as_json)
