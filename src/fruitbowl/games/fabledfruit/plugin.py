"""Fabled Fruit's plugin: what every front end needs from this game (see :mod:`fruitbowl.engine.plugin`).

Fables are played as campaigns: ``campaign`` carries the table from one game to the next. The
campaign words are marked with ``N_`` for the catalogs: a front end says them with ``_()``.
"""

from fruitbowl.engine.plugin import CampaignText, GamePlugin, Ruleset, SearchTuning
from fruitbowl.engine.wording import N_

from .rules import FabledFruit

PLUGIN = GamePlugin(
    game=FabledFruit,
    terminal="fruitbowl.games.fabledfruit.terminal:FabledFruitAdapter",
    web_module="fruitbowl:web/js/games/fabledfruit.js",
    greedy="fruitbowl.games.fabledfruit.greedy:EVALUATOR",
    search=SearchTuning(depth=30, scale=10.0),
    components="fruitbowl.games.fabledfruit.analysis:HOOKS",
    campaign="fruitbowl.games.fabledfruit.campaign:SUPPORT",
    campaign_text=CampaignText(
        title=N_("Fable campaigns"),
        about=N_(
            "Fabled Fruit is played as a campaign: the locations you buy stay bought, "
            "and the next game starts where the last one ended."
        ),
        rulesets=(
            Ruleset("base", N_("The fables"), N_("The base game's fables, location after location")),
            Ruleset(
                "lime",
                N_("Lime expansion"),
                N_("The Lime expansion's own campaign, with limes on the table"),
                N_("Lime"),
            ),
        ),
        left=N_("card"),
        complete=N_("complete: every location has been bought"),
    ),
)
