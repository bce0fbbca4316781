"""A reload, or a server killed and started again, in the middle of a hand: the page resumes the same table."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError
from tests.web.conftest import card_turn, describe, hand_of, quick_play

pytestmark = pytest.mark.browser


def table_state(page):
    """What the seat sees that must survive: its cards, the vira, the score and the open trick."""
    card_turn(page)
    return {
        "hand": hand_of(page),
        "vira": page.locator(".vira-box .manilha-label strong").text_content(),
        "score": page.locator(".scoreboard .team-points").all_text_contents(),
        "trick": page.eval_on_selector_all(
            ".trick .played:not(.settled)", "els => els.map(e => e.dataset.seat + e.dataset.card)"
        ),
    }


def mid_hand(page):
    """Play the first card of the hand, so that the hand is under way when our turn comes again."""
    quick_play(page)
    card_turn(page)
    page.locator(".hand .hand-card.playable").first.click()
    page.wait_for_function("document.querySelectorAll('.hand .hand-card').length === 2")
    return table_state(page)


def play_on(page, before, by):
    """The seat can go on playing, by keyboard or by dragging a card onto the felt."""
    card = before["hand"][0]
    if by == "key":
        page.keyboard.press("1")
    else:
        box = page.locator(f'.hand .hand-card[data-card="{card}"]').bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x, y - 60, steps=4)
        page.mouse.move(x, y - 160, steps=4)
        page.mouse.up()
    # the narration tells it even when the bots have already closed the trick (or the hand)
    told = f"Zé jogou {card[0]}{dict(zip('DSHC', '♦♠♥♣', strict=True))[card[1]]}"
    try:
        page.wait_for_selector(f'.log-list li:text-is("{told}")', state="attached")
    except TimeoutError:
        raise AssertionError(f"{card} was not played; the page says: {describe(page)}") from None


def test_a_reload_in_the_middle_of_a_hand_resumes_it(new_page):
    page = new_page()
    before = mid_hand(page)
    url = page.url
    page.reload()
    after = table_state(page)
    assert page.url == url
    assert after == before
    play_on(page, after, by="key")


# while the server is down, the browser says so on the console
@pytest.mark.parametrize("console_allowed", [["ERR_CONNECTION_REFUSED"]])
def test_a_server_restart_in_the_middle_of_a_hand_resumes_it(new_page, server):
    page = new_page()
    before = mid_hand(page)
    server.kill()
    page.wait_for_selector(".conn-reconnecting")
    assert "Reconectando" in page.locator("#conn").inner_text()
    server.start()
    page.wait_for_selector(".conn-open", state="attached")
    after = table_state(page)
    assert after == before
    play_on(page, after, by="drag")
