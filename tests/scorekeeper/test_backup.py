"""export_matches / import_matches: a round trip, a damaged or crafted file imports nothing
(with a message naming the match, the deal and the field), and a second import adds nothing."""

import contextlib
import difflib
import io
import json
import re
from datetime import UTC, datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client

from adjudication import Card, Rules
from scorekeeper import actions
from scorekeeper.actions import DealFacts
from scorekeeper.backup.checking import json_type
from scorekeeper.backup.format import (
    DEAL_FIELDS,
    DERIVED_DEAL_FIELDS,
    FREE_DEAL_FIELDS,
    ILLEGAL_KNOCK_FIELDS,
    REPLAYED_DEAL_FIELDS,
    UNSAVED_DEAL_FIELDS,
    checksum,
)
from scorekeeper.models import Deal, IllegalKnock, Match, Player
from scorekeeper.standing import Standing
from tests.hands import KNOCK_4, OPP_39

from .backup_helpers import match_pages, play_a_match
from .history_helpers import add_deals, knock
from .hollywood_helpers import SETTLED_RULES, visible_hollywood_match
from .match_helpers import enter_cards, record_draw, set_upcard


@pytest.fixture
def backup(alice, tmp_path):
    """alice's account with a match of a card deal, an illegal knock, a draw and a quick deal."""
    client, user = alice.client, alice.user
    match = play_a_match(client)
    set_upcard(client, match, "2C")
    enter_cards(client, match, 0, KNOCK_4, OPP_39)  # illegal: stays open
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
    assert Standing.of(copy) == Standing.of(match)


def tamper(path, change):
    body = json.loads(path.read_text())
    change(body)
    path.write_text(json.dumps(body))


def reseal(body):
    # Text that is not Unicode cannot be sealed: the file is refused all the same.
    with contextlib.suppress(UnicodeEncodeError):
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
        (
            lambda b: (b["matches"][0].update(players=["Ann", "ann"]), reseal(b)),
            "players: The two players need different names",
        ),
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


# --- Crafted files: resealed, so only the checks of every fact can stop them ----------------


def crafted(path, change):
    """Edit the backup file and compute its checksum again, as anyone editing it can."""
    tamper(path, lambda body: (change(body), reseal(body)))


def judged_quick(deal, knocker, k, o, upcard="TC", rules=None):
    """Set a quick deal's numbers and the verdict the engine gives for them (a careful forger)."""
    facts = DealFacts(
        entry=Deal.Entry.QUICK,
        upcard=Card.parse(upcard),
        knocker=knocker,
        knocker_deadwood=k,
        opponent_deadwood=o,
    )
    judged = facts.judge(rules or Rules())
    deal.update(
        upcard=upcard,
        knocker=knocker,
        quick_knocker_deadwood=k,
        quick_opponent_deadwood=o,
        verdict=judged.verdict,
        outcome=judged.outcome,
        winner=judged.winner,
        points=judged.points,
    )


def refused(path, message):
    """Import the file into a fresh account; assert it imports nothing, with `message`."""
    get_user_model().objects.create_user("restorer", password="pw")
    counts = (Match.objects.count(), Deal.objects.count(), Player.objects.count())
    with pytest.raises(CommandError) as raised:
        call_command("import_matches", "restorer", str(path))
    assert (Match.objects.count(), Deal.objects.count(), Player.objects.count()) == counts
    assert message in str(raised.value), str(raised.value)
    return str(raised.value)


def deal_at(body, number):
    return body["matches"][0]["deals"][number - 1]


def test_a_quick_deal_over_the_knock_limit_is_refused(backup):
    _user, _match, path = backup
    crafted(path, lambda b: judged_quick(deal_at(b, 3), 1, 60, 20))
    refused(path, "match 1 (Alice – Bob), deal 3, quick_knocker_deadwood: ")


def test_an_open_deal_with_an_upcard_that_is_no_card_is_refused(backup):
    _user, _match, path = backup
    crafted(path, lambda b: deal_at(b, 4).update(upcard="ZZ"))
    refused(path, "match 1 (Alice – Bob), deal 4, upcard: ")


def test_an_open_deal_with_only_an_upcard_is_checked_too(backup):
    _user, _match, path = backup

    def upcard_only(body):
        deal_at(body, 4).update(
            entry="",
            upcard="Z9",
            knocker=None,
            knocker_cards="",
            opponent_cards="",
            verdict=None,
        )

    crafted(path, upcard_only)
    refused(path, "deal 4, upcard: ")


