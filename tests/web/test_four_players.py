"""Four people in four browsers play a whole match: a truco asked, raised and run from, a covered card,
signals and chat, a mão de onze; each page shows only what its seat may know."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from tests.web.conftest import describe, join, seated

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bia", "Caio", "Duda"]

#: The version of the table a page shows.
VERSION_JS = "() => Number(document.querySelector('.table-screen')?.dataset.version)"
#: What a page shows, read in one go. "faces" are face-up cards outside the trick, one's own hand and the
#: mão de onze panel: there must be none.
STATE_JS = """() => {
  const q = (s) => document.querySelector(s);
  const all = (s, root = document) => [...root.querySelectorAll(s)];
  const enabled = (s) => { const e = q(s); return e && !e.disabled ? e.textContent : null; };
  return {
    version: Number(q(".table-screen")?.dataset.version),
    over: !!q(".overlay.end"),
    hand: all(".hand .hand-card[data-card]").map((e) => e.dataset.card),
    playable: all(".hand .hand-card.playable").length,
    raise: enabled(".actions .btn-raise"),
    accept: !!enabled(".actions .btn-accept"),
    run: !!enabled(".actions .btn-run"),
    cover: !!enabled(".btn-cover"),
    eleven: !!q(".overlay.eleven"),
    elevenPlay: !!enabled(".eleven .btn-accept"),
    elevenRows: all(".eleven-row").map((r) => all("[data-card]", r).map((e) => e.dataset.card)),
    elevenWait: !!q(".overlay-soft"),
    faces: all("[data-card]")
      .filter((e) => e.dataset.card && !e.closest(".played, .hand, .eleven"))
      .map((e) => e.dataset.card),
    played: all(".trick .played:not(.settled)").map((e) => [Number(e.dataset.seat), e.dataset.card]),
    score: all(".scoreboard .team-points").map((e) => Number(e.textContent)),
  };
}"""


def create_table(page: Any) -> str:
    """Ana creates a table for four people, no clock, signals on; returns the invite link."""
    page.goto("/")
    page.fill("#nickname", NAMES[0])
    page.wait_for_selector("#create-title")
    if not page.locator(".create-details[open]").count():  # open by default on a wide screen
        page.click("#create-title")
    for select in page.locator(".seat-select").all():
        select.select_option('{"type":"open"}')
    page.select_option("#timer", "0")
    assert page.is_checked("#signals")
    page.click("#create-submit")
    page.wait_for_url(re.compile(r"/t/"))
    link = page.locator(".invite-link").input_value()
    assert re.search(r"/t/[\w-]+", link)
    return link


class Table:
    """Four pages by seat, and the checks of what each may see."""

    def __init__(self, pages: list[Any]) -> None:
        self.pages = pages
        self.eleven_checked = False

    def states(self) -> list[dict[str, Any]]:
        """Every page at the same version of the table, checked against the others."""
        while True:
            states = [p.evaluate(STATE_JS) for p in self.pages]
            if len({s["version"] for s in states}) == 1:
                break
            self.pages[0].wait_for_timeout(10)
        for seat, s in enumerate(states):
            assert s["faces"] == [], f"seat {seat} sees cards it may not know: {s['faces']}"
            assert not set(s["hand"]) & {c for o, t in enumerate(states) if o != seat for c in t["hand"]}
            if s["eleven"]:
                self.check_eleven(seat, states)
        return states

    def check_eleven(self, seat: int, states: list[dict[str, Any]]) -> None:
        """The team on 11 sees both its hands; the other team sees neither and waits."""
        partner = (seat + 2) % 4
        mine, theirs = states[seat]["elevenRows"]
        assert sorted(mine) == sorted(states[seat]["hand"])
        assert sorted(theirs) == sorted(states[partner]["hand"])
        for other in (seat + 1) % 4, (seat + 3) % 4:
            assert not states[other]["eleven"] and not states[other]["elevenRows"]
        self.eleven_checked = True

    def click(self, seat: int, selector: str, acts: bool = True) -> None:
        """Click ``selector`` on ``seat``'s page; for an action (``acts``), wait until the table has moved on
        from it: else the next look at the pages may find them all still at the version before it, and click
        for the partner a mão de onze this click has already decided (the button gone before the click lands)."""
        page = self.pages[seat]
        before = page.evaluate(VERSION_JS)
        page.locator(selector).first.click()
        if acts:
            page.wait_for_function(f"(v) => ({VERSION_JS})() > v", arg=before)

    def wait_all(self, predicate: str, arg: Any = None) -> None:
        for p in self.pages:
            p.wait_for_function(predicate, arg=arg)


def truco_raised_and_run(table: Table) -> None:
    """The first player asks TRUCO, an opponent raises to SEIS, and both of the first team run."""
    states = table.states()
    asker = next(i for i, s in enumerate(states) if s["playable"] and s["raise"])
    assert states[asker]["raise"] == "TRUCO"
    table.click(asker, ".actions .btn-raise")
    raiser = (asker + 1) % 4
    table.pages[raiser].wait_for_selector(".actions .btn-raise:enabled")
    assert table.pages[raiser].locator(".actions .btn-raise").inner_text() == "SEIS"
    assert table.pages[raiser].locator(".actions .btn-accept").inner_text() == "ACEITAR"
    table.click(raiser, ".actions .btn-raise")
    for seat in asker, (asker + 2) % 4:
        table.pages[seat].wait_for_selector(".actions .btn-run:enabled")
        table.click(seat, ".actions .btn-run")
        if seat == asker:  # answered first: its page alone shows its answer, until the partner's is given too
            own_bubble(table.pages[asker], asker, "Corri!")
            table.states()  # every page at the version after it
            for other, page in enumerate(table.pages):
                assert f"{NAMES[asker]} correu" not in page.locator(".log-list").inner_text()
                if other != asker:
                    assert not page.locator(f'.seat-box[data-seat="{asker}"] .bubble:text-is("Corri!")').count()
    winners = raiser % 2
    table.wait_all("() => [...document.querySelectorAll('.team-points')].some((e) => e.textContent === '3')")
    for seat, page in enumerate(table.pages):
        log = page.locator(".log-list").inner_text()
        assert f"{NAMES[asker]} pediu TRUCO!" in log and f"{NAMES[raiser]} pediu SEIS!" in log
        assert f"{NAMES[asker]} correu" in log and f"{NAMES[(asker + 2) % 4]} correu" in log
        us, them = (int(x) for x in page.locator(".scoreboard .team-points").all_inner_texts())
        assert (us, them) == ((3, 0) if seat % 2 == winners else (0, 3))


def own_bubble(page: Any, seat: int, words: str) -> None:
    """Wait until ``seat``'s bubble on ``page`` says ``words`` (its asking bubble may still be up)."""
    page.wait_for_selector(f'.seat-box[data-seat="{seat}"] .bubble:text-is("{words}")')


