"""The site's colours, read from the stylesheet: what the server draws looks like the pages.

The palette is written once, as the colour custom properties of static/css/site.css (`--name:
#hex;`), light in its first `:root` and dark in the `:root` under `prefers-color-scheme: dark`.
The result picture, the icons, the manifest and the theme-colour tags look their colours up
here by those names, so a colour changed in the stylesheet changes everywhere. The file is read
once, when this module is imported (a new deploy starts new processes).
"""

from __future__ import annotations

import re

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage

STYLESHEET = "css/site.css"
THEMES = ("light", "dark")
_ROOT = re.compile(r":root\s*\{(?P<body>[^}]*)\}")
_DARK = re.compile(r"@media\s*\(\s*prefers-color-scheme:\s*dark\s*\)\s*\{")
_COLOUR = re.compile(r"--(?P<name>[a-z][a-z0-9-]*)\s*:\s*(?P<value>#[0-9a-fA-F]{3,8})\s*;")

Palette = dict[str, str]


def read_palettes(css: str) -> dict[str, Palette]:
    """Return the light and the dark palette of a stylesheet: each colour custom property
    (`--name: #hex;`) by its name without the dashes.

    The light palette is the first `:root` rule; the dark one is the light one overridden by
    the `:root` rule inside `@media (prefers-color-scheme: dark)`. Raises ValueError when the
    stylesheet has either rule missing.

    >>> css = ":root { --bg: #fff; --tap: 44px; } @media (prefers-color-scheme: dark) "
    >>> css += "{ :root { --bg: #000; } }"
    >>> read_palettes(css)
    {'light': {'bg': '#fff'}, 'dark': {'bg': '#000'}}
    """
    dark_media = _DARK.search(css)
    light_root = _ROOT.search(css, 0, dark_media.start() if dark_media else len(css))
    dark_root = _ROOT.search(css, dark_media.end()) if dark_media else None
    if light_root is None or dark_root is None:
        raise ValueError("the stylesheet needs a light :root rule and a dark one")
    light = _colours(light_root["body"])
    return {"light": light, "dark": {**light, **_colours(dark_root["body"])}}


def _colours(declarations: str) -> Palette:
    """Return the colour custom properties of a rule's body, by name."""
    return {found["name"]: found["value"].lower() for found in _COLOUR.finditer(declarations)}


def _stylesheet() -> str:
    """Return the text of the site's stylesheet: from the sources, else the collected files."""
    path = finders.find(STYLESHEET)
    if path:
        with open(path, encoding="utf-8") as source:
            return source.read()
    with staticfiles_storage.open(STYLESHEET) as collected:
        return collected.read().decode()


PALETTES: dict[str, Palette] = read_palettes(_stylesheet())


def colours(theme: str) -> Palette:
    """Return the palette of `theme` ("light" or "dark"); raises KeyError for another."""
    return PALETTES[theme]


def colour(name: str, theme: str = "light") -> str:
    """Return the colour `name` (a custom property of the stylesheet, without its dashes) in
    `theme`, as `#hex`; raises KeyError for a name the stylesheet does not define."""
    return PALETTES[theme][name]
