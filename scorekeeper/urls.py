"""The app's routes, namespaced `scorekeeper:`."""

from django.urls import path, register_converter

from . import views


class IdConverter:
    """A database id: 1 to 18 digits. A longer number cannot be an id of a 64-bit column,
    and handed to the database it overflows the driver (a 500 where a 404 belongs)."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(IdConverter, "id")

app_name = "scorekeeper"

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules_page, name="rules"),
    path("check/", views.checker, name="checker"),
    path("deck/", views.deck_colours, name="deck_colours"),
    path("matches/new/", views.match_create, name="match_create"),
    path("matches/<id:pk>/", views.match_detail, name="match_detail"),
    path("matches/<id:pk>/rematch/", views.match_rematch, name="match_rematch"),
    path("matches/<id:pk>/poll/", views.match_poll, name="match_poll"),
    path("matches/<id:pk>/share/", views.match_share, name="match_share"),
    path("s/<str:token>/", views.share_open, name="share_open"),
    path("matches/<id:pk>/upcard/", views.deal_upcard, name="deal_upcard"),
    path("matches/<id:pk>/draw/", views.deal_draw, name="deal_draw"),
    path("matches/<id:pk>/quick/", views.deal_quick, name="deal_quick"),
    path("matches/<id:pk>/knock/<int:seat>/", views.deal_enter, name="deal_enter"),
    # A deal is addressed by its id, never by its number: a page left open on the other phone
    # always points at the deal it showed.
    path("matches/<id:pk>/deals/<id:deal_id>/", views.deal_detail, name="deal_detail"),
    path("matches/<id:pk>/deals/<id:deal_id>/edit/", views.deal_edit, name="deal_edit"),
    path("matches/<id:pk>/deals/<id:deal_id>/delete/", views.deal_delete, name="deal_delete"),
    path("matches/<id:pk>/deals/<id:deal_id>/undo/", views.deal_undo, name="deal_undo"),
    path("matches/<id:pk>/deals/<id:deal_id>/restore/", views.deal_restore, name="deal_restore"),
]

# History, statistics, CSV exports and the JSON API (issue 7) keep their routes in their own
# module, in this namespace.
from .history_urls import urlpatterns as history_urlpatterns  # noqa: E402

urlpatterns += history_urlpatterns
