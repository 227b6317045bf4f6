"""Rendered pieces of a match's pages, kept per match version, role and language.

A region that shows only the match (its totals, the deal list, the controls an editor gets)
is the same markup for everyone who sees that version of the match in that language with the
same role, so it is rendered once and kept in this process's local cache
(`scorekeeper.caching`: never the shared one, so a fragment costs no network round trip). The
key says all that the markup depends on:

- the match (its id and stable id) and its version: every change to the deals bumps it;
- the visitor's role: a view-link holder must never get an editor's buttons;
- the active language;
- the players' names, which change without a new version (a player renamed or merged).

What is kept holds nothing of one visitor: no CSRF token (each `{% csrf_token %}` inside is
kept as a hole, and filled with the visitor's own token on the way out), and no input of
theirs (a region with a bound form is rendered afresh, never kept). A fragment is kept only
when the match's version was unchanged after it was rendered (`Board.is_current`), so that
a change committed meanwhile is never kept under the older version, and only once the
transaction it was rendered in commits (`caching.keep`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.template import Context
from django.template.defaulttags import CsrfTokenNode
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from . import caching

if TYPE_CHECKING:
    from collections.abc import Callable

    from .access import Role
    from .board import Board

# `{% csrf_token %}` renders this while a fragment is made; it is kept as HOLE. The hole is an
# HTML comment, which no escaped value (a player's name) can contain.
PLACEHOLDER = "csrf-token-kept-out-of-the-cache"
PLACEHOLDER_INPUT = format_html(
    '<input type="hidden" name="csrfmiddlewaretoken" value="{}">', PLACEHOLDER
)
HOLE = "<!--csrf-->"


def fragment_key(name: str, board: Board, role: Role, language: str | None = None) -> str:
    """Return the local cache key of the fragment `name` of the board's match, for a visitor
    with `role`, in `language` (the active one by default)."""
    language = language or get_language()
    return caching.version_key(
        f"fragment:{name}", board.match, role.name.lower(), language, names=True
    )


def cached_fragment(
    name: str,
    board: Board,
    role: Role,
    context: Context,
    render: Callable[[Context], str],
    *,
    keep: bool = True,
) -> SafeString:
    """Return the fragment `name` as `render` draws it with the context, from the local cache
    when it is there; with `keep` false (a bound form inside), draw it and keep nothing."""
    if not keep:
        return mark_safe(render(context))
    key = fragment_key(name, board, role)
    kept = caching.kept(key)
    if kept is None:
        with context.push(csrf_token=PLACEHOLDER):
            kept = str(render(context)).replace(PLACEHOLDER_INPUT, HOLE)
        if PLACEHOLDER in kept:
            raise ValueError(f"fragment {name!r} uses the CSRF token outside {{% csrf_token %}}")
        if board.is_current():
            caching.keep(key, kept)
    if HOLE in kept:
        kept = kept.replace(HOLE, CsrfTokenNode().render(context))
    return mark_safe(kept)
