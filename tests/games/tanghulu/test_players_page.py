"""Tang Hu Lu's players' page ("How to play", issue 23): a refused action names its rule in words
and links to the page's paragraph that states it; the page's numbers are the component data's.

Refusals are met in real games played through ``Match`` (every player buys what they can), not
in positions set by hand; the page is read as a front end reads it (placeholders filled from
``data.toml``, comments stripped), section by section. The data is read from the game's
``data.toml`` file, not from the engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from fruitbowl.engine import IllegalAction, Match, Player, get_game, pages

from .. import players_page
from ..players_page import data_of, page_of

GAME = get_game("tanghulu")
SOURCE = pages.page_source(type(GAME)) or ""
PAGE = page_of(GAME.id)


def data() -> dict[str, Any]:
    return data_of(GAME.id)


def section(anchor: str, page: str = PAGE) -> str:
    return players_page.section(page, anchor)


def refused(m: Match, text: str) -> IllegalAction:
    """``text`` is refused, and asking changed nothing."""
    before = m.state.to_json()
    with pytest.raises(IllegalAction) as caught:
        m.apply(text)
    assert m.state.to_json() == before
    return caught.value


def shoppers(seed: int, players: int = 3) -> Iterator[Match]:
    """A game in which everyone buys as many tiles as they can afford, onto their first stick with
    room, places the die's tile the same way, garnishes when asked and takes the first reward
    offered; the match is yielded before every decision."""
    m = Match.new(GAME, [Player(f"P{i + 1}") for i in range(players)], seed, {})
    while not m.state.is_terminal():
        yield m
        legal = m.state.legal_actions()
        kinds = {a.kind for a in legal}
        pick = next(
            (a for kind in ("buy", "place", "garnish", "pattern", "work", "stop") for a in legal if a.kind == kind),
            legal[0],
        )
        if "buy" in kinds or "place" in kinds:
            pick = min((a for a in legal if a.kind in ("buy", "place")), key=lambda a: a.fields["stick"])
        m.apply(pick)


def first(seed: int, wanted: Callable[[dict[str, Any]], bool]) -> Match:
    """The first position of a shoppers' game whose view (the player to act's) is ``wanted``."""
    for m in shoppers(seed):
        if wanted(m.state.view(m.state.current_player)):
            return m
    raise AssertionError("the game ended without reaching the position")


def me(view: dict[str, Any]) -> dict[str, Any]:
    player: dict[str, Any] = view["players"][view["current_player"]]
    return player


def test_a_tile_you_cannot_pay_for_links_to_the_price_rule():
    """Seed: "The cost of the first tile you take will be 1 coin (shown on the POS), the second one
    will be 2 coins and so on; you can not buy a tile if you don't have enough coins to pay it."
    Players who spend everything soon start a turn with fewer coins than the till asks."""
    m = first(1, lambda v: v["phase"] == "action" and me(v)["coins"] < v["price"])
    view = m.state.view(m.state.current_player)
    exc = refused(m, "buy S1 on 1")
    assert exc.rule == "buy.too_dear" and exc.game == "tanghulu"
    assert f"costs {view['price']}" in str(exc) and "for the till" in str(exc)
    text = section(exc.anchor or "")
    assert "plus the money bags showing on the empty store spaces" in text
    assert "if you have fewer, you cannot buy" in text


def test_a_full_stick_links_to_the_placing_rule():
    """Seed: "the tile must be put on the lower blank spot on that stick which you have chosen";
    a stick holds four tiles (garnishing flips "the four tiles")."""
    spots = data()["sticks"]["spots"]
    m = first(2, lambda v: v["phase"] == "action" and v["price"] <= me(v)["coins"] and me(v)["sticks"][0]["complete"])
    exc = refused(m, "buy S1 on 1")
    assert exc.rule == "stick.full" and str(exc) == f"stick 1 is full: a stick holds {spots} tiles"
    text = section(exc.anchor or "")
    assert f"a stick holds {spots} tiles" in text and "lowest free spot" in text


def test_garnishing_after_a_coin_or_fruit_roll_links_to_the_sugar_window():
    """Seed: the sugar face reads "Obtain 1 crystal sugar drop and all the players may garnish";
    no other face lets anyone garnish."""
    m = first(3, lambda v: v["phase"] == "action" and v["die"] in ("coin", "fruit"))
    exc = refused(m, "garnish 1")
    assert exc.rule == "garnish.no_window" and str(exc) == "you can garnish only in the window after a sugar roll"
    text = section(exc.anchor or "")
    assert "Only in the garnish window that a sugar roll opens" in text and "not on a coin or fruit roll" in text


def test_shopping_without_buying_links_to_the_one_action_rule():
    """Seed: "choose one of the following actions: A. Go to work and get income or B. Buy fruits
    from the store": shopping is buying."""
    m = first(4, lambda v: v["phase"] == "action")
    exc = refused(m, "stop")
    assert exc.rule == "stop.nothing_bought" and "shopping means buying at least one tile" in str(exc)
    text = section(exc.anchor or "")
    assert "you take exactly one action" in text and "Shopping means buying at least one tile" in text


