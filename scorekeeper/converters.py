"""Path converters: numbers in URLs that every database can look up."""

from __future__ import annotations


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
