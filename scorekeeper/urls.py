"""The app's routes, namespaced `scorekeeper:`: each views module's own `urlpatterns`.

Every number in a route is `<num:...>` (scorekeeper.converters): one past what a database
stores is a 404, not a failed query.
"""

from .views import api, corrections, exports, history, pages, play, share, stats

app_name = "scorekeeper"

urlpatterns = [
    *pages.urlpatterns,
    *play.urlpatterns,
    *corrections.urlpatterns,
    *share.urlpatterns,
    *history.urlpatterns,
    *stats.urlpatterns,
    *exports.urlpatterns,
    *api.urlpatterns,
]
