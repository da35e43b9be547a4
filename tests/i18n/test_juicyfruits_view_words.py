"""Juicy Fruits' board reads its pieces' names in the reader's language (issue 27): the view the
browser draws from names the business tokens, the venues on the islands and the large venues still
waiting in the reader's words, as the log and the menus do (the Chinese board showed
"Restaurant"); and the solo board's help names its data's number of boards in the reader's
sentence; English unchanged."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fruitbowl.engine.chance import Dealer
from fruitbowl.engine.wording import speaking
from fruitbowl.games.juicyfruits import JuicyFruits
from fruitbowl.games.juicyfruits.components import COMPONENTS
from fruitbowl.i18n import translations

from .readers import CHINESE, CJK, GERMAN

GAME = JuicyFruits()


def _names(view: dict) -> list[str]:
    """Every piece name the view sends: the business board's tokens and the large venues waiting."""
    tokens = [space["name"] for row in view["business_board"]["rows"] for space in row["spaces"] if space]
    return tokens + [venue["name"] for venue in view["large_venues"]]


def test_the_chinese_board_names_the_restaurant_and_every_token_in_chinese() -> None:
    state = GAME.new_state(2, 3, {"modules": "mystic_island+boulders+new_business"})
    Dealer(3).settle(state)
    english = _names(state.view(0))
    assert "Restaurant" in english and "Beach Hotel" in english  # the venues waiting (New business's too)
    with speaking(translations("zh_Hans")):
        chinese = _names(state.view(0))
    assert len(chinese) == len(english)
    assert all(CJK.search(name) for name in chinese), [name for name in chinese if not CJK.search(name)]
    assert "餐厅" in chinese and "海滩酒店" in chinese  # the glossary's words


def test_the_solo_boards_help_names_its_number_of_boards_in_the_readers_language(client: TestClient) -> None:
    """GET /api/games: the help of Pineapple's solo board names how many boards there are (from
    data.toml) in a sentence of the reader's language."""
    boards = str(COMPONENTS.solo_boards)

    def solo_help(reader: dict[str, str]) -> str:
        games = client.get("/api/games", headers=reader).json()["games"]
        juicy = next(game for game in games if game["id"] == "juicyfruits")
        return str(next(option for option in juicy["options"] if option["name"] == "solo_board")["help"])

    assert solo_help({"Accept-Language": "en"}) == (
        f"solo only: Pineapple's solo board, from 1 (easiest) to {boards} (hardest)"
    )
    assert solo_help(GERMAN) == f"nur solo: Ananas' Solotableau, von 1 (am leichtesten) bis {boards} (am schwersten)"
    assert solo_help(CHINESE) == f"仅限单人：菠萝的单人板，从 1（最简单）到 {boards}（最难）"
