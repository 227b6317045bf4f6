"""The palette is written once, in the stylesheet: what the server draws reads it from there.

A colour changed in a copy of static/css/site.css shows through in the result picture, the
icons, the manifest and the theme-colour tags; and no other source file writes a colour out.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from django.urls import reverse
from PIL import Image

from adjudication import DealResult, play_match
from scorekeeper.charts import score_chart
from scorekeeper.offline import palette, pwa
from scorekeeper.offline.drawing import ResultPicture, draw_result
from scorekeeper.offline.management.commands.draw_icons import GREEN, draw_icon

ROOT = Path(__file__).resolve().parents[2]
STYLESHEET = ROOT / "static" / "css" / "site.css"
HEX = re.compile(r"#[0-9a-fA-F]{3,8}\b")
# Colours that are not the site's, on purpose: a QR code is read dark on light in either theme.
NOT_THE_PALETTE = {("scorekeeper/views/share.py", "#000"), ("scorekeeper/views/share.py", "#fff")}
# The one reader of the stylesheet; its doctest parses a made-up one.
READER = "scorekeeper/offline/palette.py"


def recoloured(css: str, theme: str, name: str, value: str) -> str:
    """Return the stylesheet `css` with the colour `--name` of `theme` set to `value`."""
    dark = css.index("prefers-color-scheme: dark")
    start, end = (0, dark) if theme == "light" else (dark, len(css))
    part, count = re.subn(rf"(--{name}:\s*)#[0-9a-fA-F]+;", rf"\g<1>{value};", css[start:end])
    assert count == 1, f"--{name} is not a colour of the {theme} palette"
    return css[:start] + part + css[end:]


@pytest.fixture
def changed(monkeypatch) -> dict[str, dict[str, str]]:
    """Recolour a copy of the stylesheet (the background, the panel, the green) and make it
    the site's palette; return the new palettes."""
    css = STYLESHEET.read_text(encoding="utf-8")
    for name, light, dark in (
        ("bg", "#102030", "#302010"),
        ("panel", "#405060", "#605040"),
        ("accent", "#708090", "#908070"),
    ):
        css = recoloured(recoloured(css, "light", name, light), "dark", name, dark)
    palettes = palette.read_palettes(css)
    monkeypatch.setattr(palette, "PALETTES", palettes)
    return palettes


def rgb(value: str) -> tuple[int, int, int]:
    return tuple(int(value[i : i + 2], 16) for i in (1, 3, 5))


def test_the_palettes_are_the_stylesheets_custom_properties():
    css = STYLESHEET.read_text(encoding="utf-8")
    light = dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-f]+);", css[: css.index("@media")]))
    assert palette.PALETTES["light"] == light
    assert set(palette.PALETTES["dark"]) == set(light)
    # Dark writes every colour of its own: none is light's left over.
    dark_root = css[css.index("prefers-color-scheme: dark") :].split("}")[0]
    assert set(re.findall(r"--([a-z-]+):\s*#", dark_root)) == set(light)


def test_a_colour_changed_in_the_stylesheet_changes_only_that_colour():
    css = recoloured(STYLESHEET.read_text(encoding="utf-8"), "dark", "blue", "#abcdef")
    palettes = palette.read_palettes(css)
    assert palettes["dark"]["blue"] == "#abcdef"
    assert palettes["light"] == palette.PALETTES["light"]
    others = {name: value for name, value in palettes["dark"].items() if name != "blue"}
    assert others == {n: v for n, v in palette.PALETTES["dark"].items() if n != "blue"}


def test_a_stylesheet_without_its_dark_palette_is_refused():
    with pytest.raises(ValueError, match="dark"):
        palette.read_palettes(":root { --bg: #fff; }")


@pytest.mark.parametrize("theme", palette.THEMES)
def test_the_result_picture_is_drawn_in_the_stylesheets_colours(changed, theme):
    chart = score_chart(play_match(0, [DealResult(0, 30)]), 100, ("Alice", "Bob"))
    picture = ResultPicture(
        "Oklahoma Gin", "2 December 2026", ("Alice", "Bob"), (30, 0), None, "winner",
        "In progress: 30–0", "1 deal · played to 100 points", "target 100", chart,
    )  # fmt: skip
    image = Image.open(io.BytesIO(draw_result(picture, theme))).convert("RGB")
    assert image.getpixel((5, 5)) == rgb(changed[theme]["bg"])
    assert image.getpixel((300, 140)) == rgb(changed[theme]["panel"])  # a player's panel
    assert image.getpixel((96, 176)) == rgb(changed[theme]["accent"])  # the first player's line


def test_the_icons_are_drawn_in_the_stylesheets_green(changed):
    icon = draw_icon(512, maskable=True)
    assert icon.getpixel((2, 2))[:3] == rgb(changed["light"][GREEN])


def test_the_manifest_and_the_theme_colour_tags_follow_the_stylesheet(client, db, changed):
    manifest = json.loads(client.get(reverse("offline:manifest")).content)
    assert manifest["background_color"] == changed["light"][pwa.BACKGROUND]
    assert manifest["theme_color"] == changed["light"][pwa.THEME]
    body = client.get(reverse("scorekeeper:home")).content.decode()
    for theme in palette.THEMES:
        expected = changed[theme][pwa.THEME]
        media = f"(prefers-color-scheme: {theme})"
        assert f'<meta name="theme-color" media="{media}" content="{expected}">' in body


def test_no_source_file_writes_a_colour_the_stylesheet_holds():
    found = {
        (path.relative_to(ROOT).as_posix(), colour)
        for folder, pattern in (("scorekeeper", "*.py"), ("templates", "*.html"))
        for path in sorted((ROOT / folder).rglob(pattern))
        if path.relative_to(ROOT).as_posix() != READER
        for colour in HEX.findall(path.read_text(encoding="utf-8"))
    }
    assert found == NOT_THE_PALETTE
