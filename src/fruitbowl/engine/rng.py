"""Seeded randomness: every random draw in a game comes from the state's own ``random.Random``.

Seeds are integers; the generator's full state is serialised with the game state so that a
saved game continues exactly as it would have.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

MAX_SEED = 2**63 - 1


def new_rng(seed: int) -> random.Random:
    return random.Random(seed)


def derive_seed(*parts: object) -> int:
    """A seed derived from several values (a base seed and labels), stable across runs."""
    digest = hashlib.sha256("/".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


def random_seed() -> int:
    return random.SystemRandom().randrange(MAX_SEED)


def copy_rng(rng: random.Random) -> random.Random:
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: Any) -> random.Random:
    try:
        version, internal, gauss = data
        rng = random.Random()
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"not a saved random generator state: {exc}") from None
    return rng
