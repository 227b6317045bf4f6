"""The result of a match as a PNG: the score, the winner and the score chart.

Drawn with Pillow and the DejaVu Sans fonts kept beside this module (fonts/, with their
licence), so that every language's letters and the suit signs are there, on any server. The
chart is the scoreboard's own (`scorekeeper.charts.score_chart`), placed again by the same
geometry in the picture's panel (`chart_frame`); this module only draws it. The colours are the
stylesheet's, looked up by name in `palette`, so the picture looks like the site.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from scorekeeper.charts import (
    GRID_COLOUR,
    LABEL_COLOUR,
    SEAT_COLOURS,
    TARGET_COLOUR,
    Frame,
    ScoreChart,
)

from . import palette

WIDTH, HEIGHT = 1200, 630  # what link previews show without cropping
FONTS = Path(__file__).resolve().parent / "fonts"
CHART_BOX = (620, 132, 1152, 566)  # the chart panel: left, top, right, bottom
SUPERSAMPLE = 3  # the chart's lines are drawn this much larger, then scaled down: smooth
CHART_TEXT = 22  # px: the chart's labels
SEAT_DASHES = (None, (18, 8))  # px: the second seat's line is dashed, as on the site


@dataclass(frozen=True)
class ResultPicture:
    """What the picture says, already in the reader's language."""

    title: str
    date: str
    names: tuple[str, str]
    scores: tuple[int | str, int | str]  # the score, or with Hollywood the net
    winner: int | None
    winner_badge: str
    headline: str
    detail: str
    target_label: str
    chart: ScoreChart
    games: str = ""  # a Hollywood sheet's three games on one line; "" for a single game


@cache
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Return DejaVu Sans (or its bold) at `size` pixels, loaded once."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


