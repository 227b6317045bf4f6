"""Draw the app's icons (static/img/icon-*.png) with Pillow: `manage.py draw_icons`.

The icons are committed; this command is how they were made, and makes them again after a
change of design. Two cards, as in static/img/icon.svg, on the site's green, in the stylesheet's
colours (`scorekeeper.offline.palette`); the maskable icon keeps them inside the middle 80%,
which every launcher's mask leaves whole.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from PIL import Image, ImageDraw

from scorekeeper.offline import palette
from scorekeeper.offline.drawing import font

# The palette's names (static/css/site.css), light: the icon is the site in daylight.
GREEN = "accent"
CARD = "card"
EDGE = "ink"
RED = "red"
SIZES = {"icon-192.png": (192, False), "icon-512.png": (512, False), "icon-180.png": (180, False),
         "icon-maskable-512.png": (512, True)}  # fmt: skip


def draw_icon(size: int, *, maskable: bool) -> Image.Image:
    """Return the icon at `size` px: full bleed when maskable, rounded corners otherwise."""
    big = size * 4  # drawn large, scaled down: smooth edges
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    green, card, edge, red = (palette.colour(name) for name in (GREEN, CARD, EDGE, RED))
    if maskable:
        draw.rectangle([0, 0, big, big], fill=green)
    else:
        draw.rounded_rectangle([0, 0, big - 1, big - 1], radius=big * 0.22, fill=green)
    # The cards fill the middle 64% (maskable: inside the safe circle of 80%).
    unit = big * (0.64 if maskable else 0.78) / 64
    left = (big - 54 * unit) / 2  # the two cards together are 54 by 60
    top = (big - 60 * unit) / 2
    line = max(2, round(3 * unit))
    for dx, dy in ((0, 0), (14, 6)):
        box = [left + dx * unit, top + dy * unit, left + (dx + 40) * unit, top + (dy + 54) * unit]
        draw.rounded_rectangle(box, radius=6 * unit, fill=card, outline=edge, width=line)
    heart = font(round(30 * unit), bold=True)
    draw.text((left + 34 * unit, top + 36 * unit), "♥", font=heart, fill=red, anchor="mm")
    spade = font(round(16 * unit), bold=True)
    draw.text((left + 22 * unit, top + 16 * unit), "♠", font=spade, fill=edge, anchor="mm")
    return image.resize((size, size), Image.Resampling.LANCZOS)


class Command(BaseCommand):
    help = "Draw the app icons into static/img/."

    def handle(self, *args, **options) -> None:
        folder = Path(settings.BASE_DIR) / "static" / "img"
        for name, (size, maskable) in SIZES.items():
            icon = draw_icon(size, maskable=maskable)
            # A palette keeps the file small; the edges stay smooth in 24 colours (looked at 2x).
            icon.quantize(colors=24, method=Image.Quantize.FASTOCTREE).save(
                folder / name, optimize=True
            )
            self.stdout.write(f"{name}: {(folder / name).stat().st_size} bytes")
