"""Browser tests: a real ``truco serve`` on loopback and Debian's chromium driven by Playwright."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.server.helpers import Server

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
#: how long a test waits for one thing to show up on a page
WAIT_MS = 15_000

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}


#: bots answer at once, so that whole matches fit in a test
FAST_BOTS = ("--bot-pause", "0.05")


@pytest.fixture
def server_args() -> tuple[str, ...]:
    """``truco serve`` options; a test may parametrize them."""
    return FAST_BOTS


@pytest.fixture
def server(tmp_path: Path, server_args: tuple[str, ...]) -> Iterator[Server]:
    s = Server(f"sqlite:///{tmp_path / 'truco.sqlite3'}", *server_args).start()
    yield s
    s.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def console_allowed() -> list[str]:
    """Patterns of console errors a test expects (e.g. the 404 of a page that does not exist)."""
    return []


#: every toast a page showed, kept after it fades: for what a failing test says the page showed
TOASTS_JS = """window.toastsShown = [];
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes)
    if (node.classList?.contains("toast")) window.toastsShown.push(node.textContent);
}).observe(document, { subtree: true, childList: true });"""


@pytest.fixture
def new_page(browser: Any, server: Server, console_allowed: list[str]) -> Iterator[Callable[..., Any]]:
    """Pages in fresh browser contexts (separate cookies and storage: separate people). An uncaught
    exception or a console error in any of them fails the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def on_console(msg: Any) -> None:
        if msg.type == "error" and not any(re.search(p, msg.text) for p in console_allowed):
            errors.append(f"console: {msg.text}")

    def watch(page: Any) -> None:
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", on_console)

    def make(viewport: dict[str, int] = DESKTOP, **kw: Any) -> Any:
        ctx = browser.new_context(viewport=viewport, base_url=server.url, **kw)
        ctx.set_default_timeout(WAIT_MS)
        ctx.on("page", watch)
        ctx.add_init_script(TOASTS_JS)
        contexts.append(ctx)
        return ctx.new_page()

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"errors in the page: {errors}"


def quick_play(page: Any, nickname: str = "Zé") -> None:
    """From the lobby, "Jogar agora": you and a bot partner against two bots."""
    page.goto("/")
    page.fill("#nickname", nickname)
    page.click("#play-now")
    page.wait_for_url(re.compile(r"/t/"))
    page.wait_for_selector(".hand .hand-card")


def hand_of(page: Any) -> list[str]:
    return page.eval_on_selector_all(".hand .hand-card[data-card]", "els => els.map(e => e.dataset.card)")


def describe(page: Any) -> str:
    """What a page shows, for a failing test's message."""
    shown = (".status-line", ".actions", "#conn")
    parts = [page.locator(sel).first.inner_text() for sel in shown if page.locator(sel).count()]
    log = page.locator(".log-list li").all_inner_texts()[-8:]
    return f"{parts} log: {log}"


ANY_MOVE = ".hand .hand-card.playable, .actions .btn-accept:enabled, .eleven .btn-accept:enabled, .overlay.end"


def move(page: Any) -> bool:
    """Wait for this seat's turn and make one move with a click: play along with a mão de onze or a raise,
    else play the first playable card. False when the match is over."""
    try:
        page.wait_for_selector(ANY_MOVE)
    except playwright_api.TimeoutError:
        raise AssertionError(f"no move for this seat; the page says: {describe(page)}") from None
    if page.locator(".overlay.end").count():
        return False
    for selector in (".eleven .btn-accept:enabled", ".actions .btn-accept:enabled", ".hand .hand-card.playable"):
        button = page.locator(selector).first
        if button.count():
            # a partner's answer may settle a raise first: then the button is gone, and we look again
            with contextlib.suppress(playwright_api.TimeoutError):
                button.click(timeout=2000)
            return True
    return True


OPEN = '{"type":"open"}'
BOT = '{"type":"bot","kind":"heuristic","level":"easy"}'
#: a bot that never raises and always accepts (its hands are worth 1, or 3 in a mão de onze)
STATION = '{"type":"bot","kind":"station","level":"medium"}'


def new_table(
    page: Any,
    nickname: str,
    *,
    players: int = 4,
    profile: str | None = None,
    seats: list[str] | None = None,
    timer: int = 0,
    public: bool = True,
) -> str:
    """Create a table from the lobby's form; returns its invite link. ``seats``: the other seats' choices
    (the select's values: OPEN, or a bot's JSON); open seats by default."""
    page.goto("/")
    page.fill("#nickname", nickname)
    page.wait_for_selector("#create-title")
    if not page.locator(".create-details[open]").count():
        page.click("#create-title")
    if profile:
        page.select_option("#profile", f'"{profile}"')
    if players != 4:
        page.click(".more-rules summary")
        page.select_option("#opt-players", str(players))
    for select, value in zip(page.locator(".seat-select").all(), seats or [OPEN] * (players - 1), strict=True):
        select.select_option(value)
    page.select_option("#timer", str(timer))
    if page.is_checked("#public") != public:
        page.click("#public")
    page.click("#create-submit")
    page.wait_for_url(re.compile(r"/t/"))
    # waiting for people, or playing already (a table of bots)
    page.wait_for_selector(".overlay .invite-link[readonly], .hand .hand-card")
    if page.locator(".overlay .invite-link[readonly]").count():
        return page.locator(".overlay .invite-link[readonly]").input_value()
    return page.url


def join(page: Any, link: str, name: str) -> None:
    """Sit at the table of ``link`` from its page."""
    page.goto(link)
    page.fill("#join-nickname", name)
    page.click("#join-submit")
    seated(page, name)


def seated(page: Any, name: str) -> None:
    """Wait until ``name`` sits at the bottom of the table on ``page``, or fail saying what the page showed."""
    try:
        page.wait_for_selector(f'.seat-bottom .nick:text-is("{name}")')
    except playwright_api.Error as timeout:
        # say what the page showed (every toast since it loaded), not only that the seat did not fill
        shown = page.evaluate(
            "() => ({url: location.href, seats: Object.keys(localStorage).filter((k) => k.startsWith('truco.seat')),"
            " toasts: window.toastsShown,"
            " overlay: document.querySelector('.overlay')?.innerText,"
            " conn: document.getElementById('conn')?.textContent,"
            " nicks: [...document.querySelectorAll('.nick')].map((e) => e.textContent)})"
        )
        raise AssertionError(f"{name} did not sit down: {shown}") from timeout


def one_on_one(new_page: Any) -> tuple[Any, Any, str]:
    """Ana and Bia at a private table of two, no clock; returns their pages (Ana's first) and the invite."""
    ana, bia = new_page(reduced_motion="reduce"), new_page(reduced_motion="reduce")
    link = new_table(ana, "Ana", players=2, public=False)
    join(bia, link, "Bia")
    for page in ana, bia:
        page.wait_for_selector(".hand .hand-card")
    return ana, bia, link


def first_and_second(pages: tuple[Any, Any]) -> tuple[Any, Any]:
    """The page whose turn it is to play, then the other."""
    pages[0].wait_for_selector(".hand .hand-card.playable, .status-line:has-text('Esperando')")
    return pages if pages[0].locator(".hand .hand-card.playable").count() else pages[::-1]


def card_turn(page: Any) -> None:
    """Wait until this seat may play a card (a bot's truco is answered first)."""
    page.wait_for_selector(ANY_MOVE)
    while not page.locator(".hand .hand-card.playable").count():
        assert move(page)
        page.wait_for_selector(ANY_MOVE)
