"""Routes of offline use, installing and sending the result (namespace `offline:`), at the root.

The service worker must be served from the root: its scope is at most its own folder.
"""

from django.urls import path

from . import pwa, results

app_name = "offline"

urlpatterns = [
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("offline/", pwa.offline_page, name="page"),
    path("offline/kept/", pwa.kept_pages, name="kept"),
    path("matches/<num:pk>/result.png", results.match_result_image, name="result_image"),
    path("s/<str:token>/result.png", results.link_result_image, name="link_result_image"),
]
