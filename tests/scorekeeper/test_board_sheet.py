"""The scoreboard's deal list is a running score sheet: each deal's points and both players'
totals after it, and the end-of-match bonuses on their own line once the match is over."""

from __future__ import annotations

import re

from django.urls import reverse
from django.utils import translation

from scorekeeper import actions
from scorekeeper.models import Deal
from scorekeeper.standing import Standing

from .history_helpers import add_deals, draw, knock
from .match_helpers import HTMX, create_match

ROW = re.compile(r"<li[^>]*>(.*?)</li>", re.DOTALL)
RUN = re.compile(r'<span class="run[^"]*"><span class="vh">([^<]*)</span>([^<]*)</span>')
NUMBER = re.compile(r'<span class="muted">(\d+)</span>')
POINTS = re.compile(r'<span class="pts">(?:<del>)?([^<]*)')


def deal_list(body: str) -> str:
    """Return the deal list's section of a page or fragment."""
    start = body.index('id="deals"')
    return body[start : body.index("</section>", start)]


def sheet(body: str) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """Return the sheet's deal rows, top down: number, points, then (name, total) per player."""
    rows = []
    for row in ROW.findall(deal_list(body)):
        number = NUMBER.search(row)
        if number is None:
            continue
        points = POINTS.search(row)
        totals = [(name.strip(" :"), total.strip()) for name, total in RUN.findall(row)]
        rows.append((number.group(1), points.group(1) if points else "", totals))
    return rows


def end_lines(body: str) -> str:
    """Return the sheet's end-of-match lines (bonuses and final totals), or ''."""
    section = deal_list(body)
    found = re.search(r'<div class="sheet-end">(.*?)</div>\s*<ol', section, re.DOTALL)
    return found.group(1) if found else ""


def played(match, facts):
    add_deals(match, facts)
    match.refresh_from_db()


def test_each_deal_shows_its_points_and_both_running_totals(client, db):
    match = create_match(client, "Alice", "Bob")
    played(match, [knock(0, 20), knock(1, 12), draw(), knock(0, 5)])
    rows = sheet(client.get(match.get_absolute_url()).content.decode())
    # Newest first, as the list always was; each line says where both players stand after it.
    assert rows == [
        ("4", "+5", [("Alice", "25"), ("Bob", "12")]),
        ("3", "", [("Alice", "20"), ("Bob", "12")]),
        ("2", "+12", [("Alice", "20"), ("Bob", "12")]),
        ("1", "+20", [("Alice", "20"), ("Bob", "0")]),
    ]


def test_the_sheet_names_its_columns_and_marks_the_total_that_moved(client, db):
    match = create_match(client, "Alice", "Bob")
    played(match, [knock(1, 12)])
    section = deal_list(client.get(match.get_absolute_url()).content.decode())
    head = re.search(r'<div class="sheet-cols"[^>]*>(.*?)</div>', section, re.DOTALL).group(1)
    assert re.findall(r'<span title="([^"]*)">\1</span>', head) == ["Alice", "Bob"]
    assert '<span class="run up"><span class="vh">Bob: </span>12</span>' in section
    assert '<span class="run"><span class="vh">Alice: </span>0</span>' in section


def test_a_deleted_deal_has_no_totals_and_the_next_goes_on_from_the_counted_ones(client, db):
    match = create_match(client, "Alice", "Bob")
    played(match, [knock(0, 20), knock(1, 12), knock(0, 5)])
    actions.delete_deal(match, match.deals.get(number=2), version=match.version)
    rows = sheet(client.get(match.get_absolute_url()).content.decode())
    assert rows == [
        ("3", "+5", [("Alice", "25"), ("Bob", "0")]),
        ("2", "+12", []),
        ("1", "+20", [("Alice", "20"), ("Bob", "0")]),
    ]


def test_the_htmx_board_and_the_poll_carry_the_running_totals(client, db):
    match = create_match(client, "Alice", "Bob")
    played(match, [knock(0, 20), knock(1, 12)])
    expected = [
        ("2", "+12", [("Alice", "20"), ("Bob", "12")]),
        ("1", "+20", [("Alice", "20"), ("Bob", "0")]),
    ]
    fragment = client.get(match.get_absolute_url(), **HTMX).content.decode()
    assert "<html" not in fragment and sheet(fragment) == expected
    # The other phone's poll after a change: the deal list comes out of band, with the sheet.
    poll = reverse("scorekeeper:match_poll", args=[match.pk])
    swapped = client.get(poll, {"v": 0}, **HTMX).content.decode()
    assert 'id="deals" hx-swap-oob="true"' in swapped and sheet(swapped) == expected


def test_a_finished_match_puts_its_bonuses_and_final_totals_on_their_own_lines(client, db):
    match = create_match(client, "Alice", "Bob", game_bonus=100, box_bonus=25)
    played(match, [knock(0, 60), knock(0, 60)])
    body = client.get(match.get_absolute_url()).content.decode()
    assert sheet(body)[0] == ("2", "+60", [("Alice", "120"), ("Bob", "0")])
    end = end_lines(body)
    # 2 deals won x 25, and the game bonus of 100: 150; the final total 270.
    assert re.findall(r"<span class=\"lbl\">([^<]*)</span>", end) == ["Total", "Bonuses"]
    assert RUN.findall(end) == [
        ("Alice: ", "270"),
        ("Bob: ", "0"),
        ("Alice: ", "+150"),
        ("Bob: ", "+0"),
    ]


def test_no_bonus_line_while_playing_or_when_the_rules_give_none(client, db):
    playing = create_match(client, "Alice", "Bob", game_bonus=100, box_bonus=25)
    played(playing, [knock(0, 60)])
    assert end_lines(client.get(playing.get_absolute_url()).content.decode()) == ""
    plain = create_match(client, "Carol", "Dave")
    played(plain, [knock(0, 60), knock(0, 60)])
    assert Standing.of(plain).finished
    assert end_lines(client.get(plain.get_absolute_url()).content.decode()) == ""


def test_the_sheet_speaks_polish(client, db):
    match = create_match(client, "Alicja", "Bogdan", game_bonus=100)
    played(match, [knock(0, 60), knock(0, 60)])
    with translation.override("pl"):
        body = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert 'lang="pl"' in body
    labels = re.findall(r"<span class=\"lbl\">([^<]*)</span>", end_lines(body))
    assert labels == ["Razem", "Premie"]
    assert Deal.objects.filter(match=match).count() == 2
