"""What a page shows, computed once from the stored facts and the engine's functions."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from adjudication import (
    Arrangement,
    Card,
    HandAnalysis,
    Verdict,
    adjudicate,
    analyse_hand,
    best_arrangement,
)

from .models import Deal, Match


@dataclass(frozen=True)
class Row:
    """One line of the deals list: a played deal with its place in the match.

    A deleted deal has a row too (struck through in the list), with no totals: it counts for
    nothing. Its dealer is the stored one, as for every deal.
    """

    deal: Deal
    dealer: int | None
    totals: tuple[int, int] | None
    counted: bool

    @property
    def deleted(self) -> bool:
        """Return whether the deal is in the trash."""
        return self.deal.is_deleted


def deal_rows(match: Match) -> tuple[list[Row], list[Row]]:
    """Return the rows of the recorded deals that count, and of every played deal (deleted
    ones included), both in deal-number order."""
    state = match.state()
    lines = iter(state.lines)
    rows, listed = [], []
    for deal in match.listed_deals():
        if deal.is_deleted:
            listed.append(Row(deal=deal, dealer=deal.dealer, totals=None, counted=False))
            continue
        line = next(lines)
        row = Row(deal=deal, dealer=line.dealer, totals=line.totals, counted=line.counted)
        rows.append(row)
        listed.append(row)
    return rows, listed


def deals_key(rows: list[Row]) -> str:
    """Return the cache key of the deal list: a digest of exactly what its lines show.

    Taken from the rows themselves rather than from the match version read earlier in the
    request, so that a change committed between the two reads can never be cached under the
    wrong key (a version and a list from two different moments).
    """
    shown = []
    for row in rows:
        deal = row.deal
        shown.append(
            (
                deal.pk,
                deal.number,
                deal.status,
                deal.entry,
                deal.outcome,
                deal.winner,
                deal.points,
                row.counted,
            )
        )
    return hashlib.blake2b(repr(shown).encode(), digest_size=16).hexdigest()


def match_board(match: Match) -> dict[str, object]:
    """Return the scoreboard's context: totals, dealer, upcard, knock limit and deal lines."""
    state = match.state()
    rows, listed = deal_rows(match)
    open_deal = None if state.finished else match.open_deal()
    upcard = open_deal.upcard_value if open_deal else None
    rules = match.rules_value
    target = rules.target
    players = match.players
    dealer = match.current_dealer()
    return {
        "match": match,
        "players": players,
        "rules": rules,
        "state": state,
        "rows": rows,
        "listed_rows": listed,
        "deals_key": deals_key(listed),
        "rows_by_id": {row.deal.pk: row for row in listed},
        "totals": [
            {
                "player": players[seat],
                "seat": seat,
                "points": state.totals[seat],
                "final": state.final_totals[seat],
                "bonus": state.bonuses[seat],
                "deals_won": state.deals_won[seat],
                "progress": min(state.totals[seat], target),
                "is_winner": state.winner == seat,
                "is_dealer": not state.finished and dealer == seat,
            }
            for seat in (0, 1)
        ],
        "target": target,
        "deal_number": None if state.finished else match.next_number,
        "dealer": players[dealer],
        "non_dealer": players[1 - dealer],
        "open_deal": open_deal,
        "upcard": upcard,
        "knock_limit": rules.knock_limit(upcard) if upcard else None,
        "spades_double": bool(upcard and rules.multiplier(upcard) == 2),
        "winner": players[state.winner] if state.winner is not None else None,
        "winner_points": state.final_totals[state.winner] if state.finished else None,
        "loser_points": state.final_totals[1 - state.winner] if state.finished else None,
    }


@dataclass(frozen=True)
class Preview:
    """The live preview of a deal being entered: what is known so far."""

    knocker_count: int
    opponent_count: int
    knocker_analysis: HandAnalysis | None
    # While fewer than 10 cards are in: the best melds of those cards so far.
    knocker_so_far: Arrangement | None
    verdict: Verdict | None
    knock_limit: int | None
    knocker_name: str
    opponent_name: str


def deal_preview(match: Match, form) -> Preview:
    """Return the preview of the hands entered so far. Stores nothing.

    `form` is a validated-or-not DealForm; whatever parsed cleanly is previewed.
    """
    hands = form.hands
    seat = form.data.get("knocker_seat") if form.is_bound else form.initial.get("knocker_seat")
    names = [str(player) for player in match.players]
    if str(seat) == "1":
        names.reverse()
    upcard: Card | None = form.upcard_value()
    rules = match.rules_value
    knocker, opponent = hands["knocker"], hands["opponent"]
    limit = rules.knock_limit(upcard) if upcard else None
    analysis = None
    verdict = None
    so_far = best_arrangement(knocker) if 0 < len(knocker) < 10 else None
    # The form has checked each hand for bad and repeated cards; the preview waits for the
    # counts the engine needs and for hands that share no card.
    if upcard is not None and len(knocker) in (10, 11):
        analysis = analyse_hand(knocker, upcard, rules)
        if len(opponent) == 10 and not form.overlap():
            verdict = adjudicate(upcard, knocker, opponent, rules)
    return Preview(
        knocker_count=len(knocker),
        opponent_count=len(opponent),
        knocker_analysis=analysis,
        knocker_so_far=so_far,
        verdict=verdict,
        knock_limit=limit,
        knocker_name=names[0],
        opponent_name=names[1],
    )
