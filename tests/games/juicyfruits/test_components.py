"""data.toml: the values load, the sourced facts hold, and broken data is refused clearly."""

from __future__ import annotations

import copy
import tomllib

import pytest

from fruitbowl.engine import ComponentDataError
from fruitbowl.games.juicyfruits.components import COMPONENTS as C
from fruitbowl.games.juicyfruits.components import DATA_FILE, build_components, load_components

RAW = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))


def test_the_shipped_data_loads_with_its_statuses():
    assert len(C.ships) == 50 and len(C.tokens) == 24 and len(C.venues) == 6
    assert C.status["ships"] == "RECONSTRUCTED" and C.status["fruits"] == "sourced"
    assert C.ships[C.ship_index("S48")].demand == (3, 0, 0, 2, 0)  # the sourced "3 bananas + 2 oranges"
    assert sum(len(v) for v in C.ice_values[:5]) == 13 and len(C.ice_values[5]) == 4
    assert C.license_start == {1: 10, 2: 8, 3: 11, 4: 14}


def broken(edit) -> dict:
    raw = copy.deepcopy(RAW)
    edit(raw)
    return raw


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda r: r["ships"]["tokens"].pop(), "50 ship tokens"),
        (lambda r: r["ships"]["tokens"][0].update(demand={"B": 2}), "exactly two different fruit types"),
        (lambda r: r["ships"]["tokens"][0].update(back="green"), "25 ships have an orange back"),
        (lambda r: r["ships"]["tokens"][0].update(demand={"B": 1, "X": 1}), "unknown fruit"),
        (lambda r: r["business_tokens"]["tokens"].pop(), "24 business tokens"),
        (lambda r: r["business_tokens"]["tokens"][0].update(venue="LV9"), "is not a large venue"),
        (lambda r: r["business_tokens"]["tokens"][1].update(venue="LV1"), "exactly one placeholder"),
        (lambda r: r["business_tokens"]["tokens"][10].update(formula="per_hug"), "formula is one of"),
        (lambda r: r["ice_cream"].update(milkshakes=[3, 3, 3]), "4 milkshake markers"),
        (lambda r: r["ice_cream"].update(values=[[4, 3, 2], [4, 3, 2], [5, 4], [5, 4], [4, 3]]), "groups 3/3/2/2/3"),
        (lambda r: r["business_rows"].update(points=[1, 2, 4, 4, 5]), "row 3 costs 4 fruits and scores 3"),
        (lambda r: r["license_track"]["start"].update({"2": 11}), "1..10 claims"),
        (lambda r: r["island"].update(ponds=[[1, 1]]), "5 pond spaces"),
        (lambda r: r["fruits"].update(status="guessed"), "status 'sourced' or 'RECONSTRUCTED'"),
        (lambda r: r["juice_factory"].update(max_steps_per_turn=3), "one or two spaces"),
    ],
)
def test_broken_data_is_refused_with_the_fact_it_breaks(edit, message):
    with pytest.raises(ComponentDataError, match=message):
        build_components(broken(edit))


def test_unreadable_or_incomplete_files_are_refused(tmp_path):
    bad = tmp_path / "data.toml"
    bad.write_text("[fruits\n", encoding="utf-8")
    with pytest.raises(ComponentDataError, match="cannot read"):
        load_components(bad)
    bad.write_text('[fruits]\nstatus = "sourced"\n', encoding="utf-8")
    with pytest.raises(ComponentDataError, match="missing or mistyped"):
        load_components(bad)
