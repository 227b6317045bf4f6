"""What a page shows, computed once from the stored facts and the engine's functions."""

from __future__ import annotations

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
    """One line of the deals list: a recorded deal with its place in the match."""

    deal: Deal
    dealer: int
    totals: tuple[int, int]
    counted: bool


def match_board(match: Match) -> dict[str, object]:
    """Return the scoreboard's context: totals, dealer, upcard, knock limit and deal lines."""
    state = match.state()
    deals = match.recorded_deals()
    rows = [
        Row(deal=deal, dealer=line.dealer, totals=line.totals, counted=line.counted)
        for deal, line in zip(deals, state.lines, strict=True)
    ]
    open_deal = None if state.finished else match.open_deal()
    upcard = open_deal.upcard_value if open_deal else None
    rules = match.rules_value
    target = rules.target
    players = match.players
    return {
        "match": match,
        "players": players,
        "rules": rules,
        "state": state,
        "rows": rows,
        "lines_by_number": {row.deal.number: row for row in rows},
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
                "is_dealer": not state.finished and state.next_dealer == seat,
            }
            for seat in (0, 1)
        ],
        "target": target,
        "deal_number": match.next_number,
        "dealer": players[state.next_dealer],
        "non_dealer": players[1 - state.next_dealer],
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
