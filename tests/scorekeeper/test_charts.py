"""The score chart: an SVG whose points sit where the running totals say, with the target."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.urls import reverse

from adjudication import DealResult, play_match
from scorekeeper import charts
from scorekeeper.charts import (
    BOTTOM,
    GRID_COLOUR,
    LABEL_COLOUR,
    LEFT,
    RIGHT,
    SEAT_COLOURS,
    SVG_FRAME,
    TARGET_COLOUR,
    TOP,
    Frame,
    score_chart,
)

from .history_helpers import add_deals, draw, knock
from .match_helpers import create_match

SVG = "{http://www.w3.org/2000/svg}"
STYLESHEET = Path(__file__).resolve().parents[2] / "static" / "css" / "site.css"


def chart_svg(client, match, **headers) -> ET.Element:
    """Return the match page's chart, parsed as XML."""
    url = reverse("scorekeeper:match_history", args=[match.pk])
    body = client.get(url, **headers).content.decode()
    start = body.index('<svg class="score-chart"')
    return ET.fromstring(body[start : body.index("</svg>", start) + len("</svg>")])


def polyline(svg: ET.Element, seat: int) -> list[tuple[float, float]]:
    line = svg.find(f"{SVG}polyline[@data-seat='{seat}']")
    return [tuple(float(n) for n in pair.split(",")) for pair in line.get("points").split()]


def flat(points: list[tuple[float, float]]) -> list[float]:
    return [n for point in points for n in point]


def expected_y(total: int, top: int) -> float:
    return BOTTOM - (BOTTOM - TOP) * total / top


@pytest.fixture
def match(client, db):
    """Alice 25, a draw, Bob 40, Alice 75: Alice reaches the target 100 exactly."""
    match = create_match(client, "Alice", "Bob")
    add_deals(match, [knock(0, 25), draw(), knock(1, 40), knock(0, 75)])
    return match


def test_points_lie_on_the_running_totals(client, match):
    svg = chart_svg(client, match)
    step = (RIGHT - LEFT) / 4
    xs = [LEFT + step * deal for deal in range(5)]
    alice = [(x, expected_y(t, 100)) for x, t in zip(xs, [0, 25, 25, 25, 100], strict=True)]
    bob = [(x, expected_y(t, 100)) for x, t in zip(xs, [0, 0, 0, 40, 40], strict=True)]
    assert flat(polyline(svg, 0)) == pytest.approx(flat(alice), abs=0.01)
    assert flat(polyline(svg, 1)) == pytest.approx(flat(bob), abs=0.01)
    assert polyline(svg, 0)[0] == (LEFT, BOTTOM)


def test_target_line_is_drawn_across_at_the_target(client, match):
    svg = chart_svg(client, match)
    target = svg.find(f"{SVG}line[@class='chart-target']")
    assert target.get("data-target") == "100"
    assert (float(target.get("x1")), float(target.get("x2"))) == (LEFT, RIGHT)
    y = float(target.get("y1"))
    assert y == float(target.get("y2")) == pytest.approx(expected_y(100, 100), abs=0.01)
    # Alice's last total is exactly the target: her last point sits on the line.
    assert polyline(svg, 0)[-1][1] == pytest.approx(y)


def test_each_deal_has_a_dot_with_its_total(client, match):
    svg = chart_svg(client, match)
    dots = svg.findall(f"{SVG}g[@class='chart-dots chart-dots-1']/{SVG}circle")
    assert [(float(d.get("cx")), float(d.get("cy"))) for d in dots] == polyline(svg, 1)[1:]
    assert dots[2].find(f"{SVG}title").text == "Deal 3: Bob 40"


def test_scale_grows_past_the_target_and_the_line_stays_at_the_target(client, db):
    match = create_match(client, "Alice", "Bob")
    add_deals(match, [knock(1, 60), knock(1, 70)])  # Bob ends on 130
    svg = chart_svg(client, match)
    target_y = float(svg.find(f"{SVG}line[@class='chart-target']").get("y1"))
    assert target_y == pytest.approx(expected_y(100, 150), abs=0.01)
    assert polyline(svg, 1)[-1][1] == pytest.approx(expected_y(130, 150), abs=0.01)
    assert polyline(svg, 1)[-1][1] < target_y
    labels = [t.text for t in svg.findall(f"{SVG}g[@class='chart-axis']/{SVG}text")]
    assert labels[:4] == ["0", "50", "100", "150"]


def test_deals_after_the_end_are_left_out(client, match):
    add_deals(match, [knock(1, 50)])
    svg = chart_svg(client, match)
    assert len(polyline(svg, 1)) == 5 and polyline(svg, 1)[-1][1] == expected_y(40, 100)


def test_chart_has_a_title_and_no_inline_style(client, match):
    svg = chart_svg(client, match)
    assert svg.get("role") == "img"
    assert svg.find(f"{SVG}title").text == "Running totals"
    description = " ".join(svg.find(f"{SVG}desc").text.split())
    assert description == "After 4 deals: Alice 100, Bob 40. Target 100."
    assert all("style" not in element.attrib for element in svg.iter())


def test_coordinates_are_not_localised(client, match):
    # Finnish writes 113,5 for 113.5; SVG needs the dot.
    svg = chart_svg(client, match, HTTP_ACCEPT_LANGUAGE="fi")
    dot = svg.find(f"{SVG}g[@class='chart-dots chart-dots-0']/{SVG}circle")
    assert (dot.get("cx"), dot.get("cy")) == ("113.5", "148.5")


