"""Issue 27's done-when test: a Tang Hu Lu game with one player reading German and one reading
Chinese at the same table, each page in its own language (its own words, the game's prompts and
log, a refusal's reason), the language switch remembered across a reload; every game's board words
fitting their shapes in both languages at a laptop's and a phone's size (Juicy Fruits with every
module, Fabled Fruit with Lime), and the account, campaign and player pages read in the language
with nothing of their words cut or running past the window."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from .helpers import (
    LAPTOP,
    PHONE,
    TURN_TIMEOUT,
    create_seated_table,
    http,
    into_sight,
    new_page,
    open_seated,
    play_by_http,
    state,
)
from .test_board_text import GAMES, MIDDLE, PLAYERS, board_problems, play_seat_one

CJK = re.compile(r"[\u4e00-\u9fff]")
GERMAN = {"locale": "de-DE", "lang": "de", "tag": "de", "header": "de-DE,de;q=0.9"}
CHINESE = {"locale": "zh-CN", "lang": "zh_Hans", "tag": "zh-Hans", "header": "zh-CN,zh;q=0.9"}
#: The page's own words in each language (web.po), as a reader sees them.
CHROME = {
    "de": {"#read-board": "Spielplan vorlesen", "#log-box h2": "Spielverlauf", "#conn": "verbunden"},
    "zh_Hans": {"#read-board": "读出棋盘", "#log-box h2": "对局记录", "#conn": "已连接"},
}
ROUND = {"de": "Runde 1", "zh_Hans": "第 1 轮"}
#: The account, campaign and player pages' own words in each language.
WORDS = {
    "de": {"create": "Konto erstellen", "games": "Partien", "game 1": "Partie 1", "player": "Spieler"},
    "zh_Hans": {"create": "创建账户", "games": "对局", "game 1": "第 1 局", "player": "玩家"},
}


def two_players(base: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A Tang Hu Lu table for two people: Ada creates it, Bo joins by his invitation."""
    seats = [{"controller": "human", "name": "Ada"}, {"controller": "human"}]
    body = {"game": "tanghulu", "players": 2, "name": "Ada", "seats": seats}
    created = http.post(f"{base}/api/tables", json=body)
    created.raise_for_status()
    ada = created.json()
    joined = http.post(
        f"{base}/api/tables/{ada['id']}/join", json={"name": "Bo", "invite": ada["invites"]["1"].split("invite=")[1]}
    )
    joined.raise_for_status()
    return ada, {**joined.json(), "id": ada["id"], "url": ada["url"]}


def reader(browser: Any, base: str, table: dict[str, Any], language: dict[str, str], viewport: dict[str, int]) -> Any:
    """A player's page in a browser whose locale (and so its Accept-Language) is ``language``."""
    page = new_page(browser, viewport, locale=language["locale"], reduced_motion="reduce")
    open_seated(page, base, table, wait_for_turn=False)
    page.wait_for_function("document.getElementById('conn').classList.contains('online')")
    return page


def server_says(base: str, table: dict[str, Any], language: dict[str, str]) -> dict[str, Any]:
    """The table as the server renders it for this seat in this language (what the page must show)."""
    answer = http.get(
        f"{base}/api/tables/{table['id']}",
        headers={"X-Seat-Token": table["token"], "Accept-Language": language["header"]},
    )
    answer.raise_for_status()
    return dict(answer.json())


def reads(page: Any, language: dict[str, str]) -> None:
    """The page's words are the language's: <html lang>, its chrome and Tang Hu Lu's board."""
    assert page.evaluate("document.documentElement.lang") == language["tag"]
    for selector, text in CHROME[language["lang"]].items():
        assert page.locator(selector).inner_text().strip() == text, selector
    assert ROUND[language["lang"]] in page.locator("#board .plaque-big").text_content()
    assert page.locator(".language-switch").input_value() == language["lang"]


