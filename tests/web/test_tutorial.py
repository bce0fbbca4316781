"""The first-match tutorial: tips with the real cards of the hand, one at a time, skipped for good."""

from __future__ import annotations

import contextlib

import pytest
from tests.web.conftest import PHONE, playwright_api, quick_play

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("server_args", [("--bot-pause", "0.5")])
def test_the_first_match_walks_a_new_player_through_a_hand(new_page):
    page = new_page(PHONE, reduced_motion="reduce")
    quick_play(page)
    coach = page.locator(".coach")
    vira = page.locator(".vira-box .vira").get_attribute("aria-label")
    assert coach.inner_text().startswith(f"A vira é {page.locator('.vira-box .manilha-label strong').inner_text()}")
    assert vira and page.locator(".coach .coach-card svg").count() == 5, "the vira and the four manilhas, drawn"
    # the next tips as they come (a bot may ask truco before our first card: its tip, and our answer)
    for _ in range(8):
        page.get_by_role("button", name="Entendi").click()
        accept = page.locator(".actions .btn-accept:enabled")
        if accept.count():
            # the partner may answer the raise first: then the button is gone
            with contextlib.suppress(playwright_api.TimeoutError):
                accept.first.click(timeout=2000)
        page.wait_for_selector(".coach")
        if "Sua vez" in page.locator(".coach").inner_text():
            break
    assert "Sua vez" in page.locator(".coach").inner_text()
    # the tip never covers the hand (both measured at once: every view the bots send draws the tip anew)
    tip_bottom, hand_top = page.evaluate(
        "() => [document.querySelector('.coach').getBoundingClientRect().bottom,"
        " document.querySelector('.hand').getBoundingClientRect().top]"
    )
    assert tip_bottom <= hand_top
    page.get_by_role("button", name="Pular dicas").click()
    page.wait_for_selector(".coach", state="detached")
    page.reload()
    page.wait_for_selector(".hand .hand-card")
    page.wait_for_timeout(300)
    assert page.locator(".coach").count() == 0, "skipped for good on this device"
