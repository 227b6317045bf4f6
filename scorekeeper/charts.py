"""The score chart of a match: both running totals deal by deal, and the target line.

Pure geometry from the engine's `MatchState`, worked out once (`lay_out`) and placed in a
`Frame`: the renderers only turn it into marks. The template `_score_chart.html` draws it as an
inline SVG whose colours come from the stylesheet, so that it follows dark mode and the CSP (no
inline styles); the result picture (`offline/drawing.py`) draws the same chart, placed in its
own panel, with Pillow, in the same colours by name.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
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
# The palette's names (static/css/site.css) the chart is drawn in: each seat's line and dots,
# the target line, the grid and the labels. The stylesheet's chart rules name the same
# (tests/scorekeeper/test_charts.py checks), and the result picture draws in these.
SEAT_COLOURS = ("accent", "blue")
TARGET_COLOUR = "danger"
GRID_COLOUR = "line"
LABEL_COLOUR = "muted"


@dataclass(frozen=True)
class Frame:
    """Where a chart is drawn, in its renderer's units: the whole size, the plot's edges, and
    where the labels sit. A score label ends `score_gap` left of the plot, level with its grid
    line; a deal number is centred under its deal, its baseline `deal_gap` below the plot."""

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    score_gap: int
    deal_gap: int

    def x(self, deal: int, deals: int) -> float:
        """Return the x of deal number `deal` (0 is the start) in a chart of `deals` deals."""
        return round(self.left + (self.right - self.left) * deal / max(deals, 1), 2)

    def y(self, total: int, top_score: int) -> float:
        """Return the y of a total on a score axis running from 0 up to `top_score`."""
        return round(self.bottom - (self.bottom - self.top) * total / top_score, 2)

    @property
    def score_label_x(self) -> int:
        """Return the x where the score labels end."""
        return self.left - self.score_gap

    @property
    def deal_label_y(self) -> int:
        """Return the y of the deal numbers' baseline."""
        return self.bottom + self.deal_gap


SVG_FRAME = Frame(WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM, score_gap=5, deal_gap=16)


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
    """Everything a renderer draws, placed in `frame`."""

    series: tuple[Series, Series]
    target: int
    target_y: float
    top_score: int
    score_ticks: tuple[Tick, ...]
    deal_ticks: tuple[Tick, ...]
    deals: int
    frame: Frame = SVG_FRAME

    def placed(self, frame: Frame) -> ScoreChart:
        """Return the same chart placed in `frame` (another renderer's panel)."""
        seats = zip(*(series.points for series in self.series), strict=True)
        totals = [(a.total, b.total) for a, b in seats]
        return lay_out(totals, [series.name for series in self.series], self.target, frame)


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
    """Return the x of deal number `deal` (0 is the start) in the SVG of `deals` deals."""
    return SVG_FRAME.x(deal, deals)


def score_chart(
    state: MatchState, target: int, names: Sequence[str], game: int | None = None
) -> ScoreChart:
    """Return the chart of the counted deals of a match played to `target`: its totals, or with
    `game` (1-based, on a Hollywood sheet) that game's totals after each deal.

    >>> from adjudication import DEFAULT_RULES, DealResult
    >>> from scorekeeper.standing import Standing
    >>> standing = Standing.of_results(0, [DealResult(0, 30), DealResult(1, 75)], DEFAULT_RULES)
    >>> chart = score_chart(standing.state, 100, "AB")
    >>> [(p.deal, p.total) for p in chart.series[1].points], chart.top_score
    ([(0, 0), (1, 0), (2, 75)], 100)

    On a Hollywood sheet, one game's lines (a deal that went into another game leaves them flat):

    >>> from adjudication import Rules
    >>> three = Rules(hollywood=True)
    >>> sheet = Standing.of_results(0, [DealResult(0, 30), DealResult(0, 20)], three)
    >>> [p.total for p in score_chart(sheet.state, 100, "AB", game=2).series[0].points]
    [0, 0, 20]
    """
    lines = [line for line in state.lines if line.counted]
    if game is not None:
        totals = [line.game_totals[game - 1] for line in lines]
    else:
        totals = [line.totals for line in lines]
    return lay_out([(0, 0), *totals], names, target, SVG_FRAME)


def lay_out(
    totals: Sequence[tuple[int, int]], names: Iterable[object], target: int, frame: Frame
) -> ScoreChart:
    """Return the chart of the running `totals` (the start's (0, 0), then one pair a deal) of
    two players `names` in a match played to `target`, placed in `frame`: the score scale (up
    to the target or past it, in round steps), the points, the grid and the deal numbers."""
    deals = len(totals) - 1
    highest = max([target, *(max(pair) for pair in totals)])
    step = _step(highest, SCORE_STEPS, 5)
    top_score = step * math.ceil(highest / step)
    labels = [str(name) for name in names]
    series = tuple(
        Series(
            seat=seat,
            name=labels[seat],
            points=tuple(
                Point(deal, pair[seat], frame.x(deal, deals), frame.y(pair[seat], top_score))
                for deal, pair in enumerate(totals)
            ),
        )
        for seat in (0, 1)
    )
    deal_step = _step(deals, DEAL_STEPS, 8)
    return ScoreChart(
        series=(series[0], series[1]),
        target=target,
        target_y=frame.y(target, top_score),
        top_score=top_score,
        score_ticks=tuple(
            Tick(frame.y(score, top_score), score) for score in range(0, top_score + 1, step)
        ),
        deal_ticks=tuple(
            Tick(frame.x(deal, deals), deal) for deal in range(deal_step, deals + 1, deal_step)
        ),
        deals=deals,
        frame=frame,
    )