def test_knocker_cards_padded_to_80_characters_are_refused(backup):
    _user, _match, path = backup
    crafted(
        path, lambda b: deal_at(b, 1).update(knocker_cards=deal_at(b, 1)["knocker_cards"].ljust(80))
    )
    refused(path, "match 1 (Alice – Bob), deal 1, knocker_cards: ")


def test_two_open_deals_are_refused_with_a_message(backup):
    _user, _match, path = backup
    crafted(path, lambda b: deal_at(b, 3).update(status="open", outcome="", winner=None, points=0))
    refused(path, "deal 3, status: only one deal can be one being played")


def test_negative_deadwood_is_refused_with_a_message(backup):
    _user, _match, path = backup
    crafted(path, lambda b: deal_at(b, 3).update(quick_opponent_deadwood=-5))
    refused(path, "deal 3, quick_opponent_deadwood: ")


def test_a_recorded_illegal_knock_is_refused(backup):
    _user, _match, path = backup

    def record_the_illegal_knock(body):
        deal_at(body, 4).update(status="recorded")

    crafted(path, record_the_illegal_knock)
    refused(path, "deal 4, knocker_cards: an illegal knock cannot be a recorded deal")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda b: deal_at(b, 1).update(knocker=True), "deal 1, knocker: expected a whole number"),
        (lambda b: deal_at(b, 1).update(number="1"), "deal 1, number: expected a whole number"),
        (lambda b: deal_at(b, 2).update(number=3), "deal 2, number: expected 2"),
        (lambda b: deal_at(b, 1).update(upcard="6d"), "deal 1, upcard: "),
        (lambda b: deal_at(b, 1).update(entry="guess"), "deal 1, entry: "),
        (lambda b: deal_at(b, 1).update(recorded_by="x" * 151), "deal 1, recorded_by: "),
        (lambda b: deal_at(b, 1).update(points=2**40), "deal 1, points: "),
        (lambda b: deal_at(b, 1).update(extra=1), "deal 1, extra: unknown field"),
        (lambda b: deal_at(b, 1).pop("winner"), "deal 1, winner: missing"),
        (lambda b: b["matches"][0]["deals"].append("deal"), "deal 5: expected an object"),
        (lambda b: b["matches"][0].update(players="Alice"), "players: expected a list"),
        (lambda b: b["matches"][0].update(players=["A" * 41, "Bob"]), "players: "),
        (lambda b: b["matches"][0].update(first_dealer=True), "first_dealer: expected 0 or 1"),
        (lambda b: b["matches"][0]["rules"].update(target=5), "rules.target: "),
        (lambda b: b["matches"][0]["rules"].update(gin_bonus="25"), "rules: bad rules"),
        (lambda b: b["matches"][0].update(id="not-a-uuid"), "id: expected a UUID"),
        (lambda b: b["matches"][0].update(created="yesterday"), "created: expected a date"),
        (lambda b: b["matches"][0].update(created="2026-01-01T10:00:00"), "time zone"),
        (lambda b: b["matches"][0].update(created="1970-01-01T00:00:00+14:00"), "created: "),
        (lambda b: b["matches"][0].update(deals={"1": {}}), "deals: expected a list"),
        (lambda b: b["matches"].append(b["matches"][0]), "match 2 (Alice – Bob), id: the same"),
        (lambda b: b.update(matches={"a": 1}), "matches: expected a list"),
        (lambda b: deal_at(b, 1).update(recorded_by="a\x00b"), "text with a NUL character"),
        (lambda b: deal_at(b, 1).update(recorded_by="\ud800"), "not valid Unicode"),
        (lambda b: b.update(version=True), "unsupported backup version"),
        (
            lambda b: b["matches"][0]["illegal_knocks"][0].update(deadwood=2),
            "illegal knock 1, deadwood: ",
        ),
    ],
)
def test_wrong_types_and_values_are_refused_with_a_message(backup, change, message):
    _user, _match, path = backup
    crafted(path, change)
    refused(path, message)


