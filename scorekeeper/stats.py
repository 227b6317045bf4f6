"""Match summaries and player statistics, computed by the database.

The engine's `play_match` is the reference for what a match's deals add up to. The statistics
restate the two facts they need from it as SQL over the `Deal.winner` and `Deal.points`
columns, so that they aggregate in the database and the number of queries does not grow with
the number of matches:

- a recorded deal *counts* when, before it, neither total had reached the target; deals
  recorded after the end (an edit can move the end earlier) change nothing;
- the deal that *ends* the match is the counted deal that brings its winner's total to the
  target, and its winner wins the match.

Running totals are window functions over each match's deals, ordered by number. SQLite (3.25
and later) and PostgreSQL both have them. `tests/scorekeeper/test_stats.py` checks these
queries against `Match.state()` on randomly played matches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import (
    Case,
    Count,
    F,
    IntegerField,
    Q,
    QuerySet,
    Sum,
    Value,
    When,
    Window,
)
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast, Coalesce

from adjudication import DEFAULT_RULES

from .models import Deal, IllegalKnock, Match, Player

SEATS = (0, 1)


def _target() -> Coalesce:
    """The deal's match target, read from the match's stored rules."""
    return Coalesce(
        Cast(KeyTextTransform("target", "match__rules"), IntegerField()),
        Value(DEFAULT_RULES.target),
    )


def _seat_points(seat: int) -> Case:
    return Case(When(winner=seat, then=F("points")), default=Value(0))


def ledger(matches: QuerySet[Match]) -> QuerySet[Deal]:
    """Return the recorded deals of `matches` with their running totals.

    Each deal gets `target`, `before_a` and `before_b` (the totals before it, counting every
    earlier recorded deal) and `winner_total` (its winner's total after it).
    """
    in_match = {"partition_by": [F("match_id")], "order_by": F("number").asc()}
    return (
        Deal.objects.filter(match__in=matches.values("pk"), status=Deal.Status.RECORDED)
        .annotate(
            target=_target(),
            total_a=Window(Sum(_seat_points(0)), **in_match),
            total_b=Window(Sum(_seat_points(1)), **in_match),
            winner_total=Window(
                Sum("points"),
                partition_by=[F("match_id"), F("winner")],
                order_by=F("number").asc(),
            ),
        )
        .annotate(
            before_a=F("total_a") - _seat_points(0),
            before_b=F("total_b") - _seat_points(1),
        )
    )


def _counted_ledger(matches: QuerySet[Match]) -> QuerySet[Deal]:
    return ledger(matches).filter(before_a__lt=F("target"), before_b__lt=F("target"))


def counted_deals(matches: QuerySet[Match]) -> QuerySet[Deal]:
    """Return the recorded deals of `matches` that count (none after the match's end)."""
    return Deal.objects.filter(pk__in=_counted_ledger(matches).values("pk"))


def ending_deals(matches: QuerySet[Match]) -> QuerySet[Deal]:
    """Return, for each finished match in `matches`, the deal that ended it."""
    ends = _counted_ledger(matches).filter(winner__isnull=False, winner_total__gte=F("target"))
    return Deal.objects.filter(pk__in=ends.values("pk"))


def with_status(matches: QuerySet[Match], status: str) -> QuerySet[Match]:
    """Return `matches` narrowed to "finished" or "playing" ones; anything else: all."""
    finished = ending_deals(matches).values("match_id")
    if status == "finished":
        return matches.filter(pk__in=finished)
    if status == "playing":
        return matches.exclude(pk__in=finished)
    return matches


@dataclass
class PlayerStats:
    """One player's figures over a set of matches; rates are None when nothing was played."""

    player_id: int
    name: str
    matches: int = 0
    finished: int = 0
    matches_won: int = 0
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


def _seat_figures(seat: int) -> dict[str, Any]:
    """The aggregates of counted deals that depend on the seat they are seen from."""
    knocked = Q(knocker=seat) & ~Q(outcome=Deal.Outcome.DRAW)
    return {
        "deals_won": Count("pk", filter=Q(winner=seat)),
        "knocks": Count("pk", filter=knocked),
        "gins": Count("pk", filter=knocked & Q(outcome=Deal.Outcome.GIN)),
        "big_gins": Count("pk", filter=knocked & Q(outcome=Deal.Outcome.BIG_GIN)),
        "undercuts_given": Count("pk", filter=Q(outcome=Deal.Outcome.UNDERCUT, winner=seat)),
        "undercuts_received": Count("pk", filter=Q(outcome=Deal.Outcome.UNDERCUT, knocker=seat)),
        "knock_deadwood": Sum("knocker_deadwood", filter=knocked),
        "knocks_with_deadwood": Count("knocker_deadwood", filter=knocked),
        "points": Sum("points", filter=Q(winner=seat)),
    }


def _by_seating(rows: QuerySet, stats: dict[int, PlayerStats]) -> None:
    """Add rows grouped by (player a, player b) to both players' figures.

    A row's `seat0_x` and `seat1_x` figures go to the player in that seat; its other figures
    go to both.
    """
    for row in rows:
        shared = {k: v for k, v in row.items() if not k.startswith("seat")}
        for seat, player in enumerate((row["a"], row["b"])):
            prefix = f"seat{seat}_"
            own = {k.removeprefix(prefix): v for k, v in row.items() if k.startswith(prefix)}
            stats[player].add({**shared, **own})


def player_stats(matches: QuerySet[Match]) -> dict[int, PlayerStats]:
    """Return every player's figures over `matches`, by player id.

    Five queries, however many matches and deals: the matches, their counted deals and their
    ending deals, each grouped by who sat where; the illegal knocks; the winning streaks.
    Python only adds up one row per seating of two players.
    """
    matches = matches.order_by()
    stats: dict[int, PlayerStats] = {}
    seatings = matches.values(a=F("player_a"), b=F("player_b")).annotate(
        a_name=F("player_a__name"), b_name=F("player_b__name"), matches=Count("pk")
    )
    for row in seatings:
        for key in ("a", "b"):
            stats.setdefault(row[key], PlayerStats(row[key], row[f"{key}_name"]))
        stats[row["a"]].add(row)
        stats[row["b"]].add(row)
    if not stats:
        return stats
    seated = {"a": F("match__player_a"), "b": F("match__player_b")}
    per_seat = {
        f"seat{seat}_{name}": figure
        for seat in SEATS
        for name, figure in _seat_figures(seat).items()
    }
    deals = (
        counted_deals(matches)
        .order_by()
        .values(**seated)
        .annotate(
            deals=Count("pk"), draws=Count("pk", filter=Q(outcome=Deal.Outcome.DRAW)), **per_seat
        )
    )
    _by_seating(deals, stats)
    ending = ending_deals(matches)
    ends = (
        ending.order_by()
        .values(**seated)
        .annotate(
            finished=Count("pk"),
            seat0_matches_won=Count("pk", filter=Q(winner=0)),
            seat1_matches_won=Count("pk", filter=Q(winner=1)),
        )
    )
    _by_seating(ends, stats)
    for row in _illegal_knocks(matches):
        stats[row["player"]].add(row)
    for player, streak in longest_streaks(ending):
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


def longest_streaks(ending: QuerySet[Deal]) -> list[tuple[int, int]]:
    """Return (player id, longest run of matches won in a row) for players who won one.

    The matches are taken in the order they were started. Gaps and islands: in a player's
    results, a run of wins keeps the difference between the row's number among all results
    and its number among the wins.
    """
    ends = ending.order_by().values_list(
        "winner", "match_id", "match__created", "match__player_a", "match__player_b"
    )
    sql, params = ends.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            WITH ends (winner, match_id, created, player_a, player_b) AS ({sql}),
            results AS (
                SELECT CASE WHEN winner = 0 THEN player_a ELSE player_b END AS player,
                       match_id, created, 1 AS won
                FROM ends
                UNION ALL
                SELECT CASE WHEN winner = 0 THEN player_b ELSE player_a END,
                       match_id, created, 0
                FROM ends
            ),
            islands AS (
                SELECT player, won,
                       ROW_NUMBER() OVER (PARTITION BY player ORDER BY created, match_id)
                       - ROW_NUMBER() OVER (PARTITION BY player, won ORDER BY created, match_id)
                       AS island
                FROM results
            ),
            runs AS (
                SELECT player, island, COUNT(*) AS length
                FROM islands WHERE won = 1 GROUP BY player, island
            )
            SELECT player, MAX(length) FROM runs GROUP BY player
            """,
            params,  # the parameters of the ORM's inner query; nothing else is interpolated
        )
        return [(player, length) for player, length in cursor.fetchall()]


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
