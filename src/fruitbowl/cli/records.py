"""Opening save and record files for the terminal: refusals name the file, and a record
that carries no checksum is played or shown only with a warning that it is unverified.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fruitbowl.engine import Match, Record
from fruitbowl.engine.record import naming_file, replay_to_end
from fruitbowl.engine.wording import _


def warn_if_unverified(record: Record, path: Path) -> None:
    """One ``warning:`` line on stderr for a record without a checksum."""
    if not record.verified:
        warning = _(
            "warning: {path} has no checksum, so nothing shows it was written by fruitbowl; "
            "it is loaded unverified (its moves were checked against the rules)"
        )
        sys.stderr.write(warning.format(path=path) + "\n")
        sys.stderr.flush()


def load_record(path: Path) -> Record:
    """A record whose moves replay legally; any refusal names ``path``."""
    record = Record.load(path)
    with naming_file(path):
        replay_to_end(record)
    warn_if_unverified(record, path)
    return record


def load_match(path: Path) -> Match:
    """The match a save file holds, replayed and checked; any refusal names ``path``."""
    match = Match.load(path)
    warn_if_unverified(match.record, path)
    return match