def test_the_die_tile_comes_first_and_links_to_its_rule():
    """Seed: "Draw a random fruit tile from the bag: you can use it to arrange your sticks or you
    can put it back in the bag" — before the action is chosen."""
    m = first(5, lambda v: v["phase"] == "die_tile")
    exc = refused(m, "work")
    assert exc.rule == "phase.die_tile" and "return it to the bag" in str(exc)
    text = section(exc.anchor or "")
    assert "before your action" in text and "return it to the bag" in text and "cannot keep it" in text


def test_every_refusal_links_to_a_heading_of_the_page():
    anchors = {h.anchor for h in pages.headings(PAGE)}
    assert set(GAME.rule_anchors) == set(GAME.refusals)
    assert set(GAME.rule_anchors.values()) <= anchors


def test_players_read_no_internal_id_in_a_whole_game():
    """Issue 23: "Players never see internal ids": not in events, prompts, action labels, option
    help, nor in the refusal of every action of the table tried along a random game (each
    refusal linked to a heading of the page)."""
    names = ["Ada", "Bo", "Cy"]
    m = Match.new(GAME, [Player(n) for n in names], 7, {"multi_garnish": True})
    rng = random.Random(7)
    anchors = {h.anchor for h in pages.headings(PAGE)}
    texts = [spec.help for spec in GAME.option_specs]
    rules: set[str | None] = set()
    for move in range(2000):
        if m.state.is_terminal():
            break
        view = m.state.view(m.state.current_player)
        texts.append(GAME.prompt(view, names))
        legal = m.state.legal_actions()
        texts += [GAME.describe_action(view, a) for a in legal]
        if move % 4 == 0:
            codes = set(m.state.legal_codes())
            for action in m.state.table.actions:
                if action.code not in codes:
                    exc = refused(m, action.text)
                    texts.append(str(exc))
                    rules.add(exc.rule)
                    assert exc.anchor in anchors, (exc.rule, exc.anchor)
        for event in m.apply(rng.choice(legal)):
            texts += [GAME.describe_event(event, seat, names) for seat in (None, 0)]
    assert m.state.is_terminal() and len(rules) > len(GAME.refusals) // 2
    texts.append(GAME.prompt(m.state.view(0), names))
    assert [t for t in texts if pages.internal_ids(t)] == []


def test_the_pages_numbers_are_the_data_values():
    """Set-up: "Put the coin marker on the number FIVE … each player takes 2 crystal sugar drops";
    garnishing: "spend 4 crystal sugar drops". The page states the data's values, marks only what
    the data calls reconstructed, and a changed value changes the page."""
    values = data()
    mark = lambda text, rebuilt: f"{text}*" if rebuilt else text  # noqa: E731
    page = pages.fill(SOURCE, values, mark)
    supplies, sticks = values["supplies"], values["sticks"]
    setting_up = section("setting-up", page)
    assert (
        f"sets their coin marker on {supplies['start_coins']} and takes {supplies['start_drops']} drops" in setting_up
    )
    assert f"Pay {supplies['garnish_cost']} drops back to the stock" in section("what-garnishing-costs", page)
    assert f"{sticks['per_board']} sticks of {sticks['spots']} spots" in section("what-is-in-the-box", page)  # sourced
    icons = ", ".join(str(c) for c in values["board"]["coin_icons"])
    assert f"each stick shows {icons}* coins" in section("work", page)  # reconstructed: marked
    reward = values["rewards"]["all_different_coins"]
    assert f"| {reward} coins |" in section("patterns-and-rewards", page)
    values["supplies"]["garnish_cost"] += 1
    assert f"Pay {supplies['garnish_cost']} drops" in section("what-garnishing-costs", pages.fill(SOURCE, values))


def test_the_options_the_table_form_offers_are_explained_on_the_page_by_their_labels():
    """Issue 23: "Options in words … defaults preselected": each option a player can choose is a row
    of the page's Options table under the label the form shows, with its default in words."""
    options = section("options")
    defaults = {False: "off", True: "on"}
    for spec in GAME.option_specs:
        if spec.internal:
            continue
        default = defaults.get(spec.default) if isinstance(spec.default, bool) else f"seat {spec.default}"
        assert f"| {spec.describe()['label']} | {default} |" in options, spec.name
    assert not pages.internal_ids(options)
