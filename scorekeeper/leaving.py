"""Leaving: take a backup, delete the account, log out; and a shared phone keeps nothing.

The backup download is the same document `manage.py export_matches` writes, so it can be
imported again with `manage.py import_matches`. Deleting an account asks for its password
first and offers the backup; it deletes the account's players and matches with it. Logging out
and deleting both answer with `Clear-Site-Data`, so that the browser drops this site's cookies,
cache and storage: the next person on a shared phone finds nothing.

Only the logged-in account can be deleted, by its own session: no view here takes a user id.
"""

from __future__ import annotations

from functools import cached_property

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Div
from django import forms
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LogoutView
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from .accounts import too_many_wrong_passwords, wrong_passwords
from .backup.format import dumps
from .backup.writing import export_matches
from .htmx import next_path
from .layouts import Button, Link, panel_helper
from .limits.responses import too_many_requests
from .models import Match

CLEAR_SITE_DATA = '"cache", "cookies", "storage"'


def clear_site_data(response: HttpResponse) -> HttpResponse:
    """Ask the browser to drop everything it keeps for this site, and return the response."""
    response["Clear-Site-Data"] = CLEAR_SITE_DATA
    return response


class ClearingLogoutView(LogoutView):
    """Django's log-out, which also clears the site's data in the browser."""

    def post(self, request, *args, **kwargs):
        return clear_site_data(super().post(request, *args, **kwargs))

    def get_redirect_url(self) -> str:
        return next_path(self.request, "")


@require_GET
@login_required
@never_cache
def account_backup(request: HttpRequest) -> HttpResponse:
    """Download all of the account's matches as one backup file."""
    user = request.user
    response = HttpResponse(
        dumps(export_matches(user)), content_type="application/json; charset=utf-8"
    )
    name = f"oklahoma-gin-{slugify(user.get_username()) or 'account'}-{timezone.now():%Y-%m-%d}"
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response


class AccountDeleteForm(forms.Form):
    """The account's password, asked again before the account is deleted."""

    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    @cached_property
    def helper(self) -> FormHelper:
        """Return the page's layout: the password, then keep the account or delete it."""
        return panel_helper(
            "password",
            Div(
                Link(_("Keep my account"), "scorekeeper:home"),
                Button(_("Delete for good"), css_class="btn btn-danger"),
                css_class="actions actions-2",
            ),
        )

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise ValidationError(_("That is not your password."), code="wrong_password")
        return password


@transaction.atomic
def delete_account(user) -> None:
    """Delete the account with its players, its matches and their deals."""
    # Matches cascade from their owner. A match that seats the account's players but belongs
    # to no one (only the admin can make one) would keep those players: it goes too.
    Match.objects.filter(Q(owner=user) | Q(player_a__owner=user) | Q(player_b__owner=user)).delete()
    user.delete()


@require_http_methods(["GET", "POST"])
@login_required
@never_cache
def account_delete(request: HttpRequest) -> HttpResponse:
    """Delete the logged-in account after its password, with the backup offered first."""
    user = request.user
    if request.method == "POST" and too_many_wrong_passwords(request):
        return too_many_requests(request)
    form = AccountDeleteForm(request.POST or None, user=user)
    if request.method == "POST":
        if form.is_valid():
            delete_account(user)
            logout(request)
            return clear_site_data(redirect("account_deleted"))
        if form.has_error("password", "wrong_password"):
            wrong_passwords(request, count=True)
    context = {
        "form": form,
        "matches": Match.objects.filter(owner=user).count(),
        "players": user.players.count(),
    }
    return render(request, "registration/account_delete.html", context)


@require_GET
def account_deleted(request: HttpRequest) -> HttpResponse:
    """Say that the account is gone (shown after the redirect, to anyone)."""
    return render(request, "registration/account_deleted.html")


urlpatterns = [
    path("logout/", ClearingLogoutView.as_view(), name="logout"),
    path("backup/", account_backup, name="account_backup"),
    path("delete/", account_delete, name="account_delete"),
    path("deleted/", account_deleted, name="account_deleted"),
]
