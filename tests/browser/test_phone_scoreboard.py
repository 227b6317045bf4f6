"""The scoreboard as a thumb meets it: the upcard tap that moves nothing, quick-mode errors
shown where Record was tapped, the finished match's slow poll, and the pages around it (home,
the share link, the new-match form, sign-up), in light and dark, English and Finnish."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import actions
from scorekeeper.models import Match

from .browser_helpers import ARTIFACTS, SUITS, Phone
from .conftest import PHONE, watch

CENTRE_JS = """(el) => { const r = el.getBoundingClientRect();
  return {x: r.left + r.width / 2, y: r.top + r.height / 2, top: r.top, bottom: r.bottom}; }"""
HIT_JS = "([x, y, sel]) => { const hit = document.elementFromPoint(x, y);"
HIT_JS += " return !!hit && !!hit.closest(sel); }"
IN_VIEW_JS = """(el) => { const r = el.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight; }"""


def thumb_tap(page: Page, selector: str) -> None:
    """Tap the element with a finger at its centre, as a phone sends it: first check that it
    is what lies under the finger there."""
    box = page.locator(selector).evaluate(CENTRE_JS)
    assert page.evaluate(HIT_JS, [box["x"], box["y"], selector]), f"{selector} is covered"
    page.touchscreen.tap(box["x"], box["y"])


def bring_to_bottom(page: Page, selector: str) -> None:
    """Scroll by hand just far enough that the element shows at the foot of the screen."""
    box = page.locator(selector).evaluate(CENTRE_JS)
    page.evaluate(
        "(dy) => window.scrollBy(0, dy)", box["bottom"] - page.viewport_size["height"] + 24
    )


def tap_a_lower_upcard(page: Page, card: str) -> int:
    """Tap the upcard with the thumb, its card scrolled to the foot of the screen first (so
    that a jump would show); return where the page was scrolled when it was tapped."""
    label = f"label[for='id_upcard_{card}']"
    bring_to_bottom(page, label)
    before = page.evaluate("scrollY")
    assert before > 0, "the card was in view without scrolling: not a lower upcard"
    with page.expect_response(lambda r: "/upcard/" in r.url):
        thumb_tap(page, label)
    return before


@pytest.mark.parametrize("card", ["KC", "2C", "9D"])
def test_tapping_a_lower_upcard_keeps_the_knock_limit_on_screen(phone: Phone, card):
    page = phone.page
    phone.start_match()
    before = tap_a_lower_upcard(page, card)
    limit = page.locator("#limit .num")
    expect(limit).to_have_text("10" if card[0] == "K" else card[0])
    page.wait_for_timeout(300)  # a late layout shift would show by now
    assert page.evaluate("scrollY") == before
    assert limit.evaluate(IN_VIEW_JS), "the knock limit went off the screen"
    # The picker folded under its title, which is where the thumb is.
    assert page.locator("#picker > summary").evaluate(IN_VIEW_JS), "the picker's title is gone"
    expect(page.locator(f"#id_upcard_{card}")).to_be_checked()


def open_quick(phone: Phone, knocker: str | None, k: str, o: str) -> None:
    page = phone.page
    page.locator("#quick > summary").tap()
    if knocker:
        page.locator("#quick label", has_text=knocker).tap()
    page.get_by_label("Knocker's deadwood").fill(k)
    page.get_by_label("Opponent's deadwood after layoffs").fill(o)


@pytest.mark.parametrize(
    ("upcard", "knocker", "message"),
    [
        ("6D", "Alice", "Illegal knock: deadwood 8 > limit 6."),
        (None, "Alice", "Enter the upcard first: it sets the knock limit."),
        ("TC", None, "Who knocked? Tap Alice or Bob."),
    ],
    ids=["over-the-limit", "no-upcard", "no-knocker"],
)
def test_a_quick_mode_error_shows_its_message_in_the_form(phone: Phone, upcard, knocker, message):
    page = phone.page
    phone.start_match()
    if upcard:
        phone.set_upcard(upcard)
    open_quick(phone, knocker, "8", "20")
    with page.expect_response(lambda r: "/quick/" in r.url and r.status == 422):
        page.locator("#quick").get_by_role("button", name="Record").tap()
    expect(page.locator("#quick")).to_contain_text(message)
    expect(page.locator("#quick")).to_have_attribute("open", "")
    # What was typed is kept.
    expect(page.get_by_label("Opponent's deadwood after layoffs")).to_have_value("20")
    # Chromium logs each 4xx reply as a console error: this one was the point of the test.
    problems = page.problems  # type: ignore[attr-defined]
    problems[:] = [p for p in problems if "status of 422" not in p]


def finish_a_match(phone: Phone) -> int:
    """Start a match to 30 and win it for Bob with one quick deal; return its id."""
    page = phone.page
    phone.goto("/matches/new/")
    page.get_by_label("First player", exact=True).fill("Alice")
    page.get_by_label("Second player", exact=True).fill("Bob")
    page.locator("#id_first_dealer_1 + label, label[for='id_first_dealer_1']").first.tap()
    page.locator("details > summary", has_text="House rules").tap()
    page.get_by_label("Play to").fill("30")
    phone.tap_to_next_page(phone.button("Start the match"))
    pk = int(re.search(r"/matches/(\d+)/", phone.path).group(1))
    phone.set_upcard("TC")
    open_quick(phone, "Bob", "3", "40")
    phone.tap_to_next_page(page.locator("#quick").get_by_role("button", name="Record"))
    return pk


def test_the_winning_deal_lands_on_the_finished_board_with_its_undo(phone: Phone):
    page = phone.page
    pk = finish_a_match(phone)
    phone.recorded("Deal 1: Bob +37")
    final = page.locator(".final")
    expect(final).to_contain_text("Bob wins")
    assert final.evaluate(IN_VIEW_JS), "the win is not announced at the top"
    # The Undo is a real form: the match is open again.
    phone.tap_to_next_page(page.locator("[data-undo]").get_by_role("button", name="Undo"))
    expect(page.locator(".final")).to_have_count(0)
    assert not Match.objects.get(pk=pk).deals.filter(status="recorded").exists()


def test_a_finished_match_polls_slowly_and_at_once_when_shown_again(phone: Phone):
    page = phone.page
    finish_a_match(phone)
    live = page.locator("#live")
    expect(live).to_have_attribute("hx-trigger", "every 30s, visibilitychange from:document")
    polls: list[str] = []
    page.on("request", lambda r: polls.append(r.url) if "/poll/" in r.url else None)
    page.wait_for_timeout(2500)
    assert polls == [], "a finished match still polls every 2 s"
    with page.expect_request(lambda r: "/poll/" in r.url and "over=1" in r.url):
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")


def test_an_undo_on_the_other_phone_reopens_a_finished_match(phone: Phone, another_phone):
    page = phone.page
    pk = finish_a_match(phone)
    match = Match.objects.get(pk=pk)
    actions.undo_last(match, match.deals.get(number=1), version=match.version)
    # The player comes back to the page: it polls at once and shows the match open again.
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator("#deal-heading")).to_contain_text("Deal 1", timeout=5000)
    expect(page.locator(".final")).to_have_count(0)
    expect(page.get_by_role("link", name="Alice knocked")).to_be_visible()


SHARE_STUBS = """
window.__copied = []; window.__shared = [];
const clip = {writeText: async (t) => { window.__copied.push(t); }};
Object.defineProperty(navigator, 'clipboard', {value: clip});
navigator.share = async (data) => { window.__shared.push(data); };
"""


def make_links(phone: Phone) -> None:
    page = phone.page
    phone.start_match()
    phone.tap_to_next_page(phone.link("Invite a second phone, or a friend watching"))
    for kind in ("view", "edit"):
        phone.tap_to_next_page(
            page.locator(f"#share-{kind}").get_by_role("button", name="Create the link")
        )


def test_a_share_link_is_copied_or_sent_with_one_tap(phone: Phone):
    page = phone.page
    page.add_init_script(SHARE_STUBS)
    make_links(phone)
    view = page.locator("#share-view")
    url = view.locator(".share-url").inner_text()
    assert re.fullmatch(r"http://[^ ]+/s/[\w-]+/", url), url
    view.get_by_role("button", name="Copy").tap()
    expect(view.get_by_text("Copied.")).to_be_visible()
    assert page.evaluate("window.__copied") == [url]
    view.get_by_role("button", name="Send the link").tap()
    assert page.evaluate("window.__shared")[0]["url"] == url
    # The whole link shows, wrapped, not cut off in a field.
    box = view.locator(".share-url")
    assert box.evaluate("(el) => el.scrollWidth <= el.clientWidth")


@pytest.mark.browser_context_args(java_script_enabled=False)
def test_without_js_a_share_link_is_text_to_select(phone: Phone):
    page = phone.page
    make_links(phone)
    view = page.locator("#share-view")
    expect(view.locator(".share-url")).to_have_text(re.compile(r"^http://.+/s/[\w-]+/$"))
    expect(view.locator("[data-share-tools]")).to_be_hidden()
    assert view.locator(".share-url").evaluate("(el) => getComputedStyle(el).userSelect") == "all"


@pytest.mark.parametrize("js", [True, False], ids=["js", "no-js"])
def test_the_big_gin_bonus_shows_only_while_big_gin_is_on(browser, live_server, js):
    context = browser.new_context(**PHONE, java_script_enabled=js)
    page = context.new_page()
    watch(page)
    page.goto(live_server.url + "/matches/new/")
    page.locator("details > summary", has_text="House rules").tap()
    bonus = page.get_by_label("Big gin bonus")
    switch = page.get_by_label("Big gin (all 11 cards melded)")
    expect(switch).not_to_be_checked()
    expect(bonus).to_be_hidden()
    page.locator("label[for='id_big_gin']").tap()
    expect(bonus).to_be_visible()
    page.locator("label[for='id_big_gin']").tap()
    expect(bonus).to_be_hidden()
    assert not page.problems  # type: ignore[attr-defined]
    context.close()


def test_the_sign_up_focus_ring_leaves_the_help_text_clear(phone: Phone):
    page = phone.page
    phone.goto("/accounts/signup/")
    for field in page.locator(".field:has(.field-help) > input").all():
        field.focus()
        ring = field.evaluate(
            """(el) => { const s = getComputedStyle(el);
              return el.getBoundingClientRect().bottom + parseFloat(s.outlineOffset)
                + parseFloat(s.outlineWidth); }"""
        )
        help_top = field.evaluate(
            "(el) => el.parentElement.querySelector('.field-help').getBoundingClientRect().top"
        )
        assert ring <= help_top, f"{field.get_attribute('name')}: ring {ring} > help {help_top}"


# ---- Screenshots: light and dark, English and Finnish ---------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("locale", ["en-GB", "fi-FI"])
def test_screenshots_of_the_scoreboard_and_the_pages_around_it(
    browser, live_server, scheme, locale
):
    context = browser.new_context(**PHONE, locale=locale, color_scheme=scheme)
    page = context.new_page()
    watch(page)
    phone = Phone(page, live_server.url)
    tag = f"{locale[:2]}-{scheme}"
    page.goto(live_server.url + "/matches/new/")
    page.locator("#id_player_a_name").fill("Anna")
    page.locator("#id_player_b_name").fill("Ben")
    page.locator("label[for='id_first_dealer_0']").tap()
    page.locator("details > summary").first.tap()
    page.locator("#id_target").fill("50")
    phone.look(f"board-new-match-{tag}")
    phone.tap_to_next_page(page.locator("main form button[type=submit]").last)
    page.screenshot(path=ARTIFACTS / f"board-before-upcard-{tag}-screen.png")
    phone.set_upcard("7H")
    page.screenshot(path=ARTIFACTS / f"board-upcard-{tag}-screen.png")
    phone.look(f"board-upcard-{tag}")
    phone.record_quick(0, "3", "29")
    expect(page.locator("[data-undo]")).to_be_visible()
    # The screen as the thumb sees it, message and all (before look(), which ends animations).
    page.screenshot(path=ARTIFACTS / f"board-after-recording-{tag}-screen.png")
    phone.look(f"board-after-recording-{tag}")
    phone.set_upcard("TC")
    phone.record_quick(1, "0", "40")
    expect(page.locator(".final")).to_be_visible()
    # The screen as the thumb sees it, message and all (before look(), which ends animations).
    page.screenshot(path=ARTIFACTS / f"board-finished-{tag}-screen.png")
    phone.look(f"board-finished-{tag}")
    pk = re.search(r"/matches/(\d+)/", phone.path).group(1)
    phone.goto(f"/matches/{pk}/share/")
    page.locator("#share-view button[type=submit]").tap()
    page.wait_for_load_state()
    expect(page.locator("#share-view .share-url")).to_be_visible()
    phone.look(f"board-share-{tag}")
    phone.goto("/")
    phone.look(f"board-home-{tag}")
    assert not page.problems  # type: ignore[attr-defined]
    context.close()


# ---- After the upcard: the picker folds away, "Ann knocked" and the limit in view ----------


def in_view(page: Page, selector: str) -> bool:
    return all(page.locator(selector).evaluate_all(f"(els) => els.map({IN_VIEW_JS})"))


@pytest.mark.parametrize("card", ["2C", "9D"])
def test_after_picking_the_upcard_the_knocked_buttons_and_the_limit_are_on_screen(
    phone: Phone, card
):
    page = phone.page
    phone.start_match("Ann", "Ben")
    picker = page.locator("#picker")
    expect(picker).to_have_attribute("open", "")
    before = tap_a_lower_upcard(page, card)
    expect(page.locator("#limit .num")).to_have_text(card[0])
    shown = ("9" if card[0] == "9" else "2") + SUITS[card[1]]
    # The picker folds, and its title says what was picked.
    expect(picker).not_to_have_attribute("open", "")
    expect(picker.locator("> summary")).to_have_text(re.compile(rf"Upcard {shown} · change"))
    page.wait_for_timeout(300)  # a late layout shift would show by now
    assert page.evaluate("scrollY") == before, "the page moved under the thumb"
    assert in_view(page, "#limit"), "the knock limit went off the screen"
    knocked = "main .actions-2 a.btn"
    expect(page.locator(knocked)).to_have_text(["Ann knocked", "Ben knocked"])
    assert in_view(page, knocked), "Ann knocked / Ben knocked are off the screen"

    # Changing it is one tap on the title, then the card.
    thumb_tap(page, "#picker > summary")
    expect(picker).to_have_attribute("open", "")
    expect(page.locator(f"#id_upcard_{card}")).to_be_checked()
    label = "label[for='id_upcard_7H']"
    bring_to_bottom(page, label)
    with page.expect_response(lambda r: "/upcard/" in r.url):
        thumb_tap(page, label)
    expect(page.locator("#limit .num")).to_have_text("7")
    expect(picker.locator("> summary")).to_have_text(re.compile("Upcard 7♥ · change"))
    assert in_view(page, "#limit") and in_view(page, knocked)


@pytest.mark.browser_context_args(java_script_enabled=False)
def test_without_js_the_picked_upcard_titles_the_folded_picker(phone: Phone):
    page = phone.page
    phone.start_match("Ann", "Ben")
    phone.set_upcard("9D")
    picker = page.locator("#picker")
    expect(picker).not_to_have_attribute("open", "")
    expect(picker.locator("> summary")).to_have_text(re.compile("Upcard 9♦ · change"))
    phone.tap(picker.locator("> summary"))
    phone.tap(phone.card_label("upcard", "7H"))
    phone.tap_to_next_page(phone.button("Set the upcard"))
    expect(page.locator("#limit .num")).to_have_text("7")
    expect(picker.locator("> summary")).to_have_text(re.compile("Upcard 7♥ · change"))
