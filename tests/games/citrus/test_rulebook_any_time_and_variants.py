"""Special actions at any moment of the turn, and the variants of reference §11.3 and §11.5, played
through actions (issue 20 §4).

The seed (``shared/seeds/003…``): "you can also do special actions using your landscape tiles
whenever you want during your turn, in any order", and of the action tiles: "You can play them
anytime during your turn". The reference (§4) adds the engine's exceptions: the Cart while bought
tiles wait (§5.6) and any tile while a new Finca's site is being chosen; and (D2, §6) a harvest is
one choice of regions followed by income, so a Cart, whose tile changes the regions and workers the
harvest counts, waits until the income is collected. Money and the Bull change neither, so they
may be used between two harvested regions. The variants: §5.6 and §11.5 ("no Cart while bought
plantations are still unplaced. This one is on by default", "A configuration flag can lift it"),
§8.1 ("wild horses are scored when collected instead of at the end. The total is the same") and
§11.3 ("Optional sub-variant: use only 3 starting Fincas on the long side as well", a sub-variant
of random starting sites). Positions as in :mod:`.test_rulebook_landscape_tiles`: long side, seed
2 (whose landscape tiles leave Money, Carts and a Bull in the box to hand out), Finca A on E4 with
roads E3, F4, E5 and D4.
"""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fruitbowl.cli.app import app
from fruitbowl.engine import IllegalAction, InvalidOption, get_game
from fruitbowl.games.citrus.components import COMPONENTS

from .rulebook_table import (
    Table,
    bull_on,
    finish_building,
    full_market,
    held,
    of_kind,
    play,
    region_at,
    texts,
)

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from fruitbowl.server import create_app  # noqa: E402
from tests.server.helpers import create, snapshot  # noqa: E402

from .positions import dealt  # noqa: E402

GAME = get_game("citrus")


def money_tile(state) -> int:
    """The coins on seat 1's Money tile."""
    (tile,) = [t for t in state.view(0)["players"][0]["held"] if t["kind"] == "money"]
    return tile["value"]


# ---------------------------------------------------------------------- any moment of the turn


def test_money_and_the_bull_between_two_harvested_regions():
    """Seed: special actions "whenever you want during your turn, in any order". After harvesting
    one region, before collecting income, the player cashes Money and puts the Bull down, then
    harvests another region: income counts the workers back on the mat (§6)."""
    table = Table(seed=2).give(0, "money").give(0, "bull").region(0, "lime", ["F4"]).region(0, "orange", ["E5"])
    state = table.set("money", 0, 0).state()
    coins = money_tile(state)
    state.apply("harvest F4")
    assert state.view(0)["phase"] == "harvest"
    offered = texts(state)
    assert {f"cash {coins}", "harvest E5", "collect income"} <= offered
    bull = sorted(texts(state, "bull"))[0]
    assert of_kind(state.apply(f"cash {coins}"), "cash")
    assert state.view(0)["players"][0]["money"] == coins
    state.apply(bull)
    assert bull_on(state.view(0), bull.split()[1])
    state.apply("harvest E5")  # the harvest goes on after the special actions
    events = state.apply("collect income")
    workers = COMPONENTS.workers  # both regions harvested: every worker is home
    assert of_kind(events, "income")[0].data["income"] == COMPONENTS.income[workers]
    assert state.view(0)["players"][0]["money"] == min(COMPONENTS.money_cap, coins + COMPONENTS.income[workers])
    assert held(state.view(0), 0) == []
    state.apply("end turn")


def test_special_actions_before_and_after_the_main_action_in_either_order():
    """Seed: "in any order": Money and the Bull before the main action or after it give the same."""
    outcomes = []
    for order in (("CASH", "BULL", "harvest F4", "collect income"), ("harvest F4", "collect income", "BULL", "CASH")):
        state = Table(seed=2).give(0, "money").give(0, "bull").region(0, "lime", ["F4"]).set("money", 0, 1).state()
        for text in order:
            if text in ("CASH", "BULL"):
                text = sorted(texts(state, text.lower()))[0]
            state.apply(text)
        view = state.view(0)
        outcomes.append((view["players"][0]["money"], view["players"][0]["score"], view["board"]["bull"]))
        state.apply("end turn")
    assert outcomes[0] == outcomes[1]


def test_a_cart_waits_until_the_harvest_is_complete():
    """Reference D2 and §6: a harvest is one choice of regions, then income for the workers back on
    the mat; a Cart's tile would change both, so it is offered before the first region and after
    the income, not in between (§8.3: "It may be used on a Build turn or a Harvest turn")."""
    table = Table(seed=2).give(0, "cart").region(0, "lime", ["F4"]).region(0, "orange", ["E5"])
    state = table.market(full_market({1: "lemon"})).state()
    assert "cart 1" in texts(state)
    state.apply("harvest F4")
    assert not texts(state, "cart")
    with pytest.raises(IllegalAction, match="finish the harvest first"):
        state.apply("cart 1")
    assert state.view(0)["phase"] == "harvest" and held(state.view(0), 0) == ["cart"]
    state.apply("collect income")
    assert "cart 1" in texts(state)
    play(state, "cart 1", "place lemon E3", "end turn")


