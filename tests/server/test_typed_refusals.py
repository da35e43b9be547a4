"""One error hierarchy, through a real ``fruitbowl serve`` process: every refusal about campaigns
is a typed error answered with its type's status and one sentence, and a server that cannot start
says why in one line (issue 21).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from fruitbowl.server.db import CampaignRow, make_engine
from fruitbowl.server.run import free_port, spawn


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A server process on a SQLite file: its base URL and the database URL."""
    db_url = f"sqlite:///{tmp_path / 'tables.db'}"
    port = free_port()
    process = spawn(port, db_url, env={"FRUITBOWL_HOME": str(tmp_path), "FRUITBOWL_RATE_LIMITS": "off"})
    try:
        yield f"http://127.0.0.1:{port}", db_url
    finally:
        process.terminate()
        process.wait(timeout=30)


def _refusal(response: httpx.Response, status: int) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and "\n" not in body["error"]
    return str(body["error"])


def _edit_campaign(db_url: str, campaign_id: str, **changes: object) -> None:
    engine = make_engine(db_url)
    with engine.begin() as conn:
        conn.execute(sa.update(CampaignRow).where(CampaignRow.id == campaign_id).values(**changes))
    engine.dispose()


def test_campaign_requests_a_server_cannot_act_on_are_refused_with_their_type_s_status(
    server: tuple[str, str],
) -> None:
    base, _ = server
    with httpx.Client(base_url=base, timeout=30) as http:
        no_campaigns = http.post("/api/campaigns", json={"game": "tanghulu"})
        assert _refusal(no_campaigns, 400) == "'tanghulu' has no campaigns; campaigns are for fabledfruit"
        ruleset = http.post("/api/campaigns", json={"game": "fabledfruit", "ruleset": "cherry"})
        assert _refusal(ruleset, 400) == "a Fabled Fruit campaign is 'base' or 'lime'; got 'cherry'"
        unknown = http.post("/api/campaigns", json={"game": "kumquat"})
        assert _refusal(unknown, 400).startswith("unknown game 'kumquat'")
        tokens = ",".join(f"token-{n}" for n in range(51))
        too_many = http.get("/api/campaigns", headers={"X-Campaign-Token": tokens})
        assert _refusal(too_many, 400) == "send at most 50 campaign tokens at once, not 51"
        assert _refusal(http.get("/api/campaigns/nope"), 404) == "there is no campaign 'nope'"
        created = http.post("/api/campaigns", json={"game": "fabledfruit", "name": "Typed"})
        assert created.status_code == 201, created.text
        campaign = created.json()
        stranger = http.post(f"/api/campaigns/{campaign['id']}/tables", json={"players": 2})
        assert "owner" in _refusal(stranger, 403)
        owner = {"X-Campaign-Token": campaign["token"]}
        cancel = http.post(f"/api/campaigns/{campaign['id']}/cancel", headers=owner)
        assert _refusal(cancel, 409) == "this campaign has no game going on to cancel"
        assert http.get("/api/campaigns", headers=owner).json()["campaigns"][0]["name"] == "Typed"


def test_a_stored_campaign_that_does_not_read_back_is_the_server_s_fault_and_stays_as_it_is(
    server: tuple[str, str],
) -> None:
    base, db_url = server
    with httpx.Client(base_url=base, timeout=30) as http:
        damaged = http.post("/api/campaigns", json={"game": "fabledfruit", "name": "Edited"}).json()
        data = http.get(f"/api/campaigns/{damaged['id']}", headers={"X-Campaign-Token": damaged["token"]}).json()
        engine = make_engine(db_url)
        with engine.connect() as conn:
            original = conn.scalar(sa.select(CampaignRow.data).where(CampaignRow.id == damaged["id"]))
        engine.dispose()
        assert isinstance(original, dict)
        stored = {**original, "big_stack": original["big_stack"][:-1]}  # a card vanishes
        _edit_campaign(db_url, damaged["id"], data=stored)
        owner = {"X-Campaign-Token": damaged["token"]}
        refused = http.post(f"/api/campaigns/{damaged['id']}/tables", json={"players": 2}, headers=owner)
        message = _refusal(refused, 500)
        assert message.startswith(f"campaign {damaged['id']!r} is damaged and cannot be played: ")
        assert "big stack" in message
        assert _refusal(http.get(f"/api/campaigns/{damaged['id']}"), 500) == message
        assert data["games_completed"] == 0

        elsewhere = http.post("/api/campaigns", json={"game": "fabledfruit", "name": "Moved"}).json()
        _edit_campaign(db_url, elsewhere["id"], game="plum")  # a game not installed on this server
        gone = http.get(f"/api/campaigns/{elsewhere['id']}")
        assert _refusal(gone, 500) == (
            f"campaign {elsewhere['id']!r} is of the game 'plum', which has no campaigns on this server"
        )

        # In its owner's list a damaged campaign says why, and hides none of the others.
        fine = http.post("/api/campaigns", json={"game": "fabledfruit", "name": "Fine"}).json()
        tokens = ",".join(c["token"] for c in (damaged, elsewhere, fine))
        listed = http.get("/api/campaigns", headers={"X-Campaign-Token": tokens})
        assert listed.status_code == 200, listed.text
        by_name = {c["name"]: c for c in listed.json()["campaigns"]}
        assert by_name["Edited"]["damaged"] == message
        assert by_name["Moved"]["damaged"].endswith("which has no campaigns on this server")
        assert by_name["Fine"]["games_completed"] == 0 and "damaged" not in by_name["Fine"]
    engine = make_engine(db_url)
    with engine.connect() as conn:
        assert conn.scalar(sa.select(CampaignRow.data).where(CampaignRow.id == damaged["id"])) == stored  # untouched
    engine.dispose()


@pytest.mark.parametrize(
    ("variable", "value"),
    [("FRUITBOWL_EVICT_AFTER", "soon"), ("FRUITBOWL_HEADER_TIMEOUT", "later")],
)
def test_a_server_that_cannot_start_says_why_in_one_line(tmp_path: Path, variable: str, value: str) -> None:
    command = [str(Path(sys.executable).parent / "fruitbowl"), "serve", "--port", str(free_port())]
    env = {"FRUITBOWL_HOME": str(tmp_path), variable: value, "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [*command, "--db", f"sqlite:///{tmp_path / 'tables.db'}"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stderr == f"error: {variable} must be a number of seconds, not {value!r}\n"
    assert done.stdout == ""
