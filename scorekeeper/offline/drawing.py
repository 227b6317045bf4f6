"""The result of a match as a PNG: the score, the winner and the score chart.

Drawn with Pillow and the DejaVu Sans fonts kept beside this module (fonts/, with their
licence), so that every language's letters and the suit signs are there, on any server. The
chart is the scoreboard's own (`scorekeeper.charts.score_chart`): its points are placed again in
the picture's panel, not its SVG.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from scorekeeper.charts import ScoreChart

WIDTH, HEIGHT = 1200, 630  # what link previews show without cropping
FONTS = Path(__file__).resolve().parent / "fonts"
CHART_BOX = (620, 132, 1152, 566)  # the chart panel: left, top, right, bottom
SUPERSAMPLE = 3  # the chart's lines are drawn this much larger, then scaled down: smooth

# The stylesheet's palettes (static/css/site.css), so the picture looks like the site.
PALETTES = {
    "light": {
        "bg": "#f4f1ea",
        "panel": "#ffffff",
        "ink": "#1d1d1f",
        "muted": "#5b5b63",
        "line": "#d6d2c8",
        "accent": "#0b6e4f",
        "blue": "#1f4fb4",
        "danger": "#b3261e",
        "red": "#c62828",
    },
    "dark": {
        "bg": "#121417",
        "panel": "#1c1f24",
        "ink": "#f1f1f3",
        "muted": "#a8abb3",
        "line": "#343a42",
        "accent": "#3fbf8f",
        "blue": "#7fa8ff",
        "danger": "#ff8a80",
        "red": "#ff6b6b",
    },
}


@dataclass(frozen=True)
class ResultPicture:
    """What the picture says, already in the reader's language."""

    title: str
    date: str
    names: tuple[str, str]
    scores: tuple[int, int]
    winner: int | None
    winner_badge: str
    headline: str
    detail: str
    target_label: str
    chart: ScoreChart


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


def draw_chart(picture: ResultPicture, colours: dict[str, str]) -> Image.Image:
    """Return the chart panel, drawn large and scaled down to its place."""
    chart = picture.chart
    left, top, right, bottom = CHART_BOX
    width, height = right - left, bottom - top
    s = SUPERSAMPLE
    panel = Image.new("RGB", (width * s, height * s), colours["panel"])
    draw = ImageDraw.Draw(panel)
    pad_left, pad_right, pad_top, pad_bottom = 64, 24, 24, 52
    plot = (pad_left * s, pad_top * s, (width - pad_right) * s, (height - pad_bottom) * s)

    def place(x: float, y: float) -> tuple[float, float]:
        """Map a point of the SVG chart's space into this panel's plot."""
        px = (x - chart.left) / (chart.right - chart.left)
        py = (y - chart.top) / (chart.bottom - chart.top)
        return plot[0] + px * (plot[2] - plot[0]), plot[1] + py * (plot[3] - plot[1])

    small = font(22 * s)
    for tick in chart.score_ticks:
        _x, y = place(chart.left, tick.at)
        draw.line([(plot[0], y), (plot[2], y)], fill=colours["line"], width=2 * s)
        label = str(tick.label)
        draw.text((plot[0] - 12 * s, y), label, font=small, fill=colours["muted"], anchor="rm")
    for tick in chart.deal_ticks:
        x, _y = place(tick.at, chart.bottom)
        draw.text(
            (x, plot[3] + 14 * s), str(tick.label), font=small, fill=colours["muted"], anchor="mt"
        )
    target_y = place(chart.left, chart.target_y)[1]
    dashed(
        draw, [(plot[0], target_y), (plot[2], target_y)], colours["danger"], 3 * s, 14 * s, 10 * s
    )
    lines = (("accent", None), ("blue", (18 * s, 8 * s)))
    for series, (colour, dash) in zip(chart.series, lines, strict=True):
        points = [place(p.x, p.y) for p in series.points]
        if dash is None:
            draw.line(points, fill=colours[colour], width=6 * s, joint="curve")
        else:
            dashed(draw, points, colours[colour], 6 * s, *dash)
        x, y = points[-1]
        radius = 8 * s
        draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=colours[colour])
    return panel.resize((width, height), Image.Resampling.LANCZOS)


def rounded_panel(image: Image.Image, box: tuple[int, int, int, int], colours: dict) -> None:
    """Draw a panel like the site's: rounded, with a thin border."""
    ImageDraw.Draw(image).rounded_rectangle(
        box, radius=18, fill=colours["panel"], outline=colours["line"], width=2
    )


def draw_result(picture: ResultPicture, theme: str) -> bytes:
    """Return the picture as PNG bytes, in the `theme` ("light" or "dark") palette."""
    colours = PALETTES[theme]
    image = Image.new("RGB", (WIDTH, HEIGHT), colours["bg"])
    draw = ImageDraw.Draw(image)

    # The brand line, and the day the match was played.
    draw.text((48, 40), "♠", font=font(40, bold=True), fill=colours["ink"])
    draw.text((80, 40), "♥", font=font(40, bold=True), fill=colours["red"])
    draw.text((128, 44), picture.title, font=font(34, bold=True), fill=colours["ink"])
    draw.text((1152, 58), picture.date, font=font(26), fill=colours["muted"], anchor="rm")

    # The two players: a line of their colour, the name and the score.
    line_colours = ("accent", "blue")
    for seat in (0, 1):
        top = 132 + seat * 170
        rounded_panel(image, (48, top, 588, top + 150), colours)
        y = top + 44
        if seat == 0:
            draw.line([(76, y), (116, y)], fill=colours[line_colours[seat]], width=6)
        else:
            dashed(draw, [(76, y), (116, y)], colours[line_colours[seat]], 6, 12, 6)
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
        draw, [(CHART_BOX[0] + 4, key_y), (CHART_BOX[0] + 40, key_y)], colours["danger"], 3, 10, 7
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
