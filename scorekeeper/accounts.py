"""Accounts: sign-up, password change, and claiming a browser's matches.

Log-in and log-out are Django's own auth views, limited by django-axes (settings); sign-up and
the password change are limited here with django-ratelimit (scorekeeper.limits).
"""

from __future__ import annotations

from functools import cached_property

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Hidden
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.forms import PasswordChangeForm as DjangoPasswordChangeForm
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST
from django_ratelimit.core import get_usage
from django_ratelimit.decorators import ratelimit

from . import access, sessions
from .arriving import BackupUploadForm
from .htmx import next_path, removed_or_redirect
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


class LoginView(auth_views.LoginView):
    """Django's log-in, on the site's form, back to `next` when it is a page of this site."""

    authentication_form = LoginForm

    def get_redirect_url(self) -> str:
        return next_path(self.request, "")


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

    def get_context_data(self, **kwargs):
        # The account page: the password, then bringing a backup back, then leaving.
        return {**super().get_context_data(**kwargs), "import_form": BackupUploadForm()}

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


def set_language_cookie(response: HttpResponse, language: str) -> None:
    """Set Django's language cookie as its settings say (the switch and an account's choice)."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """Switch the language (Django's language cookie) and go back to `next`; the choice is
    also remembered for the account when one is logged in."""
    response = HttpResponseRedirect(next_path(request, reverse("scorekeeper:home")))
    language = request.POST.get("language", "")
    if language not in dict(settings.LANGUAGES):
        return response
    set_language_cookie(response, language)
    if request.user.is_authenticated:
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
            set_language_cookie(response, language)
        return response


@require_http_methods(["GET", "POST"])
@ratelimit(group="signup", key=by_client, rate=rate_setting("SIGNUP_RATE_LIMIT"), method="POST")
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log in; the browser's matches move to the account.

    Then back to `next` (the scoreboard whose offer led here), or home.
    """
    form = SignupForm(request.POST or None)
    next_url = next_path(request, reverse("scorekeeper:home"))
    if request.method == "POST" and form.is_valid():
        user = form.save()
        # Claimed here rather than by the log-in signal, so that the page can say how many.
        claimed = access.claim_session_matches(request, user)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        if claimed:
            messages.success(request, kept_matches_text(claimed))
        return HttpResponseRedirect(next_url)
    return render(request, "registration/signup.html", {"form": form, "next": next_url})


def kept_matches_text(count: int) -> str:
    """Return "Your 3 matches are now in your account.", in the plural form `count` takes."""
    return ngettext(
        "Your match is now in your account.",
        "Your %(count)s matches are now in your account.",
        count,
    ) % {"count": count}


@require_POST
def save_offer_dismiss(request: HttpRequest) -> HttpResponse:
    """ "No thanks" to the scoreboard's offer to save a match: back to the page, without it.

    With htmx the offer is removed in place (an empty answer replaces it).
    """
    sessions.dismiss_save_offer(request)
    return removed_or_redirect(request, next_path(request, reverse("scorekeeper:home")))
