"""The upcard picker folds without putting anything that can be tapped under the finger: after
this phone's own tap, for every one of the 52 upcards, at 390 and 360 px, in every language;
and when the other phone sets the upcard, nothing on this phone moves at all. By touch."""

from __future__ import annotations

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from scorekeeper.models import Match

from .browser_helpers import Phone

UPCARDS = [rank + suit for suit in "SHDC" for rank in "A23456789TJQK"]
TAPPABLE = "a[href], button, summary, input, select, textarea, label"
# What a finger at (x, y) would tap: "" when nothing that can be tapped is there.
TAPPABLE_AT_JS = f"""([x, y]) => {{ const hit = document.elementFromPoint(x, y);
  const found = hit && hit.closest('{TAPPABLE}');
  return found ? `${{found.tagName}} ${{found.textContent.trim().slice(0, 40)}}` : ''; }}"""
CENTRE_JS = """(el) => { el.scrollIntoView({block: 'center'});
  const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }"""
HIT_JS = "([x, y, id]) => { const hit = document.elementFromPoint(x, y);"
HIT_JS += " return !!hit && !!hit.closest(`label[for='${id}']`); }"
TOP_JS = "(el) => el.getBoundingClientRect().top"


def tap_at(page: Page, x: float, y: float) -> None:
    page.touchscreen.tap(x, y)


def settled(page: Page) -> None:
    """Wait for the page's fonts: lines reflow once they load."""
    page.evaluate("() => document.fonts.ready.then(() => true)")
    page.wait_for_timeout(100)


def open_the_picker(page: Page) -> None:
    """Open the folded picker with a tap on its title ("change"), where it always is."""
    if page.locator("#picker").evaluate("(el) => el.open"):
        return
    summary = page.locator("#picker-title")
    summary.scroll_into_view_if_needed()  # scrolled to by hand, as a player does
    box = summary.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert page.evaluate(TAPPABLE_AT_JS, [x, y]).startswith("SUMMARY")
    tap_at(page, x, y)
    expect(page.locator("#picker")).to_have_attribute("open", "")


@pytest.mark.parametrize("size", [(390, 844), (360, 800)], ids=["390", "360"])
@pytest.mark.parametrize("language", ["en", "fi", "nl", "pl", "sn"])
def test_after_the_upcard_folds_nothing_tappable_lies_under_the_finger(
    phone: Phone, language, size
):
    page = phone.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    pk = phone.start_match(dealer="First player deals")
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": phone.base_url}]
    )
    phone.goto(f"/matches/{pk}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    settled(page)
    knocked = page.locator(f"a[href='/matches/{pk}/knock/0/']")
    for card in UPCARDS:
        open_the_picker(page)
        label_id = f"id_upcard_{card}"
        x, y = page.locator(f"label[for='{label_id}']").evaluate(CENTRE_JS)
        assert page.evaluate(HIT_JS, [x, y, label_id]), f"{card} is covered"
        before = page.evaluate("scrollY")
        with page.expect_response(lambda r: "/upcard/" in r.url):
            tap_at(page, x, y)
        expect(page.locator("#picker-title")).to_have_attribute("data-upcard", card)
        assert not page.locator("#picker").evaluate("(el) => el.open"), card
        under = page.evaluate(TAPPABLE_AT_JS, [x, y])
        assert under == "", f"{language} {size[0]} px, upcard {card}: the finger is on {under}"
        assert page.evaluate("scrollY") == before, f"{card}: the page scrolled"
        # "Alice knocked" came up close to the thumb: on the screen.
        top = knocked.evaluate(TOP_JS)
        assert 0 <= top < size[1] - 80, f"{card}: Alice knocked at {top}, the finger at {y}"
    assert Match.objects.get(pk=pk).open_deal().upcard == UPCARDS[-1]


def test_the_other_phones_upcard_folds_this_picker_into_a_box_of_its_height(
    phone: Phone, another_phone
):
    page = phone.page
    pk = phone.start_match(dealer="First player deals")
    match = Match.objects.get(pk=pk)
    match.set_share_link("edit", enabled=True)
    match.refresh_from_db()
    other = another_phone()
    other.goto(f"/s/{match.edit_token}/")
    settled(page)

    # This phone's player is about to tap a lower upcard: the grid open, scrolled to it.
    x, y = page.locator("label[for='id_upcard_9C']").evaluate(CENTRE_JS)
    scrolled = page.evaluate("scrollY")
    knocked = page.locator(f"a[href='/matches/{pk}/knock/0/']")
    where = knocked.bounding_box()
    picker_top = page.locator("#picker").bounding_box()["y"]

    # The other phone sets the upcard, by touch.
    ox, oy = other.page.locator("label[for='id_upcard_7S']").evaluate(CENTRE_JS)
    with other.page.expect_response(lambda r: "/upcard/" in r.url):
        other.page.touchscreen.tap(ox, oy)

    expect(page.locator("#limit .num")).to_have_text("7", timeout=5_000)
    expect(page.locator("#picker")).not_to_have_attribute("open", "")
    expect(page.locator("#picker-rest")).to_be_visible()
    assert page.evaluate("scrollY") == scrolled
    assert page.locator("#picker").bounding_box()["y"] == picker_top
    moved = knocked.bounding_box()["y"] - where["y"]
    assert abs(moved) < 0.5, f"what lies below the picker moved by {moved} px"
    assert page.evaluate(TAPPABLE_AT_JS, [x, y]) == "", "a control came under the finger"
    expect(page.locator("#picker-title")).to_contain_text("7")
    phone.look("fold-other-phone")

    # "change" opens the grid again in place of the box, with the other phone's card ticked.
    open_the_picker(page)
    expect(page.locator("#picker-rest")).to_be_hidden()
    expect(page.locator("#id_upcard_7S")).to_be_checked()
