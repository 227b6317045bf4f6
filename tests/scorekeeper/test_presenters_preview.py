"""The one live preview: what a knock's hands say so far, for a deal and for the knock checker.

Both pages ask `known_so_far`; they differ only in the rules (the match's, or the default) and
in whether the analysis waits for an upcard (a deal's does; the checker's limit is then 10).
"""

from __future__ import annotations

from adjudication import DEFAULT_RULES, Card, Rules, adjudicate, parse_cards
from scorekeeper.presenters.preview import known_so_far
from tests.hands import KNOCK_4, OPP_39

SIX = Card.parse("6D")
KNOCKER, OPPONENT = parse_cards(KNOCK_4), parse_cards(OPP_39)


def test_fewer_than_ten_cards_give_only_the_best_melds_so_far():
    known = known_so_far(KNOCKER[:7], (), SIX, DEFAULT_RULES)
    assert known.analysis is None and known.verdict is None
    assert known.so_far is not None and known.so_far.deadwood_points == 10  # K♣ left


def test_no_card_yet_says_nothing():
    known = known_so_far((), (), SIX, DEFAULT_RULES)
    assert (known.analysis, known.verdict, known.so_far) == (None, None, None)


def test_ten_cards_are_analysed_and_no_longer_counted_as_so_far():
    known = known_so_far(KNOCKER, OPPONENT[:9], SIX, DEFAULT_RULES)
    assert known.so_far is None and known.verdict is None
    assert known.analysis.can_knock and known.analysis.knock_limit == 6


def test_the_opponents_ten_give_the_verdict_by_the_rules_given():
    spade = Card.parse("6S")
    rules = Rules(spades_double=True)
    known = known_so_far(KNOCKER, OPPONENT, spade, rules)
    assert known.verdict == adjudicate(spade, KNOCKER, OPPONENT, rules)
    assert known.verdict.points == 70
    assert known_so_far(KNOCKER, OPPONENT, spade, DEFAULT_RULES).verdict.points == 35


def test_hands_sharing_a_card_get_the_analysis_but_no_verdict():
    opponent = (KNOCKER[0], *OPPONENT[1:])
    known = known_so_far(KNOCKER, opponent, SIX, DEFAULT_RULES)
    assert known.analysis is not None and known.verdict is None


def test_a_deal_waits_for_its_upcard_but_the_checker_judges_at_limit_ten():
    waiting = known_so_far(KNOCKER, OPPONENT, None, DEFAULT_RULES)
    assert (waiting.analysis, waiting.verdict) == (None, None)
    checker = known_so_far(KNOCKER, OPPONENT, None, DEFAULT_RULES, upcard_needed=False)
    assert checker.analysis.knock_limit == 10
    assert checker.verdict == adjudicate(None, KNOCKER, OPPONENT, DEFAULT_RULES)
