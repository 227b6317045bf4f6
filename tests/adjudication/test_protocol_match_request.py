"""The match request of the JSON protocol: its exact answer, and every malformed shape.

The command line (``python -m adjudication``) answers it as one more JSON line; the API's
``/api/match`` is tested in tests/scorekeeper/test_api.py against the same answers.
"""

from __future__ import annotations

import json

import pytest

from adjudication import AdjudicationError, answer
from adjudication.protocol import MOST_DEALS

from .test_cli import answers

# The issue's request and answer, verbatim: other programs rely on this shape.
REQUEST = {
    "first_dealer": 0,
    "deals": [
        {"winner": 1, "points": 30},
        {"winner": None, "points": 0},
        {"winner": 0, "points": 12, "dealer": 1},
    ],
    "rules": {"hollywood": True, "target": 100},
}
OPEN_GAME = {
    "totals": [0, 0],
    "finished": False,
    "winner": None,
    "deals_won": [0, 0],
    "bonuses": [0, 0],
    "final_totals": [0, 0],
}
ANSWER = {
    "deals": [
        {
            "number": 1,
            "dealer": 0,
            "winner": 1,
            "points": 30,
            "counted": True,
            "games": [1],
            "totals": [[0, 30], [0, 0], [0, 0]],
        },
        {
            "number": 2,
            "dealer": 1,
            "winner": None,
            "points": 0,
            "counted": True,
            "games": [],
            "totals": [[0, 30], [0, 0], [0, 0]],
        },
        {
            "number": 3,
            "dealer": 1,
            "winner": 0,
            "points": 12,
            "counted": True,
            "games": [1],
            "totals": [[12, 30], [0, 0], [0, 0]],
        },
    ],
    "games": [
        {
            "totals": [12, 30],
            "finished": False,
            "winner": None,
            "deals_won": [1, 1],
            "bonuses": [0, 0],
            "final_totals": [12, 30],
        },
        OPEN_GAME,
        OPEN_GAME,
    ],
    "finished": False,
    "winner": None,
    "next_dealer": 0,
    "net": [0, 0],
}


def test_the_issue_s_match_request_gets_exactly_the_issue_s_answer() -> None:
    assert answer(REQUEST) == ANSWER


def test_the_command_line_answers_a_match_request_as_one_more_line() -> None:
    hand = json.dumps({"hand": "7h8h9h 2c3c4c ks kd kc 5s", "upcard": "6D"})
    first, second, third = answers(hand, json.dumps(REQUEST), json.dumps({"first_dealer": 2}))
    assert "melds" in first
    assert second == ANSWER
    assert third == {"error": 'missing "deals"', "line": 3}


def test_a_single_game_answer_has_one_game_and_one_pair_of_totals_per_deal() -> None:
    request = {
        "first_dealer": 1,
        "deals": [{"winner": 0, "points": 60}, {"winner": 0, "points": 40}],
    }
    result = answer({**request, "rules": {"box_bonus": 25}})
    assert [line["totals"] for line in result["deals"]] == [[[60, 0]], [[100, 0]]]
    assert [line["games"] for line in result["deals"]] == [[1], [1]]
    assert result["games"] == [
        {
            "totals": [100, 0],
            "finished": True,
            "winner": 0,
            "deals_won": [2, 0],
            "bonuses": [50, 0],
            "final_totals": [150, 0],
        }
    ]
    assert (result["finished"], result["winner"], result["net"]) == (True, 0, [150, -150])
    assert result["next_dealer"] == 0


def test_deals_after_the_end_are_listed_uncounted_in_no_game() -> None:
    deals = [
        {"winner": 0, "points": 100},
        {"winner": 1, "points": 20},
        {"winner": None, "points": 0},
    ]
    result = answer({"first_dealer": 0, "deals": deals, "rules": None})
    assert [line["counted"] for line in result["deals"]] == [True, False, False]
    assert [line["games"] for line in result["deals"]] == [[1], [], []]


def test_a_win_may_score_nothing_and_a_dealer_need_not_follow_the_rotation() -> None:
    deals = [{"winner": 1, "points": 0, "dealer": 1}, {"winner": 1, "points": 5, "dealer": 0}]
    result = answer({"first_dealer": 0, "deals": deals, "rules": {"hollywood": True}})
    assert [line["dealer"] for line in result["deals"]] == [1, 0]
    assert [line["games"] for line in result["deals"]] == [[1], [1, 2]]


def test_the_most_deals_are_answered() -> None:
    deals = [{"winner": None, "points": 0}] * MOST_DEALS
    result = answer({"first_dealer": 0, "deals": deals})
    assert len(result["deals"]) == MOST_DEALS and result["deals"][-1]["number"] == MOST_DEALS


def deals(*items) -> dict:
    return {"first_dealer": 0, "deals": list(items)}


MALFORMED = [
    ("a winner who is not a player", deals({"winner": 2, "points": 5}), "deal 1: deal winner"),
    ("a winner given as text", deals({"winner": "0", "points": 5}), "deal 1: deal winner"),
    ("a dealer who is not a player", deals({"winner": 0, "points": 5, "dealer": -1}), "dealer"),
    ("a boolean winner", deals({"winner": True, "points": 5}), "deal 1: deal winner"),
    ("a boolean dealer", deals({"winner": 0, "points": 5, "dealer": False}), "deal dealer"),
    ("a boolean for points", deals({"winner": 0, "points": True}), "deal points"),
    ("a float for points", deals({"winner": 0, "points": 5.0}), "deal points"),
    ("a float winner", deals({"winner": 1.0, "points": 5}), "deal winner"),
    ("points below 0", deals({"winner": 0, "points": -1}), "deal points"),
    ("points above 1,000", deals({"winner": 0, "points": 1001}), '"points" must be at most 1000'),
    ("points on a draw", deals({"winner": None, "points": 3}), "a draw scores nothing"),
    ("more than 9,999 deals", deals(*[{"winner": None, "points": 0}] * 10_000), "at most 9999"),
    ("an unknown key", {**deals(), "target": 100}, "unknown key 'target'"),
    ("an unknown key in a deal", deals({"winner": 0, "points": 5, "who": 1}), "unknown key 'who'"),
    ("a deal without its winner", deals({"points": 5}), 'deal 1: missing "winner"'),
    ("a deal without its points", deals({"winner": None}), 'deal 1: missing "points"'),
    ("deals that are not a list", {"first_dealer": 0, "deals": {"winner": 0}}, '"deals" must be'),
    ("a deal that is not an object", deals([0, 5]), 'deal 1: "deal" must be an object'),
    ("a missing first_dealer", {"deals": []}, 'missing "first_dealer"'),
    ("a first_dealer who is not a player", {"first_dealer": 2, "deals": []}, "first dealer"),
    ("a boolean first_dealer", {"first_dealer": True, "deals": []}, "first dealer"),
    ("a float first_dealer", {"first_dealer": 0.0, "deals": []}, "first dealer"),
    ("bad rules", {**deals(), "rules": {"hollywood": 1}}, "rule 'hollywood' must be"),
]


@pytest.mark.parametrize(("case", "request_", "message"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_match_request_is_refused_naming_the_problem(case, request_, message) -> None:
    with pytest.raises(AdjudicationError) as caught:
        answer(request_)
    assert message in str(caught.value), case


def test_the_deal_at_fault_is_named_by_its_place() -> None:
    request = deals(
        {"winner": 0, "points": 5}, {"winner": 0, "points": 5}, {"winner": 3, "points": 1}
    )
    with pytest.raises(AdjudicationError, match=r"^deal 3: deal winner must be player 0 or 1"):
        answer(request)
