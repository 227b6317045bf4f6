"""A whole Hollywood match (/rules/#hollywood) played by touch at 390x844: started with the
preset of the usual bonuses, a deal deleted and restored on the way, one deal recorded offline,
and a second phone watching. At the end the scoreboard, on both phones, agrees with the engine."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from adjudication import DealResult, play_match
from scorekeeper.models import Match

from .offline_helpers import (
    finger,
    tap_upcard,
    thumb,
    thumb_to_next_page,
    wait_for_worker,
    wait_until_kept,
)


def start_hollywood(phone) -> int:
    """Start Alice (deals first) against Bob, Hollywood with the preset's bonuses, to 50."""
    page = phone.page
    phone.goto("/matches/new/")
    page.get_by_label("First player", exact=True).fill("Alice")
    page.get_by_label("Second player", exact=True).fill("Bob")
    thumb(page, page.locator(".seg label", has_text="First player deals"))
    thumb(page, page.locator("summary", has_text="House rules"))
    preset = page.locator("[data-preset]")
    expect(preset).to_be_hidden()  # offered once Hollywood is switched on
    finger(page, page.get_by_label("Hollywood: three games on one sheet"))
    expect(preset).to_be_visible()
    finger(page, preset)
    assert page.url.endswith("/matches/new/")  # filled in place: what was typed stays
    expect(page.get_by_label("First player", exact=True)).to_have_value("Alice")
    expect(page.get_by_label("Box bonus per deal won")).to_have_value("25")
    expect(page.get_by_label("Game bonus for the winner")).to_have_value("100")
    expect(page.get_by_label("Shutout doubles the game bonus")).to_be_checked()
    page.get_by_label("Play to").fill("50")
    thumb_to_next_page(page, page.get_by_role("button", name="Start the match"))
    pk = int(re.search(r"/matches/(\d+)/", page.url).group(1))
    wait_for_worker(page)
    page.reload()
    wait_until_kept(page, f"/matches/{pk}/")
    return pk


def quick(page: Page, name: str, points: int, *, offline: bool = False) -> None:
    """Record a deal the quick way: `name` knocked with 1, the other had 1 + `points`."""
    tap_upcard(page, "KH")
    expect(page.locator("#limit .num")).to_have_text("10")
    if page.locator("#quick").get_attribute("open") is None:
        thumb(page, page.locator("#quick > summary"))
    thumb(page, page.locator("#quick label", has_text=name))
    page.locator("#id_knocker_deadwood").fill("1")
    page.locator("#id_opponent_deadwood").fill(str(points + 1))
    record = page.locator("#quick").get_by_role("button", name="Record")
    if offline:
        thumb(page, record)
    else:
        thumb_to_next_page(page, record)


def toast(page: Page, text: str) -> None:
    expect(page.locator("[data-undo]")).to_contain_text(text)


def cells(page: Page) -> list[str]:
    """Return the scoreboard's game cells, Alice's three then Bob's."""
    return page.locator(".hw-cell .hw-fig").all_inner_texts()


