"""Phones racing to delete, restore, record, correct and undo deals of one match.

Real concurrent HTTP requests against the live test server (see race_helpers). A delete or a
restore carries the version its page showed, checked under the match's row lock: of the
phones that saw the same version, exactly one changes the match, and none gets a 5xx.
"""

import random
import time

import pytest
from django.test import Client

from scorekeeper.models import Deal

from .match_helpers import create_match, record_quick, set_upcard
from .race_helpers import LivePhone, all_at_once, check_invariants

pytestmark = pytest.mark.django_db(transaction=True)
CHAOS_SECONDS = 2.5
CHAOS_PHONES = 6


def started(live_server, deals: int, *, target: int = 1000):
    """Return a phone on a new match with `deals` recorded deals (knocks worth 10 to 19)."""
    client = Client()
    match = create_match(client, "Alice", "Bob", target=target)
    for i in range(deals):
        set_upcard(client, match, "TC")
        record_quick(client, match, i % 2, 1, 11 + i % 10)
    return LivePhone.of(client, match, live_server.url), match


def statuses(match) -> list[str]:
    return list(
        Deal.objects.filter(match=match).order_by("number").values_list("status", flat=True)
    )


@pytest.mark.parametrize("racers", [2, 10])
def test_racing_deletes_of_one_deal_delete_it_once(live_server, racers):
    phone, match = started(live_server, 5)
    board = phone.board()
    third = board.rows[2]  # the list is newest first: deal 3
    phones = [phone.twin() for _ in range(racers)]
    path = phone.deal_path(third.deal_id, "delete")
    all_at_once([lambda p=p: p.post(path, {"version": board.version}) for p in phones])
    assert [code for p in phones for code in p.codes] == [302] * racers
    assert statuses(match) == ["recorded", "recorded", "deleted", "recorded", "recorded"]
    match.refresh_from_db()
    assert match.version == board.version + 1
    check_invariants([phone, *phones], match)


@pytest.mark.parametrize("racers", [2, 10])
def test_racing_deletes_of_different_deals_delete_only_one(live_server, racers):
    phone, match = started(live_server, racers + 1)
    board = phone.board()
    phones = [phone.twin() for _ in range(racers)]
    jobs = [
        lambda p=p, row=row: p.post(p.deal_path(row.deal_id, "delete"), {"version": board.version})
        for p, row in zip(phones, board.rows, strict=False)
    ]
    all_at_once(jobs)
    assert statuses(match).count("deleted") == 1
    check_invariants([phone, *phones], match)


@pytest.mark.parametrize("racers", [2, 10])
def test_racing_restores_of_one_deal_restore_it_once(live_server, racers):
    phone, match = started(live_server, 4)
    board = phone.board()
    phone.post(phone.deal_path(board.rows[1].deal_id, "delete"), {"version": board.version})
    board = phone.board()
    phones = [phone.twin() for _ in range(racers)]
    path = phone.deal_path(board.rows[1].deal_id, "restore")
    all_at_once([lambda p=p: p.post(path, {"version": board.version}) for p in phones])
    assert statuses(match) == ["recorded"] * 4
    match.refresh_from_db()
    assert match.version == board.version + 1
    check_invariants([phone, *phones], match)


def race_round(phone: LivePhone) -> list[LivePhone]:
    """Four phones that saw the same board: one deletes, one records the deal being played,
    one corrects the last deal, one undoes it. Returns them."""
    match = phone.match
    phone.post(f"/matches/{match.pk}/upcard/", {"upcard": "TC"})
    board = phone.board()
    live = [row for row in board.rows if not row.deleted]
    deleter, recorder, editor, undoer = (phone.twin() for _ in range(4))
    shown = {"version": board.version}
    quick = {"number": board.next_number, "knocker": 0, "knocker_deadwood": 2}
    all_at_once(
        [
            lambda: deleter.post(deleter.deal_path(live[1].deal_id, "delete"), shown),
            lambda: recorder.post(
                f"/matches/{match.pk}/quick/", {**quick, "opponent_deadwood": 30}
            ),
            lambda: editor.post(
                editor.deal_path(live[0].deal_id, "edit"), {**shown, "mode": "draw"}
            ),
            lambda: undoer.post(undoer.deal_path(live[0].deal_id, "undo"), shown),
        ]
    )
    return [deleter, recorder, editor, undoer]