def test_no_action_tile_while_the_new_finca_site_is_chosen():
    """Reference §4: no action tile "while a new-Finca site choice is pending, because that choice
    is part of taking the tiles (§5.2)"."""
    table = Table(seed=2).give(0, "money").market({2: "lemon", 3: "lemon", 5: "orange", 9: "lime", 12: "blood"})
    state = table.state()
    state.apply("buy R1")
    assert state.view(0)["phase"] == "site"
    assert texts(state) == texts(state, "site")
    with pytest.raises(IllegalAction, match="site"):
        state.apply(f"cash {money_tile(state)}")


# ---------------------------------------------------------------------- §5.6 lifted


def test_with_the_cart_restriction_lifted_a_cart_joins_the_bought_tiles():
    """Reference §5.6: "A configuration flag can lift it." The Cart's lime is taken free while the
    bought lemons and orange wait, and all four are built."""
    table = Table(seed=2, cart_restriction=False).give(0, "cart")
    state = table.market(full_market({2: "lemon", 3: "lemon", 4: "orange", 7: "lime"})).state()
    money = state.view(0)["players"][0]["money"]
    state.apply("buy R1")
    assert "cart 7" in texts(state)
    state.apply("place lemon E3")
    events = state.apply("cart 7")
    assert of_kind(events, "cart") and not of_kind(events, "finca")
    view = state.view(0)
    assert view["phase"] == "place" and sum(w["count"] for w in view["waiting"]) == 3
    assert "cart" not in texts(state, "cart")  # no second Cart in hand
    play(state, "place lemon E2", "place orange F4", "place lime E5")
    view = state.view(0)
    assert region_at(view, "E5")["owner"] == 0 and region_at(view, "E5")["type"] == "lime"
    assert view["players"][0]["money"] == money - 3  # the Cart's tile is free
    state.apply("end turn")


def test_the_cart_restriction_is_on_by_default():
    """Reference §11.5: "no Cart while bought plantations are still unplaced. This one is on by
    default"."""
    state = Table(seed=2).give(0, "cart").market(full_market({2: "lemon", 3: "lemon", 4: "orange"})).state()
    state.apply("buy R1")
    assert not texts(state, "cart")
    with pytest.raises(IllegalAction, match="no Cart while bought tiles wait"):
        state.apply("cart 7")


def test_a_lifted_cart_needs_its_tile_and_the_bought_ones_all_buildable():
    """Reference §5.7: nothing is offered "after which the tiles still waiting could no longer all
    be placed". One worker is left: the bought lemon takes it, so a grapefruit (which would need
    a new region) cannot come along, but an orange extends the orange region on A10."""
    table = (
        Table(seed=2, cart_restriction=False)
        .give(0, "cart")
        .market(full_market({1: "lemon", 2: "orange", 7: "grapefruit"}))
    )
    for colour, label in (("orange", "A10"), ("blood", "C10"), ("lime", "E10"), ("blood", "L10")):
        table.region(0, colour, [label])
    state = table.state()
    assert {"cart 2", "cart 7"} <= texts(state)  # alone, the grapefruit could start a region
    state.apply("buy R0")
    assert "cart 7" not in texts(state) and "cart 2" in texts(state)
    with pytest.raises(IllegalAction, match="could not all be built"):
        state.apply("cart 7")
    play(state, "cart 2")
    finish_building(state)
    state.apply("end turn")


def test_a_lifted_cart_is_covered_by_the_purchase_refill():
    """Reference §5.6: "a Cart used while the purchase's refill is still pending does not run the
    ≤3 check again; that refill covers it". One new Finca, one refill after every tile is built."""
    table = Table(seed=2, cart_restriction=False).give(0, "cart")
    state = table.market({2: "lemon", 3: "lemon", 5: "orange", 9: "lime", 12: "blood"}).state()
    events = state.apply("buy R1")
    events += state.apply(sorted(texts(state, "site"))[0])
    events += state.apply("cart 5")
    assert state.view(0)["phase"] == "place"
    events += finish_building(state)
    assert len(of_kind(events, "finca")) == 1
    (refill,) = of_kind(events, "refill")
    assert len(refill.data["tiles"]) == COMPONENTS.market_spaces - 2  # spaces 9 and 12 kept their tiles


def test_a_carts_own_tile_is_built_before_another_cart():
    """Seed: the Cart lets you "construct it on the spot"; reference §8.3: "Build the tile
    immediately". Lifting §5.6 concerns bought tiles only."""
    table = Table(seed=2, cart_restriction=False).give(0, "cart").give(0, "cart")
    state = table.market(full_market({1: "lemon", 2: "lemon"})).state()
    state.apply("cart 1")
    assert not texts(state, "cart")
    with pytest.raises(IllegalAction, match="Cart's tile first"):
        state.apply("cart 2")
    state.apply("place lemon E3")
    assert "cart 2" in texts(state)