def signals_and_chat(table: Table, watcher: Any) -> None:
    ana, bia, caio, duda = table.pages
    # signals: the partner reads the gesture, the opponents only see it
    for p in table.pages:
        p.click("#tab-signals")
    assert ana.locator(".signal-table").inner_text() == caio.locator(".signal-table").inner_text()
    assert bia.locator(".signal-table").inner_text() == duda.locator(".signal-table").inner_text()
    assert all(p.locator(".signal-note").count() == 0 for p in table.pages), "no bot partner to explain"
    ana.click('.gesture-btn[data-gesture="piscar"]')
    for p in table.pages:
        p.wait_for_selector('.log-list li:has-text("Ana fez Piscar")', state="attached")
    assert "→" in caio.locator('.log-list li:has-text("Ana fez Piscar")').text_content()
    watcher.wait_for_selector('.log-list li:has-text("Ana fez Piscar")', state="attached")
    for p in bia, duda, watcher:
        assert "→" not in p.locator('.log-list li:has-text("Ana fez Piscar")').text_content()
        assert p.locator('.seat-box[data-seat="0"] .bubble .bubble-gesture').count() == 1, "the gesture is seen"

    # chat, report, mute
    for p in table.pages:
        p.click("#tab-chat")
    bia.fill(".chat-input", "Bom jogo! <b>oi</b>")
    bia.press(".chat-input", "Enter")
    for p in table.pages:
        p.wait_for_selector('.chat-list li:has-text("Bom jogo! <b>oi</b>")')
    assert ana.locator(".chat-list b", has_text="oi").count() == 0, "chat text is never read as markup"
    ana.locator('.chat-list li:has-text("Bom jogo!")').get_by_role("button", name=re.compile("Denunciar")).click()
    ana.wait_for_selector('.toast:has-text("Denúncia enviada")')
    duda.fill(".chat-input", "truco nele")
    duda.press(".chat-input", "Enter")
    ana.wait_for_selector('.chat-list li:has-text("truco nele")')
    ana.locator('.chat-list li:has-text("truco nele")').get_by_role("button", name=re.compile("Silenciar")).click()
    ana.wait_for_selector('.chat-list li:has-text("truco nele")', state="detached")
    duda.fill(".chat-input", "segredo")
    duda.press(".chat-input", "Enter")
    caio.wait_for_selector('.chat-list li:has-text("segredo")')
    bia.fill(".chat-input", "depois")
    bia.press(".chat-input", "Enter")
    ana.wait_for_selector('.chat-list li:has-text("depois")')
    assert ana.locator('.chat-list li:has-text("segredo")').count() == 0, "Ana muted Duda"
    for p in table.pages:
        p.click("#tab-log")


