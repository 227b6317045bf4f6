"""Numbers in URLs that every database can look up: in a path (the converter `num`) and in a
query string (`query_id`), read the same way."""

from __future__ import annotations

import re


class BoundedIntConverter:
    """A whole number from 0 to 2**63 - 1, the largest id a database here stores.

    Django's own `int` converter lets any number of digits through, and a number past the
    database's range then fails inside the query (a 500 on SQLite). A number out of range here
    simply matches no route: a 404.
    """

    regex = "[0-9]+"
    LARGEST = 2**63 - 1

    def to_python(self, value: str) -> int:
        """Return the number, or raise ValueError (no match) when it is out of range."""
        number = int(value)
        if number > self.LARGEST:
            raise ValueError(value)
        return number

    def to_url(self, value: int) -> str:
        """Return the number as URL text."""
        return str(value)


def query_id(value: str | None) -> int | None:
    """Return an id from a query string (`?rematch=12`) as `num` reads one in a path, or None.

    The same digits and the same bound: no sign, space, underscore or other script's digits
    (all of which Python's `int` takes), and nothing past what a database stores.
    """
    if value is None or not re.fullmatch(BoundedIntConverter.regex, value):
        return None
    try:
        return BoundedIntConverter().to_python(value)
    except ValueError:  # past the bound, or more digits than Python reads
        return None
