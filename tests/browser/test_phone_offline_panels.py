"""Panels that appear offline move nothing on the page: the queue panel and the offline
banner, each measured from scroll 0, where the browser's scroll anchoring cannot hide a jump."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .offline_helpers import thumb, wait_for_worker, wait_until_kept

# What a thumb may be about to tap, and what the eye reads, at the top of the scoreboard.
WATCHED = [
    "header.top",
    ".scores",
    "#deal-heading",
    "#limit",
    "#picker-title",
    "a[href$='/knock/0/']",
    "a[href$='/knock/1/']",
    "form[data-queue='draw'] button",
]

POSITIONS_JS = """
(selectors) => selectors.map((selector) => {
  const found = document.querySelector(selector);
  if (!found) return [selector, null];
  const box = found.getBoundingClientRect();
  return [selector, Math.round(box.top * 10) / 10, Math.round(box.left * 10) / 10];
})
"""


def positions(page: Page) -> list:
    found = page.evaluate(POSITIONS_JS, WATCHED)
    assert all(row[1] is not None for row in found), found
    return found


def scoreboard_at_the_top(phone) -> int:
    """A match with its upcard (the picker folded), kept by the phone, shown from scroll 0."""
    page = phone.page
    pk = phone.start_match(dealer="First player deals")
    phone.set_upcard("TC")
    wait_for_worker(page)
    page.reload()
    wait_until_kept(page, f"/matches/{pk}/", f"/matches/{pk}/knock/0/", f"/matches/{pk}/knock/1/")
    page.evaluate("() => window.scrollTo(0, 0)")
    assert page.evaluate("() => window.scrollY") == 0
    return pk


def test_the_offline_banner_appears_without_moving_the_page(phone):
    page = phone.page
    scoreboard_at_the_top(phone)
    before = positions(page)
    page.context.set_offline(True)
    expect(page.locator("#offline-banner")).to_be_visible()
    assert page.evaluate("() => window.scrollY") == 0
    assert positions(page) == before
    # It still says what it says, over the top of the page, inside the screen.
    box = page.locator("#offline-banner").bounding_box()
    assert box["y"] == 0 and box["width"] == 390
    phone.check_layout()


def test_the_queue_panel_appears_without_moving_the_page(phone):
    page = phone.page
    scoreboard_at_the_top(phone)
    page.context.set_offline(True)
    expect(page.locator("#offline-banner")).to_be_visible()
    draw = page.locator("form[data-queue='draw'] button")
    box = draw.bounding_box()
    assert box["y"] + box["height"] <= 844, "Draw is not in view at scroll 0"
    before = positions(page)
    thumb(page, draw)  # kept on the phone: the queue panel appears
    expect(page.locator("#queue")).to_be_visible()
    expect(page.locator("#queue .queue-item")).to_contain_text("Deal 1 · Draw waiting to be sent")
    assert page.evaluate("() => window.scrollY") == 0
    assert positions(page) == before


def test_offline_the_notes_words_take_the_bars_status_line_on_the_entry_page(phone):
    page = phone.page
    pk = scoreboard_at_the_top(phone)
    page.context.set_offline(True)
    page.goto(f"{phone.base_url}/matches/{pk}/knock/1/")
    bar = page.locator(".bar")
    note = page.locator("[data-offline-note]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("No connection, so no live preview.")
    expect(bar.locator(".bar-status")).to_be_hidden()  # the status line is the note's
    note_box, bar_box = note.bounding_box(), bar.bounding_box()
    assert bar_box["y"] <= note_box["y"] and (
        note_box["y"] + note_box["height"] <= bar_box["y"] + bar_box["height"]
    ), (note_box, bar_box)
    # Nothing of it above the grid: between the upcard's panel and the first card, the same
    # room as online.
    gap = page.evaluate(GAP_JS)
    page.context.set_offline(False)
    page.reload()
    expect(note).to_be_hidden()
    assert page.evaluate(GAP_JS) == gap
    bar_box = bar.bounding_box()
    assert bar_box["y"] + bar_box["height"] <= 844


GAP_JS = """
() => document.querySelector("label[for='id_knocker_AS']").getBoundingClientRect().top
  - document.querySelector('.entry-top').getBoundingClientRect().bottom
"""
