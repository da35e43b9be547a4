"""What a Fabled Fruit player reads names the cards as printed (#1L, not an internal number),
counts nouns correctly, and never mentions a signpost the card does not show (issue 18 §5).

Positions are set up with :mod:`.positions`; everything after that is played through actions,
and the texts are read where a player reads them: refusals, prompts, menu labels and the log.
"""

from __future__ import annotations

import pytest

from fruitbowl.engine import IllegalAction
from fruitbowl.engine.wording import speaking
from fruitbowl.games.fabledfruit.components import COMPONENTS as C
from fruitbowl.games.fabledfruit.components import parse_loc
from fruitbowl.i18n import translations

from .positions import GAME, at_location, lime_through, position, table

NAMES = ["Ann", "Bo", "Cy"]


def sentences(events, viewer=0):
    return [GAME.describe_event(e, viewer, NAMES) for e in events]


def labels(s, viewer=None):
    seat = s.current_player if viewer is None else viewer
    view = s.view(seat)
    return {a.text: GAME.describe_action(view, a) for a in s.legal_actions()}


def test_refusals_name_lime_locations_as_printed():
    """Seed (Lime): "Location #1L: Take 1 lime" — the cards are #1L…#20L, so every refusal says so."""
    s = table(2, 1, {"lime": True, "first_player": 1})
    with pytest.raises(IllegalAction, match=r"#5L is not in the display"):
        s.apply("move 5L")
    s.apply("move 1L")
    s.apply("act")
    s.apply("move 2L")
    s.apply("act")
    with pytest.raises(IllegalAction, match=r"already stands on #1L") as refused:
        s.apply("move 1L")
    assert "#60" not in str(refused.value)


def test_the_give_prompt_names_the_location_used():
    """#2: "Give 1 banana … that player then gives you 2 fruits of their choice" — the giver's prompt
    says which location asked for it, by its printed number."""
    s = at_location(position(3, hands={0: "B", 1: "P S"}), 2)
    s.apply("act")
    s.apply("player 2")
    s.apply("give banana")
    prompt = GAME.prompt(s.view(1), NAMES)
    assert prompt.startswith("Give Ann a fruit of your choice (Ann used #2)")


def test_the_others_read_that_the_giver_chooses_the_fruit():
    """#2: "that player then gives you 2 fruits of their choice" — the fruit is the giver's choice,
    so the one waiting for it and a third player read whose choice it is, not "your choice"."""
    s = at_location(position(3, hands={0: "B", 1: "P S"}), 2)
    s.apply("act")
    s.apply("player 2")
    s.apply("give banana")
    waiting = GAME.prompt(s.view(0), NAMES)
    assert waiting.startswith("Waiting for Bo to give you a fruit of their choice (you used #2)")
    watching = GAME.prompt(s.view(2), NAMES)
    assert watching.startswith("Waiting for Bo to give Ann a fruit of their choice (Ann used #2)")
    for prompt in (waiting, watching):
        assert "your choice" not in prompt
    with speaking(translations("de")):
        assert GAME.prompt(s.view(0), NAMES).startswith("Warte darauf, dass Bo dir eine Frucht nach Wahl gibt")
    with speaking(translations("zh_Hans")):
        assert GAME.prompt(s.view(2), NAMES).startswith("等待Bo给Ann一张自选的水果")


def test_grapes_are_never_a_grapes():
    """§1.2: the five fruit types are pineapple, banana, strawberry, coconut and grapes."""
    s = position(3, hands={0: "G G G P"}, options=lime_through("4L"))
    s = at_location(s, "4L")
    events = s.apply("act") + s.apply("name grapes")
    text = " ".join(sentences(events))
    assert "showed grapes and took the grapes token" in text
    assert "a grapes" not in text
    s = at_location(position(3, hands={0: "G G G P"}), 3)  # GGG*
    s.apply("buy")
    s.apply("pay pineapple")  # payments are chosen in menu order (§2.5.2)
    assert labels(s)["pay grapes"] == "Pay with grapes"


