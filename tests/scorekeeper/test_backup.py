"""export_matches / import_matches: a round trip, and a damaged file imports nothing."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from match_helpers import create_match, enter_cards, record_draw, record_quick, set_upcard

from scorekeeper.backup import checksum
from scorekeeper.models import Deal, Match, Player


@pytest.fixture
def backup(client, db, tmp_path):
    """alice's account with a match of a card deal, an illegal knock, a draw and a quick deal."""
    user = get_user_model().objects.create_user("alice", password="pw")
    client.force_login(user)
    match = create_match(client, "Alice", "Bob")
    set_upcard(client, match, "6D")
    enter_cards(client, match, 0, "AS 2S 3S 7H 8H 9H KC KD KH 4D", "5C 6C 8C 9D TD JD 2H 3H QS 5S")
    record_draw(client, match)
    set_upcard(client, match, "TC")
    record_quick(client, match, 1, 3, 20)
    set_upcard(client, match, "2C")
    enter_cards(
        client, match, 0, "AS 2S 3S 7H 8H 9H KC KD KH 4D", "5C 6C 8C 9D TD JD 2H 3H QS 5S"
    )  # illegal: stays open
    path = tmp_path / "backup.json"
    call_command("export_matches", "alice", output=str(path))
    return user, match, path


def test_round_trip_restores_players_rules_deals_and_verdicts(backup):
    user, match, path = backup
    other = get_user_model().objects.create_user("restorer", password="pw")
    call_command("import_matches", "restorer", str(path))
    copy = Match.objects.get(owner=other)
    assert (copy.player_a.name, copy.player_b.name, copy.rules) == ("Alice", "Bob", match.rules)
    fields = [
        "number",
        "status",
        "entry",
        "upcard",
        "knocker",
        "knocker_cards",
        "verdict",
        "outcome",
        "winner",
        "points",
    ]
    assert list(copy.deals.values(*fields)) == list(match.deals.values(*fields))
    assert copy.state() == match.state()


def tamper(path, change):
    body = json.loads(path.read_text())
    change(body)
    path.write_text(json.dumps(body))


def reseal(body):
    body["checksum"] = checksum(body)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda b: b["matches"][0]["deals"][0].update(points=99), "checksum mismatch"),
        (
            lambda b: (b["matches"][0]["deals"][0].update(points=99), reseal(b)),
            "does not match its cards",
        ),
        (
            lambda b: (b["matches"][0]["deals"][0].update(knocker_cards="AS AS"), reseal(b)),
            "deal 1",
        ),
        (lambda b: (b["matches"][0].update(rules={"gin_bonus": -3}), reseal(b)), "bad rules"),
        (lambda b: (b["matches"][0].update(players=["Ann", "ann"]), reseal(b)), "two different"),
        (lambda b: b.update(format="something else"), "not an Oklahoma Gin backup"),
    ],
)
def test_a_corrupted_or_tampered_file_imports_nothing(backup, change, message):
    user, match, path = backup
    tamper(path, change)
    counts = (Match.objects.count(), Deal.objects.count(), Player.objects.count())
    with pytest.raises(CommandError, match=message):
        call_command("import_matches", "alice", str(path))
    assert (Match.objects.count(), Deal.objects.count(), Player.objects.count()) == counts


def test_a_truncated_file_imports_nothing(backup):
    user, match, path = backup
    path.write_text(path.read_text()[:200])
    with pytest.raises(CommandError, match="nothing imported"):
        call_command("import_matches", "alice", str(path))
    assert Match.objects.count() == 1