def test_chart_of_a_match_without_deals_is_flat_at_zero(client, db):
    svg = chart_svg(client, create_match(client))
    assert polyline(svg, 0) == [(LEFT, BOTTOM)]


def test_score_chart_ticks_number_the_deals_sparingly():
    results = [DealResult(seat % 2, 3) for seat in range(40)]
    chart = score_chart(play_match(0, results), 100, ("A", "B"))
    assert [tick.label for tick in chart.deal_ticks] == [5, 10, 15, 20, 25, 30, 35, 40]
    assert chart.deal_ticks[-1].at == charts.x_of(40, 40) == RIGHT


def share(value: float, low: float, high: float) -> float:
    """Return where `value` lies between `low` (0) and `high` (1)."""
    return (value - low) / (high - low)


def test_a_chart_placed_in_another_frame_keeps_its_figures_and_their_places():
    results = [DealResult(0, 25), DealResult(1, 40), DealResult(0, 30), DealResult(1, 50)]
    chart = score_chart(play_match(0, results), 100, ("Alice", "Bob"))
    frame = Frame(1596, 1302, 192, 1524, 72, 1146, score_gap=36, deal_gap=63)
    placed = chart.placed(frame)
    assert placed.frame == frame and (frame.score_label_x, frame.deal_label_y) == (156, 1209)
    assert (placed.target, placed.top_score, placed.deals) == (100, chart.top_score, 4)
    assert [s.name for s in placed.series] == ["Alice", "Bob"]
    for ours, theirs in zip(chart.series, placed.series, strict=True):
        assert [(p.deal, p.total) for p in theirs.points] == [
            (p.deal, p.total) for p in ours.points
        ]
        for a, b in zip(ours.points, theirs.points, strict=True):
            assert share(b.x, frame.left, frame.right) == pytest.approx(
                share(a.x, LEFT, RIGHT), abs=1e-4
            )
            assert share(b.y, frame.bottom, frame.top) == pytest.approx(
                share(a.y, BOTTOM, TOP), abs=1e-4
            )
    assert [t.label for t in placed.score_ticks] == [t.label for t in chart.score_ticks]
    assert [t.label for t in placed.deal_ticks] == [t.label for t in chart.deal_ticks]
    assert placed.target_y == frame.y(100, chart.top_score)
    assert placed.score_ticks[-1].at == frame.top and placed.deal_ticks[-1].at == frame.right
    # Placed back in the SVG's frame, it is the chart the scoreboard draws.
    assert placed.placed(SVG_FRAME) == chart


def rule(css: str, selector: str) -> str:
    """Return the declarations of the stylesheet's rule for `selector`."""
    found = re.search(rf"^{re.escape(selector)}\s*\{{([^}}]*)\}}", css, re.MULTILINE)
    assert found, f"no rule for {selector}"
    return found[1]


def test_the_stylesheet_draws_the_chart_in_the_colours_the_picture_does():
    css = STYLESHEET.read_text(encoding="utf-8")
    for seat, name in enumerate(SEAT_COLOURS):
        assert f"stroke: var(--{name});" in rule(css, f".chart-line-{seat}")
        assert f"fill: var(--{name});" in rule(css, f".chart-dots-{seat} circle")
    assert f"stroke: var(--{TARGET_COLOUR});" in rule(css, ".chart-target")
    assert f"stroke: var(--{GRID_COLOUR});" in rule(css, ".chart-grid line")
    assert f"fill: var(--{LABEL_COLOUR});" in rule(css, ".score-chart text")


def test_a_hollywood_chart_follows_one_game_and_names_it(client, db):
    """Not the three games summed against one game's target: the game still open (G2 here,
    after Ann's 60 and 50 ended G1), and the last once all have ended."""
    from .hollywood_helpers import SETTLED, SETTLED_RULES, visible_hollywood_match

    match = visible_hollywood_match(client, "Ann", "Ben", SETTLED[:3], **SETTLED_RULES)
    svg = chart_svg(client, match)
    top = 100  # G2's totals (Ann 50, Ben 30) stay under the target
    assert [y for _x, y in polyline(svg, 0)] == pytest.approx(
        [expected_y(t, top) for t in (0, 0, 50, 50)], abs=0.01
    )
    assert [y for _x, y in polyline(svg, 1)] == pytest.approx(
        [expected_y(t, top) for t in (0, 0, 0, 30)], abs=0.01
    )
    page = client.get(reverse("scorekeeper:match_history", args=[match.pk])).content.decode()
    assert "Running totals · G2</title>" in page and "G2 · target 100" in page
    add_deals(match, [knock(winner, points) for winner, points in SETTLED[3:]])
    page = client.get(reverse("scorekeeper:match_history", args=[match.pk])).content.decode()
    assert "Running totals · G3</title>" in page and "G3 · target 100" in page


def test_the_result_pictures_key_names_the_game_its_chart_follows():
    from adjudication import Rules
    from scorekeeper.offline.results import target_label
    from scorekeeper.standing import Standing

    sheet = Standing.of_results(0, [DealResult(0, 100)], Rules(hollywood=True))
    assert target_label(sheet, 100) == "G2 · target 100"
    single = Standing.of_results(0, [DealResult(0, 100)], Rules())
    assert target_label(single, 100) == "target 100"
