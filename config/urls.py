"""URL routes: the scorekeeper app at the root, accounts under /accounts/, the admin."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from scorekeeper.accounts import (
    LoginView,
    PasswordChangeView,
    language_set,
    save_offer_dismiss,
    signup,
)
from scorekeeper.arriving import account_import

# The error pages, which read no body: one the site cannot read (another charset, a broken
# multipart) made Django's own error views fail (scorekeeper.refusals).
handler400 = "scorekeeper.refusals.bad_request"
handler403 = "scorekeeper.refusals.permission_denied"
handler404 = "scorekeeper.refusals.not_found"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/setlang/", language_set, name="set_language"),
    path("accounts/signup/", signup, name="signup"),
    path("accounts/save-offer/dismiss/", save_offer_dismiss, name="save_offer_dismiss"),
    path(
        "accounts/login/",
        LoginView.as_view(),
        name="login",
    ),
    # Bringing a backup back (scorekeeper/arriving.py).
    path("accounts/import/", account_import, name="account_import"),
    # Log-out, the backup download and deleting the account (scorekeeper/leaving.py).
    path("accounts/", include("scorekeeper.leaving")),
    path(
        "accounts/password/",
        PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    # The service worker, the manifest, the offline page and the result pictures.
    path("", include("scorekeeper.offline.urls")),
    path("", include("scorekeeper.urls")),
]
