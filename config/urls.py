"""URL routes: the scorekeeper app at the root, accounts under /accounts/, the admin."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from scorekeeper.accounts import (
    LoginForm,
    PasswordChangeView,
    language_set,
    save_offer_dismiss,
    signup,
)

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/setlang/", language_set, name="set_language"),
    path("accounts/signup/", signup, name="signup"),
    path("accounts/save-offer/dismiss/", save_offer_dismiss, name="save_offer_dismiss"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(authentication_form=LoginForm),
        name="login",
    ),
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
