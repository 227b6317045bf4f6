"""The app's routes, namespaced `scorekeeper:`."""

from django.urls import path

from . import views

app_name = "scorekeeper"

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules_page, name="rules"),
    path("check/", views.checker, name="checker"),
    path("deck/", views.deck_colours, name="deck_colours"),
    path("matches/new/", views.match_create, name="match_create"),
    path("matches/<int:pk>/", views.match_detail, name="match_detail"),
    path("matches/<int:pk>/rematch/", views.match_rematch, name="match_rematch"),
    path("matches/<int:pk>/poll/", views.match_poll, name="match_poll"),
    path("matches/<int:pk>/share/", views.match_share, name="match_share"),
    path("s/<str:token>/", views.share_open, name="share_open"),
    path("matches/<int:pk>/upcard/", views.deal_upcard, name="deal_upcard"),
    path("matches/<int:pk>/draw/", views.deal_draw, name="deal_draw"),
    path("matches/<int:pk>/quick/", views.deal_quick, name="deal_quick"),
    path("matches/<int:pk>/knock/<int:seat>/", views.deal_enter, name="deal_enter"),
    path("matches/<int:pk>/deals/<int:number>/", views.deal_detail, name="deal_detail"),
    path("matches/<int:pk>/deals/<int:number>/edit/", views.deal_edit, name="deal_edit"),
    path("matches/<int:pk>/deals/<int:number>/delete/", views.deal_delete, name="deal_delete"),
    path("matches/<int:pk>/deals/<int:number>/undo/", views.deal_undo, name="deal_undo"),
]

# History, statistics, CSV exports and the JSON API (issue 7) keep their routes in their own
# module, in this namespace.
from .history_urls import urlpatterns as history_urlpatterns  # noqa: E402

urlpatterns += history_urlpatterns