def test_nested_garbage_is_refused_with_a_message(backup):
    _user, _match, path = backup
    garbage = {"a": [1, {"b": [2]}]}
    for _ in range(20):
        garbage = [1, {"x": garbage}]
    crafted(path, lambda b: deal_at(b, 1).update(verdict=garbage))
    refused(path, "nested too deeply")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\xff\xfe{\x00}\x00", "not UTF-8"),
        (b'{"format": ', "not JSON"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b"[NaN]", "NaN"),
        (b"1" * 5000, "not a backup"),
        (b"[]", "expected a JSON object"),
        (b'"text"', "expected a JSON object"),
        (b"", "not JSON"),
    ],
)
def test_a_file_that_is_no_backup_is_refused_with_a_message(db, tmp_path, data, message):
    get_user_model().objects.create_user("restorer", password="pw")
    path = tmp_path / "backup.json"
    path.write_bytes(data)
    with pytest.raises(CommandError, match=f"nothing imported: .*{message}"):
        call_command("import_matches", "restorer", str(path))
    assert not Match.objects.exists()


def test_every_deal_column_is_either_replayed_or_free():
    # A column added to DEAL_FIELDS must be given a check (see the module docstring).
    assert set(REPLAYED_DEAL_FIELDS) | FREE_DEAL_FIELDS == set(DEAL_FIELDS)
    assert not set(REPLAYED_DEAL_FIELDS) & FREE_DEAL_FIELDS


def test_every_deal_column_is_in_a_backup_or_worked_out_on_import():
    # A column added to Deal must be classified (see the module docstring).
    columns = {field.name for field in Deal._meta.concrete_fields}
    kinds = [set(DEAL_FIELDS), set(DERIVED_DEAL_FIELDS), UNSAVED_DEAL_FIELDS]
    assert set().union(*kinds) == columns
    assert sum(len(kind) for kind in kinds) == len(columns)


@pytest.mark.parametrize("version", [3, 1])
def test_import_restores_the_verdicts_figures_of_every_deal(backup, version):
    _user, match, path = backup
    if version == 1:
        crafted(path, as_version_1)
    get_user_model().objects.create_user("restorer", password="pw")
    import_into("restorer", path)
    copy = Match.objects.get(owner__username="restorer")
    fields = ("number", "status", *DERIVED_DEAL_FIELDS)
    restored = list(copy.deals.order_by("number").values_list(*fields))
    assert restored == list(match.deals.order_by("number").values_list(*fields))
    # A card deal, a draw, a quick deal, and the illegal knock kept open.
    assert [row[2:] for row in restored] == [
        (4, 39, 6, 1),
        (None, None, None, None),
        (3, 20, 10, 1),
        (4, None, 2, 1),
    ]


def test_every_column_in_a_backup_has_a_json_type():
    for model, names in ((Deal, DEAL_FIELDS), (IllegalKnock, ILLEGAL_KNOCK_FIELDS)):
        for name in names:
            assert json_type(model._meta.get_field(name)) in (int, str, bool, object)


# --- Idempotent import ---------------------------------------------------------------------


def import_into(username, path):
    out = io.StringIO()
    call_command("import_matches", username, str(path), stdout=out)
    return out.getvalue()


def test_the_export_carries_each_matchs_stable_id(backup):
    _user, match, path = backup
    body = json.loads(path.read_text())
    assert body["version"] == 3
    assert body["matches"][0]["id"] == str(match.stable_id)


def test_importing_a_file_twice_adds_its_matches_once(backup):
    _user, _match, path = backup
    get_user_model().objects.create_user("restorer", password="pw")
    assert "imported 1 matches" in import_into("restorer", path)
    out = import_into("restorer", path)
    assert "imported 0 matches" in out and "already here, not imported again: 1" in out
    assert Match.objects.filter(owner__username="restorer").count() == 1
    assert Player.objects.filter(owner__username="restorer").count() == 2


def test_importing_into_the_account_it_came_from_adds_nothing(backup):
    _user, match, path = backup
    deals = Deal.objects.count()
    out = import_into("alice", path)
    assert "already here, not imported again: 1" in out
    assert (Match.objects.count(), Deal.objects.count()) == (1, deals)


def test_a_match_changed_since_the_backup_is_kept_as_it_is_here(backup, alice):
    user, match, path = backup
    match.refresh_from_db()
    record_draw(alice.client, match)  # after the backup: the illegal knock's deal is now a draw
    before = list(match.deals.values_list("number", "status", "entry"))
    out = import_into("alice", path)
    assert "imported 0 matches" in out
    assert (
        "already here but different in the file, kept as it is here: match 1 (Alice – Bob)" in out
    )
    assert list(match.deals.values_list("number", "status", "entry")) == before
    assert Match.objects.count() == 1


