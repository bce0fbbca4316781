"""Screenshots of the lobby and of the table on a phone and on a desktop, kept in docs/screenshots/."""

from __future__ import annotations

import pytest
from tests.web.conftest import ANY_MOVE, DESKTOP, PHONE, SCREENSHOTS, move, quick_play

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("size", "viewport"), [("390x844", PHONE), ("1440x900", DESKTOP)])
def test_lobby_and_table_screenshots(new_page, size, viewport):
    page = new_page(viewport, device_scale_factor=1)
    page.goto("/")
    page.wait_for_selector("#play-now")
    page.fill("#nickname", "Zé")
    page.wait_for_timeout(300)  # the card fan settles
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"lobby-{size}.png")

    quick_play(page)
    # a table worth looking at: cards on the felt and our turn to play
    for _ in range(20):
        page.wait_for_selector(ANY_MOVE)
        mine = page.locator(".hand .hand-card.playable").count()
        if mine and page.locator(".trick .played").count() >= 2 and not page.locator(".trick .settled").count():
            break
        assert move(page)
    page.wait_for_selector(".banner-text", state="detached")  # no shout over the cards
    page.wait_for_timeout(400)  # let the last card land
    assert page.locator(".scoreboard .team-label").first.inner_text().upper() == "NÓS"
    page.screenshot(path=SCREENSHOTS / f"table-{size}.png")
