"""A person plays a whole match against bots through the page, with clicks only."""

from __future__ import annotations

import re

import pytest
from tests.web.conftest import move, quick_play

pytestmark = pytest.mark.browser


def test_a_person_plays_a_whole_match_against_bots(new_page):
    page = new_page(reduced_motion="reduce")
    quick_play(page)
    moves = 0
    while move(page):
        moves += 1
        assert moves < 400, "a match to 12 takes far fewer moves"
    end = page.locator(".overlay.end")
    assert re.search(r"Vocês venceram!|Eles venceram\.", end.inner_text())
    points = [int(p) for p in page.locator(".scoreboard .team-points").all_inner_texts()]
    assert max(points) == 12
    log = page.locator(".log-list").inner_text()
    assert "Fim de jogo" in log and "Zé jogou" in log

    # the finished match is in the history, and its replay opens as a spectator saw it
    page.get_by_role("button", name="Salão").click()
    page.wait_for_selector(".history .rows li")
    assert page.locator(".history .result").first.text_content() in ("Vitória", "Derrota")
    page.locator(".history a", has_text="Rever").first.click()
    page.wait_for_selector(".replay-bar input[type=range]")
    page.wait_for_selector(".overlay.end")
    assert page.locator(".hand .hand-card").count() == 0, "a replay shows no hand"
    page.get_by_role("button", name="Início").click()
    assert page.locator(".replay-bar .hint").inner_text().startswith("Passo 1 de")
