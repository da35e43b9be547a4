"""Final results: scores, a full ranking with the game's tie-breaks, and a score breakdown."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Result:
    """How a game ended.

    ``categories`` name the parts of the score in the order a results screen shows them;
    ``breakdown[seat][category]`` are the parts, which add up to ``scores[seat]``.
    ``tiebreaks[seat]`` are compared in order when scores are level (higher is better), and
    ``tiebreak_names`` says what they are. ``places[seat]`` is 1 for the winners; seats level
    on score and every tie-break share a place. ``truncated`` marks a game stopped by a limit.
    """

    scores: tuple[int, ...]
    categories: tuple[str, ...]
    breakdown: tuple[dict[str, int], ...]
    tiebreak_names: tuple[str, ...]
    tiebreaks: tuple[tuple[int, ...], ...]
    places: tuple[int, ...]
    truncated: bool = False

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)

    @classmethod
    def ranked(
        cls,
        categories: Sequence[str],
        breakdown: Sequence[dict[str, int]],
        tiebreak_names: Sequence[str] = (),
        tiebreaks: Sequence[Sequence[int]] | None = None,
        truncated: bool = False,
    ) -> Result:
        """Build a result from the breakdown: totals, then places by (score, tie-breaks)."""
        scores = tuple(sum(parts[c] for c in categories) for parts in breakdown)
        ties = tuple(tuple(t) for t in (tiebreaks or [()] * len(breakdown)))
        keys = [(scores[s], *ties[s]) for s in range(len(scores))]
        places = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
        return cls(
            scores=scores,
            categories=tuple(categories),
            breakdown=tuple(dict(parts) for parts in breakdown),
            tiebreak_names=tuple(tiebreak_names),
            tiebreaks=ties,
            places=places,
            truncated=truncated,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "places": list(self.places),
            "categories": list(self.categories),
            "breakdown": [dict(b) for b in self.breakdown],
            "tiebreak_names": list(self.tiebreak_names),
            "tiebreaks": [list(t) for t in self.tiebreaks],
            "truncated": self.truncated,
        }