def prompt_and_log_match(page: Any, base: str, table: dict[str, Any], language: dict[str, str]) -> None:
    """The game's sentences on the page are the server's in the page's language."""
    version = page.evaluate("document.body.dataset.version")
    said = server_says(base, table, language)
    assert str(said["version"]) == version
    assert page.locator("#prompt").inner_text() == said["prompt"]
    if language["lang"] == "zh_Hans":
        assert CJK.search(said["prompt"]), said["prompt"]
    else:
        assert said["prompt"] != server_says(base, table, {"header": "en"})["prompt"]
        assert not CJK.search(said["prompt"])
    shown = page.locator("#log li > span:last-child").all_inner_texts()
    assert shown, "the log says what happened"
    assert shown[0] == said["log"][-1]["text"]  # newest first


@pytest.mark.browser
def test_a_german_and_a_chinese_player_each_read_the_same_game_in_their_own_language(browser, server_url):
    ada_table, bo_table = two_players(server_url)
    ada = reader(browser, server_url, ada_table, GERMAN, LAPTOP)
    bo = reader(browser, server_url, bo_table, CHINESE, LAPTOP)
    for page, language in ((ada, GERMAN), (bo, CHINESE)):
        reads(page, language)

    # A few turns played by clicking the board's first highlighted target, each reader's page
    # showing the prompt and the log the server says in their language.
    pages = {0: (ada, ada_table, GERMAN), 1: (bo, bo_table, CHINESE)}
    for _ in range(4):
        snap = state(server_url, ada_table["id"], ada_table["token"])
        if snap["status"] != "playing":
            break
        acting = snap["view"]["current_player"]
        page, table, language = pages[acting]
        now = f"document.body.dataset.version === '{snap['version']}'"
        page.wait_for_function(f"{now} && document.body.dataset.turn === 'mine'")
        for other in pages.values():
            other[0].wait_for_function(f"document.body.dataset.version === '{snap['version']}'")
            prompt_and_log_match(other[0], server_url, other[1], other[2])
        target = page.locator("#board .target.legal[data-code]")
        if target.count():
            target.first.click()
        else:
            page.locator("#actions button.action").first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{snap['version']}'", timeout=TURN_TIMEOUT)

    # A refusal: the player to act points at a stick they may not use now; the reason the
    # page shows is the server's, in the reader's language.
    snap = state(server_url, ada_table["id"], ada_table["token"])
    page, table, language = pages[snap["view"]["current_player"]]
    page.wait_for_function(f"document.body.dataset.version === '{snap['version']}'")
    refused = page.locator("#board .target:not(.legal)[data-code]").first
    code = refused.get_attribute("data-code")
    into_sight(page, refused)
    reason = http.get(
        f"{server_url}/api/tables/{ada_table['id']}/explain",
        params={"code": code},
        headers={"X-Seat-Token": table["token"], "Accept-Language": language["header"]},
    ).json()["reason"]
    refused.click(force=True)  # aria-disabled: Playwright would wait for it to become enabled
    page.wait_for_function(
        "text => document.getElementById('message').textContent.toLowerCase().startsWith(text.toLowerCase())",
        arg=reason,
    )
    assert (
        reason
        != http.get(
            f"{server_url}/api/tables/{ada_table['id']}/explain",
            params={"code": code},
            headers={"X-Seat-Token": table["token"], "Accept-Language": "en"},
        ).json()["reason"]
    )

    # The game played to its end: each reads the results in their language.
    play_by_http(server_url, ada_table["id"], [ada_table["token"], bo_table["token"]])
    for page, word in ((ada, "gewinn"), (bo, "获胜")):
        page.wait_for_function(
            "document.body.dataset.status === 'finished'", timeout=TURN_TIMEOUT * 4
        )  # (every move of the game redraws both pages)
        assert word in page.locator("#results h2").inner_text()
        assert page.locator("#results th").nth(1).inner_text() in ("Spieler", "玩家")


