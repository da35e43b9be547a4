"""Write the rules-1 fixtures of Fabled Fruit (run once, with the rules-1 engine, before chance became explicit).

Each fixture is a save (``Match.save``: the record of a seeded game played by random legal moves,
mostly buying) and what that game showed when it was made: the spectator's ``view(None)``, the
result (finished games) and the event log as a spectator reads it. Finished games and games
stopped in the middle of a turn; every player count; the options that change what is drawn
(a random or a chosen first player, a campaign's later display with its market, fruit mix and
tokens, the Lime expansion). ``test_legacy.py`` replays them with the rules-1 dealer.

    python tests/games/fabledfruit/legacy/make_fixtures.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from fruitbowl.engine.match import Match
from fruitbowl.engine.record import Player
from fruitbowl.games.fabledfruit.campaign import deep_campaign_options, dump_text, simulate_campaign
from fruitbowl.games.fabledfruit.rules import FabledFruit

HERE = Path(__file__).parent
#: name: (players, seed, options, stop after this many actions — None: play to the end)
FIXTURES: dict[str, tuple[int, int, dict, int | None]] = {
    "two_players_finished": (2, 101, {}, None),
    "three_players_immediate_finished": (3, 102, {"immediate_end": True, "first_player": 3}, None),
    "four_players_campaign_finished": (4, 103, deep_campaign_options(4), None),
    "five_players_lime_finished": (5, 104, {"lime": True}, None),
    "three_players_lime_campaign_finished": (3, 105, deep_campaign_options(3, lime=True), None),
    "two_players_campaign_in_progress": (2, 106, deep_campaign_options(2), 61),
    "four_players_lime_in_progress": (4, 107, {"lime": True}, 90),
    "five_players_in_progress": (5, 108, {"first_player": 2}, 47),
}

#: Saved campaigns, between games: name: (players, games played, seed, Lime)
CAMPAIGNS = {"campaign_after_two_games": (3, 2, 109, False), "lime_campaign_after_one_game": (4, 1, 110, True)}


def play(players: int, seed: int, options: dict, stop: int | None) -> Match:
    game = FabledFruit()
    match = Match.new(game, [Player(f"P{i + 1}", "random") for i in range(players)], seed, options)
    chooser = random.Random(seed * 7919)
    while not match.state.is_terminal():
        steps = getattr(match.state, "steps")  # noqa: B009  (a Fabled Fruit state's queue)
        if stop is not None and len(match.record.actions) >= stop and steps[0][0] != "move":
            break  # (stopped in the middle of a turn: its animal has moved)
        legal = match.state.legal_actions()
        buys = [a for a in legal if a.kind in ("buy", "gamble")]
        match.apply(buys[0] if buys and chooser.random() < 0.6 else chooser.choice(legal))
    return match


def main() -> None:
    for name, (players, seed, options, stop) in FIXTURES.items():
        match = play(players, seed, options, stop)
        match.save(HERE / f"{name}.json")
        names = match.names
        expected = {
            "view": match.state.view(None),
            "result": match.state.result().to_json() if match.state.is_terminal() else None,
            "events": [match.game.describe_event(e, None, names) for _, e in match.log],
        }
        (HERE / f"{name}.expected.json").write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n")
        print(name, len(match.record.actions), "actions", "over" if match.state.is_terminal() else "in progress")
    for name, (players, games, seed, lime) in CAMPAIGNS.items():  # saved between two games of a campaign
        (HERE / f"{name}.json").write_text(dump_text(simulate_campaign(players, games, seed, lime=lime)))


if __name__ == "__main__":
    main()
