"""Player names as the app compares them: one key per name, the same on every database.

Databases disagree on case: PostgreSQL's UPPER() makes the dotless "ı" an "I", SQLite folds
ASCII letters only. So the app never asks the database to compare names. It stores each
player's key (`Player.name_key`) and compares keys: NFKC, so that a fullwidth "Ａ" or a
ligature is the plain letter; casefold, so that "Straße" is "strasse"; NFKC again, since
casefolding can leave a sequence that is not normalised; and runs of whitespace as one space.
"""

from __future__ import annotations

import unicodedata

__all__ = ["distinct_name", "name_key"]


def name_key(name: str) -> str:
    """Return the key that decides whether two names are the same player.

    >>> name_key("  ＡＮＮ   Lee "), name_key("Straße"), name_key("ı") == name_key("i")
    ('ann lee', 'strasse', False)
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())


def distinct_name(name: str, taken: set[str], *, max_length: int) -> str:
    """Return `name` with the first " (n)" suffix (from 2) whose key is not in `taken`.

    For two players whose names share a key but who must stay apart (they played each other).
    The name is shortened at its end when the suffix would not fit in `max_length`.

    >>> distinct_name("Ann", {"ann", "ann (2)"}, max_length=40)
    'Ann (3)'
    """
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = name[: max_length - len(suffix)].rstrip() + suffix
        if name_key(candidate) not in taken:
            return candidate
        number += 1
