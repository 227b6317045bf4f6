"""The figures the engine and the app share are named once, and the code uses the names.

A hand's size, the deal-number cap, the knock-limit and deadwood caps and the share kinds each
have one home. These tests scan the source for the bare figures coming back, and check that
what enforces a cap (a form, a view, the backup check) enforces the named one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from adjudication import HAND_SIZE, HIGHEST_KNOCK_LIMIT, KNOCKING_HAND_SIZE, Card, Rank, Rules, Suit
from scorekeeper.backup.checking import _check_illegal_knock
from scorekeeper.backup.errors import BackupError, Where
from scorekeeper.forms.entry import MOST_DEADWOOD, CheckerForm, DealForm, QuickForm
from scorekeeper.forms.share import ShareForm
from scorekeeper.models import SHARE_KINDS, Deal
from tests.hands import KNOCK_4, OPP_39

from .match_helpers import entry_url

ROOT = Path(__file__).resolve().parents[2]
HAND_FIGURES = {10, 11}
DEAL_CAPS = {9_999, 10_000}
# Two fast paths unpack a list of exactly ten or eleven cards into as many names: the figure
# there is the count of names on the left, not a rule to name.
UNPACKING = {("adjudication/cards.py", "hand_tally"), ("adjudication/melds.py", "best_arrangement")}


def trees(*rooms: str) -> list[tuple[str, ast.AST]]:
    """Return each source file of `rooms` (migrations aside), parsed, with its path."""
    return [
        (path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(encoding="utf-8")))
        for room in rooms
        for path in sorted((ROOT / room).rglob("*.py"))
        if "migrations" not in path.parts
    ]


def is_int(node: ast.AST, values: set[int]) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value in values


def counts_cards(node: ast.AST) -> bool:
    """Return whether `node` counts cards: len(...), ....bit_count(), or a name `count`."""
    if isinstance(node, ast.Call):
        func = node.func
        return (isinstance(func, ast.Name) and func.id == "len") or (
            isinstance(func, ast.Attribute) and func.attr == "bit_count"
        )
    return isinstance(node, ast.Name) and node.id == "count"


def hand_figure(node: ast.AST) -> bool:
    """Return whether `node` is a bare 10 or 11, or a tuple holding one."""
    if isinstance(node, ast.Tuple):
        return any(is_int(e, HAND_FIGURES) for e in node.elts)
    return is_int(node, HAND_FIGURES)


def bare_hand_sizes(tree: ast.AST, path: str) -> list[str]:
    """Return where `tree` writes a hand size as a bare 10 or 11."""
    skipped = {
        inner
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and (path, node.name) in UNPACKING
        for inner in ast.walk(node)
    }
    found = []
    for node in ast.walk(tree):
        if node in skipped:
            continue
        where = f"{path}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(map(counts_cards, operands)) and any(map(hand_figure, operands)):
                found.append(f"{where}: a count of cards against a bare hand size")
        elif isinstance(node, ast.Tuple) and node.elts and all(map(hand_figure, node.elts)):
            found.append(f"{where}: hand sizes listed as bare numbers")
        elif isinstance(node, ast.keyword) and node.arg in {"counts", "fewest", "most"}:
            if hand_figure(node.value):
                found.append(f"{where}: a bare hand size as {node.arg}=")
        elif (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id in {"fewest", "most"}
            and node.value is not None
            and hand_figure(node.value)
        ):
            found.append(f"{where}: {node.target.id} defaults to a bare hand size")
    return found


def bare_deal_caps(tree: ast.AST, path: str) -> list[str]:
    """Return where `tree` writes the deal-number cap (9 999, or 10 000 past it) bare."""
    return [f"{path}:{node.lineno}" for node in ast.walk(tree) if is_int(node, DEAL_CAPS)]


def test_hand_sizes_are_named_in_the_engine_and_the_app():
    found = [
        hit
        for path, tree in trees("adjudication", "scorekeeper")
        for hit in bare_hand_sizes(tree, path)
    ]
    assert found == []


def test_the_hand_size_scan_sees_each_way_of_writing_one():
    tree = ast.parse(
        "if len(hand) in (10, 11):\n    pass\n"
        "ok = 0 < count < 10\n"
        "big = mask.bit_count() == 11\n"
        "field = HandField(counts=(10,))\n"
        "class HandCount:\n    fewest: int = 10\n"
    )
    lines = {int(hit.split(":")[1]) for hit in bare_hand_sizes(tree, "x.py")}
    assert lines == {1, 3, 4, 5, 7}
    assert (
        bare_hand_sizes(ast.parse("names = names[:10]\nok = len(hand) == HAND_SIZE\n"), "x.py")
        == []
    )


def test_the_deal_number_cap_is_written_only_where_it_is_named():
    found = [hit for path, tree in trees("scorekeeper") for hit in bare_deal_caps(tree, path)]
    assert [hit.split(":")[0] for hit in found] == ["scorekeeper/models/deals.py"]


def test_the_deal_cap_scan_sees_a_bare_cap():
    tree = ast.parse("if not 0 < number < 10_000:\n    raise Http404\n")
    assert bare_deal_caps(tree, "x.py") == ["x.py:1"]


def test_a_hand_is_ten_cards_and_the_knocker_s_one_more_before_the_discard():
    assert (HAND_SIZE, KNOCKING_HAND_SIZE) == (10, 11)


def test_the_hand_fields_take_the_named_hand_sizes():
    assert DealForm.base_fields["knocker"].counts == (HAND_SIZE, KNOCKING_HAND_SIZE)
    assert DealForm.base_fields["opponent"].counts == (HAND_SIZE,)
    assert CheckerForm.base_fields["hand"].counts == (HAND_SIZE, KNOCKING_HAND_SIZE)
    assert CheckerForm.base_fields["opponent"].counts == (HAND_SIZE,)


def test_the_highest_knock_limit_is_the_highest_an_upcard_sets():
    rules = Rules()
    limits = [rules.knock_limit(Card(rank, suit)) for rank in Rank for suit in Suit]
    assert HIGHEST_KNOCK_LIMIT == max(limits) == rules.knock_limit(None)


def test_the_quick_form_caps_deadwood_at_the_named_most():
    for name in ("knocker_deadwood", "opponent_deadwood"):
        assert QuickForm.base_fields[name].max_value == MOST_DEADWOOD


@pytest.mark.parametrize(
    ("changes", "fits"),
    [
        ({"number": Deal.MAX_NUMBER}, True),
        ({"number": Deal.MAX_NUMBER + 1}, False),
        ({"limit": HIGHEST_KNOCK_LIMIT, "deadwood": HIGHEST_KNOCK_LIMIT + 1}, True),
        ({"limit": HIGHEST_KNOCK_LIMIT + 1, "deadwood": HIGHEST_KNOCK_LIMIT + 2}, False),
        ({"deadwood": MOST_DEADWOOD}, True),
        ({"deadwood": MOST_DEADWOOD + 1}, False),
    ],
)
def test_a_backup_s_illegal_knock_is_held_to_the_named_caps(changes, fits):
    data = {
        "number": 1,
        "knocker": 0,
        "deadwood": 12,
        "limit": 5,
        "created": "2026-11-29T10:00:00+00:00",
        **changes,
    }
    if fits:
        assert _check_illegal_knock(0, data, Where("match 1"))["number"] == data["number"]
    else:
        with pytest.raises(BackupError):
            _check_illegal_knock(0, data, Where("match 1"))


@pytest.mark.parametrize(("number", "status"), [(Deal.MAX_NUMBER + 1, 404), (0, 404)])
def test_a_posted_deal_number_past_the_named_cap_is_not_found(client, dealing, number, status):
    posted = {
        "number": number,
        "upcard": "6D",
        "knocker_seat": 0,
        "action": "record",
        "knocker_text": KNOCK_4,
        "opponent_text": OPP_39,
    }
    assert client.post(entry_url(dealing), posted).status_code == status


def test_a_posted_deal_number_at_the_named_cap_is_read(client, dealing):
    posted = {
        "number": Deal.MAX_NUMBER,
        "upcard": "6D",
        "knocker_seat": 0,
        "action": "record",
        "knocker_text": KNOCK_4,
        "opponent_text": OPP_39,
    }
    assert client.post(entry_url(dealing), posted).status_code != 404
    assert not Deal.objects.filter(match=dealing, status="recorded").exists()


def test_the_share_form_offers_exactly_the_share_kinds():
    offered = {value.split("-")[0] for value, _label in ShareForm.base_fields["action"].choices}
    assert offered == set(SHARE_KINDS)
