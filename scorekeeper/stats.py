"""Player statistics, and which matches are finished, from each match's standing.

What a match's deals add up to (which deals count, the deal that ends it, who wins) is its
`Standing` (`scorekeeper.standing`), as on every other page: nothing here restates it. So that
the number of queries does not grow with the number of matches, the recorded deals of all the
matches in question are read in one query, with the few columns the figures need, grouped
by match in Python, and each match's standing is worked out from its group:

- a recorded deal *counts* when its line in the standing counts; deals recorded after the end
  (an edit can move the end earlier) change nothing;
- the deal that *ends* a finished match is its last counted deal, and the standing's winner
  wins the match; a finished match with no winner (Hollywood, equal nets) is a tie.

A deal is counted once however many games of a Hollywood sheet it went into: deals, deals won
and points from deals are the deals' own. The figures that mean something else with three
games on the sheet are kept apart, of Hollywood matches only: the games won, and the net of a
finished Hollywood match (`/rules/#hollywood`).

`tests/scorekeeper/test_stats.py` checks these against the engine, and every figure against a
count by hand, on randomly played matches.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from django.db.models import Case, Count, F, Q, QuerySet, When

from .models import Deal, IllegalKnock, Match, Player
from .standing import Standing

SEATS = (0, 1)

# What the statistics read of a recorded deal, and of its match for the standing.
DEAL_FIELDS = (
    "pk",
    "match",
    "number",
    "status",
    "winner",
    "points",
    "dealer",
    "knocker",
    "outcome",
    "knocker_deadwood",
    "match__first_dealer",
    "match__rules",
    "match__created",
    "match__player_a",
    "match__player_b",
)


@dataclass(frozen=True)
class Played:
    """A match with its recorded deals, in order, and their standing."""

    match: Match
    deals: tuple[Deal, ...]
    standing: Standing

    def counted(self) -> Iterator[Deal]:
        """Yield the recorded deals that count (none after the match's end)."""
        for deal, line in zip(self.deals, self.standing.lines, strict=True):
            if line.counted:
                yield deal

    @property
    def ending(self) -> Deal | None:
        """Return the deal that ended the match (None while it is played)."""
        line = self.standing.ending
        return None if line is None else self.deals[line.number - 1]


def played(matches: QuerySet[Match]) -> dict[int, Played]:
    """Return, by match id, every match of `matches` that has a recorded deal, with its deals
    and standing (one query: the deals, each with the match's rules and seats)."""
    deals = (
        Deal.objects.filter(match__in=matches.values("pk"), status=Deal.Status.RECORDED)
        .select_related("match")
        .only(*DEAL_FIELDS)
        .order_by("match_id", "number")
    )
    found = {}
    for match_id, group in groupby(deals, key=lambda deal: deal.match_id):
        rows = tuple(group)
        match = rows[0].match  # every row carries its own copy; the first speaks for all
        found[match_id] = Played(match, rows, Standing.of_deals(match, rows))
    return found


def counted_deals(matches: QuerySet[Match]) -> QuerySet[Deal]:
    """Return the recorded deals of `matches` that count (none after the match's end)."""
    pks = [deal.pk for match in played(matches).values() for deal in match.counted()]
    return Deal.objects.filter(pk__in=pks)


def ending_deals(matches: QuerySet[Match]) -> QuerySet[Deal]:
    """Return, for each finished match in `matches`, the deal that ended it."""
    ends = [match.ending for match in played(matches).values()]
    return Deal.objects.filter(pk__in=[deal.pk for deal in ends if deal is not None])


def by_status(
    matches: QuerySet[Match], status: str
) -> tuple[QuerySet[Match], dict[int, Standing] | None]:
    """Return `matches` narrowed to "finished" or "playing" ones (anything else: all), and
    the standings read to tell them apart, by match id (None when nothing was read; a match
    without a recorded deal is missing, and is being played)."""
    if status not in ("finished", "playing"):
        return matches, None
    standings = {pk: match.standing for pk, match in played(matches).items()}
    finished = [pk for pk, standing in standings.items() if standing.finished]
    if status == "finished":
        return matches.filter(pk__in=finished), standings
    return matches.exclude(pk__in=finished), standings


def with_status(matches: QuerySet[Match], status: str) -> QuerySet[Match]:
    """Return `matches` narrowed to "finished" or "playing" ones; anything else: all."""
    return by_status(matches, status)[0]


@dataclass
class PlayerStats:
    """One player's figures over a set of matches; rates are None when nothing was played."""

    player_id: int
    name: str
    matches: int = 0
    finished: int = 0
    matches_won: int = 0
    matches_lost: int = 0
    matches_tied: int = 0
    hollywood: int = 0  # Hollywood matches (`rules` with hollywood on), finished or not
    hollywood_finished: int = 0
    hollywood_net: int = 0  # the sum of the player's net over finished Hollywood matches
    games_won: int = 0  # games of Hollywood sheets won
    games_finished: int = 0  # games of Hollywood sheets that have ended
    deals: int = 0
    deals_won: int = 0
    draws: int = 0
    knocks: int = 0
    gins: int = 0
    big_gins: int = 0
    undercuts_given: int = 0
    undercuts_received: int = 0
    illegal_knocks: int = 0
    knock_deadwood: int = 0
    knocks_with_deadwood: int = 0
    points: int = 0
    longest_streak: int = 0

    @property
    def match_win_rate(self) -> float | None:
        """Return the percentage of finished matches won."""
        return _percent(self.matches_won, self.finished)

    @property
    def average_hollywood_net(self) -> float | None:
        """Return the player's average net over finished Hollywood matches (negative when
        they lost more than they won)."""
        return _ratio(self.hollywood_net, self.hollywood_finished)

    @property
    def deal_win_rate(self) -> float | None:
        """Return the percentage of counted deals won (draws included in the deals)."""
        return _percent(self.deals_won, self.deals)

    @property
    def average_knock_deadwood(self) -> float | None:
        """Return the average deadwood the player kept when knocking."""
        return _ratio(self.knock_deadwood, self.knocks_with_deadwood)

    @property
    def average_deal_score(self) -> float | None:
        """Return the average score of a deal the player won."""
        return _ratio(self.points, self.deals_won)

    def add(self, figures: dict[str, Any]) -> None:
        """Add a query row's figures (the keys that are fields) to these."""
        for key, value in figures.items():
            if key not in ("player", "name") and hasattr(self, key) and value:
                setattr(self, key, getattr(self, key) + value)


def _ratio(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _percent(part: int, whole: int) -> float | None:
    return 100 * part / whole if whole else None


def _knocked(deal: Deal, seat: int) -> bool:
    return deal.knocker == seat and deal.outcome != Deal.Outcome.DRAW


def _add_deal(figures: PlayerStats, deal: Deal, seat: int) -> None:
    """Add a counted deal to the figures of the player in `seat`."""
    knocked = _knocked(deal, seat)
    won = deal.winner == seat
    figures.deals += 1
    figures.draws += deal.outcome == Deal.Outcome.DRAW
    figures.deals_won += won
    figures.knocks += knocked
    figures.gins += knocked and deal.outcome == Deal.Outcome.GIN
    figures.big_gins += knocked and deal.outcome == Deal.Outcome.BIG_GIN
    figures.undercuts_given += deal.outcome == Deal.Outcome.UNDERCUT and won
    figures.undercuts_received += deal.outcome == Deal.Outcome.UNDERCUT and deal.knocker == seat
    if knocked and deal.knocker_deadwood is not None:
        figures.knock_deadwood += deal.knocker_deadwood
        figures.knocks_with_deadwood += 1
    if won:
        figures.points += deal.points


def _add_result(figures: PlayerStats, winner: int | None, seat: int) -> None:
    """Add a finished match to the figures of the player in `seat`: won, lost or tied (no
    winner)."""
    figures.finished += 1
    figures.matches_won += winner == seat
    figures.matches_lost += winner == 1 - seat
    figures.matches_tied += winner is None


def _add_hollywood(figures: PlayerStats, standing: Standing, seat: int) -> None:
    """Add a Hollywood match with recorded deals to the figures of the player in `seat`: its
    games that have ended, and its net once the match has ended. (How many Hollywood
    matches each player has is counted with the matches, from the stored rules.)"""
    for game in standing.games:
        figures.games_finished += game.finished
        figures.games_won += game.winner == seat
    if standing.finished:
        figures.hollywood_finished += 1
        figures.hollywood_net += standing.net[seat]


def player_stats(matches: QuerySet[Match]) -> dict[int, PlayerStats]:
    """Return every player's figures over `matches`, by player id.

    Three queries, however many matches and deals: the matches grouped by who sat where, the
    recorded deals (`played`), the illegal knocks. Python adds up each match's counted deals
    and its end, from its standing.
    """
    matches = matches.order_by()
    stats: dict[int, PlayerStats] = {}
    seatings = matches.values(a=F("player_a"), b=F("player_b")).annotate(
        a_name=F("player_a__name"),
        b_name=F("player_b__name"),
        matches=Count("pk"),
        hollywood=Count("pk", filter=Q(rules__hollywood=True)),
    )
    for row in seatings:
        for key in ("a", "b"):
            stats.setdefault(row[key], PlayerStats(row[key], row[f"{key}_name"]))
        stats[row["a"]].add(row)
        stats[row["b"]].add(row)
    if not stats:
        return stats
    ends: list[tuple[Match, int | None]] = []
    for match in played(matches).values():
        seated = (stats[match.match.player_a_id], stats[match.match.player_b_id])
        for deal in match.counted():
            for seat in SEATS:
                _add_deal(seated[seat], deal, seat)
        standing = match.standing
        if standing.hollywood:
            for seat in SEATS:
                _add_hollywood(seated[seat], standing, seat)
        if standing.finished:
            for seat in SEATS:
                _add_result(seated[seat], standing.winner, seat)
            ends.append((match.match, standing.winner))
    for row in _illegal_knocks(matches):
        stats[row["player"]].add(row)
    for player, streak in longest_streaks(ends):
        stats[player].longest_streak = streak
    return stats


def _illegal_knocks(matches: QuerySet[Match]) -> QuerySet:
    # Every illegal knock is kept as a fact of its own, corrected or not.
    knocker = Case(When(knocker=0, then=F("match__player_a")), default=F("match__player_b"))
    return (
        IllegalKnock.objects.filter(match__in=matches.values("pk"))
        .order_by()
        .values(player=knocker)
        .annotate(illegal_knocks=Count("pk"))
    )


def longest_streaks(ends: list[tuple[Match, int | None]]) -> list[tuple[int, int]]:
    """Return (player id, longest run of matches won in a row) for players who won one, from
    the finished matches and their winners' seats (None for a tie, which ends a run).

    The matches are taken in the order they were started (and by id, for two started at the
    same moment).
    """
    results: dict[int, list[tuple[Any, int, bool]]] = {}
    for match, winner in ends:
        seats = (match.player_a_id, match.player_b_id)
        for seat in SEATS:
            results.setdefault(seats[seat], []).append((match.created, match.pk, seat == winner))
    streaks = []
    for player, games in results.items():
        best = run = 0
        for _created, _pk, won in sorted(games):
            run = run + 1 if won else 0
            best = max(best, run)
        if best:
            streaks.append((player, best))
    return streaks


def pair_matches(matches: QuerySet[Match], a: int, b: int) -> QuerySet[Match]:
    """Return the matches in `matches` between players `a` and `b`, in either seat."""
    return matches.filter(Q(player_a=a, player_b=b) | Q(player_a=b, player_b=a))


def players_in(matches: QuerySet[Match]) -> list[tuple[int, str]]:
    """Return (id, name) of every player in `matches`, by name."""
    seats = matches.order_by()
    players = Player.objects.filter(
        Q(pk__in=seats.values("player_a")) | Q(pk__in=seats.values("player_b"))
    )
    return sorted(players.values_list("pk", "name"), key=lambda row: (row[1].casefold(), row[0]))
