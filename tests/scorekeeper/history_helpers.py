"""Helpers for tests that need matches with many deals, quickly (history, statistics,
exports, query counts).

Deals are judged by the model's own `DealFacts.judge` (so by the engine) and saved directly,
which is much faster than posting a form per deal and also allows what the forms refuse,
such as deals recorded after the end (an edit can leave those behind).
"""

from __future__ import annotations

from adjudication import Card, parse_cards
from scorekeeper.models import Deal, DealFacts, Match

KNOCK_HAND = "AS 2S 3S 7H 8H 9H KC KD KH 4D"  # deadwood 4
OPPONENT_39 = "5C 6C 8C 9D TD JD 2H 3H QS 5S"  # deadwood 39 after layoffs
GIN_HAND = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS"
OPPONENT_5 = "KH KD KC QS QD QC 2D 3D 4D 5C"  # deadwood 5
# /rules/#layoffs: the opponent lays 2♠ off onto the knocker's 3-4-5♠; an undercut worth 12.
LAYOFF_KNOCKER = "AS 3S 4S 5S AC 2D 3D 4D 5D 3H"
LAYOFF_OPPONENT = "2S 3C 4C 5C 6C 6D 2H 4H 5H 6H"


def quick(knocker: int, k: int, o: int, *, upcard: str = "KC", big_gin: bool = False):
    """Return the facts of a deal entered as numbers."""
    return DealFacts(
        entry=Deal.Entry.QUICK,
        upcard=Card.parse(upcard),
        knocker=knocker,
        knocker_deadwood=k,
        opponent_deadwood=o,
        big_gin=big_gin,
    )


def cards(knocker: int, knocker_cards: str, opponent_cards: str, *, upcard: str = "KC"):
    """Return the facts of a deal entered as cards."""
    return DealFacts(
        entry=Deal.Entry.CARDS,
        upcard=Card.parse(upcard),
        knocker=knocker,
        knocker_cards=tuple(parse_cards(knocker_cards)),
        opponent_cards=tuple(parse_cards(opponent_cards)),
    )


def draw():
    """Return the facts of a draw."""
    return DealFacts(entry=Deal.Entry.DRAW)


def build_deals(match: Match, facts_list, *, start: int = 1) -> list[Deal]:
    """Return unsaved recorded deals of `match` judged from `facts_list`, numbered from `start`."""
    deals = []
    for number, facts in enumerate(facts_list, start=start):
        judged = facts.judge(match.rules_value)
        assert judged.legal, facts
        deal = Deal(match=match, number=number, status=Deal.Status.RECORDED)
        deal.apply(facts, judged)
        deals.append(deal)
    return deals


def add_deals(match: Match, facts_list) -> list[Deal]:
    """Record deals after the match's last played one, whatever the score; return them.

    A deal being played (its upcard tapped) stays the one being played: it moves on to the
    number after the new deals.
    """
    played = match.deals.filter(status__in=Deal.PLAYED)
    last = played.order_by("-number").values_list("number", flat=True).first() or 0
    deals = build_deals(match, facts_list, start=last + 1)
    match.deals.filter(status=Deal.Status.OPEN).update(number=last + len(deals) + 1)
    deals = Deal.objects.bulk_create(deals)
    match.bump_version()  # as every change to the deals does: pages keep pieces per version
    return deals


def knock(winner: int, points: int):
    """Return the facts of a knock by `winner` worth exactly `points` (deadwood 1)."""
    return quick(winner, 1, 1 + points)