def test_offer_prompt_counts_the_limes():
    """#11L: "Place 2 limes from the lime pile into the center" — with one lime left only 1 is offered."""
    s = position(3, hands={0: "P", 1: "B", 2: "S"}, options=lime_through("11L"))
    s.limes = 1
    at_location(s, "11L")
    s.apply("act")
    prompt = GAME.prompt(s.view(s.current_player), NAMES)
    assert "for the 1 lime," in prompt and "1 limes" not in prompt


def test_a_fallback_mentions_a_signpost_only_on_a_signpost_card():
    """§2.4.4: the signpost fallback belongs to cards that show one; #1L (no signpost in data.toml)
    with an empty lime pile still draws 1 fruit (§1.6, R), but says nothing of a signpost."""
    assert not C.locations[parse_loc("1L")].signpost and C.locations[2].signpost
    s = position(3, hands={0: "P"}, draw="G", options={"lime": True})
    s.limes = 0
    at_location(s, "1L")
    text = " ".join(sentences(s.apply("act")))
    assert "signpost" not in text and "#1L" in text and "1 fruit" in text
    s = at_location(position(3, hands={0: "P"}, draw="G"), 2)  # no banana for #2
    assert "the signpost gives 1 fruit instead" in " ".join(sentences(s.apply("act")))


def test_6l_saving_is_optional():
    """Seed #6L: "Each time you trigger this location, you **may** save 1 fruit and place it below your
    Cardboard Token." Declining keeps the hand as it was and saves nothing."""
    s = position(3, hands={0: "S B"}, draw="G", options=lime_through("6L"))
    at_location(s, "6L")
    s.apply("act")
    assert [a.text for a in s.legal_actions()] == ["save banana", "save strawberry", "done"]
    assert labels(s)["done"].startswith("Save nothing")
    assert "or save nothing" in GAME.prompt(s.view(0), NAMES)
    events = s.apply("done")
    assert "You saved no fruit." in sentences(events)
    me = s.view(0)["players"][0]
    assert me["hand"] == {"banana": 1, "strawberry": 1} and me["saved_count"] == 0
    assert s.current_player == 1


def test_6l_saving_still_works():
    """Seed #6L: "Place 1 fruit from your hand face down below your animal token."""
    s = position(3, hands={0: "S B"}, options=lime_through("6L"))
    at_location(s, "6L")
    s.apply("act")
    s.apply("save strawberry")
    assert s.view(0)["players"][0]["saved"] == {"strawberry": 1}
    assert s.view(1)["players"][0]["saved_count"] == 1


def test_plural_counts_in_labels_and_refusals():
    """Nouns agree with their numbers: "1 gambling token", "2 pineapples"."""
    s = at_location(position(3, hands={0: "P P B B"}), 1)  # PPP*
    with pytest.raises(IllegalAction, match=r"you have 2 pineapples, 2 bananas"):
        s.apply("buy")
    s = position(3, hands={0: "L L P P G"}, options=lime_through("12L"))
    at_location(s, "12L")
    s.apply("act")  # takes a gambling token
    at_location(s, "12L", seat=0)  # and stands on #12L (PPLL*) again on a later turn
    gamble = labels(s)["gamble 1"]
    assert f"returning 1 gambling token: reveal {C.lime.gambling_reveals} fruits" in gamble


def test_lime_games_refuse_the_immediate_end():
    """Seed (Lime): "The game ends at the end of the round when the first player has the required number
    of fabled juices." — the immediate-end variant does not apply to a Lime game."""
    from fruitbowl.engine.errors import InvalidOption

    with pytest.raises(InvalidOption, match=r"immediate_end does not apply to a Lime game") as refused:
        GAME.validate_options({"lime": True, "immediate_end": True}, 3)
    assert str(refused.value).count(".") <= 1
    assert GAME.validate_options({"immediate_end": True}, 3)["immediate_end"] is True


@pytest.mark.parametrize("players", [1, 6])
def test_player_counts_outside_two_to_five_are_refused(players):
    """§2.2: "Players: 2–5" (juice targets exist for 2–5 players), in base and Lime games."""
    from fruitbowl.engine.errors import FruitbowlError

    for options in ({}, {"lime": True}):
        with pytest.raises(FruitbowlError, match=r"2–5 players; got"):
            GAME.validate_options(options, players)