@pytest.mark.browser
def test_the_language_switch_is_remembered_across_a_reload(browser, server_url):
    ada_table, _bo_table = two_players(server_url)
    page = reader(browser, server_url, ada_table, GERMAN, LAPTOP)
    reads(page, GERMAN)
    page.select_option(".language-switch", "zh_Hans")
    page.wait_for_load_state()
    page.wait_for_function("document.documentElement.lang === 'zh-Hans' && document.body.dataset.version !== undefined")
    page.wait_for_function("document.getElementById('conn').classList.contains('online')")
    reads(page, CHINESE)
    prompt_and_log_match(page, server_url, ada_table, CHINESE)  # the WebSocket speaks Chinese too
    # The How to play drawer follows the choice, not the browser's German: Tang Hu Lu's Chinese page.
    page.locator("#open-rules").click()
    page.wait_for_function("document.querySelector('#rules-drawer-body h1, #rules-drawer-body h2') !== null")
    assert "玩法" in page.locator("#rules-drawer-title").inner_text()
    assert CJK.search(page.locator("#rules-drawer-body h1, #rules-drawer-body h2").first.inner_text())
    page.reload()
    page.wait_for_function("document.body.dataset.version !== undefined")
    assert page.evaluate("document.documentElement.lang") == "zh-Hans"
    # The lobby follows the same choice.
    page.goto(f"{server_url}/")
    page.wait_for_function("document.getElementById('create-table').disabled === false")
    assert page.locator("#create-table").inner_text() == "创建牌桌"
    assert page.locator(".language-switch").input_value() == "zh_Hans"


@pytest.mark.browser
@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize("language", [GERMAN, CHINESE], ids=["de", "zh_Hans"])
@pytest.mark.parametrize("game", list(GAMES))
def test_each_games_board_words_fit_in_german_and_chinese(
    browser, server_url, screenshot_dir: Path, game, language, size
):
    """Every game as the issue names it (Juicy Fruits with every module, Fabled Fruit with Lime),
    three players, in the middle of a game: no board word runs past its shape or off the board."""
    table = create_seated_table(server_url, game, PLAYERS, **GAMES[game])
    play_seat_one(server_url, table, MIDDLE[game], random.Random(27))  # a game under way
    page = reader(browser, server_url, table, language, LAPTOP if size == "laptop" else PHONE)
    where = f"{game} {language['lang']} {size}"
    shot = screenshot_dir / f"{game}-{language['lang']}-{size}.png"
    problems = board_problems(page, where, {"fit"}, shot)
    assert not problems, "\n".join(problems)
    assert page.evaluate(STRAY_TEXT) == [], "words outside any text element (an append of null adds 'null')"
    assert not page.js_errors


#: Words standing in the board's drawing outside any element that shows or names text: SVG never
#: draws them, so they are a slip such as ``append(null)``, which adds the text "null".
STRAY_TEXT = """() => {
  const holders = new Set(['text', 'tspan', 'textPath', 'title', 'desc', 'style']);
  const walker = document.createTreeWalker(document.getElementById('board'), NodeFilter.SHOW_TEXT);
  const out = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const where = n.parentNode;
    if (n.textContent.trim() && !holders.has(where.localName))
      out.push(`${where.localName}.${where.getAttribute('class')}: ${n.textContent.trim()}`);
  }
  return out;
}"""


#: Every element with words of its own whose text the page cuts (overflow hidden or clipped) or
#: that reaches past the window's right edge.
CUT_OR_PAST = """() => {
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    if (!own || !el.getClientRects().length || el.closest('svg, script, style, option, .sr-only')) continue;
    const style = getComputedStyle(el);
    const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    const box = el.getBoundingClientRect();
    if ((clips && el.scrollWidth > el.clientWidth + 1) || box.right > innerWidth + 1 + scrollX)
      out.push(`${el.tagName.toLowerCase()}#${el.id} ${JSON.stringify(el.textContent.trim().slice(0, 60))}`);
  }
  return out;
}"""


def page_problems(page: Any, where: str, shot: Path) -> list[str]:
    """What of the page's words is cut or overflows, with the page scrolled sideways as a problem
    too; the page kept as a screenshot."""
    page.screenshot(path=str(shot), full_page=True)
    found = [f"{where}: {text} is cut or runs past the window" for text in page.evaluate(CUT_OR_PAST)]
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > page.viewport_size["width"]:
        found.append(f"{where}: the page scrolls sideways ({width}px wide)")
    return found