def test_the_lifted_cart_does_not_combine_with_free_placement():
    with pytest.raises(InvalidOption, match="free_placement") as refusal:
        dealt(3, 1, {"cart_restriction": False, "free_placement": True})
    assert "\n" not in str(refusal.value)


# ---------------------------------------------------------------------- wild horses at once


def _horses_on_f3(at_once: bool):
    table = Table(seed=2, horses_at_once=at_once).region(0, "lemon", ["E3"])
    state = table.market(full_market({1: "lemon"})).state()
    assert state.view(0)["board"]["landscape"][table.at("F3")] == ["horses", 4]  # (as dealt with seed 2)
    return state


def test_wild_horses_score_when_collected_with_the_yucata_variant():
    """Reference §8.1: "wild horses are scored when collected instead of at the end"."""
    scores = {}
    for at_once in (False, True):
        state = _horses_on_f3(at_once)
        before = state.view(0)["players"][0]["score"]
        events = play(state, "buy R0", "place lemon F3")
        view = state.view(0)
        assert view["players"][0]["horses"] == [4]
        scores[at_once] = view["players"][0]["score"] - before
        sentence = GAME.describe_event(of_kind(events, "place")[0], 0, ["Ada", "Bo", "Cy"])
        assert ("scoring 4 points at once" in sentence) is at_once, sentence
    assert scores == {False: 0, True: 4}


def test_wild_horses_at_once_give_the_same_total():
    """Reference §8.1: "The total is the same." The same seeded game with and without the variant
    ends with the same scores."""
    results = []
    for at_once in (False, True):
        state = dealt(2, 5, {"board": "short", "horses_at_once": at_once})
        chooser = random.Random(5)
        while not state.is_terminal():
            state.apply(chooser.choice(state.legal_actions()))
        results.append(state.result().to_json())
    assert results[0] == results[1]
    assert any(row["horses"] for row in results[0]["breakdown"])


# ---------------------------------------------------------------------- three starting Fincas


def test_three_starting_fincas_on_randomly_drawn_long_side_sites():
    """Reference §11.3: "Draw 4 (long) or 3 (short) and put starting Fincas on those sites …
    Optional sub-variant: use only 3 starting Fincas on the long side as well." The drawn tiles
    leave the game; the rest form the stack with the top 3 face up."""
    drawn = set()
    for seed in range(1, 6):
        view = dealt(3, seed, {"random_sites": True, "three_fincas": True}).view(None)
        fincas = [s["letter"] for s in view["sites"] if s["state"] == "finca"]
        assert len(fincas) == COMPONENTS.few_start_fincas
        letters = len(view["sites"])
        assert view["site_stack"]["size"] + len(view["open_sites"]) == letters - len(fincas)
        assert len(view["open_sites"]) == 3
        assert view["finca_stack"]["size"] == len(COMPONENTS.fincas) - len(fincas)
        drawn.add(tuple(fincas))
    assert len(drawn) > 1  # drawn at random
    default = dealt(3, 1, {"random_sites": True}).view(None)
    assert sum(s["state"] == "finca" for s in default["sites"]) == 4


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"board": "short", "random_sites": True, "three_fincas": True}, "for the long side"),
        ({"three_fincas": True}, "random_sites=true"),
    ],
)
def test_three_starting_fincas_is_refused_where_it_does_not_apply(options, words):
    with pytest.raises(InvalidOption, match=words) as refusal:
        dealt(3, 1, options)
    assert "\n" not in str(refusal.value)


# ---------------------------------------------------------------------- front ends


def test_the_server_opens_tables_with_the_variants_and_refuses_misplaced_ones(tmp_path: Path) -> None:
    options = {"random_sites": True, "three_fincas": True, "horses_at_once": True, "cart_restriction": False}
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}")) as client:
        table = create(client, game="citrus", players=3, options=options)
        view = snapshot(client, table["id"])["view"]
        assert {k: view["options"][k] for k in options} == options
        assert sum(s["state"] == "finca" for s in view["sites"]) == COMPONENTS.few_start_fincas
        refused = client.post(
            "/api/tables", json={"game": "citrus", "players": 3, "options": {"board": "short", "three_fincas": True}}
        )
        assert refused.status_code == 400
        message = refused.json()["error"]
        assert "long side" in message and "\n" not in message


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FRUITBOWL_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "100")
    return tmp_path / "home"


def test_the_terminal_plays_with_the_variants_and_lists_them(home: Path) -> None:
    args = ["play", "citrus", "-p", "3", "--bots", "random,random", "--seed", "3"]
    args += ["-o", "random_sites=true", "-o", "three_fincas=true", "-o", "horses_at_once=true"]
    args += ["-o", "cart_restriction=false"]
    result = CliRunner().invoke(app, args, input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Your move" in result.output and "error" not in result.output.lower()
    refused = CliRunner().invoke(app, ["play", "citrus", "-o", "three_fincas=true"], input="")
    assert refused.exit_code != 0
    lines = [line for line in refused.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "random_sites=true" in lines[0], refused.output
    listing = CliRunner().invoke(app, ["games"]).output
    for name in ("cart_restriction", "horses_at_once", "three_fincas"):
        assert name in listing
