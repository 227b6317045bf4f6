"""Template context shared by every page."""

from django.http import HttpRequest


def deck(request: HttpRequest) -> dict[str, bool]:
    """Return whether this browser shows the four-colour deck (♦ blue, ♣ green)."""
    return {"four_colour": bool(request.session.get("four_colour", False))}
