"""How sure a win rate is: the Wilson score interval, used by every report that gives one.

A rate of ``k`` wins in ``n`` games is an estimate; the Wilson interval (Wilson 1927) is the
range of true rates the games are consistent with at 95%. Unlike the normal approximation it
stays inside [0, 1] and means something for few games and for rates near 0 or 1. ``k`` may be
fractional: a win shared in a ``j``-way tie counts ``1/j`` (the ladder counts ties as halves).
"""

from __future__ import annotations

import math

#: The two-sided 95% quantile of the standard normal distribution.
Z95 = 1.959964


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of the rate ``successes / trials``; (0, 1) without trials."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(max(0.0, p * (1 - p)) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))
