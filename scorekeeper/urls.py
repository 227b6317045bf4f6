"""The app's routes, namespaced `scorekeeper:`: each views module's own `urlpatterns`.

Every number in a route is `<num:...>` (scorekeeper.converters): one past what a database
stores is a 404, not a failed query.
"""

from .views import (
    api,
    corrections,
    deal_page,
    exports,
    history,
    pages,
    recording,
    scoreboard,
    share,
    starting,
    stats,
    upcard,
)

app_name = "scorekeeper"

urlpatterns = [
    *pages.urlpatterns,
    *starting.urlpatterns,
    *scoreboard.urlpatterns,
    *upcard.urlpatterns,
    *recording.urlpatterns,
    *deal_page.urlpatterns,
    *corrections.urlpatterns,
    *share.urlpatterns,
    *history.urlpatterns,
    *stats.urlpatterns,
    *exports.urlpatterns,
    *api.urlpatterns,
]
