"""Helpers for tests that need matches with many deals, quickly (history, statistics,
exports, query counts).

Deals are judged by the model's own `DealFacts.judge` (so by the engine) and saved directly,
which is much faster than posting a form per deal and also allows what the forms refuse,
such as deals recorded after the end (an edit can leave those behind).
"""

from __future__ import annotations

from adjudication import Card, parse_cards
from scorekeeper import actions
from scorekeeper.actions import DealFacts
from scorekeeper.models import Deal, Match


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
        actions.apply_facts(deal, facts, judged)
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