def test_a_whole_hollywood_match_by_touch_with_a_second_phone_watching(phone, another_phone):
    page = phone.page
    pk = start_hollywood(phone)
    match = Match.objects.get(pk=pk)
    assert match.rules_value.hollywood and match.rules_value.target == 50
    expect(page.locator(".hw-rules")).to_have_text(
        "Hollywood: three games to 50 · box 25 · game bonus 100 · shutout"
    )
    match.set_share_link("view", True)
    match.refresh_from_db()
    other = another_phone()
    other.goto(f"/s/{match.view_token}/")
    expect(other.page.locator(".hw-head")).to_have_count(3)

    quick(page, "Alice", 30)
    toast(page, "Deal 1: Alice +30 · G1")
    quick(page, "Alice", 12)
    toast(page, "Deal 2: Alice +12 · G1 G2")
    quick(page, "Bob", 20)
    toast(page, "Deal 3: Bob +20 · G1")
    expect(page.locator(".hw-next")).to_have_text(
        ["Alice's next win: G1 G2 G3", "Bob's next win: G1 G2"]
    )
    quick(page, "Alice", 10)
    toast(page, "Deal 4: Alice +10 · G1 G2 G3 · Game 1 to Alice, 227–45")
    expect(page.locator(".hw-head").first).to_contain_text("ended")
    expect(page.locator(".hw-cell.win")).to_have_count(1)
    assert cells(page) == ["52", "22", "10", "20", "0", "0"]
    expect(other.page.locator(".hw-cell .hw-fig")).to_have_text(cells(page))
    phone.check_layout()

    # Deal 2 deleted: deal 4 becomes Alice's second win, Games 1 and 2, and Game 1 reopens.
    thumb_to_next_page(page, page.locator(".deals li").nth(2).get_by_role("link"))
    expect(page.locator("h1")).to_have_text("Deal 2")
    thumb_to_next_page(page, page.get_by_role("link", name="Delete", exact=True))
    thumb_to_next_page(page, page.get_by_role("button", name="Delete", exact=True))
    expect(page.locator(".msg")).to_contain_text("Deal 2 was deleted.")
    assert cells(page) == ["40", "10", "0", "20", "0", "0"]
    expect(page.locator(".hw-head").first).to_contain_text("open")
    expect(other.page.locator(".hw-cell .hw-fig")).to_have_text(cells(page))
    restore = page.get_by_role("button", name="Restore deal 2")
    with page.expect_response(lambda r: "/restore/" in r.url and r.status == 200):
        thumb(page, restore)
    expect(page.locator(".hw-cell .hw-fig")).to_have_text(["52", "22", "10", "20", "0", "0"])

    # Deal 5, offline: kept on the phone, then sent.
    page.context.set_offline(True)
    quick(page, "Alice", 15, offline=True)
    expect(page.locator("#queue .queue-item")).to_have_count(2)
    with page.expect_navigation():
        page.context.set_offline(False)
    expect(page.locator("#queue .queue-item")).to_have_count(0)
    expect(page.locator(".hw-cell .hw-fig")).to_have_text(["52", "37", "25", "20", "0", "0"])

    # Deal 6 ends Games 2 and 3, and so the match.
    quick(page, "Alice", 25)
    final = page.locator(".final")
    expect(final).to_be_visible()

    deals = Match.objects.get(pk=pk).recorded_deals()
    state = play_match(
        0, [DealResult(d.winner, d.points, d.dealer) for d in deals], match.rules_value
    )
    assert state.finished and state.winner == 0
    assert [g.totals for g in state.games] == [(52, 20), (62, 0), (50, 0)]
    margin = state.net[0]
    expect(final.locator(".big")).to_have_text(f"Alice wins by {margin}")
    # Each game's final totals, the winner's ticked; then the net.
    finals = [
        ("✓ " if g.winner == seat else "") + str(g.final_totals[seat])
        for g in state.games
        for seat in (0, 1)
    ]
    expect(final.locator(".hw-final tbody tr:not(.hw-net) td b")).to_have_text(finals)
    expect(final.locator(".hw-net td")).to_have_text([f"+{margin}", f"−{margin}"])
    phone.check_layout()
    # The watching phone shows the same (its poll, every 2 s while the match was on).
    expect(other.page.locator(".final .big")).to_have_text(f"Alice wins by {margin}")


@pytest.mark.browser_context_args(java_script_enabled=False)
def test_a_hollywood_match_is_played_to_the_end_without_javascript(phone):
    page = phone.page
    phone.goto("/matches/new/")
    # The preset is a link: without JS it opens the form again, the rules filled in and shown.
    phone.tap(page.locator("summary", has_text="House rules"))
    phone.tap_to_next_page(page.get_by_role("link", name=re.compile("^Hollywood with the usual")))
    expect(page.get_by_label("Hollywood: three games on one sheet")).to_be_checked()
    expect(page.get_by_label("Box bonus per deal won")).to_have_value("25")
    page.get_by_label("Play to").fill("50")
    page.get_by_label("First player", exact=True).fill("Alice")
    page.get_by_label("Second player", exact=True).fill("Bob")
    phone.tap(page.locator(".seg label", has_text="First player deals"))
    phone.tap_to_next_page(phone.button("Start the match"))

    def quick(seat: int, points: int) -> None:
        phone.set_upcard("KH")
        page.locator("#quick > summary").tap()
        page.locator("#quick .seg label").nth(seat).tap()
        page.locator("#id_knocker_deadwood").fill("1")
        page.locator("#id_opponent_deadwood").fill(str(points + 1))
        phone.tap_to_next_page(page.locator("#quick button[type=submit]"))

    quick(0, 30)
    phone.recorded("Deal 1: Alice +30 · G1")
    phone.tap_to_next_page(phone.button("Draw (stock down to 2)"))
    quick(0, 30)
    phone.recorded("Deal 3: Alice +30 · G1 G2 · Game 1 to Alice, 310–0")
    quick(1, 10)
    phone.recorded("Deal 4: Bob +10 · G2")
    quick(0, 30)
    phone.recorded("Deal 5: Alice +30 · G2 G3 · Game 2 to Alice, 210–35")
    expect(page.locator(".hw-next")).to_have_text(["Alice's next win: G3", "Bob's next win: G3"])
    quick(0, 20)
    expect(page.locator(".final .big")).to_have_text("Alice wins by 785")
    expect(page.locator(".hw-net td")).to_have_text(["+785", "−785"])
    phone.check_layout()