def fit(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """Return `text`, cut short with an ellipsis where it is wider than `width`."""
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fitted(
    text: str, width: float, sizes: range, *, bold: bool = False
) -> tuple[str, ImageFont.FreeTypeFont]:
    """Return `text` in the largest of `sizes` in which it fits `width` (cut short in the
    smallest when none does), with that font."""
    for size in sizes:
        face = font(size, bold=bold)
        if face.getlength(text) <= width:
            return text, face
    return fit(text, face, width), face


def dashed(
    draw: ImageDraw.ImageDraw,
    points: list[tuple[float, float]],
    fill: str,
    width: int,
    dash: float,
    gap: float,
) -> None:
    """Draw a polyline as dashes of `dash` with `gap` between them, across its corners."""
    on, left = True, dash
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        done = 0.0
        while done < length:
            step = min(left, length - done)
            if on:
                a, b = done / length, (done + step) / length
                start = (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a)
                end = (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)
                draw.line([start, end], fill=fill, width=width)
            done += step
            left -= step
            if left <= 0:
                on = not on
                left = dash if on else gap


@cache
def chart_frame() -> Frame:
    """Return where the chart is placed in its panel, in the panel's supersampled pixels."""
    left, top, right, bottom = CHART_BOX
    width, height = right - left, bottom - top
    s = SUPERSAMPLE
    # The deal numbers hang 14 px under the plot: their baseline is a line of text lower.
    ascent, _descent = font(CHART_TEXT * s).getmetrics()
    return Frame(
        width=width * s,
        height=height * s,
        left=64 * s,
        right=(width - 24) * s,
        top=24 * s,
        bottom=(height - 52) * s,
        score_gap=12 * s,
        deal_gap=14 * s + ascent,
    )


def draw_chart(picture: ResultPicture, colours: dict[str, str]) -> Image.Image:
    """Return the chart panel, drawn large and scaled down to its place."""
    chart = picture.chart.placed(chart_frame())
    frame, s = chart.frame, SUPERSAMPLE
    panel = Image.new("RGB", (frame.width, frame.height), colours["panel"])
    draw = ImageDraw.Draw(panel)
    small, muted = font(CHART_TEXT * s), colours[LABEL_COLOUR]
    for tick in chart.score_ticks:
        grid = [(frame.left, tick.at), (frame.right, tick.at)]
        draw.line(grid, fill=colours[GRID_COLOUR], width=2 * s)
        place = (frame.score_label_x, tick.at)
        draw.text(place, str(tick.label), font=small, fill=muted, anchor="rm")
    for tick in chart.deal_ticks:
        place = (tick.at, frame.deal_label_y)
        draw.text(place, str(tick.label), font=small, fill=muted, anchor="ms")
    target = [(frame.left, chart.target_y), (frame.right, chart.target_y)]
    dashed(draw, target, colours[TARGET_COLOUR], 3 * s, 14 * s, 10 * s)
    for series, name, dash in zip(chart.series, SEAT_COLOURS, SEAT_DASHES, strict=True):
        points = [(p.x, p.y) for p in series.points]
        if dash is None:
            draw.line(points, fill=colours[name], width=6 * s, joint="curve")
        else:
            dashed(draw, points, colours[name], 6 * s, dash[0] * s, dash[1] * s)
        x, y, radius = series.last.x, series.last.y, 8 * s
        draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=colours[name])
    return panel.resize((frame.width // s, frame.height // s), Image.Resampling.LANCZOS)


def rounded_panel(image: Image.Image, box: tuple[int, int, int, int], colours: dict) -> None:
    """Draw a panel like the site's: rounded, with a thin border."""
    ImageDraw.Draw(image).rounded_rectangle(
        box, radius=18, fill=colours["panel"], outline=colours["line"], width=2
    )


def draw_result(picture: ResultPicture, theme: str) -> bytes:
    """Return the picture as PNG bytes, in the `theme` ("light" or "dark") palette."""
    colours = palette.colours(theme)
    image = Image.new("RGB", (WIDTH, HEIGHT), colours["bg"])
    draw = ImageDraw.Draw(image)

    # The brand line, and the day the match was played.
    draw.text((48, 40), "♠", font=font(40, bold=True), fill=colours["ink"])
    draw.text((80, 40), "♥", font=font(40, bold=True), fill=colours["red"])
    draw.text((128, 44), picture.title, font=font(34, bold=True), fill=colours["ink"])
    draw.text((1152, 58), picture.date, font=font(26), fill=colours["muted"], anchor="rm")

    # The two players: a line of their colour, the name and the score.
    for seat in (0, 1):
        top = 132 + seat * 170
        rounded_panel(image, (48, top, 588, top + 150), colours)
        y = top + 44
        if seat == 0:
            draw.line([(76, y), (116, y)], fill=colours[SEAT_COLOURS[seat]], width=6)
        else:
            dashed(draw, [(76, y), (116, y)], colours[SEAT_COLOURS[seat]], 6, 12, 6)
        badge = picture.winner_badge if picture.winner == seat else ""
        badge_width = font(24, bold=True).getlength(badge) + 24 if badge else 0
        # The name ends 16 px before the badge, or at the panel's padding.
        room = 560 - 132 - (badge_width + 16 if badge else 0)
        name, name_font = fitted(picture.names[seat], room, range(34, 25, -2), bold=True)
        draw.text((132, y), name, font=name_font, fill=colours["ink"], anchor="lm")
        if badge:
            box = (560 - badge_width, y - 20, 560, y + 20)
            draw.rounded_rectangle(box, radius=20, fill=colours["accent"])
            draw.text(
                (box[0] + 12, y),
                badge,
                font=font(24, bold=True),
                fill=colours["panel"],
                anchor="lm",
            )
        draw.text(
            (76, top + 134),
            str(picture.scores[seat]),
            font=font(76, bold=True),
            fill=colours["ink"],
            anchor="ls",
        )

    # What it came to, and how far the match went.
    headline, headline_font = fitted(picture.headline, 560, range(36, 23, -2), bold=True)
    draw.text((48, 506), headline, font=headline_font, fill=colours["ink"], anchor="ls")
    detail_font = font(26)
    draw.text(
        (48, 552),
        fit(picture.detail, detail_font, 560),
        font=detail_font,
        fill=colours["muted"],
        anchor="ls",
    )
    if picture.games:
        draw.text(
            (48, 598),
            fit(picture.games, detail_font, 560),
            font=detail_font,
            fill=colours["ink"],
            anchor="ls",
        )

    # The chart, in a panel of its own, with its key under it.
    rounded_panel(
        image, (CHART_BOX[0] - 2, CHART_BOX[1] - 2, CHART_BOX[2] + 2, CHART_BOX[3] + 2), colours
    )
    chart = draw_chart(picture, colours)
    corners = Image.new("L", chart.size, 0)
    ImageDraw.Draw(corners).rounded_rectangle([0, 0, *chart.size], radius=16, fill=255)
    image.paste(chart, CHART_BOX[:2], corners)
    key_y = 596
    dashed(
        draw,
        [(CHART_BOX[0] + 4, key_y), (CHART_BOX[0] + 40, key_y)],
        colours[TARGET_COLOUR],
        3,
        10,
        7,
    )
    draw.text(
        (CHART_BOX[0] + 52, key_y),
        picture.target_label,
        font=font(24),
        fill=colours["muted"],
        anchor="lm",
    )

    # A palette of 96 colours keeps anti-aliased edges smooth at a third of the size.
    quantised = image.quantize(colors=96, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    quantised.save(out, "PNG", optimize=True)
    return out.getvalue()
