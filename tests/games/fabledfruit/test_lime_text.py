"""Every Lime decision has a prompt, every Lime action a label, every Lime event a sentence —
for the player who sees it and for the others (redacted)."""

from __future__ import annotations

import random

from fruitbowl.games.fabledfruit import text

from .positions import GAME, lime_options, table

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


def test_prompts_labels_and_sentences_cover_every_lime_position():
    kinds_seen: set[str] = set()
    events_seen: set[str] = set()
    for last, players, seed in [(24, 3, 1), (50, 4, 2), (66, 3, 3), (86, 2, 4), (98, 5, 5)]:
        s = table(players, seed, {**lime_options(last), "max_rounds": 30})
        chooser = random.Random(seed)
        while not s.is_terminal():
            seat = s.current_player
            view = s.view(seat)
            prompt = text.prompt(view, NAMES)
            assert prompt and view["decision"]["kind"] not in prompt.split(":")[-1].strip().split()[:1]
            kinds_seen.add(view["decision"]["kind"])
            for action in s.legal_actions():
                label = text.action_label(view, action)
                assert label and (label != action.text or action.kind in ("done",)), (action.text, label)
            for event in s.apply(chooser.choice(s.legal_actions())):
                events_seen.add(event.kind)
                for viewer in (None, *range(players)):
                    sentence = GAME.describe_event(event, viewer, NAMES)
                    assert sentence != event.kind and sentence.endswith((".", ")")), (event.kind, sentence)
    assert {"save", "offer", "accept", "limeask", "return", "juice", "thief"} <= kinds_seen, kinds_seen
    assert {"take_lime", "save", "offer_limes", "coat_taken", "gamble", "trade_juice"} <= events_seen, events_seen
