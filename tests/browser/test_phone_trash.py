"""Flow 7: a deleted deal stays in the list, struck through, and comes back with one tap."""

import pytest
from playwright.sync_api import expect

from adjudication import Card
from scorekeeper import actions
from scorekeeper.actions import DealFacts
from scorekeeper.models import Deal, Match


def three_deals(pk: int) -> None:
    """Record three quick deals straight through the model: Alice +10, Bob +20, Alice +30."""
    match = Match.objects.get(pk=pk)
    for number, (knocker, opponent) in enumerate([(0, 11), (1, 21), (0, 31)], start=1):
        actions.set_upcard(match, Card.parse("TC"))
        facts = DealFacts(
            entry=Deal.Entry.QUICK,
            upcard=Card.parse("TC"),
            knocker=knocker,
            knocker_deadwood=1,
            opponent_deadwood=opponent,
        )
        actions.record(match, number, facts)


def delete_deal_2(phone) -> None:
    """From the scoreboard: open deal 2, tap Delete, confirm."""
    page = phone.page
    phone.tap_to_next_page(page.locator(".deals li").nth(1).get_by_role("link"))
    expect(page.locator("h1")).to_have_text("Deal 2")
    phone.tap_to_next_page(phone.link("Delete"))
    expect(page.locator("h1")).to_have_text("Delete deal 2?")
    phone.tap_to_next_page(phone.button("Delete"))
    expect(page.locator(".msg")).to_contain_text("Deal 2 was deleted.")


def test_a_deleted_deal_is_struck_through_and_restored_by_a_tap(phone):
    page = phone.page
    pk = phone.start_match(dealer="First player deals")
    three_deals(pk)
    page.reload()
    expect(page.locator(".score .pts")).to_have_text(["40", "20"])

    delete_deal_2(phone)
    trashed = page.locator(".deals li.trashed")
    expect(trashed).to_have_count(1)
    expect(trashed.locator("del").first).to_have_text("Bob · knock (quick)")
    expect(trashed).to_contain_text("(deleted)")
    expect(page.locator(".score .pts")).to_have_text(["40", "0"])
    line_through = trashed.locator("del").first.evaluate(
        "(el) => getComputedStyle(el).textDecorationLine"
    )
    assert "line-through" in line_through
    phone.assert_controls_named()
    phone.assert_axe_clean()
    phone.look("flow7-01-deal-2-deleted")

    # The thumb scrolls down to the list and taps Restore where it is on the screen.
    restore = page.get_by_role("button", name="Restore deal 2")
    restore.scroll_into_view_if_needed()
    box = restore.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).textContent", [x, y])
    assert hit.strip() == "Restore"
    scroll = page.evaluate("window.scrollY")
    url = page.url
    row = page.locator(".deals li").nth(1)
    row_top = row.bounding_box()["y"]
    with page.expect_response(lambda r: "/restore/" in r.url and r.status == 200):
        page.touchscreen.tap(x, y)
    expect(page.locator(".deals li.trashed")).to_have_count(0)
    # The message that no longer holds is replaced by the one that does, and the list stays.
    expect(page.locator("#messages .msg")).to_have_text(["Deal 2 was restored."])
    assert abs(row.bounding_box()["y"] - row_top) < 0.5, "the deal list moved under the thumb"
    expect(page.locator(".score .pts")).to_have_text(["40", "20"])
    assert page.url == url  # swapped in place, not a new page
    assert page.evaluate("window.scrollY") == scroll  # the list stayed under the thumb
    phone.check_layout()
    phone.look("flow7-02-deal-2-restored")
    assert Deal.objects.get(match_id=pk, number=2).status == Deal.Status.RECORDED


@pytest.mark.browser_context_args(java_script_enabled=False)
def test_delete_and_restore_work_without_javascript(phone):
    page = phone.page
    pk = phone.start_match(dealer="First player deals")
    three_deals(pk)
    page.reload()
    delete_deal_2(phone)
    expect(page.locator(".deals li.trashed")).to_have_count(1)
    expect(page.locator(".score .pts")).to_have_text(["40", "0"])
    phone.tap_to_next_page(page.get_by_role("button", name="Restore deal 2"))
    expect(page.locator(".msg")).to_have_text("Deal 2 was restored.")
    expect(page.locator(".deals li.trashed")).to_have_count(0)
    expect(page.locator(".score .pts")).to_have_text(["40", "20"])
    assert Deal.objects.get(match_id=pk, number=2).status == Deal.Status.RECORDED
