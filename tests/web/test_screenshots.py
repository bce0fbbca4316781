"""Screenshots kept in docs/screenshots/ at 390×844, 844×390 and 1440×900: the lobby, the table mid-hand,
a truco being answered, the end of a match and the rules page."""

from __future__ import annotations

import time
from typing import Any

import pytest
from tests.web.conftest import ANY_MOVE, BOT, DESKTOP, OPEN, PHONE, SCREENSHOTS, join, move, new_table, quick_play

pytestmark = pytest.mark.browser

SIZES = {"390x844": PHONE, "844x390": {"width": 844, "height": 390}, "1440x900": DESKTOP}
#: a seasoned player: no tutorial tips over the table
NO_TIPS = "localStorage.getItem('truco.prefs') || localStorage.setItem('truco.prefs', '{\"tutorial\": \"done\"}')"


def shoot(page: Any, name: str, settle_ms: int = 400) -> None:
    """``name``-<size>.png at every size."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(settle_ms)
        page.screenshot(path=SCREENSHOTS / f"{name}-{size}.png")


def test_lobby_table_end_and_rules_screenshots(new_page):
    page = new_page(DESKTOP, device_scale_factor=1, reduced_motion="reduce")
    page.add_init_script(NO_TIPS)
    page.goto("/")
    page.wait_for_selector(".history h2")
    page.fill("#nickname", "Zé")
    shoot(page, "lobby")

    quick_play(page)
    # a table worth looking at: cards on the felt and our turn to play
    for _ in range(120):
        page.wait_for_selector(ANY_MOVE)
        if page.locator(".overlay.end").count():
            # raises accepted up to doze can end a match in two hands before such a moment: another match
            quick_play(page)
            continue
        mine = page.locator(".hand .hand-card.playable").count()
        if mine and page.locator(".trick .played").count() >= 2 and not page.locator(".trick .settled").count():
            break
        move(page)
    page.wait_for_selector(".banner-text", state="detached")  # no shout over the cards
    assert page.locator(".scoreboard .team-label").first.text_content() == "Nós"
    shoot(page, "table")

    while move(page):
        pass
    page.wait_for_selector(".overlay.end .stats")
    shoot(page, "end")

    page.goto("/regras")
    page.wait_for_selector(".rules h1")
    shoot(page, "rules", settle_ms=200)


@pytest.mark.parametrize("server_args", [("--bot-pause", "1.5")])
def test_truco_being_answered_screenshots(new_page):
    ana = new_page(DESKTOP, device_scale_factor=1, reduced_motion="reduce")
    bia = new_page(DESKTOP, device_scale_factor=1, reduced_motion="reduce")
    for page in ana, bia:
        page.add_init_script(NO_TIPS)
    join(bia, new_table(ana, "Ana", seats=[OPEN, BOT, BOT]), "Bia")
    ana.wait_for_selector(".hand .hand-card")
    # Ana asks truco at her first turn (Bia plays when hers comes first); whoever must answer a truco first
    # is the picture (a bot may ask before Ana)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        answering = next((p for p in (bia, ana) if p.locator(".actions .btn-accept:enabled").count()), None)
        if answering:
            shoot(answering, "truco", settle_ms=150)
            return
        if ana.locator(".hand .hand-card.playable").count() and ana.locator(".actions .btn-raise:enabled").count():
            ana.click(".actions .btn-raise")
        elif bia.locator(".hand .hand-card.playable").count():
            bia.locator(".hand .hand-card.playable").first.click()
        ana.wait_for_timeout(200)
    raise AssertionError("nobody answered a truco within a minute")
