"""The lobby offers the bots' level for "Jogar agora", and every bot personality for an empty seat."""

from __future__ import annotations

import re

import pytest

from truco.bots import BOT_KINDS, DESCRIPTIONS

pytestmark = pytest.mark.browser


def test_play_now_asks_the_level_and_seats_search_bots_at_it(new_page):
    page = new_page()
    page.goto("/")
    page.wait_for_selector("#play-level option", state="attached")  # the lobby asks the server for the levels
    assert page.locator("#play-level option").all_inner_texts() == ["fácil", "médio", "difícil"]
    assert page.locator("#play-level").input_value() == "medium"
    page.fill("#nickname", "Zé")
    page.select_option("#play-level", "hard")
    page.click("#play-now")
    page.wait_for_url(re.compile(r"/t/"))
    table_id = page.url.rsplit("/t/", 1)[1].split("?")[0]
    seats = page.evaluate(f"fetch('/api/tables/{table_id}').then(r => r.json())")["seats"]
    bots = [s["bot"] for s in seats if s["kind"] == "bot"]
    assert bots == [{"kind": "search", "level": "hard"}] * 3


def test_an_empty_seat_offers_every_personality_with_its_description(new_page):
    page = new_page()
    page.goto("/")
    options = page.locator("select[name=seat-1] option")
    page.wait_for_selector("select[name=seat-1] option", state="attached")
    titles = set(options.evaluate_all("els => els.map(e => e.title)"))
    assert {DESCRIPTIONS[k] for k in BOT_KINDS} <= titles
    texts = options.all_inner_texts()
    assert any(t.startswith("Bot pão-duro") for t in texts) and any(t.startswith("Bot medroso") for t in texts)
