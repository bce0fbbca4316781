"""Four people register in four browsers, queue for a ranked Paulista 2v2, play it to the end, see their
rating changes and their profile's chart; screenshots of the profile and leaderboard pages."""

from __future__ import annotations

import contextlib
import re
import time
from typing import Any

import httpx
import pytest
from tests.web.conftest import DESKTOP, PHONE, SCREENSHOTS, describe, playwright_api, seated

pytestmark = pytest.mark.browser

NAMES = ["Ana Rank", "Bia Rank", "Caio Rank", "Duda Rank"]
PASSWORD = "senha-do-teste"
#: one step of play for whichever page may act, else None
PLAY_JS = """() => {
  const q = (s) => { const e = document.querySelector(s); return e && !e.disabled ? e : null; };
  return { over: !!document.querySelector(".overlay.end"),
           ready: !!(q(".eleven .btn-accept") || q(".actions .btn-accept") || q(".hand .hand-card.playable")) };
}"""


def register(page: Any, name: str) -> None:
    page.goto("/account")
    page.fill("#register-name", name)
    page.fill("#register-password", PASSWORD)
    page.click("#register-submit")
    page.wait_for_url(re.compile(r"/u/"))
    page.wait_for_selector(".profile-head h1")


def play_to_the_end(pages: list[Any]) -> None:
    deadline = time.monotonic() + 300
    while True:
        assert time.monotonic() < deadline, f"the match did not end: {[describe(p) for p in pages]}"
        states = [p.evaluate(PLAY_JS) for p in pages]
        if all(s["over"] for s in states):
            return
        ready = [p for p, s in zip(pages, states, strict=True) if s["ready"] and not s["over"]]
        if not ready:
            pages[0].wait_for_timeout(20)
            continue
        page = ready[0]
        for selector in (".eleven .btn-accept", ".actions .btn-accept", ".hand .hand-card.playable"):
            button = page.locator(selector).first
            if button.count() and button.is_enabled():
                # a partner may answer first, or the card may leave: then we look again
                with contextlib.suppress(playwright_api.TimeoutError):
                    button.click(timeout=2000)
                break


def test_register_play_ranked_and_see_the_rating_change(new_page, server):
    pages = [new_page(reduced_motion="reduce") for _ in NAMES]
    for page, name in zip(pages, NAMES, strict=True):
        register(page, name)
        cookie = next(c for c in page.context.cookies() if c["name"] == "truco_token")
        assert cookie["httpOnly"] and cookie["sameSite"] == "Lax" and cookie["value"].startswith("s.")
        assert page.evaluate("document.cookie") == "", "page scripts cannot read the session"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for page in pages:
        page.goto("/ranked")
        page.select_option("#ranked-mode", "paulista-2v2")
        page.click("#queue-join")
        if page is pages[0]:
            page.wait_for_selector(".queue-status p")
            page.screenshot(path=SCREENSHOTS / "ranked-queue-1440x900.png")
    for page in pages:
        page.wait_for_url(re.compile(r"/t/"), timeout=30_000)
        page.wait_for_selector(".hand .hand-card")
    table_id = pages[0].url.rsplit("/", 1)[1]

    play_to_the_end(pages)
    steps = httpx.get(f"{server.url}/api/tables/{table_id}/replay").json()["steps"]
    assert not [e for s in steps for e in s["events"] if e["type"] == "auto"], "nobody's clock ran out"

    changes = httpx.get(f"{server.url}/api/tables/{table_id}/ratings").json()["changes"]
    assert sorted(c["nickname"] for c in changes) == sorted(NAMES)
    pages[0].wait_for_selector(".rating-changes li")
    pages[0].screenshot(path=SCREENSHOTS / "ranked-end-1440x900.png")
    for page in pages:
        page.wait_for_selector(".rating-changes li")
        lines = page.locator(".rating-changes li").all_inner_texts()
        assert len(lines) == 4
        for c in changes:
            assert any(line.startswith(f"{c['nickname']}: 1500 → {c['after']}?") for line in lines), lines

    winner = next(c["nickname"] for c in changes if c["delta"] > 0)
    page = pages[NAMES.index(winner)]
    page.goto(f"/u/{winner}")
    chart = page.locator("#rating-paulista-2v2 .rating-chart")
    chart.wait_for()
    assert chart.locator("circle").count() == 2, "the start and one ranked match"
    after = next(c["after"] for c in changes if c["nickname"] == winner)
    assert page.locator("#rating-paulista-2v2 .rating-number").inner_text() == f"{after}?"

    loser = next(c["nickname"] for c in changes if c["delta"] < 0)
    fan = pages[NAMES.index(loser)]
    fan.goto(f"/u/{winner}")
    fan.click("#follow")
    fan.wait_for_selector('#follow:text-is("Deixar de seguir")')
    fan.goto(f"/u/{loser}")
    assert fan.locator(".profile-friends li").inner_text().startswith(winner)
    # an account follows an invitation link and sits as itself (no guest is made in its name)
    create = """(spec) => fetch("/api/tables", {method: "POST", headers: {"content-type": "application/json"},
                                              body: JSON.stringify(spec)}).then((r) => r.json())"""
    held = page.evaluate(create, {"seats": [{"type": "me"}, {"type": "open"}], "rules": {"players": 2}})
    # the winner follows the fan back and invites them from their profile; the fan finds the invitation
    page.goto(f"/u/{loser}")
    page.click("#follow")
    page.click("#invite")
    page.wait_for_selector(f'.toast:has-text("{loser}")')
    fan.goto(f"/u/{loser}")
    fan.click(".profile-friends .invite-link-open")
    fan.wait_for_url(re.compile(held["table_id"]))
    assert fan.locator("#join-nickname").input_value() == loser
    fan.click("#join-submit")
    seated(fan, loser)

    for size, viewport in (("390x844", PHONE), ("1440x900", DESKTOP)):
        page.set_viewport_size(viewport)
        page.goto(f"/u/{winner}")
        page.wait_for_selector("#rating-paulista-2v2 .rating-chart")
        page.screenshot(path=SCREENSHOTS / f"profile-{size}.png", full_page=True)
        page.goto("/leaderboard")
        page.wait_for_selector(".lb-board tbody tr")
        names = page.locator(".lb-board tbody tr td:nth-child(2)").all_inner_texts()
        assert names.index(winner) < names.index(loser)
        assert page.locator(".lb-board tr.me td:nth-child(2)").inner_text() == winner
        page.screenshot(path=SCREENSHOTS / f"leaderboard-{size}.png", full_page=True)
