"""``fruitbowl --lang de learn GAME``: the tutorial's coach speaks German and Chinese in the terminal
for every game (issue 27), as a person at an 80-column terminal reads it: the welcome, the lesson,
the suggested move and its menu number, the next step."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .terminal_driver import CHINESE, GERMAN, Terminal

#: What each game's coach says first, in German and in Chinese.
WELCOME = {
    "tanghulu": ("Willkommen bei Tang Hu Lu!", "欢迎来到糖葫芦！"),
    "citrus": ("Willkommen bei Citrus!", "欢迎来到柑橘！"),
    "fabledfruit": ("Willkommen bei Fabelsaft!", "欢迎来到寓言果汁！"),
    "juicyfruits": ("Willkommen bei Juicy Fruits!", "欢迎来到多汁水果！"),
}
#: Per language: its code, the driver's words, the coach's step heading, its suggestion, the menu number.
SPOKEN = {
    "de": (
        "de",
        GERMAN,
        "Einführung · Schritt {step} von",
        ("Vorschlag:", "Nur ein Zug ist möglich:"),
        r"Tippe\s*(\d+)",
    ),
    "zh": ("zh_Hans", CHINESE, "教程·第{step}步", ("建议：", "只有一步可走："), r"输入\s*(\d+)。"),
}


def _read(screen: str, chinese: bool) -> str:
    """The screen's words as one line (Chinese runs on across a line's end without a space)."""
    return "".join(screen.split()) if chinese else " ".join(screen.split())


@pytest.mark.slow  # eight tutorials opened in a terminal: about 40 s on two cores
@pytest.mark.parametrize("language", sorted(SPOKEN))
@pytest.mark.parametrize("game", sorted(WELCOME))
def test_the_terminal_tutorial_coaches_in_the_language(game: str, language: str, tmp_path: Path) -> None:
    code, words, heading, suggests, number = SPOKEN[language]
    chinese = language == "zh"
    welcome = WELCOME[game][chinese]
    term = Terminal(["--lang", code, "learn", game, "--name", "Sam"], tmp_path, words=words)
    assert term.wait_for_prompt(), term.failure("no prompt")
    first = _read(term.screen, chinese)
    assert _read(heading.format(step=1), chinese) in first, term.failure("no step heading")
    assert _read(welcome, chinese) in first, term.failure("no welcome in the language")
    assert any(_read(said, chinese) in first for said in suggests), term.failure("no suggestion")
    assert "Welcome" not in first and "Suggested" not in first
    asked = re.findall(number, first)
    assert asked, term.failure("the coach named no menu number")
    term.answer(asked[-1])
    assert term.wait_for_prompt(), term.failure("no second prompt")
    later = _read(term.screen, chinese)  # (a move with no choice is made for the player, so step 2 or on)
    head = _read(heading.split("{step}")[0], chinese)
    assert head in later and _read(heading.format(step=1), chinese) not in later, term.failure("no next step")
    term.answer("quit")
    assert term.read_to_end() == 0
