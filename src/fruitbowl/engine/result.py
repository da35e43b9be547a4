"""Final results: scores, a full ranking with the game's tie-breaks, and a score breakdown."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .wording import _


def category_heading(category: str) -> str:
    """A score category as players read it: ``final_harvest`` → "Final harvest", in the language
    being spoken where the game's catalog says it ("Tiles" → "Plättchen")."""
    return _(category.replace("_", " ").capitalize())


@dataclass(frozen=True)
class House:
    """An automated opponent that is not a seat, such as Juicy Fruits' Pineapple in solo play.

    It is ranked against the seats by score alone; ``wins_ties`` says who a level score favours.
    ``name`` is its English name, stored as it is in every language (records and stored results
    compare it): it is the message of its game's catalog that a front end says at display time.
    """

    name: str
    score: int
    breakdown: dict[str, int]
    wins_ties: bool = True

    def beats(self, score: int) -> bool:
        return self.score > score or (self.score == score and self.wins_ties)


@dataclass(frozen=True)
class Result:
    """How a game ended.

    ``categories`` name the parts of the score in the order a results screen shows them;
    ``breakdown[seat][category]`` are the parts, which add up to ``scores[seat]``.
    ``tiebreaks[seat]`` are compared in order when scores are level (higher is better), and
    ``tiebreak_names`` says what they are. ``places[seat]`` is 1 for the winners; seats level
    on score and every tie-break share a place. ``truncated`` marks a game stopped by a limit.
    ``house`` is an automated opponent that is not a seat: a seat it beats drops a place, and
    when it beats everyone there are no winners.
    """

    scores: tuple[int, ...]
    categories: tuple[str, ...]
    breakdown: tuple[dict[str, int], ...]
    tiebreak_names: tuple[str, ...]
    tiebreaks: tuple[tuple[int, ...], ...]
    places: tuple[int, ...]
    truncated: bool = False
    house: House | None = None

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
        house: House | None = None,
    ) -> Result:
        """Build a result from the breakdown: totals, then places by (score, tie-breaks)."""
        scores = tuple(sum(parts[c] for c in categories) for parts in breakdown)
        ties = tuple(tuple(t) for t in (tiebreaks or [()] * len(breakdown)))
        keys = [(scores[s], *ties[s]) for s in range(len(scores))]
        places = tuple(
            1 + sum(1 for other in keys if other > key) + (1 if house and house.beats(key[0]) else 0) for key in keys
        )
        return cls(
            scores=scores,
            categories=tuple(categories),
            breakdown=tuple(dict(parts) for parts in breakdown),
            tiebreak_names=tuple(tiebreak_names),
            tiebreaks=ties,
            places=places,
            truncated=truncated,
            house=house,
        )

    @property
    def house_place(self) -> int | None:
        if self.house is None:
            return None
        return 1 + sum(1 for score in self.scores if not self.house.beats(score))

    def rank_rewards(self) -> list[float]:
        """Per seat: +1 for each opponent it finished ahead of, -1 for each ahead of it, divided by the
        number of opponents (the house counts as one); in [-1, 1], adding up to 0 among seats
        without a house. A lone seat with no house: +1."""
        n = len(self.places)
        opponents = n - 1 + (1 if self.house else 0)
        if opponents == 0:
            return [1.0]
        rewards = []
        for seat, place in enumerate(self.places):
            ahead = sum(1 for other in self.places if other > place) - sum(1 for other in self.places if other < place)
            if self.house is not None:
                ahead += -1 if self.house.beats(self.scores[seat]) else 1
            rewards.append(ahead / opponents)
        return rewards

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
            **(
                {
                    "house": {
                        "name": self.house.name,
                        "score": self.house.score,
                        "breakdown": dict(self.house.breakdown),
                        "place": self.house_place,
                    }
                }
                if self.house
                else {}
            ),
        }
