"""The engine's own refusals of what names no action (issue 27: every refusal in the reader's
language), said by whichever front end asks: a bot, the terminal, the API, an RL adapter."""

from __future__ import annotations

import pytest

from fruitbowl.engine import IllegalAction, get_game
from fruitbowl.engine.chance import Dealer
from fruitbowl.engine.wording import speaking
from fruitbowl.i18n import translations

REFUSALS = {
    "en": [
        "'fly away' is not an action of this game",
        "True is not an action",
        "action code 99999 is outside 0..",
        "1.5 is not an action, a code or an action text",
    ],
    "de": [
        "'fly away' ist keine Aktion dieses Spiels",
        "True ist keine Aktion",
        "Aktionscode 99999 liegt außerhalb von 0..",
        "1.5 ist weder eine Aktion noch ein Code noch ein Aktionstext",
    ],
    "zh_Hans": [
        "'fly away' 不是本游戏的动作",
        "True 不是一个动作",
        "动作编号 99999 超出 0..",
        "1.5 既不是动作，也不是编号或动作文字",
    ],
}


@pytest.mark.parametrize("language", sorted(REFUSALS))
def test_what_names_no_action_is_refused_in_the_language_spoken(language):
    state = get_game("tanghulu").new_state(2, 1)
    Dealer(1).settle(state)
    before = state.to_json()
    with speaking(translations(language)):
        for asked, refusal in zip(["fly away", True, 99999, 1.5], REFUSALS[language], strict=True):
            with pytest.raises(IllegalAction) as refused:
                state.apply(asked)
            assert str(refused.value).startswith(refusal)
    assert state.to_json() == before  # (refused: nothing changed)
