"""The browser client's linter: ESLint (``eslint.config.mjs``), which ``scripts/check`` runs over
``src/fruitbowl/web/js`` after ``npm ci``, refuses the mistakes its configuration promises to."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ESLINT = ROOT / "node_modules" / ".bin" / "eslint"

pytestmark = pytest.mark.skipif(
    not ESLINT.exists() and not os.environ.get("CI"), reason="ESLint is not installed here (scripts/check runs npm ci)"
)

PROBE = """import { h } from "./svg.js";

export function probe(count) {
  var unused = 1;
  if (count == 1) total = h("p");
  return missing;
}
"""


def test_the_linter_refuses_undefined_names_loose_equality_and_var() -> None:
    done = subprocess.run(
        [str(ESLINT), "--stdin", "--stdin-filename", "src/fruitbowl/web/js/probe.js", "--format", "json"],
        input=PROBE,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    [report] = json.loads(done.stdout)
    found = [(m["ruleId"], m["line"]) for m in report["messages"] if m["severity"] == 2]
    assert sorted(found) == [("eqeqeq", 5), ("no-undef", 5), ("no-undef", 6), ("no-unused-vars", 4), ("no-var", 4)]
