"""Accounts: sign-up, password change, and claiming a browser's matches.

Log-in and log-out are Django's own auth views, limited by django-axes (settings); sign-up and
the password change are limited here with django-ratelimit (scorekeeper.limits).
"""

from __future__ import annotations

from functools import cached_property

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Hidden
from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.forms import PasswordChangeForm as DjangoPasswordChangeForm
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.views import i18n
from django.views.decorators.http import require_http_methods, require_POST
from django_ratelimit.core import get_usage
from django_ratelimit.decorators import ratelimit

from . import access, sessions
from .htmx import removed_or_redirect
from .layouts import Button, panel_helper
from .limits.rates import by_account, by_client
from .limits.rates import setting as rate_setting
from .limits.responses import too_many_requests
from .models import Preference

SESSION_LANGUAGE = "account_language"


def next_page() -> Hidden:
    """Return the hidden input of the page a log-in or sign-up leads back to (the scoreboard
    that offered it). A new one per form: crispy's Hidden keeps the value it rendered."""
    return Hidden("next", "{{ next }}")


class LoginForm(AuthenticationForm):
    """Django's log-in form, laid out for the site."""

    @cached_property
    def helper(self) -> FormHelper:
        """Return the log-in page's layout."""
        return panel_helper("username", "password", next_page(), Button(_("Log in")))


class SignupForm(UserCreationForm):
    """Django's sign-up form, laid out for the site."""

    @cached_property
    def helper(self) -> FormHelper:
        """Return the sign-up page's layout."""
        return panel_helper(*self.fields, next_page(), Button(_("Sign up")))


class PasswordChangeForm(DjangoPasswordChangeForm):
    """Django's password change form, laid out for the site."""

    @cached_property
    def helper(self) -> FormHelper:
        """Return the password page's layout."""
        return panel_helper(*self.fields, Button(_("Change password")))


@receiver(user_logged_in)
def claim_matches_on_login(sender, request: HttpRequest | None, user, **kwargs) -> None:
    """When a visitor logs in or signs up, the matches kept with their browser become theirs."""
    if request is not None and hasattr(request, "session"):
        access.claim_session_matches(request, user)
        # The account's language rides in the session: no query on every request.
        language = Preference.objects.filter(user=user).values_list("language", flat=True).first()
        request.session[SESSION_LANGUAGE] = language


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's password change, refused for a while after repeated wrong old passwords.

    A stolen session could otherwise guess the account's password here without limit. Only a
    wrong old password counts, per account over all its sessions: a player whose new password
    the validators refuse is not guessing anything.
    """

    form_class = PasswordChangeForm

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if too_many_wrong_passwords(request):
            return too_many_requests(request)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form: PasswordChangeForm) -> HttpResponse:
        if form.has_error("old_password", "password_incorrect"):
            wrong_passwords(self.request, count=True)
        return super().form_invalid(form)


def too_many_wrong_passwords(request: HttpRequest) -> bool:
    """Return whether this account gave too many wrong passwords of its own lately.

    Every form that asks a logged-in player for their password again (the password change,
    deleting the account) counts here, so a stolen session guesses no further on either.
    """
    limit, _seconds = settings.PASSWORD_CHANGE_FAILURE_LIMIT
    return wrong_passwords(request, count=False) >= limit


def wrong_passwords(request: HttpRequest, *, count: bool) -> int:
    """Return how many wrong passwords of its own this account gave in the window (counting
    one more first when `count`)."""
    usage = get_usage(
        request,
        group="password-change",
        key=by_account,
        rate=rate_setting("PASSWORD_CHANGE_FAILURE_LIMIT"),
        increment=count,
    )
    return 0 if usage is None else usage["count"]


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """Django's language switch, also remembered for the account when one is logged in."""
    response = i18n.set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        Preference.objects.update_or_create(user=request.user, defaults={"language": language})
        request.session[SESSION_LANGUAGE] = language
    return response


class AccountLanguageMiddleware:
    """Speak an account's remembered language on any phone it logs in on.

    Runs after the authentication middleware: when the browser's language cookie differs from
    the account's choice (kept in the session at log-in), the account wins and the cookie
    follows.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = None
        # Without a session cookie nobody is logged in: leave the session (and Vary) alone.
        if settings.SESSION_COOKIE_NAME in request.COOKIES and request.user.is_authenticated:
            language = request.session.get(SESSION_LANGUAGE)
            if language and language != request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME):
                translation.activate(language)
                request.LANGUAGE_CODE = language
            else:
                language = None
        response = self.get_response(request)
        if language:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
                secure=settings.LANGUAGE_COOKIE_SECURE,
            )
        return response


@require_http_methods(["GET", "POST"])
@ratelimit(group="signup", key=by_client, rate=rate_setting("SIGNUP_RATE_LIMIT"), method="POST")
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log in; the browser's matches move to the account.

    Then back to `next` (the scoreboard whose offer led here), or home.
    """
    form = SignupForm(request.POST or None)
    next_url = safe_next(request, request.POST.get("next") or request.GET.get("next", ""))
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(next_url)
    return render(request, "registration/signup.html", {"form": form, "next": next_url})


@require_POST
def save_offer_dismiss(request: HttpRequest) -> HttpResponse:
    """ "No thanks" to the scoreboard's offer to save a match: back to the page, without it.

    With htmx the offer is removed in place (an empty answer replaces it).
    """
    sessions.dismiss_save_offer(request)
    return removed_or_redirect(request, safe_next(request, request.POST.get("next", "")))


def safe_next(request: HttpRequest, target: str) -> str:
    """Return `target` if it is a page of this site, else the home page."""
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return reverse("scorekeeper:home")
