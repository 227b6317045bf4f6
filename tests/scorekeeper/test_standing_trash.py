"""Deleted deals count nowhere: statistics, history, charts and CSV exports leave them out,
and backups keep them (and who dealt) through a round trip.

Each check compares twin matches: the same deals, but one of them had one more deal, since
deleted. That deal would have ended the match, so any figure that counted it would differ.
"""

import csv
import io
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.urls import reverse

from adjudication import Card
from scorekeeper import actions, stats
from scorekeeper.backup.format import checksum
from scorekeeper.board import Board
from scorekeeper.exports import CODES
from scorekeeper.models import Deal, Match
from scorekeeper.standing import Standing
from tests.hands import GIN, OPP_TO_GIN

from .history_helpers import add_deals, cards, draw, knock, quick
from .match_helpers import HTMX, create_match

KEPT = [quick(0, 4, 30), draw(), cards(1, GIN, OPP_TO_GIN, upcard="QH"), knock(0, 50)]
# With this deal Bob would reach 100 at the gin: the match would be his.
EXTRA = knock(1, 70)


@pytest.fixture
def twins(client, db):
    """(deleted, plain): two Alice – Bob matches; the first had EXTRA as deal 3, deleted."""
    deleted = create_match(client, "Alice", "Bob")
    add_deals(deleted, [*KEPT[:2], EXTRA, *KEPT[2:]])
    deleted.refresh_from_db()
    actions.delete_deal(deleted, Deal.objects.get(match=deleted, number=3), version=deleted.version)
    plain = create_match(client, "Alice", "Bob")
    add_deals(plain, KEPT)
    for match in (deleted, plain):
        match.refresh_from_db()
    assert Standing.of(deleted) == Standing.of(plain) and not Standing.of(plain).finished
    return deleted, plain


def csv_rows(response) -> list[dict[str, str]]:
    """The CSV's rows keyed by column code (the headers are in the reader's language)."""
    text = b"".join(response.streaming_content).decode("utf-8")
    _header, *rows = csv.reader(io.StringIO(text))
    return [dict(zip(CODES, row, strict=True)) for row in rows]


def facts(rows: list[dict[str, str]]) -> list[dict[str, str]]:
    """The rows without what differs between the twins by design: their id, date, number."""
    return [{k: v for k, v in row.items() if k not in ("match", "started", "deal")} for row in rows]


def test_match_csv_leaves_out_the_deleted_deal(client, twins):
    deleted, plain = twins
    ours = csv_rows(client.get(reverse("scorekeeper:match_export", args=[deleted.pk])))
    theirs = csv_rows(client.get(reverse("scorekeeper:match_export", args=[plain.pk])))
    assert [row["deal"] for row in ours] == ["1", "2", "4", "5"]
    assert facts(ours) == facts(theirs)
    assert (ours[-1]["total_a"], ours[-1]["total_b"]) == ("76", "30")


def test_player_csv_leaves_out_the_deleted_deal(client, twins):
    deleted, plain = twins
    rows = csv_rows(client.get(reverse("scorekeeper:player_export", args=[deleted.player_a.pk])))
    ours = [row for row in rows if row["match"] == str(deleted.pk)]
    theirs = [row for row in rows if row["match"] == str(plain.pk)]
    assert len(ours) == 4 and facts(ours) == facts(theirs)


def test_history_list_scores_and_status_leave_out_the_deleted_deal(client, twins):
    body = client.get(reverse("scorekeeper:history")).content.decode()
    assert body.count('<span class="history-score">76–30</span>') == 2
    assert body.count("4 deals") == 2 and "Bob won" not in body
    finished = client.get(reverse("scorekeeper:history"), {"status": "finished"})
    assert "history-score" not in finished.content.decode()


def test_history_match_page_and_chart_leave_out_the_deleted_deal(client, twins):
    deleted, plain = twins
    ours, theirs = (
        client.get(reverse("scorekeeper:match_history", args=[m.pk])).content.decode()
        for m in twins
    )
    assert 'id="deal-3"' not in ours and 'id="deal-4"' in ours
    assert 'In progress: <span class="score">76–30</span>' in ours
    chart = re.compile(r'<svg class="score-chart".*?</svg>', re.S)
    assert chart.search(ours).group(0) == chart.search(theirs).group(0)


def test_statistics_leave_out_the_deleted_deal(twins):
    deleted, plain = twins
    ours = stats.player_stats(Match.objects.filter(pk=deleted.pk))
    theirs = stats.player_stats(Match.objects.filter(pk=plain.pk))
    assert ours == theirs
    bob = ours[deleted.player_b_id]
    assert (bob.deals, bob.deals_won, bob.points, bob.matches_won) == (4, 1, 30, 0)
    assert not stats.ending_deals(Match.objects.filter(pk=deleted.pk)).exists()


