"""Leaving a match under way: asked to confirm; a bot takes the seat at once and the table says so."""

from __future__ import annotations

import re

import httpx
import pytest
from tests.web.conftest import DESKTOP, PHONE, quick_play

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_leave_the_table_after_confirming(new_page, server, viewport):
    page = new_page(viewport, reduced_motion="reduce")
    quick_play(page)
    table_id = page.url.rsplit("/", 1)[1]
    watcher = new_page(reduced_motion="reduce")
    watcher.goto(page.url)
    watcher.wait_for_selector(".seat-box .nick")
    page.click("#leave")
    page.get_by_role("button", name="Ficar").click()
    page.wait_for_selector("dialog.confirm", state="detached")
    assert page.locator(".hand .hand-card").count()

    page.click("#leave")
    assert page.locator("dialog.confirm h2").inner_text() == "Sair da mesa?"
    page.get_by_role("button", name="Sair", exact=True).click()
    page.wait_for_url(re.compile(r"/$"))
    page.wait_for_selector("#play-now")
    seat = httpx.get(f"{server.url}/api/tables/{table_id}").json()["seats"][0]
    assert seat["takeover"] is True, "a bot plays the seat at once"
    watcher.wait_for_selector('.log-list li:has-text("Zé saiu da mesa; um bot joga no lugar")', state="attached")
