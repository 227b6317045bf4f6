"""Presenters turn the engine's codes and figures into what a page shows: the templates never
work a rule out again."""

from __future__ import annotations

import pytest
from django.utils import translation

from adjudication import Card, Rules, adjudicate, score_quick
from scorekeeper import actions
from scorekeeper.board import Board
from scorekeeper.presenters.sentences import explain, illegal_short
from tests.hands import GIN, KNOCK_4, LAYOFF_KNOCKER, LAYOFF_OPPONENT, OPP_39, OPP_TO_GIN

from .history_helpers import add_deals, cards, draw, quick
from .match_helpers import create_match

GIN_DEAL = ("KC", GIN, OPP_TO_GIN)
UNDERCUT = ("TC", LAYOFF_KNOCKER, LAYOFF_OPPONENT)
TIE = ("KC", "AS 2S 3S 4H 5H 6H 9C 9D 9S 5D", "JC QC KC JD QD KD TH JH QH 5C")
KNOCK = ("6D", KNOCK_4, OPP_39)
ILLEGAL = ("2C", KNOCK_4, OPP_39)
BIG_GIN = ("KC", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS", "KH KD KC QH QD QC 2D 3D 4D 5C")


@pytest.mark.parametrize(
    ("deal", "rules", "headline", "why", "anchor"),
    [
        (
            GIN_DEAL,
            Rules(gin_bonus=20),
            "Gin! Ann scores 25 points.",
            "Gin bonus 20 + the opponent's deadwood 5. No layoffs against gin.",
            "gin",
        ),
        (
            BIG_GIN,
            Rules(big_gin=True),
            "Big gin! Ann scores 36 points.",
            "Big gin bonus 31 + the opponent's deadwood 5. No layoffs against gin.",
            "gin",
        ),
        (
            UNDERCUT,
            Rules(),
            "Undercut! Bob scores 12 points.",
            "Deadwood 10 against 8 after layoffs: undercut bonus 10 + the difference.",
            "scoring",
        ),
        (
            TIE,
            Rules(undercut_bonus=15),
            "Undercut! Bob scores 15 points.",
            "Deadwood 5 against 5: a tie is an undercut. Undercut bonus 15.",
            "scoring",
        ),
        (
            KNOCK,
            Rules(),
            "Knock: Ann scores 35 points.",
            "Deadwood 4 against 39 after layoffs: the knocker scores the difference.",
            "scoring",
        ),
        (ILLEGAL, Rules(), "", "Deadwood 4 > limit 2.", "knocking"),
    ],
)
def test_a_verdict_is_explained_from_the_engines_codes(deal, rules, headline, why, anchor):
    verdict = adjudicate(*deal, rules)
    with translation.override("en"):
        explained = explain(verdict, rules, "Ann", "Bob")
    assert (explained.headline, explained.why, explained.rule.anchor) == (headline, why, anchor)
    assert explained.layoffs_allowed is (anchor != "gin")


def test_an_explanation_escapes_the_names_but_not_its_own_words():
    verdict = adjudicate(*UNDERCUT)
    with translation.override("en"):
        explained = explain(verdict, Rules(), "Ann", "<b>Bob</b>")
    assert explained.headline == "Undercut! &lt;b&gt;Bob&lt;/b&gt; scores 12 points."
    assert "opponent's" in explain(adjudicate(*GIN_DEAL), Rules(), "A", "B").why


def test_an_explanation_is_in_the_readers_language():
    with translation.override("fi"):
        explained = explain(adjudicate(*GIN_DEAL), Rules(), "Ann", "Bob")
    assert explained.headline == "Gin! Ann saa 30 pistettä."


def test_spades_double_is_said_when_the_score_was_multiplied():
    doubled = adjudicate("KS", *GIN_DEAL[1:], Rules(spades_double=True))
    assert explain(doubled, Rules(spades_double=True), "A", "B").doubled
    assert not explain(adjudicate(*GIN_DEAL), Rules(), "A", "B").doubled


def test_a_quick_verdict_is_explained_too():
    verdict = score_quick(None, 7, 7)
    with translation.override("en"):
        explained = explain(verdict, Rules(), "Ann", "Bob")
    assert explained.why == "Deadwood 7 against 7: a tie is an undercut. Undercut bonus 10."


def test_a_row_says_who_dealt_won_and_knocked(client, db):
    match = create_match(client, "Ann", "Bob", dealer="1")
    add_deals(match, [quick(0, 12, 4, upcard="KS"), draw(), cards(1, *UNDERCUT[1:], upcard="TC")])
    first, second, third = Board(match).rows
    names = lambda row: [str(p) for p in (row.dealt_by, row.won_by, row.knocker, row.opponent)]  # noqa: E731
    assert names(first) == ["Bob", "Bob", "Ann", "Bob"]  # an undercut: the opponent scores
    assert names(second) == ["Bob", "None", "None", "None"]  # a draw: Bob deals again
    assert names(third) == ["Bob", "Ann", "Bob", "Ann"]


def test_the_board_says_when_only_gin_ends_the_deal(client, db):
    match = create_match(client, ace_means_gin="on")
    assert not Board(match).only_gin  # no upcard yet
    for upcard, only_gin in (("AS", True), ("2S", False)):
        actions.set_upcard(match, Card.parse(upcard))
        assert Board(match).only_gin is only_gin


@pytest.mark.parametrize("language", ["en", "fi", "nl", "pl", "sn"])
def test_an_illegal_knocks_comparison_never_breaks_across_lines(language):
    with translation.override(language):
        text = illegal_short(12, 9)
    assert "12\u00a0>\u00a09" in text and "12 >" not in text and "> 9" not in text
