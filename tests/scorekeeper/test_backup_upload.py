"""Importing a backup in the browser, from the account page: the checks and messages of
`manage.py import_matches`, with a plain multipart form; the matches go to the account that
imports them."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from scorekeeper.backup.format import checksum
from scorekeeper.models import Deal, Match, Player
from scorekeeper.standing import Standing

from .backup_helpers import play_a_match
from .history_helpers import add_deals, knock

IMPORT = reverse("account_import")
ACCOUNT = reverse("password_change")


@pytest.fixture
def backup(alice) -> bytes:
    """alice's backup, downloaded from her account: one match of a card deal, a draw and a
    quick deal."""
    play_a_match(alice.client)
    response = alice.client.get(reverse("account_backup"))
    assert response.status_code == 200
    return response.content


def upload(phone: Client, data: bytes, *, name: str = "backup.json", **extra):
    file = SimpleUploadedFile(name, data, content_type="application/json")
    return phone.post(IMPORT, {"backup": file}, **extra)


def said(response) -> str:
    return unescape(response.content.decode())


def counts() -> tuple[int, int, int]:
    return Match.objects.count(), Deal.objects.count(), Player.objects.count()


def command_line_message(tmp_path, data: bytes) -> str:
    """Return what `manage.py import_matches` says of the same file."""
    path = tmp_path / "backup.json"
    path.write_bytes(data)
    with pytest.raises(CommandError) as refused:
        call_command("import_matches", "dave", str(path))
    return str(refused.value)


def altered(data: bytes, change, *, reseal: bool = False) -> bytes:
    body = json.loads(data)
    change(body)
    if reseal:
        body["checksum"] = checksum(body)
    return json.dumps(body).encode()


def test_the_account_page_offers_the_import_as_a_plain_multipart_form(dave):
    page = said(dave.client.get(ACCOUNT))
    form = re.search(r'<form method="post"[^>]*action="' + IMPORT + '"[^>]*>', page)
    assert form and 'enctype="multipart/form-data"' in form.group(0)
    assert 'type="file" name="backup"' in page


def test_a_good_file_imports_its_matches_into_the_importing_account(backup, dave):
    response = upload(dave.client, backup)
    assert response.status_code == 302 and response["Location"] == reverse("scorekeeper:history")
    copy = Match.objects.get(owner__username="dave")
    assert (copy.player_a.name, copy.player_b.name) == ("Alice", "Bob")
    assert copy.player_a.owner == copy.owner and copy.deals.count() == 3
    original = Match.objects.get(owner__username="alice")
    assert Standing.of(copy) == Standing.of(original)
    history = said(dave.client.get(response["Location"]))
    assert "1 match imported." in history and "Alice – Bob" in history


def test_the_same_file_again_adds_nothing_and_says_so(backup, dave):
    upload(dave.client, backup)
    before = counts()
    again = said(dave.client.get(upload(dave.client, backup)["Location"]))
    assert counts() == before
    assert "0 matches imported." in again
    assert "1 match was already here: it was not imported again." in again


def test_a_damaged_file_imports_nothing_with_the_command_lines_message(backup, dave, tmp_path):
    damaged = backup[:200]
    before = counts()
    response = upload(dave.client, damaged)
    assert response.status_code == 200 and counts() == before
    expected = command_line_message(tmp_path, damaged)
    assert expected.startswith("nothing imported: not a backup: not JSON")
    page = said(response)
    assert "Nothing was imported." in page
    assert expected.removeprefix("nothing imported: ") in page


@pytest.mark.parametrize(
    ("reseal", "reason"),
    [
        (False, "checksum mismatch: the file was changed or damaged"),
        (True, "match 1 (Alice – Bob), deal 1, points: the stored value does not match"),
    ],
)
def test_an_altered_file_imports_nothing(backup, dave, tmp_path, reseal, reason):
    def more_points(body):
        body["matches"][0]["deals"][0]["points"] = 99

    changed = altered(backup, more_points, reseal=reseal)
    before = counts()
    response = upload(dave.client, changed)
    assert response.status_code == 200 and counts() == before
    page = said(response)
    assert reason in page
    assert command_line_message(tmp_path, changed).removeprefix("nothing imported: ") in page


@pytest.mark.parametrize(
    "data",
    [
        b"\xff\xfe\x00garbage",
        b"[]",
        b'{"format": "oklahoma-gin-backup", "version": 3}',
        b"9" * 5000,
        b"[" * 100_000,
        '{"format": "\u0000"}'.encode(),
    ],
)
def test_no_bad_file_is_a_500(backup, dave, data):
    before = counts()
    response = upload(dave.client, data)
    assert response.status_code == 200 and "Nothing was imported." in said(response)
    assert counts() == before


def test_no_file_or_an_empty_one_says_to_choose_a_backup(dave):
    assert "Choose a backup file." in said(dave.client.post(IMPORT, {}))
    assert "That file is empty: it is not a backup." in said(upload(dave.client, b""))


def test_a_file_over_the_size_limit_is_refused_unread(backup, dave, settings):
    settings.BACKUP_UPLOAD_MAX_BYTES = len(backup) - 1
    before = counts()
    response = upload(dave.client, backup)
    assert response.status_code == 200 and counts() == before
    assert "larger than a backup of this site can be" in said(response)


def test_imports_are_limited_per_account(backup, dave, settings):
    settings.BACKUP_UPLOAD_RATE_LIMIT = (2, 3600)
    assert upload(dave.client, b"[]").status_code == 200
    assert upload(dave.client, b"[]").status_code == 200
    assert upload(dave.client, backup).status_code == 429
    assert not Match.objects.filter(owner__username="dave").exists()


def test_only_a_logged_in_player_can_import(backup):
    before = counts()
    response = upload(Client(), backup)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert counts() == before


def test_the_import_speaks_polish(backup, dave, tmp_path):
    dave.client.cookies["django_language"] = "pl"
    page = said(upload(dave.client, backup[:200]))
    assert "Nic nie zaimportowano." in page
    history = said(dave.client.get(upload(dave.client, backup)["Location"]))
    assert "Zaimportowano 1 partię." in history


def test_the_import_still_checks_the_csrf_token(backup, db):
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(get_user_model().objects.create_user("cat", password="pw"))
    before = counts()
    assert upload(phone, backup).status_code == 403
    assert counts() == before


def test_a_broken_multipart_body_is_no_500(dave):
    body = b'--xyz\r\nContent-Disposition: form-data; name="backup"; filename="a.json"\r\n'
    response = dave.client.post(IMPORT, body, content_type="multipart/form-data; boundary=xyz")
    assert response.status_code in (200, 400)


def test_a_match_changed_here_since_the_backup_is_kept_as_it_is_here(backup, dave):
    upload(dave.client, backup)
    copy = Match.objects.get(owner__username="dave")
    add_deals(copy, [knock(0, 5)])
    before = counts()
    page = said(dave.client.get(upload(dave.client, backup)["Location"]))
    assert counts() == before
    assert (
        "Already here but different in the file, kept as it is here: match 1 (Alice – Bob)" in page
    )
