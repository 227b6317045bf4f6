"""URL routes: the scorekeeper app at the root, the admin at /admin/."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("scorekeeper.urls")),
]