def as_version_1(body):
    """Make a backup document into what version 1 wrote: no match ids, no illegal knocks."""
    body["version"] = 1
    for match in body["matches"]:
        del match["id"], match["illegal_knocks"]


def test_a_version_1_file_imports_and_twice_adds_once(backup):
    _user, _match, path = backup
    crafted(path, as_version_1)
    get_user_model().objects.create_user("restorer", password="pw")
    assert "imported 1 matches" in import_into("restorer", path)
    assert "already here, not imported again: 1" in import_into("restorer", path)
    copy = Match.objects.get(owner__username="restorer")
    assert copy.deals.count() == 4 and not copy.illegal_knocks.exists()


def test_round_trip_keeps_the_start_date_and_the_illegal_knocks(backup):
    _user, match, path = backup
    Match.objects.filter(pk=match.pk).update(created=datetime(2025, 3, 4, 5, 6, 7, tzinfo=UTC))
    call_command("export_matches", "alice", output=str(path))
    get_user_model().objects.create_user("restorer", password="pw")
    import_into("restorer", path)
    copy = Match.objects.get(owner__username="restorer")
    assert copy.created == datetime(2025, 3, 4, 5, 6, 7, tzinfo=UTC)
    fields = ("number", "knocker", "deadwood", "limit", "created")
    assert list(copy.illegal_knocks.values_list(*fields)) == list(
        match.illegal_knocks.values_list(*fields)
    )
    assert copy.illegal_knocks.count() == 1


def test_imported_matches_pages_answer(backup):
    _user, _match, path = backup
    restorer = get_user_model().objects.create_user("restorer", password="pw")
    import_into("restorer", path)
    client = Client()
    client.force_login(restorer)
    copy = Match.objects.get(owner=restorer)
    for url in match_pages(copy):
        response = client.get(url)
        assert response.status_code == 200, url


# --- Facts a page could not have written (issue 24) ------------------------------------------


def test_a_deal_a_file_says_another_account_recorded_is_imported_as_recorded_by_nobody(backup):
    _user, _match, path = backup
    get_user_model().objects.create_user("mallory", password="pw")

    def claimed(body):
        deal_at(body, 1).update(recorded_by="mallory")
        deal_at(body, 2).update(recorded_by="restorer")

    crafted(path, claimed)
    get_user_model().objects.create_user("restorer", password="pw")
    import_into("restorer", path)
    restored = Match.objects.get(owner__username="restorer")
    by = dict(restored.deals.values_list("number", "recorded_by"))
    assert by[1] == ""  # no file can say that mallory wrote it
    assert by[2] == "restorer"  # the importing account's own name stands


def test_more_illegal_knocks_for_one_deal_than_the_pages_keep_are_refused(backup):
    _user, _match, path = backup

    def flood(body):
        knock = body["matches"][0]["illegal_knocks"][0]
        body["matches"][0]["illegal_knocks"] = [dict(knock) for _ in range(9_999)]

    crafted(path, flood)
    refused(
        path,
        f"illegal_knocks: 9999 illegal knocks for deal 4: at most {IllegalKnock.MOST_PER_DEAL}",
    )


def test_as_many_illegal_knocks_for_one_deal_as_the_pages_keep_are_imported(backup):
    _user, _match, path = backup

    def most(body):
        knock = body["matches"][0]["illegal_knocks"][0]
        body["matches"][0]["illegal_knocks"] = [
            dict(knock) for _ in range(IllegalKnock.MOST_PER_DEAL)
        ]

    crafted(path, most)
    get_user_model().objects.create_user("restorer", password="pw")
    import_into("restorer", path)
    restored = Match.objects.get(owner__username="restorer")
    assert restored.illegal_knocks.count() == IllegalKnock.MOST_PER_DEAL


def test_the_pages_keep_no_more_illegal_knocks_for_one_deal_than_a_backup_may_hold(alice, tmp_path):
    client = alice.client
    match = play_a_match(client)
    set_upcard(client, match, "2C")
    for _ in range(IllegalKnock.MOST_PER_DEAL + 2):
        response = enter_cards(client, match, 0, KNOCK_4, OPP_39)  # illegal: stays open
        assert response.status_code in (200, 302, 422)
    assert match.illegal_knocks.filter(number=4).count() == IllegalKnock.MOST_PER_DEAL
    path = tmp_path / "backup.json"
    call_command("export_matches", "alice", output=str(path))
    body = json.loads(path.read_text())
    assert len(body["matches"][0]["illegal_knocks"]) == IllegalKnock.MOST_PER_DEAL


