"""The app's routes, namespaced `scorekeeper:`.

Every number in a route is `<num:...>` (scorekeeper.converters): one past what a database
stores is a 404, not a failed query.
"""

from django.urls import path

from . import views

app_name = "scorekeeper"

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules_page, name="rules"),
    path("check/", views.checker, name="checker"),
    path("deck/", views.deck_colours, name="deck_colours"),
    path("matches/new/", views.match_create, name="match_create"),
    path("matches/<num:pk>/", views.match_detail, name="match_detail"),
    path("matches/<num:pk>/rematch/", views.match_rematch, name="match_rematch"),
    path("matches/<num:pk>/poll/", views.match_poll, name="match_poll"),
    path("matches/<num:pk>/share/", views.match_share, name="match_share"),
    path("s/<str:token>/", views.share_open, name="share_open"),
    path("matches/<num:pk>/upcard/", views.deal_upcard, name="deal_upcard"),
    path("matches/<num:pk>/draw/", views.deal_draw, name="deal_draw"),
    path("matches/<num:pk>/quick/", views.deal_quick, name="deal_quick"),
    path("matches/<num:pk>/knock/<num:seat>/", views.deal_enter, name="deal_enter"),
    # A deal is addressed by its id, never by its number: a page left open on the other phone
    # always points at the deal it showed.
    path("matches/<num:pk>/deals/<num:deal_id>/", views.deal_detail, name="deal_detail"),
    path("matches/<num:pk>/deals/<num:deal_id>/edit/", views.deal_edit, name="deal_edit"),
    path("matches/<num:pk>/deals/<num:deal_id>/delete/", views.deal_delete, name="deal_delete"),
    path("matches/<num:pk>/deals/<num:deal_id>/undo/", views.deal_undo, name="deal_undo"),
    path("matches/<num:pk>/deals/<num:deal_id>/restore/", views.deal_restore, name="deal_restore"),
]

# History, statistics, CSV exports and the JSON API (issue 7) keep their routes in their own
# module, in this namespace.
from .history_urls import urlpatterns as history_urlpatterns  # noqa: E402

urlpatterns += history_urlpatterns
