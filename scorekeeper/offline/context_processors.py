"""Template context of the offline app."""

from django.http import HttpRequest


def open_graph(request: HttpRequest) -> dict[str, object]:
    """Return the Open Graph tags a view decided this page carries (a share link's page)."""
    return {"open_graph": getattr(request, "open_graph", None)}
