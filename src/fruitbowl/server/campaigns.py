"""Campaigns at the web table: a group's campaign lives in the database and continues at new tables.

Only games whose plugin has a ``campaign`` hook (:class:`~fruitbowl.engine.plugin.CampaignSupport`)
have campaigns. The campaign's own class does the work: it gives the options of the next game, and
after a finished game it returns the next campaign state, checked before it is stored. The server
never repairs a campaign.

A campaign has a ``ruleset`` (one the game declares, e.g. a base or an expansion campaign), chosen
when it is created.
"""

from __future__ import annotations

from typing import Any

from fruitbowl.engine import (
    FruitbowlError,
    InvalidOption,
    UnknownGame,
    UnsupportedFeature,
    all_plugins,
    get_game,
    get_plugin,
)
from fruitbowl.engine.plugin import CampaignState, CampaignSupport
from fruitbowl.engine.wording import _

from .errors import BadRequest, Damaged

#: Campaign tokens one request may present (``GET /api/campaigns``), and campaigns listed.
MAX_CAMPAIGN_TOKENS = 50

#: What anyone who knows a campaign's id may see; its seating, history and tables are its owner's.
PUBLIC_FIELDS = ("id", "game", "name", "games_completed", "cards_left", "complete", "ruleset")


def support_for(game_id: str) -> CampaignSupport:
    """The game's campaigns, or :class:`UnsupportedFeature` naming the games that have them."""
    support = get_plugin(game_id).campaigns()
    if support is None:
        having = ", ".join(p.id for p in all_plugins() if p.campaign is not None) or "no game"
        raise UnsupportedFeature(
            _("{game_id} has no campaigns; campaigns are for {having}").format(game_id=repr(game_id), having=having)
        )
    return support


def describe_campaigns(game_id: str) -> dict[str, Any] | None:
    """How the lobby presents the game's campaigns (``GET /api/games``), or ``None`` without any:
    the plugin's words (:class:`~fruitbowl.engine.plugin.CampaignText`) and each ruleset the
    game's campaign support declares, the default first."""
    plugin = get_plugin(game_id)
    support = plugin.campaigns()
    if support is None:
        return None
    words = plugin.campaign_words()

    def said(text: str) -> str:  # (the plugin marks its words; an empty one stays empty)
        return _(text) if text else text

    return {
        "title": said(words.title),
        "about": said(words.about),
        "left": said(words.left),
        "complete": said(words.complete),
        "rulesets": [
            {"id": r.id, "label": said(r.label), "about": said(r.about), "badge": said(r.badge) if r.badge else r.badge}
            for r in map(words.ruleset, support.rulesets)
        ],
    }


def new_campaign(game_id: str, seed: int, ruleset: str | None = None) -> CampaignState:
    """A new campaign of the game, in ``ruleset`` (one the game declares; ``None``: its first)."""
    support = support_for(game_id)
    ruleset = support.rulesets[0] if ruleset is None else ruleset
    if ruleset not in support.rulesets:
        quoted = " or ".join(repr(r) for r in support.rulesets)
        raise InvalidOption(
            _("a {title} campaign is {quoted}; got {ruleset}").format(
                title=_(get_game(game_id).title), quoted=quoted, ruleset=repr(ruleset)
            )
        )
    return support.new(seed, [], {"ruleset": ruleset})


def load_campaign(campaign_id: str, game_id: str, data: Any) -> CampaignState:
    """A stored campaign, checked by its game; :class:`Damaged` naming the first broken rule if it
    is damaged or its game is not installed here (nothing is repaired)."""
    try:
        support = support_for(game_id)
    except (UnknownGame, UnsupportedFeature):
        raise Damaged(
            _("campaign {campaign_id} is of the game {game_id}, which has no campaigns on this server").format(
                campaign_id=repr(campaign_id), game_id=repr(game_id)
            )
        ) from None
    try:
        return support.from_json(data)
    except FruitbowlError as exc:
        raise Damaged(
            _("campaign {campaign_id} is damaged and cannot be played: {exc}").format(
                campaign_id=repr(campaign_id), exc=exc
            )
        ) from None


def summary(campaign_id: str, game: str, name: str, campaign: CampaignState) -> dict[str, Any]:
    return {
        "id": campaign_id,
        "game": game,
        "name": name,
        "games_completed": campaign.games_completed,
        "cards_left": campaign.cards_left,
        "complete": campaign.campaign_complete,
        "ruleset": campaign.ruleset,
        "seating": list(campaign.seating),
        "history": campaign.to_json().get("history", []),
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
        raise BadRequest(
            _("send at most {MAX_CAMPAIGN_TOKENS} campaign tokens at once, not {tokens}").format(
                MAX_CAMPAIGN_TOKENS=MAX_CAMPAIGN_TOKENS, tokens=len(tokens)
            )
        )
    return tokens