def campaign_of(base: str, page: Any) -> str:
    """A Fabled Fruit campaign with one game played by bots, its owner token kept in the page's browser."""
    made = http.post(f"{base}/api/campaigns", json={"game": "fabledfruit", "name": "Freitagsfabeln 星期五"})
    made.raise_for_status()
    campaign = made.json()
    headers = {"X-Campaign-Token": campaign["token"]}
    body = {"players": 3, "seats": [{"controller": "random"}] * 3, "you": None}
    http.post(f"{base}/api/campaigns/{campaign['id']}/tables", json=body, headers=headers).raise_for_status()
    page.goto(f"{base}/")
    page.evaluate(
        "([id, token]) => localStorage.setItem('fruitbowl.campaigns', JSON.stringify({[id]: token}))",
        [campaign["id"], campaign["token"]],
    )
    return str(campaign["id"])


@pytest.mark.browser
@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize("language", [GERMAN, CHINESE], ids=["de", "zh_Hans"])
def test_the_account_campaign_and_player_pages_read_in_the_language_and_fit(
    browser, server_url, screenshot_dir: Path, language, size
):
    page = new_page(browser, LAPTOP if size == "laptop" else PHONE, locale=language["locale"], reduced_motion="reduce")
    lang = language["lang"]
    found: list[str] = []
    page.goto(f"{server_url}/account")
    page.locator("#sign-up-form").wait_for()
    assert page.evaluate("document.documentElement.lang") == language["tag"]
    assert page.locator("#sign-up-form button[type=submit]").inner_text() == WORDS[lang]["create"]
    assert page.locator(".language-switch").input_value() == lang  # each page offers the switch
    found += page_problems(page, f"account {lang} {size}", screenshot_dir / f"account-{lang}-{size}.png")

    campaign = campaign_of(server_url, page)
    page.goto(f"{server_url}/c/{campaign}")
    page.wait_for_function("document.body.dataset.loaded === '1'")
    page.locator("#campaign-games li[data-table]").first.wait_for()
    assert page.locator("#games-title").inner_text() == WORDS[lang]["games"]
    assert WORDS[lang]["game 1"] in page.locator("#campaign-games").inner_text()
    found += page_problems(page, f"campaign {lang} {size}", screenshot_dir / f"campaign-{lang}-{size}.png")

    page.goto(f"{server_url}/leaderboards/fabledfruit")
    page.locator("#leaderboard:not([hidden])").wait_for()
    page.locator("#leaderboard-table tbody tr").first.wait_for()
    assert page.locator("#leaderboard-table th").nth(1).inner_text() == WORDS[lang]["player"]
    assert page.locator(".language-switch").input_value() == lang
    found += page_problems(page, f"leaderboard {lang} {size}", screenshot_dir / f"leaderboard-{lang}-{size}.png")
    assert not found, "\n".join(found)
    assert not page.js_errors


@pytest.mark.browser
@pytest.mark.parametrize(("language", "you"), [(GERMAN, "(du)"), (CHINESE, "（你）")], ids=["de", "zh_Hans"])
def test_juicy_fruits_names_your_island_and_the_ice_cream_in_your_language(browser, server_url, language, you):
    """Your island's header says "(you)" and the ice cream pools and carts name their colours in
    the reader's language (the header said "(you)" and the carts "yellow" in every language)."""
    table = create_seated_table(server_url, "juicyfruits", 2, modules="new_business")
    page = reader(browser, server_url, table, language, LAPTOP)
    page.wait_for_selector("#board .ice-pool")
    texts = page.evaluate("() => [...document.querySelectorAll('#board text')].map((t) => t.textContent)")
    assert any(you in text for text in texts), texts
    assert not [text for text in texts if "(you)" in text]
    pools = page.evaluate("() => [...document.querySelectorAll('#board .ice-pool > title')].map((t) => t.textContent)")
    english = ("yellow", "green", "red", "orange", "purple", "milkshake")
    assert len(pools) == 6 and not [title for title in pools if title.split(":")[0].strip() in english], pools
    assert not page.js_errors
