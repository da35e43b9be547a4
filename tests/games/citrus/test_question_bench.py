"""``benchmarks/citrus_questions.py``, the measurement behind the "Engine speed" figures of
docs/games/citrus.md: it plays the games it is given and accounts for every line question."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[3] / "benchmarks" / "citrus_questions.py"


def test_the_line_question_groups_add_up_to_all_the_questions_asked() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--games", "2"], capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("2 games,") and "look-ahead positions" in lines[0]
    groups = [line for line in lines[2:] if line.startswith(("bought", "refused"))]
    total = re.match(r"all lines\s+([\d,]+)", lines[-1])
    assert groups and total is not None
    counted = sum(int(line.split()[2].replace(",", "")) for line in groups)
    assert counted == int(total.group(1).replace(",", "")) > 0
