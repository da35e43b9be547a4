"""Campaigns at the web table: a group's campaign lives in the database and continues at new tables.

Only games with campaigns appear here (Fabled Fruit's fables). The campaign's own class does the
work: it gives the options of the next game, and after a finished game it returns the next
campaign state, checked (§4.1) before it is stored. The server never repairs a campaign.

A campaign is a base fable or a Lime one (``ruleset``), chosen when it is created.
"""

from __future__ import annotations

from typing import Any, Protocol

from fruitbowl.engine import FruitbowlError, UnsupportedFeature
from fruitbowl.engine.game import State


class CampaignState(Protocol):
    games_completed: int
    big_stack: list[int]

    @property
    def campaign_complete(self) -> bool: ...

    def to_json(self) -> dict[str, Any]: ...

    def game_seed(self) -> int: ...

    def game_options(self, num_players: int, names: list[str] | None = None) -> dict[str, Any]: ...

    def after_game(self, state: State, names: list[str]) -> CampaignState: ...


RULESETS = ("base", "lime")

#: Campaign tokens one request may present (``GET /api/campaigns``), and campaigns listed.
MAX_CAMPAIGN_TOKENS = 50

#: What anyone who knows a campaign's id may see; its seating, history and tables are its owner's.
PUBLIC_FIELDS = ("id", "game", "name", "games_completed", "cards_left", "complete", "ruleset")


def new_campaign(game_id: str, seed: int, ruleset: str = "base") -> CampaignState:
    if ruleset not in RULESETS:
        raise UnsupportedFeature(f"a campaign is 'base' or 'lime'; got {ruleset!r}")
    if game_id != "fabledfruit":
        raise UnsupportedFeature(f"{game_id!r} has no campaigns; campaigns are for fabledfruit")
    from fruitbowl.games.fabledfruit.campaign import Campaign

    campaign: CampaignState = Campaign.new(seed=seed, ruleset=ruleset)
    return campaign


def load_campaign(game_id: str, data: Any) -> CampaignState:
    """A stored campaign, checked; :class:`FruitbowlError` if it is damaged."""
    if game_id != "fabledfruit":
        raise FruitbowlError(f"a stored campaign names an unknown game {game_id!r}")
    from fruitbowl.games.fabledfruit.campaign import Campaign

    campaign: CampaignState = Campaign.from_json(data)
    return campaign


def summary(campaign_id: str, game: str, name: str, campaign: CampaignState) -> dict[str, Any]:
    data = campaign.to_json()
    return {
        "id": campaign_id,
        "game": game,
        "name": name,
        "games_completed": campaign.games_completed,
        "cards_left": len(campaign.big_stack),
        "complete": campaign.campaign_complete,
        "ruleset": data.get("ruleset", "base"),
        "seating": data.get("seating", []),
        "history": data.get("history", []),
    }


def public_campaign(summary: dict[str, Any]) -> dict[str, Any]:
    """A campaign as shown to someone who is not its owner."""
    return {key: summary[key] for key in PUBLIC_FIELDS}


def campaign_tokens(header: str | None) -> list[str]:
    """The owner tokens in an ``X-Campaign-Token`` header (several, comma-separated, for a list)."""
    if not header:
        return []
    tokens = [t.strip() for t in header.split(",") if t.strip()]
    if len(tokens) > MAX_CAMPAIGN_TOKENS:
        raise FruitbowlError(f"send at most {MAX_CAMPAIGN_TOKENS} campaign tokens at once, not {len(tokens)}")
    return tokens
