"""The table on a phone, upright (390×844) and sideways (844×390): nothing needed is off screen."""

from __future__ import annotations

from typing import Any

import pytest
from tests.web.conftest import join, move, new_table, quick_play

pytestmark = pytest.mark.browser

PORTRAIT = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}

#: the page's boxes that matter, and whether the page scrolls
LAYOUT_JS = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const all = (s) => [...document.querySelectorAll(s)].filter((e) => e.offsetParent).map(box);
  return {
    hand: all(".hand .hand-card"), score: all(".scoreboard"), partner: all(".seat-top .avatar"),
    side: all(".side.open"),
    scrolls: document.scrollingElement.scrollHeight > innerHeight + 1 || scrollY !== 0,
  };
}"""


def inside(b: list[float], size: dict[str, int]) -> bool:
    return b[0] >= -1 and b[1] >= -1 and b[2] <= size["width"] + 1 and b[3] <= size["height"] + 1


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def layout(page: Any) -> dict[str, Any]:
    return page.evaluate(LAYOUT_JS)


def layout_with_hand(page: Any) -> dict[str, Any]:
    """The layout read at a moment the seat holds a card: waiting for one and reading the layout in two calls
    raced with the seat's last card played or a new deal."""
    held = f"(() => {{ const seen = ({LAYOUT_JS})(); return seen.hand.length ? seen : null; }})()"
    return page.wait_for_function(held).json_value()


#: watches the felt at every frame: the most cards seen on it at once, the first cards on it that cover a player,
#: and the cards that fly onto it
FELT_JS = """window.felt = { most: 0, covers: [], flying: 0 };
const watchFelt = () => {
  const box = (el) => el.getBoundingClientRect();
  const played = [...document.querySelectorAll(".trick .played")].filter((e) => e.offsetParent);
  const avatars = [...document.querySelectorAll(".seat-box .avatar")].filter((e) => e.offsetParent).map(box);
  window.felt.most = Math.max(window.felt.most, played.length);
  for (const card of played) {
    if (getComputedStyle(card).animationName !== "none") window.felt.flying += 1;
    const c = box(card);
    for (const a of avatars)
      if (c.left < a.right && a.left < c.right && c.top < a.bottom && a.top < c.bottom && window.felt.covers.length < 5)
        window.felt.covers.push([card.className, c.left, c.top, a.left, a.top]);
  }
  requestAnimationFrame(watchFelt);
};
requestAnimationFrame(watchFelt);"""


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_hand_score_and_partner_stay_on_screen_and_chat_is_a_drawer(new_page, size):
    page = new_page(size, reduced_motion="reduce", has_touch=True)
    page.add_init_script("navigator.vibrate = () => { window.buzzed = (window.buzzed || 0) + 1; return true; }")
    page.add_init_script(FELT_JS)
    quick_play(page)
    # cards on the felt never cover a player, at any frame, until three lie there at once; the loop read the
    # felt between two moves and could miss every full trick until the match was over
    while page.evaluate("window.felt.most") < 3:
        assert move(page), "the match ended before three cards lay on the felt at once"
    felt = page.evaluate("window.felt")
    assert not felt["flying"], "a card flies onto the felt although the player asked for reduced motion"
    assert not felt["covers"], f"a card on the felt covers a player: {felt['covers']}"
    # the third card on the felt may be this seat's last one: look again once it holds cards
    seen = layout_with_hand(page)
    assert not seen["scrolls"], "the table scrolls"
    assert seen["score"] and seen["partner"] and len(seen["hand"]) >= 1
    for b in seen["hand"] + seen["score"] + seen["partner"]:
        assert inside(b, size), (b, seen)
    # your turn buzzes the phone
    page.wait_for_function("window.buzzed > 0")

    # the chat opens over the felt; the hand and the score stay in view; Escape closes it
    page.click("#open-chat")
    page.wait_for_selector(".side.open #panel-chat:not([hidden])")
    page.wait_for_timeout(300)
    seen = layout_with_hand(page)
    drawer = seen["side"][0]
    assert inside(drawer, size)
    for b in seen["hand"] + seen["score"] + seen["partner"]:
        assert inside(b, size) and not overlap(b, drawer), (b, drawer)
    page.keyboard.press("Escape")
    page.wait_for_selector(".side.open", state="detached")


#: notes the animation of every card dealt into the hand, as it is put there
DEALT_JS = """window.dealt = [];
new MutationObserver(() => {
  for (const card of document.querySelectorAll(".hand .hand-card.deal:not([data-noted])")) {
    card.dataset.noted = "1";
    window.dealt.push(getComputedStyle(card).animationName);
  }
}).observe(document, { subtree: true, childList: true });"""


def test_with_reduced_motion_the_cards_are_dealt_in_place(new_page):
    # the deal's stagger held the second and third cards above the hand, over the felt (and the chat drawer)
    page = new_page(PORTRAIT, reduced_motion="reduce")
    page.add_init_script(DEALT_JS)
    quick_play(page)
    page.wait_for_function("window.dealt.length >= 3")
    assert set(page.evaluate("window.dealt")) == {"none"}


def test_joining_by_invite_on_a_phone_starts_at_the_top(new_page):
    host = new_page(reduced_motion="reduce")
    link = new_table(host, "Ana", players=2, public=False)
    guest = new_page(PORTRAIT, reduced_motion="reduce")
    join(guest, link, "Bia")
    guest.wait_for_selector(".hand .hand-card")
    seen = layout(guest)
    assert not seen["scrolls"]
    for b in seen["hand"] + seen["score"]:
        assert inside(b, PORTRAIT), b