def test_delete_racing_record_edit_and_undo(live_server):
    phone, match = started(live_server, 4)
    for _round in range(4):
        match.refresh_from_db()
        before = match.version
        racers = race_round(phone)
        check_invariants([phone, *racers], match)
        # Of the three that carried the version, one at most changed the match; the record
        # carries a deal number instead, and may have been recorded as well. (The upcard
        # tapped first is one change too.)
        match.refresh_from_db()
        assert before < match.version <= before + 3


def chaos_step(phone: LivePhone, rng: random.Random) -> None:
    """One random thing a phone at the table does, from what its scoreboard shows."""
    board = phone.board()
    live = [row for row in board.rows if not row.deleted]
    trashed = [row for row in board.rows if row.deleted]
    action = rng.choice(["record", "record", "edit", "undo", "delete", "delete", "restore", "look"])
    version = {"version": board.version}
    if action == "record" and board.next_number is not None:
        phone.post(f"/matches/{phone.match.pk}/upcard/", {"upcard": rng.choice(["TC", "5H", "KS"])})
        phone.post(
            f"/matches/{phone.match.pk}/quick/",
            {
                "number": board.next_number,
                "knocker": rng.randrange(2),
                "knocker_deadwood": rng.randrange(0, 6),
                "opponent_deadwood": rng.randrange(0, 40),
            },
        )
    elif action == "edit" and live:
        row = rng.choice(live)
        data = {"mode": "draw", **version}
        if rng.random() < 0.5:
            data = {**version, "mode": "quick", "knocker": 1, "knocker_deadwood": 1}
            data["opponent_deadwood"] = rng.randrange(2, 40)
        phone.post(phone.deal_path(row.deal_id, "edit"), data)
    elif action == "undo" and live:
        phone.post(phone.deal_path(live[0].deal_id, "undo"), version)
    elif action == "delete" and live:
        phone.post(phone.deal_path(rng.choice(live).deal_id, "delete"), version)
    elif action == "restore" and trashed:
        phone.post(phone.deal_path(rng.choice(trashed).deal_id, "restore"), version)
    elif board.rows:
        phone.open_deal_page(rng.choice(board.rows).deal_id)


@pytest.mark.parametrize("target", [150, 1000])
def test_chaos_of_phones_recording_editing_undoing_deleting_and_restoring(live_server, target):
    phone, match = started(live_server, 3, target=target)
    start = phone.board().version
    phones = [phone.twin() for _ in range(CHAOS_PHONES)]
    deadline = time.monotonic() + CHAOS_SECONDS

    def play(p: LivePhone, seed: int) -> None:
        rng = random.Random(seed)
        while time.monotonic() < deadline:
            chaos_step(p, rng)

    all_at_once([lambda p=p, i=i: play(p, i) for i, p in enumerate(phones)])
    check_invariants([phone, *phones], match)
    match.refresh_from_db()
    assert match.version > start  # they did get things done (about 20 changes here)
    # No number was ever given twice, and at most one deal is being played.
    numbers = list(Deal.objects.filter(match=match).values_list("number", flat=True))
    assert len(numbers) == len(set(numbers))
    assert Deal.objects.filter(match=match, status=Deal.Status.OPEN).count() <= 1


def test_a_draw_recorded_meanwhile_is_never_lost_by_a_racing_delete(live_server):
    phone, match = started(live_server, 2)
    board = phone.board()
    other = phone.twin()
    all_at_once(
        [
            lambda: phone.post(
                phone.deal_path(board.rows[0].deal_id, "delete"), {"version": board.version}
            ),
            lambda: other.post(f"/matches/{match.pk}/draw/", {"number": board.next_number}),
        ]
    )
    assert statuses(match)[2] == "recorded"  # the draw, deal 3, whatever the delete did
    check_invariants([phone, other], match)