def test_four_people_play_a_whole_match(new_page):
    # people who prefer reduced motion: no animation to wait for before each click
    pages = [new_page(reduced_motion="reduce") for _ in NAMES]
    link = create_table(pages[0])
    for page, name in zip(pages[1:], NAMES[1:], strict=True):
        join(page, link, name)
    for seat, page in enumerate(pages):
        page.wait_for_selector(".hand .hand-card")
        assert page.locator(".seat-bottom .nick").inner_text() == NAMES[seat]
        assert page.locator(".seat-top .nick").inner_text() == NAMES[(seat + 2) % 4]
    table = Table(pages)
    watcher = new_page(reduced_motion="reduce")
    watcher.goto(link)
    watcher.wait_for_selector(".seat-box")
    assert watcher.locator(".status-line").inner_text() == "Assistindo"

    truco_raised_and_run(table)

    covered = social = False
    # a stalled match, not a slow one: on a loaded 2-core machine (load 15) a whole match took over 240 s
    deadline = time.monotonic() + 480
    while True:
        assert time.monotonic() < deadline, f"the match did not end: {[describe(p) for p in pages]}"
        states = table.states()
        if all(s["over"] for s in states):
            break
        ready = [(i, s) for i, s in enumerate(states) if s["elevenPlay"] or s["accept"] or s["playable"]]
        seat, state = ready[0] if ready else (None, None)
        if seat is None:
            pages[0].wait_for_timeout(20)
            continue
        if state["elevenPlay"]:
            table.click(seat, ".eleven .btn-accept")
        elif state["accept"]:
            table.click(seat, ".actions .btn-accept")
        elif state["cover"] and not covered:
            table.click(seat, ".btn-cover", acts=False)
            card = pages[seat].locator(".hand .hand-card.playable").first.get_attribute("data-card")
            table.click(seat, ".hand .hand-card.playable")
            # nobody sees the covered card's face, its owner included (it is no longer in the hand)
            face_down = "([s]) => document.querySelector(`.trick .played[data-seat='${s}']`)?.dataset.card === ''"
            table.wait_all(face_down, [seat])
            for p in pages:
                assert p.locator(f'[data-card="{card}"]').count() == 0
                assert "jogou uma carta coberta" in p.locator(".log-list").inner_text()
            covered = True
        else:
            table.click(seat, ".hand .hand-card.playable")
            if covered and not social:
                signals_and_chat(table, watcher)
                social = True
    assert covered and social and table.eleven_checked
    watcher.wait_for_selector(".overlay.end")
    spectator = watcher.evaluate(STATE_JS)
    assert spectator["hand"] == [] and spectator["faces"] == [] and not spectator["elevenRows"]

    scores = [s["score"] for s in table.states()]
    assert max(scores[0]) == 12
    for seat, page in enumerate(pages):
        won = scores[seat][0] == 12
        assert page.locator(".overlay.end h2").inner_text() == ("Vocês venceram!" if won else "Eles venceram.")

    # a rematch: the same four at a new table
    first = pages[0].url
    pages[0].get_by_role("button", name="Revanche").click()
    pages[0].wait_for_function("(url) => location.href !== url", arg=first)
    pages[0].wait_for_selector(".hand .hand-card")
    for page in pages[1:]:
        page.get_by_role("button", name=re.compile("Revanche")).click()
        page.wait_for_url(pages[0].url)
        page.wait_for_selector(".hand .hand-card")
    assert [p.locator(".scoreboard .team-points").all_inner_texts() for p in pages] == [["0", "0"]] * 4


