"""Match summaries: a line of a match list (the home page, the history, the statistics), the
match and what its recorded deals add up to (its standing).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from ..models import Deal, Match, Player
from ..standing import Standing


@dataclass(frozen=True)
class MatchSummary:
    """A line of the match list: the match and what its deals add up to."""

    match: Match
    standing: Standing

    @property
    def score(self) -> tuple[int, int]:
        """Return the score the scoreboard shows (the standing's)."""
        return self.standing.score

    @property
    def deals(self) -> int:
        """Return how many recorded deals the match has."""
        return self.standing.deals

    @property
    def winner(self) -> Player | None:
        """Return the winning player of a finished match."""
        if self.standing.winner is None:
            return None
        return self.match.players[self.standing.winner]


def with_recorded_deals(matches: QuerySet[Match]) -> QuerySet[Match]:
    """Return `matches` fetching each one's recorded results in one more query."""
    recorded = (
        Deal.objects.filter(status=Deal.Status.RECORDED)
        .order_by("number")
        .only("pk", "match_id", "number", "status", "winner", "points", "dealer")
    )
    return matches.prefetch_related(Prefetch("deals", queryset=recorded, to_attr="results"))


def summarise(
    matches: list[Match], standings: dict[int, Standing] | None = None
) -> list[MatchSummary]:
    """Return the summaries of matches fetched by `with_recorded_deals`, or of any matches
    whose standings were read already (`standings`, by match id; a match with no recorded
    deal may be missing from it)."""
    if standings is None:
        return [MatchSummary(match, Standing.of_deals(match, match.results)) for match in matches]
    return [
        MatchSummary(match, standings.get(match.pk) or Standing.of_deals(match, ()))
        for match in matches
    ]
