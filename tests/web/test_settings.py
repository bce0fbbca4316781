"""Settings kept on the device; the spoken "TRUCO!" that can be turned off; quick phrases, emotes and mutes."""

from __future__ import annotations

from typing import Any

import pytest
from tests.web.conftest import PHONE, first_and_second, one_on_one

pytestmark = pytest.mark.browser

#: what speechSynthesis was asked to say, kept in the page
SPEECH_SPY = """() => {
  window.spoken = [];
  speechSynthesis.speak = (u) => window.spoken.push(u.text);
}"""


def open_settings(page: Any) -> Any:
    page.click("#settings-btn")
    return page.locator("#settings form")


def test_settings_are_remembered_on_the_device(new_page):
    page = new_page(PHONE)
    page.goto("/")
    page.wait_for_selector("#play-now")
    form = open_settings(page)
    form.locator("input[name=volume]").fill("0.3")
    form.locator("select[name=speed]").select_option("off")
    form.locator("input[name=shout]").uncheck()
    form.locator("input[name=vibrate]").uncheck()
    form.locator("input[name=fourColor]").check()
    form.locator("input[name=faces][value=spanish]").check()
    form.locator("select[name=lang]").select_option("es")
    assert page.locator("#settings h2").inner_text() == "Preferencias"
    page.keyboard.press("Escape")

    page.reload()
    page.wait_for_selector("#play-now")
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dataset.speed]") == ["es", "off"]
    assert page.locator("#play-now").inner_text() == "Jugar ahora"
    form = open_settings(page)
    assert form.locator("input[name=volume]").input_value() == "0.3"
    assert form.locator("select[name=speed]").input_value() == "off"
    assert not form.locator("input[name=shout]").is_checked()
    assert not form.locator("input[name=vibrate]").is_checked()
    assert form.locator("input[name=fourColor]").is_checked()
    assert form.locator("input[name=faces][value=spanish]").is_checked()


def test_truco_is_shouted_unless_turned_off_and_quick_phrases_can_be_muted(new_page):
    ana, bia, _ = one_on_one(new_page)
    for page in ana, bia:
        page.evaluate(SPEECH_SPY)
    open_settings(bia).locator("input[name=shout]").uncheck()
    bia.keyboard.press("Escape")

    first, second = first_and_second((ana, bia))
    first.locator(".hand .hand-card.playable").first.click()
    second.wait_for_selector(".actions .btn-raise:enabled")
    second.click(".actions .btn-raise")
    ana.wait_for_function("window.spoken.length > 0")
    assert ana.evaluate("window.spoken") == ["TRUCO!"]
    bia.wait_for_selector('.log-list li:has-text("pediu TRUCO!")', state="attached")
    assert bia.evaluate("window.spoken") == [], "Bia turned the shout off"

    # a quick phrase is heard (a bubble, an unread mark, a chat line); muted, the next one is not
    ana.click("#tab-chat")
    ana.get_by_role("button", name="Tá com medo?").click()
    bia.wait_for_selector('.seat-top .bubble:has-text("Tá com medo?")')
    bia.wait_for_selector("#tab-chat .unread")
    bia.click("#tab-chat")
    bia.wait_for_selector('.chat-list li:has-text("Tá com medo?")')
    assert bia.locator("#tab-chat .unread").count() == 0
    bia.click('.chip-mute:has-text("Silenciar: Ana")')
    bia.wait_for_selector('.chip-mute[aria-pressed="true"]')
    ana.get_by_role("button", name="👏").click()
    ana.wait_for_selector('.chat-list li:has-text("👏")')
    bia.wait_for_timeout(500)
    assert bia.locator('.chat-list li:has-text("👏")').count() == 0
    assert bia.locator(".seat-top .bubble").filter(has_text="👏").count() == 0
