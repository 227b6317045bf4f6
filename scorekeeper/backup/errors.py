"""What is wrong with a backup file, and where: the one error every step of reading, checking and
importing a file raises, and the place in the file that its message names."""

from __future__ import annotations

from dataclasses import dataclass


class BackupError(ValueError):
    """Raised when a backup file is damaged, altered, or not a backup at all.

    The message names what is wrong: the match, the deal and the field where it can.
    """


@dataclass
class Where:
    """Where in the file a value sits, for messages: match, deal (or illegal knock), field."""

    match: str = ""
    item: str = ""

    def fail(self, name: str | None, message: str) -> BackupError:
        """Return the error for `message` at this place, in the field `name`."""
        parts = [part for part in (self.match, self.item, name) if part]
        return BackupError(", ".join(parts) + ": " + message)