def test_statistics_page_leaves_out_the_deleted_deal(client, twins):
    deleted, plain = twins
    url = reverse("scorekeeper:stats")
    plain.delete()
    ours = client.get(url, **HTMX).content.decode()
    deleted.delete()
    add_deals(create_match(client, "Alice", "Bob"), KEPT)
    theirs = client.get(url, **HTMX).content.decode()
    assert "<html" not in ours and "Alice" in ours
    assert ours == theirs


# Backups.


def round_trip(tmp_path, user) -> Match:
    path = tmp_path / "backup.json"
    call_command("export_matches", user.username, output=str(path))
    restorer = get_user_model().objects.create_user(f"r{user.pk}", password="pw")
    call_command("import_matches", restorer.username, str(path))
    return Match.objects.get(owner=restorer)


def test_backup_round_trip_keeps_the_trash_and_who_dealt(alice, tmp_path):
    match = create_match(alice.client, "Alice", "Bob", dealer="1")
    for deal_facts in [*KEPT[:2], knock(1, 10), *KEPT[2:]]:
        match.refresh_from_db()
        if deal_facts.upcard is not None:
            actions.set_upcard(match, deal_facts.upcard)
        actions.record(match, Board(match).next_number, deal_facts)
    match.refresh_from_db()
    actions.delete_deal(match, Deal.objects.get(match=match, number=3), version=match.version)
    copy = round_trip(tmp_path, alice.user)
    fields = ("number", "status", "dealer", "outcome", "winner", "points")
    assert list(copy.deals.values_list(*fields)) == list(match.deals.values_list(*fields))
    assert copy.deals.get(number=3).status == "deleted"
    assert list(copy.deals.values_list("dealer", flat=True)) == [1, 0, 0, 1, 1]
    assert Standing.of(copy) == Standing.of(match)


def backup_body(tmp_path, username: str) -> tuple[dict, object]:
    path = tmp_path / "backup.json"
    call_command("export_matches", username, output=str(path))
    return json.loads(path.read_text()), path


def reseal(body: dict, path) -> None:
    body["checksum"] = checksum(body)
    path.write_text(json.dumps(body))


def test_an_older_backup_without_dealers_gets_the_derived_ones(alice, tmp_path):
    match = create_match(alice.client, "Alice", "Bob", dealer="1")
    add_deals(match, KEPT)
    match.refresh_from_db()
    actions.set_upcard(match, Card.parse("TC"))  # the next deal is being played
    body, path = backup_body(tmp_path, "alice")
    body["version"] = 2  # before dealers were stored
    for deal in body["matches"][0]["deals"]:
        del deal["dealer"]
    reseal(body, path)
    restorer = get_user_model().objects.create_user("restorer", password="pw")
    call_command("import_matches", "restorer", str(path))
    copy = Match.objects.get(owner=restorer)
    # Bob deals first; Alice wins deal 1 and deals the draw and the gin; Bob wins the gin and
    # deals deal 4, which Alice wins: she deals deal 5, being played.
    assert list(copy.deals.values_list("dealer", flat=True)) == [1, 0, 0, 1, 0]


@pytest.mark.parametrize("dealer", [2, -1, True, "0", 0.5])
def test_a_backup_with_an_impossible_dealer_imports_nothing(alice, tmp_path, dealer):
    match = create_match(alice.client, "Alice", "Bob")
    add_deals(match, KEPT)
    body, path = backup_body(tmp_path, "alice")
    body["matches"][0]["deals"][1]["dealer"] = dealer
    reseal(body, path)
    restorer = get_user_model().objects.create_user("restorer", password="pw")
    with pytest.raises(CommandError, match="deal 2, dealer: "):
        call_command("import_matches", "restorer", str(path))
    assert not Match.objects.filter(owner=restorer).exists()


def test_a_backup_keeps_a_deal_taken_back_before_deals_in_the_trash(alice, tmp_path):
    """Undo can leave the deal being played before deals in the trash: a backup holds that."""
    match = create_match(alice.client, "Alice", "Bob")
    for facts in KEPT[:3]:
        match.refresh_from_db()
        if facts.upcard is not None:
            actions.set_upcard(match, facts.upcard)
        actions.record(match, Board(match).next_number, facts)
    match.refresh_from_db()
    actions.delete_deal(match, match.deals.get(number=3), version=match.version)
    match.refresh_from_db()
    actions.undo_last(match, match.deals.get(number=2), version=match.version)
    assert list(match.deals.values_list("status", flat=True)) == ["recorded", "open", "deleted"]
    copy = round_trip(tmp_path, alice.user)
    fields = ("number", "status", "dealer", "entry", "outcome", "points")
    assert list(copy.deals.values_list(*fields)) == list(match.deals.values_list(*fields))
