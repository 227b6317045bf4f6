"""Accounts: sign-up, a log-in that slows down guessing, and claiming a browser's matches.

Log-in, log-out and password change are Django's own auth views; only sign-up is ours.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.signals import user_logged_in
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views import i18n
from django.views.decorators.http import require_http_methods, require_POST

from . import access
from .models import Preference

MAX_FAILURES = 5
SESSION_LANGUAGE = "account_language"
LOCKOUT_SECONDS = 15 * 60


@receiver(user_logged_in)
def claim_matches_on_login(sender, request: HttpRequest | None, user, **kwargs) -> None:
    """When a visitor logs in or signs up, the matches kept with their browser become theirs."""
    if request is not None and hasattr(request, "session"):
        access.claim_session_matches(request, user)
        # The account's language rides in the session: no query on every request.
        language = Preference.objects.filter(user=user).values_list("language", flat=True).first()
        request.session[SESSION_LANGUAGE] = language


def _client_ip(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def _failure_keys(request: HttpRequest) -> list[str]:
    username = str(request.POST.get("username", ""))[:150].casefold()
    ip = _client_ip(request)
    # Per account from one address, and per address over all accounts.
    return [f"login-fail:{ip}:{username}", f"login-fail:{ip}"]


def _too_many_failures(request: HttpRequest) -> bool:
    counts = cache.get_many(_failure_keys(request))
    per_account, per_address = (counts.get(key, 0) for key in _failure_keys(request))
    return per_account >= MAX_FAILURES or per_address >= MAX_FAILURES * 4


def _count_failure(request: HttpRequest) -> None:
    for key in _failure_keys(request):
        if cache.add(key, 1, LOCKOUT_SECONDS) is False:
            try:
                cache.incr(key)
            except ValueError:
                cache.set(key, 1, LOCKOUT_SECONDS)


class RateLimitedLoginView(LoginView):
    """Django's log-in view, refusing further tries for a while after repeated failures."""

    def post(self, request, *args, **kwargs):
        if _too_many_failures(request):
            form = self.get_form()
            form.errors.clear()
            form.add_error(None, _("Too many failed log-in attempts. Try again in 15 minutes."))
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        _count_failure(self.request)
        return super().form_invalid(form)

    def form_valid(self, form):
        cache.delete_many(_failure_keys(self.request)[:1])
        return super().form_valid(form)


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
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log in; the browser's matches move to the account."""
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("scorekeeper:home")
    return render(request, "registration/signup.html", {"form": form})
