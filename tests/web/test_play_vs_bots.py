"""A person plays a whole match against bots through the page, with clicks only; then its statistics, the
replays (as a spectator saw it, and one's own cards as held) and a rematch."""

from __future__ import annotations

import re

import httpx
import pytest
from tests.web.conftest import move, quick_play

pytestmark = pytest.mark.browser


def test_the_signals_tab_says_what_a_bot_partner_signals(new_page, server):
    """The table of "Jogar agora" has signals and a bot partner: the signals tab says that it signals only the
    zap (``truco.bots.signals``), so that its silence is not read as "no manilha"."""
    page = new_page(reduced_motion="reduce")
    quick_play(page)
    page.click("#tab-signals")
    assert page.locator(".signal-note").inner_text() == "Seu parceiro robô só sinaliza o zap."


def test_a_person_plays_a_whole_match_against_bots(new_page, server):
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
    # each hand's start is told as it happens (a match may end in its first hand, at doze)
    assert len(re.findall(r"^Mão \d+:", log, re.M)) >= (1 if max(points) - min(points) == 12 else 2)

    # the statistics of the match
    page.wait_for_selector(".overlay.end .stats")
    hands = [int(n) for n in page.locator('.stats tr[data-stat="hands"] td').all_inner_texts()]
    # the log keeps its last 200 lines: the last hand's number, not the count of lines, says how many were played
    hands_played = max(int(n) for n in re.findall(r"^Mão (\d+):", log, re.M))
    assert 0 < sum(hands) <= hands_played
    table_id = page.url.rsplit("/", 1)[1]

    # one's own cards, as held, in a replay of one's seat; nothing hidden from the seat is in it
    page.get_by_role("link", name="Rever minhas cartas").click()
    page.wait_for_selector(".replay-bar input[type=range]")
    page.get_by_role("button", name="Início").click()
    for _ in range(12):
        if page.locator(".hand .hand-card").count() == 3:
            break
        page.get_by_role("button", name="Próximo").click()
    assert page.locator(".hand .hand-card[data-card]").count() == 3
    assert page.locator(".hand .hand-card.playable").count() == 0, "a replay plays nothing"
    token = page.evaluate("localStorage.getItem('truco.token')")
    mine = httpx.get(f"{server.url}/api/tables/{table_id}/replay?as=seat", headers={"authorization": f"Bearer {token}"})
    views = [s["view"] for s in mine.json()["steps"] if "view" in s]
    for v in views:
        assert v["seat"] == 0
        assert set(v["known_hands"]) <= {"2"}, "only the partner's cards, and only in a mão de onze"
        for play in [p for t in v["tricks"] for p in t] + v["trick"]:
            assert play["card"] is None or not play["covered"], "a covered card is never shown"
    assert httpx.get(f"{server.url}/api/tables/{table_id}/replay?as=seat").status_code == 401
    stranger = httpx.post(f"{server.url}/api/guest", json={"nickname": "Curioso"}).json()["token"]
    seat_replay = f"{server.url}/api/tables/{table_id}/replay?as=seat"
    other = httpx.get(seat_replay, headers={"authorization": f"Bearer {stranger}"})
    assert other.status_code == 403 and other.json()["error"]["code"] == "not_seated"

    # the finished match is in the history, and its replay opens as a spectator saw it
    page.click(".appbar .brand")
    page.wait_for_selector(".history .rows li")
    assert page.locator(".history .result").first.text_content() in ("Vitória", "Derrota")
    page.locator(".history a", has_text="Rever").first.click()
    page.wait_for_selector(".replay-bar input[type=range]")
    page.wait_for_selector(".overlay.end .stats")
    assert page.locator(".hand .hand-card").count() == 0, "a replay shows no hand"
    title = page.locator(".overlay.end h2").inner_text()
    assert re.fullmatch(r".+ e .+ venceram\.", title), "the winners by name, not the score again"
    page.get_by_role("button", name="Início").click()
    assert page.locator(".replay-bar .hint").inner_text().startswith("Passo 1 de")

    # a rematch, without a word of error
    page.goto(f"/t/{table_id}")
    page.get_by_role("button", name="Revanche").click()
    page.wait_for_url(re.compile(r"/t/(?!" + table_id + ")"))
    page.wait_for_selector(".hand .hand-card")
    assert page.locator(".toast-error").count() == 0
