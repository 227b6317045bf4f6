"""Routes of the history, statistics, CSV export and JSON API pages (in `scorekeeper:`)."""

from django.urls import path

from . import api, history

urlpatterns = [
    path("history/", history.history_list, name="history"),
    path("history/<num:pk>/", history.match_history, name="match_history"),
    path("history/<num:pk>/deals.csv", history.match_export, name="match_export"),
    path("stats/", history.stats_overview, name="stats"),
    path("stats/players/<num:pk>/deals.csv", history.player_export, name="player_export"),
    path("api/", api.api_docs, name="api_docs"),
    path("api/openapi.json", api.api_openapi, name="api_openapi"),
    path("api/adjudicate", api.api_adjudicate, name="api_adjudicate"),
    path("api/hand", api.api_hand, name="api_hand"),
]
