"""Counts said in the language's plural forms: the study commands' "40 games", "4 players".

Each is said in the context ``count`` (a count on its own, as in a list), so that a language that
declines it can say it apart from the same English inside a sentence (German "4 Spieler", where
"option … applies only to games of 4 players" says the dative "Spielern").
"""

from __future__ import annotations

from fruitbowl.engine.wording import npgettext


def games_count(games: int) -> str:
    """ "1 game", "40 games": a number of games in the language's plural form."""
    return npgettext("count", "{n} game", "{n} games", games).format(n=games)


def players_count(players: int) -> str:
    """ "1 player", "4 players": a number of players in the language's plural form."""
    return npgettext("count", "{n} player", "{n} players", players).format(n=players)


def bots_count(bots: int) -> str:
    """ "1 bot", "3 bots": a number of bots in the language's plural form."""
    return npgettext("count", "{n} bot", "{n} bots", bots).format(n=bots)


def tables_count(tables: int) -> str:
    """ "1 table", "6 tables": a number of tables in the language's plural form."""
    return npgettext("count", "{n} table", "{n} tables", tables).format(n=tables)