@pytest.mark.parametrize(
    "made_up",
    [
        "00000000-0000-0000-0000-000000000000",  # the nil UUID
        "ffffffff-ffff-ffff-ffff-ffffffffffff",
        "6ba7b810-9dad-11d1-80b4-00c04fd430c8",  # a version 1 UUID
        "5ba7b810-9dad-31d1-80b4-00c04fd430c8",  # a version 3 UUID
    ],
)
def test_a_match_id_the_site_never_makes_is_refused(backup, made_up):
    _user, _match, path = backup
    crafted(path, lambda b: b["matches"][0].update(id=made_up))
    refused(path, "id: expected a random UUID")


def test_a_dealer_out_of_rotation_is_a_fact_and_imported(backup):
    _user, _match, path = backup
    flipped = {}

    def out_of_rotation(body):
        for number in (1, 2, 3):
            deal = deal_at(body, number)
            deal["dealer"] = 1 - deal["dealer"]
            flipped[number] = deal["dealer"]

    crafted(path, out_of_rotation)
    get_user_model().objects.create_user("restorer", password="pw")
    import_into("restorer", path)
    restored = Match.objects.get(owner__username="restorer")
    dealers = dict(restored.deals.values_list("number", "dealer"))
    assert {n: dealers[n] for n in flipped} == flipped


# --- A Hollywood match ---------------------------------------------------------------------


def same_page(text: str) -> str:
    """Return a page with what differs between two copies of a match taken out: ids in
    addresses, CSRF tokens, the CSV's match column, version keys, when the page was made, who
    is logged in."""
    text = re.sub(r"/\d+/", "/N/", text)
    text = re.sub(r"(csrfmiddlewaretoken\"? value=|X-CSRFToken\":\s*)\"[^\"]+\"", r"\1T", text)
    text = re.sub(r"(-version|name=\"version\" value|data-match)=\"[^\"]*\"", r"\1=V", text)
    text = re.sub(r"([?&](amp;)?v)=\d+", r"\1=V", text)
    text = re.sub(r"(?m)^\d+,", "N,", text)  # the CSV's first column: the match id
    text = re.sub(r"player[=-]\d+|players/\d+|<option value=\"\d+\"", "P", text)
    text = re.sub(r"\d{4}-\d\d-\d\dT[\d:.]+(\+00:00|Z)?", "D", text)  # when a page was made
    text = re.sub(r"Logged in as \w+", "Logged in", text)
    return text


def page_text(client, url: str) -> str:
    response = client.get(url)
    if response.status_code == 302:  # card entry, once the match has ended
        return f"redirect to {response['Location']}"
    assert response.status_code == 200, url
    if response.streaming:
        return b"".join(response.streaming_content).decode()
    return response.content.decode()


def test_a_hollywood_match_round_trips_exactly(alice, tmp_path):
    # The rules page's settled example (/rules/#hollywood), with a deal deleted on the way (it
    # moved points between games while it counted) and one recorded after the end.
    original = visible_hollywood_match(
        alice.client, "Ann", "Ben", [(0, 60), (1, 5), (0, 50), (1, 30)], **SETTLED_RULES
    )
    deleted = original.deals.get(number=2)
    actions.delete_deal(original, deleted, version=original.version)
    original.refresh_from_db()
    add_deals(original, [knock(0, 60), knock(1, 45), knock(0, 40), knock(1, 9)])
    original.refresh_from_db()
    standing = Standing.of(original)
    assert standing.finished and standing.net == (725, -725)
    path = tmp_path / "backup.json"
    call_command("export_matches", "alice", output=str(path))
    restorer = get_user_model().objects.create_user("restorer", password="pw")
    import_into("restorer", path)
    copy = Match.objects.get(owner=restorer)
    assert copy.rules == original.rules and copy.rules_value.hollywood
    assert Standing.of(copy) == standing
    fields = ["number", "status", "dealer", "winner", "points"]
    assert list(copy.deals.values(*fields)) == list(original.deals.values(*fields))
    theirs = Client()
    theirs.force_login(restorer)
    pages = list(zip(match_pages(original), match_pages(copy), strict=True))
    assert len(pages) > 20
    for mine, restored in pages:
        expected = same_page(page_text(alice.client, mine)).splitlines()
        got = same_page(page_text(theirs, restored)).splitlines()
        assert got == expected, "\n".join([mine, *difflib.unified_diff(expected, got, n=0)])
