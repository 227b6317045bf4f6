"""What a page shows, computed once from the stored facts and the engine's functions."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from adjudication import (
    Arrangement,
    Card,
    DealResult,
    HandAnalysis,
    MatchState,
    Verdict,
    adjudicate,
    analyse_hand,
    best_arrangement,
    play_match,
)

from .models import Deal, Match, Player


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


@dataclass(frozen=True)
class MatchSummary:
    """A line of the match list: the match and its state derived by the engine."""

    match: Match
    state: MatchState
    deals: int

    @property
    def score(self) -> tuple[int, int]:
        """Return the final totals (bonuses included) once finished, else the totals so far."""
        return self.state.final_totals if self.state.finished else self.state.totals

    @property
    def winner(self) -> Player | None:
        """Return the winning player of a finished match."""
        if self.state.winner is None:
            return None
        return self.match.players[self.state.winner]


def with_recorded_deals(matches: QuerySet[Match]) -> QuerySet[Match]:
    """Return `matches` fetching each one's recorded results in one more query."""
    recorded = (
        Deal.objects.filter(status=Deal.Status.RECORDED)
        .order_by("number")
        .only("pk", "match_id", "number", "winner", "points")
    )
    return matches.prefetch_related(Prefetch("deals", queryset=recorded, to_attr="results"))


def summarise(matches: list[Match]) -> list[MatchSummary]:
    """Return the summaries of matches fetched by `with_recorded_deals`."""
    return [
        MatchSummary(
            match=match,
            state=play_match(
                match.first_dealer,
                [DealResult(deal.winner, deal.points) for deal in match.results],
                match.rules_value,
            ),
            deals=len(match.results),
        )
        for match in matches
    ]
