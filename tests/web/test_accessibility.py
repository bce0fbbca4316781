"""An automated accessibility audit (axe-core, WCAG 2.1 A and AA) of every screen, on a phone and a desktop;
keyboard play and the narration announced to screen readers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.web.conftest import ANY_MOVE, DESKTOP, PHONE, card_turn, quick_play

pytestmark = pytest.mark.browser

AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
RUN_AXE = """async () => {
  const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
  const result = await axe.run(document, { runOnly: { type: "tag", values: tags } });
  const where = (v) => v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ");
  return result.violations.map((v) => `${v.id}: ${v.help} — ${where(v)}`);
}"""


def audit(page: Any) -> list[str]:
    if not AXE.exists():
        pytest.skip("axe-core is not installed (npm ci --prefix tests/web/axe)")
    page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE)


@pytest.mark.parametrize("console_allowed", [["404"]])  # the page that does not exist
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_screen_passes_the_audit(new_page, viewport):
    page = new_page(viewport, reduced_motion="reduce")
    page.goto("/")
    page.wait_for_selector(".history h2")
    assert audit(page) == []
    page.click("#settings-btn")
    assert audit(page) == []
    page.keyboard.press("Escape")

    page.goto("/nada")
    page.wait_for_selector(".gone-404")
    assert audit(page) == []

    quick_play(page)
    page.wait_for_selector(ANY_MOVE)
    assert audit(page) == []
    if viewport is PHONE:
        page.click("#open-chat")
        page.wait_for_selector(".side.open")
        assert audit(page) == []


def test_keyboard_play_narration_for_screen_readers_and_reduced_motion(new_page):
    page = new_page(DESKTOP, reduced_motion="reduce")
    quick_play(page)
    assert page.locator(".log-list").get_attribute("aria-live") == "polite"
    card_turn(page)
    # motion is cut down for people who ask the system for it
    duration = page.evaluate("getComputedStyle(document.querySelector('.hand-card')).transitionDuration")
    assert all(float(d.rstrip("ms")) < 0.1 for d in duration.split(","))
    # Tab reaches the cards; Enter plays the focused one
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('playable')"):
            break
    card = page.evaluate("document.activeElement.dataset.card")
    assert card, "no playable card is reachable with Tab"
    page.keyboard.press("Enter")
    page.wait_for_selector(f'.log-list li:has-text("Zé jogou {card[0]}")', state="attached")


@pytest.mark.parametrize("lang", ["pt-BR", "en", "es"])
def test_the_rules_page_in_three_languages(new_page, lang):
    page = new_page(PHONE)
    page.add_init_script(f"localStorage.setItem('truco.prefs', JSON.stringify({{lang: '{lang}'}}))")
    page.goto("/")
    page.wait_for_selector("#play-now")
    page.click("#rules-link")
    page.wait_for_selector(".rules h1")
    title = {
        "pt-BR": "Como jogar Truco Paulista",
        "en": "How to play Truco Paulista",
        "es": "Cómo se juega al Truco Paulista",
    }
    assert page.locator(".rules h1").inner_text() == title[lang]
    assert page.locator(".rules-section").count() == 11
    assert page.locator(".rules .help-cards svg").count() == 10 + 4 + 4
    assert audit(page) == []
    page.reload()
    page.wait_for_selector(".rules h1")
