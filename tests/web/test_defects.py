"""Each defect seen by a new player (issue 13), in a real browser: it fails on the client before the fix."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from tests.web.conftest import (
    BOT,
    PHONE,
    STATION,
    card_turn,
    first_and_second,
    hand_of,
    move,
    new_table,
    one_on_one,
    quick_play,
)

pytestmark = pytest.mark.browser


def log_of(page: Any) -> str:
    return page.locator(".log-list").inner_text()


def test_the_cards_of_a_hand_someone_ran_from_leave_the_felt_and_answers_are_spoken(new_page):
    ana, bia, _ = one_on_one(new_page)
    first, second = first_and_second((ana, bia))
    first.locator(".hand .hand-card.playable").first.click()
    second.wait_for_selector(".actions .btn-raise:enabled")
    second.click(".actions .btn-raise")
    first.wait_for_selector(".actions .btn-run:enabled")
    first.click(".actions .btn-run")
    # the bubble says what a player says, not the button's word
    second.wait_for_selector('.seat-top .bubble:has-text("Corri!")')
    for page in ana, bia:
        page.wait_for_selector('.hand-no:has-text("Mão 2")')
        page.wait_for_function("document.querySelectorAll('.hand .hand-card').length === 3")
        assert page.locator(".trick .played").count() == 0, "the cards of the hand before stay on the felt"
        # in their place, the recap of the hand that ended
        recap = page.locator(".recap").inner_text()
        assert "pediu TRUCO" in recap and "Correu:" in recap, recap
    # 1v1: "Você" and the opponent by name, no signals to make
    assert ana.locator(".scoreboard .team-label").all_text_contents() == ["Você", "Bia"]
    assert ana.locator("#tab-signals").count() == 0 and ana.locator("#open-signals").count() == 0
    winner = "Ana" if second is ana else "Bia"
    assert f"{winner} marcou 1" in log_of(ana) or "Você marcou 1" in log_of(ana)


def test_spectators_read_teams_by_name(new_page):
    *_, link = one_on_one(new_page)
    watcher = new_page(reduced_motion="reduce")
    watcher.goto(link)
    # the names come with the table's first view, a moment after the seats are drawn
    watcher.wait_for_selector('.scoreboard .team-label:text-is("Bia")')
    assert watcher.locator(".scoreboard .team-label").all_text_contents() == ["Ana", "Bia"]
    assert "Nós" not in watcher.locator(".board").inner_text()


def test_a_table_drawn_before_its_first_view_names_nobody_undefined(new_page):
    *_, link = one_on_one(new_page)
    watcher = new_page(reduced_motion="reduce")
    # a connection that never brings the snapshot: the page stays as it is drawn before it
    watcher.route_web_socket(re.compile(r"/ws/"), lambda ws: None)
    watcher.goto(link)
    watcher.wait_for_selector(".scoreboard .team-label")
    assert "undefined" not in watcher.locator(".scoreboard").inner_text().lower()
    assert not watcher.locator(".seat-box").count(), "seats drawn before anyone is known to sit there"


@pytest.mark.parametrize("server_args", [("--bot-pause", "0.3", "--absence", "0.3")])
def test_no_stale_bot_badge_after_coming_back(new_page):
    page = new_page(reduced_motion="reduce")
    quick_play(page)
    url = page.url
    page.goto("about:blank")
    page.wait_for_timeout(1500)  # a bot takes the seat
    page.goto(url)
    page.wait_for_selector('.log-list li:has-text("Zé voltou")', state="attached")
    page.wait_for_timeout(300)
    assert page.locator(".seat-bottom .badge-warn").count() == 0


def test_the_tab_displaced_by_another_stops_offering_moves(new_page):
    first = new_page(reduced_motion="reduce")
    quick_play(first)
    second = first.context.new_page()
    second.goto(first.url)
    second.wait_for_selector(".hand .hand-card")
    first.wait_for_selector(".gone-replaced")
    assert first.locator(".hand-card, .actions button").count() == 0
    assert "Sua vez" not in first.locator("body").inner_text()
    assert first.locator(".gone h1").inner_text() == "Mesa aberta em outra aba"
    # and the game can be brought back to the first tab
    first.get_by_role("button", name="Jogar aqui").click()
    first.wait_for_selector(".hand .hand-card")
    second.wait_for_selector(".gone-replaced")


def test_a_table_that_does_not_exist_and_a_private_one_say_so(new_page):
    page = new_page()
    page.goto("/t/nao-existe")
    page.wait_for_selector(".gone-not_found")
    assert page.locator(".gone h1").inner_text() == "Mesa não encontrada"
    assert page.locator(".seat-box").count() == 0 and page.locator(".toast").count() == 0
    page.get_by_role("link", name="Salão").click()
    page.wait_for_selector("#play-now")

    link = new_table(new_page(), "Ana", public=False)
    stranger = new_page()
    stranger.goto(link.split("?")[0])
    stranger.wait_for_selector(".gone-bad_invite")
    assert stranger.locator(".gone h1").inner_text() == "Mesa privada"
    stranger.goto(link)
    stranger.wait_for_selector("#join-nickname")


NARRATION_JS = """async () => {
  const { narrate } = await import("/static/js/narrate.js");
  const { setLang } = await import("/static/js/i18n.js");
  const sides = {
    we: { person: "we" }, they: { person: "they", name: "Eles", obj: "eles" },
    you: { person: "you" }, one: { person: "one", name: "Zé", obj: "Zé" },
    pair: { person: "they", name: "Ana e Caio", obj: "Ana e Caio" },
  };
  const out = {};
  for (const lang of ["pt-BR", "en", "es"]) {
    setLang(lang);
    if (lang === "en") { sides.they.name = "They"; sides.they.obj = "them"; }
    if (lang === "es") { sides.they.name = "Ellos"; sides.they.obj = "ellos"; }
    for (const [who, side] of Object.entries(sides)) {
      const ctx = { name: (s) => `#${s}`, side: () => side, team: 0 };
      out[`${lang} ${who}`] = [
        narrate({ type: "eleven_decided", team: 0, play: true }, ctx),
        narrate({ type: "eleven_decided", team: 0, play: false }, ctx),
        narrate({ type: "hand_ended", winner: 0, points: 3, score: [5, 2] }, ctx),
      ];
    }
  }
  setLang("pt-BR");
  return out;
}"""


def test_narration_agrees_in_person_and_number(new_page):
    page = new_page()
    page.goto("/")
    page.wait_for_selector("#play-now")
    said = page.evaluate(NARRATION_JS)
    we = ["Nós vamos jogar a mão de onze", "Nós fugimos da mão de onze", "Nós marcamos 3. Placar 5 × 2"]
    assert said["pt-BR we"] == we
    assert said["pt-BR they"][:2] == ["Eles vão jogar a mão de onze", "Eles fugiram da mão de onze"]
    assert said["pt-BR you"][:2] == ["Você vai jogar a mão de onze", "Você fugiu da mão de onze"]
    assert said["pt-BR one"] == ["Zé vai jogar a mão de onze", "Zé fugiu da mão de onze", "Zé marcou 3. Placar 5 × 2"]
    assert said["pt-BR pair"][2] == "Ana e Caio marcaram 3. Placar 5 × 2"
    assert said["es we"][:2] == ["Nosotros vamos a jugar la mano de once", "Nosotros huimos de la mano de once"]
    assert said["es they"][:2] == ["Ellos van a jugar la mano de once", "Ellos huyeron de la mano de once"]
    assert said["es one"][1] == "Zé huyó de la mano de once"
    assert said["en you"][2] == "You scored 3. Score 5 × 2"


def test_the_narration_tells_each_hand_and_survives_a_reload(new_page):
    page = new_page(reduced_motion="reduce")
    # bots that never raise: no hand is worth 12, so a second hand always comes
    new_table(page, "Zé", seats=[STATION] * 3)
    page.wait_for_selector('.log-list li:has-text("Mão 1:")', state="attached")
    while "Mão 2:" not in log_of(page):
        assert move(page)
    before = page.locator(".log-list li").all_inner_texts()
    page.reload()
    page.wait_for_selector(".hand .hand-card")
    after = page.locator(".log-list li").all_inner_texts()
    assert after[: len(before)] == before
    assert sum(line.startswith("Mão 2:") for line in after) == 1


@pytest.mark.parametrize("server_args", [("--bot-pause", "1")])
def test_your_countdown_is_big_and_at_your_hand(new_page):
    page = new_page(PHONE, reduced_motion="reduce")
    quick_play(page)
    card_turn(page)
    clock = page.locator(".turn-clock")
    clock.wait_for()
    assert re.fullmatch(r"\d+ s para jogar", clock.locator(".turn-clock-text").inner_text())
    c, hand = clock.bounding_box(), page.locator(".hand").bounding_box()
    assert c["width"] >= 120 and hand["y"] - (c["y"] + c["height"]) < 90, (c, hand)
    assert c["y"] + c["height"] <= PHONE["height"]


def test_a_blank_nickname_is_told_by_its_field_and_the_language_menu_fits(new_page):
    page = new_page(PHONE)
    page.goto("/")
    page.fill("#nickname", "   ")
    page.click("#play-now")
    assert page.locator("#nickname-error").inner_text() == "Escolha um apelido para sentar à mesa."
    page.wait_for_timeout(200)
    assert page.locator(".toast").count() == 0
    assert page.url.endswith("/")
    fits = page.evaluate("""() => {
      const s = document.getElementById("lang");
      const c = document.createElement("canvas").getContext("2d");
      c.font = getComputedStyle(s).font;
      return [...s.options].every((o) => c.measureText(o.text).width + 20 <= s.clientWidth);
    }""")
    assert fits, "an option of the language menu is cut"


def test_fixed_manilhas_are_named_and_no_vira_is_turned(new_page):
    page = new_page(reduced_motion="reduce")
    new_table(page, "Ana", players=2, profile="mineiro", seats=[BOT])
    page.wait_for_selector(".hand .hand-card")
    assert page.locator(".vira-box .vira").count() == 0
    assert page.locator(".vira-box").inner_text() == "Manilhas fixas: 4♣ 7♥ A♠ 7♦"
    line = page.locator('.log-list li:has-text("Mão 1:")').text_content()
    assert "Vira" not in line


def test_fixed_manilhas_in_the_hand_are_starred(new_page):
    page = new_page(reduced_motion="reduce")
    fixed = {"4C", "7H", "AS", "7D"}
    for _ in range(40):  # a first hand holds a fixed manilha 28% of the time: new tables until one does
        new_table(page, "Ana", players=2, profile="mineiro", seats=[BOT])
        page.wait_for_selector(".hand .hand-card")
        held = fixed & set(hand_of(page))
        starred = page.eval_on_selector_all(".hand .hand-card.is-manilha", "els => els.map(e => e.dataset.card)")
        assert set(starred) == held
        if held:
            return
    raise AssertionError("no first hand of 40 held a fixed manilha")


@pytest.mark.parametrize("console_allowed", [["404"]])
def test_unknown_addresses_get_a_page_that_leads_back(new_page, server):
    answer = httpx.get(f"{server.url}/nada/aqui")
    assert answer.status_code == 404 and answer.headers["content-type"].startswith("text/html")
    api = httpx.get(f"{server.url}/api/nada")
    assert api.status_code == 404 and api.json()["error"]["code"] == "not_found"
    page = new_page(PHONE)
    page.goto("/nada/aqui")
    page.wait_for_selector(".gone-404")
    assert page.locator(".gone h1").inner_text() == "Página não encontrada"
    page.get_by_role("link", name="Salão").click()
    page.wait_for_selector("#play-now")


def test_a_hand_played_out_is_recapped_trick_by_trick(new_page):
    ana, bia, _ = one_on_one(new_page)
    while not ana.locator('.hand-no:has-text("Mão 2")').count():
        first, _ = first_and_second((ana, bia))
        version = first.locator(".table-screen").get_attribute("data-version")
        first.locator(".hand .hand-card.playable").first.click()
        first.wait_for_function("(v) => document.querySelector('.table-screen').dataset.version !== v", arg=version)
    recap = ana.locator(".recap").inner_text()
    assert re.search(r"^(Mão 1: (você|Bia) marcou 1|Mão empatada: ninguém marca)$", recap, re.M), recap
    assert re.search(r"^Vaza 1: (Ana|Bia) com \S+$|^Vaza 1 empatou$", recap, re.M), recap