def test_a_nickname_being_typed_survives_someone_else_sitting_down(new_page):
    # the room is redrawn whenever a seat fills: the visitor still typing keeps the text and the focus
    ana, bia, caio = (new_page(reduced_motion="reduce") for _ in range(3))
    link = create_table(ana)
    caio.goto(link)
    caio.fill("#join-nickname", "Caio")
    join(bia, link, "Bia")
    caio.wait_for_selector(".wait-seat:has-text('Bia')")
    assert caio.input_value("#join-nickname") == "Caio"
    assert caio.evaluate("document.activeElement.id") == "join-nickname"
    caio.keyboard.type("!")
    assert caio.input_value("#join-nickname") == "Caio!"


def test_with_reduced_motion_the_waiting_room_appears_at_its_full_size(new_page):
    # its pop began at six tenths of the size: a click aimed at "Sentar" in the first frame hit the nickname
    ana, bia = new_page(reduced_motion="reduce"), new_page(reduced_motion="reduce")
    link = create_table(ana)
    bia.add_init_script(
        """window.popped = [];
        new MutationObserver(() => {
          for (const panel of document.querySelectorAll(".overlay:not([data-noted])")) {
            panel.dataset.noted = "1";
            window.popped.push(getComputedStyle(panel).animationName);
          }
        }).observe(document, { subtree: true, childList: true });"""
    )
    bia.goto(link)
    bia.wait_for_selector("#join-submit")
    assert set(bia.evaluate("window.popped")) == {"none"}


def test_sentar_pressed_while_someone_else_sits_down_still_seats_the_visitor(new_page):
    # the room is redrawn whenever a seat fills or the socket sends the table again: a press on "Sentar" that
    # began before the redraw and ends after it must still seat the visitor (CI lost such a click)
    ana, bia, caio = (new_page(reduced_motion="reduce") for _ in range(3))
    link = create_table(ana)
    caio.goto(link)
    caio.fill("#join-nickname", "Caio")
    caio.hover("#join-submit")
    caio.mouse.down()
    # Bia sits down without a mouse of her own: the browser holds only Caio's press
    bia.goto(link)
    bia.fill("#join-nickname", "Bia")
    bia.dispatch_event("#join-submit", "click")
    seated(bia, "Bia")
    caio.wait_for_selector(".wait-seat:has-text('Bia')")
    caio.mouse.up()
    seated(caio, "Caio")
