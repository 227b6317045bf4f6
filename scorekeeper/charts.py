"""The score chart of a match: both running totals deal by deal, and the target line.

Pure geometry from the engine's `MatchState`; the template `_score_chart.html` draws it as an
inline SVG whose colours come from the stylesheet, so that it follows dark mode and the CSP
(no inline styles).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from adjudication import MatchState

WIDTH = 360
HEIGHT = 220
LEFT = 36  # room for the score labels
RIGHT = WIDTH - 14
TOP = 12
BOTTOM = HEIGHT - 26  # room for the deal numbers
SCORE_STEPS = (10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000)
DEAL_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000)


@dataclass(frozen=True)
class Point:
    """One player's total after deal `deal` (deal 0: the start), at (x, y) in the chart."""

    deal: int
    total: int
    x: float
    y: float


@dataclass(frozen=True)
class Series:
    """One player's line."""

    seat: int
    name: str
    points: tuple[Point, ...]

    @property
    def polyline(self) -> str:
        """Return the points as an SVG `points` attribute."""
        return " ".join(f"{_num(p.x)},{_num(p.y)}" for p in self.points)

    @property
    def last(self) -> Point:
        """Return the point of the last deal."""
        return self.points[-1]


@dataclass(frozen=True)
class Tick:
    """A labelled grid position on one axis."""

    at: float
    label: int


@dataclass(frozen=True)
class ScoreChart:
    """Everything the SVG template draws."""

    series: tuple[Series, Series]
    target: int
    target_y: float
    top_score: int
    score_ticks: tuple[Tick, ...]
    deal_ticks: tuple[Tick, ...]
    deals: int
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = RIGHT
    top: int = TOP
    bottom: int = BOTTOM


def _num(value: float) -> str:
    """Return a coordinate with at most two decimals and no trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _step(span: int, steps: Sequence[int], most: int) -> int:
    """Return the smallest step from `steps` that cuts `span` into at most `most` parts."""
    for step in steps:
        if span <= step * most:
            return step
    return steps[-1] * math.ceil(span / (steps[-1] * most))


def x_of(deal: int, deals: int) -> float:
    """Return the x of deal number `deal` (0 is the start) in a chart of `deals` deals."""
    return round(LEFT + (RIGHT - LEFT) * deal / max(deals, 1), 2)


def y_of(total: int, top_score: int) -> float:
    """Return the y of a total on a score axis running from 0 up to `top_score`."""
    return round(BOTTOM - (BOTTOM - TOP) * total / top_score, 2)


def score_chart(state: MatchState, target: int, names: Sequence[str]) -> ScoreChart:
    """Return the chart of the counted deals of a match played to `target`.

    >>> from adjudication import DealResult, play_match
    >>> chart = score_chart(play_match(0, [DealResult(0, 30), DealResult(1, 75)]), 100, "AB")
    >>> [(p.deal, p.total) for p in chart.series[1].points], chart.top_score
    ([(0, 0), (1, 0), (2, 75)], 100)
    """
    lines = [line for line in state.lines if line.counted]
    deals = len(lines)
    highest = max([target, *(max(line.totals) for line in lines)])
    step = _step(highest, SCORE_STEPS, 5)
    top_score = step * math.ceil(highest / step)
    totals = [(0, 0), *(line.totals for line in lines)]
    series = tuple(
        Series(
            seat=seat,
            name=str(names[seat]),
            points=tuple(
                Point(deal, pair[seat], x_of(deal, deals), y_of(pair[seat], top_score))
                for deal, pair in enumerate(totals)
            ),
        )
        for seat in (0, 1)
    )
    deal_step = _step(deals, DEAL_STEPS, 8)
    return ScoreChart(
        series=(series[0], series[1]),
        target=target,
        target_y=y_of(target, top_score),
        top_score=top_score,
        score_ticks=tuple(
            Tick(y_of(score, top_score), score) for score in range(0, top_score + 1, step)
        ),
        deal_ticks=tuple(
            Tick(x_of(deal, deals), deal) for deal in range(deal_step, deals + 1, deal_step)
        ),
        deals=deals,
    )
