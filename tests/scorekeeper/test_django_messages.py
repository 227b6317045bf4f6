"""Django's own messages reach a Shona reader in Shona.

Django carries no Shona catalogue, so every message of Django's that our pages can show must be
in ours (scorekeeper/django_messages.py marks them). This collects those messages where they
live, not from a list: the fields and error messages of every form in scorekeeper and of the
Django forms it uses (the auth views' forms come from the URLs), the models behind model forms,
the password validators in settings, and the refusals of the log-in and sign-up limiters.
Each one is rendered with Shona active and must not come out as it does in English.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.password_validation import UserAttributeSimilarityValidator
from django.forms import BaseForm, BaseModelForm
from django.test import Client, override_settings
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import translation

import scorekeeper
from tests.accounts import PASSWORD, log_in


class AnyNumber(dict):
    """Placeholder values for any message: every name is a number, so plurals resolve too."""

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number

    def __missing__(self, key: str) -> int:
        return self.number


# --- Where the messages live ------------------------------------------------------------------


def scorekeeper_modules() -> Iterator[object]:
    for info in pkgutil.walk_packages(scorekeeper.__path__, "scorekeeper."):
        if ".migrations" not in info.name:
            yield importlib.import_module(info.name)


def url_patterns(resolver: URLResolver) -> Iterator[URLPattern]:
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            yield from url_patterns(pattern)
        else:
            yield pattern


def form_classes() -> list[type[BaseForm]]:
    """Every form class scorekeeper defines or imports, and the forms of the routed views."""
    found: set[type[BaseForm]] = set()
    for module in scorekeeper_modules():
        found.update(
            value
            for value in vars(module).values()
            if isinstance(value, type) and issubclass(value, BaseForm)
        )
    for pattern in url_patterns(get_resolver()):
        view_class = getattr(pattern.callback, "view_class", None)
        form_class = getattr(view_class, "form_class", None)
        if form_class is not None:
            found.add(form_class)
    return sorted(found, key=lambda form: f"{form.__module__}.{form.__qualname__}")


def form_messages(form_class: type[BaseForm]) -> Iterator[tuple[str, object]]:
    """Yield (where, message) for what a form can show: labels, help, every error."""
    for code, message in getattr(form_class, "error_messages", {}).items():
        yield f"error {code}", message
    model = getattr(getattr(form_class, "_meta", None), "model", None)
    for name, field in form_class.base_fields.items():
        if not field.widget.is_hidden:
            yield f"{name} label", field.label
            yield f"{name} help", field.help_text
        for code, message in field.error_messages.items():
            yield f"{name} {code}", message
        for validator in field.validators:
            yield f"{name} {type(validator).__name__}", getattr(validator, "message", None)
        if model is not None and issubclass(form_class, BaseModelForm):
            # A model form also runs the model field's validators and its uniqueness check.
            model_field = model._meta.get_field(name) if name in model_field_names(model) else None
            if model_field is not None:
                for validator in model_field.validators:
                    yield f"{name} model {type(validator).__name__}", validator.message
                if model_field.unique:
                    yield f"{name} unique", model_field.error_messages["unique"]


def model_field_names(model) -> set[str]:
    return {field.name for field in model._meta.get_fields()}


def validator_messages() -> Iterator[tuple[str, object]]:
    """Yield what the password validators in settings say: help texts and refusals.

    Called with the language active: these are built by gettext when asked for, not lazily.
    """
    for validator in password_validation.get_default_password_validators():
        name = type(validator).__name__
        yield f"{name} help", validator.get_help_text()
        yield f"{name} error", validator.get_error_message()
        if isinstance(validator, UserAttributeSimilarityValidator):
            # The refusal names the user field the password is too much like.
            model = get_user_model()
            for attribute in validator.user_attributes:
                if attribute in model_field_names(model):
                    yield f"{name} {attribute}", model._meta.get_field(attribute).verbose_name


def rendered(message: object, language: str, number: int) -> str:
    """Return `message` as a page shows it in `language`, with its placeholders filled."""
    with translation.override(language):
        # Through `%` even without a placeholder in sight: a lazy plural is empty until then.
        return str(message % AnyNumber(number))


def in_shona_and_english(message: object) -> Iterator[tuple[str, str]]:
    for number in (1, 2):
        yield rendered(message, "sn", number), rendered(message, "en", number)


def test_the_collection_finds_the_forms_and_messages_it_must():
    names = {form.__name__ for form in form_classes()}
    # The sign-up, log-in and password change forms, from accounts.py and from the URLs.
    assert {"UserCreationForm", "AuthenticationForm", "PasswordChangeForm"} <= names
    assert {"DealForm", "MatchForm", "QuickForm", "HistoryFilterForm"} <= names
    messages = {
        str(message) for form in form_classes() for _, message in form_messages(form) if message
    }
    assert "This field is required." in messages
    assert "Null characters are not allowed." in messages
    assert "A user with that username already exists." in messages
    with translation.override("en"):
        assert len(list(validator_messages())) >= 8


@pytest.mark.parametrize("form_class", form_classes(), ids=lambda form: form.__name__)
def test_every_message_of_the_form_comes_out_in_shona(translated, form_class):
    english = {
        (where, sn)
        for where, message in form_messages(form_class)
        if message
        for sn, en in in_shona_and_english(message)
        if sn == en
    }
    assert not english, f"{form_class.__name__} speaks English in Shona: {english}"


def test_every_password_validator_message_comes_out_in_shona(translated):
    with translation.override("sn"):
        shona = {where: str(message) for where, message in validator_messages()}
    with translation.override("en"):
        english = {where: str(message) for where, message in validator_messages()}
    assert shona.keys() == english.keys()
    same = [english[where] for where in shona if shona[where] == english[where]]
    assert not same, f"English in Shona: {same}"


def refusals(language: str) -> dict[str, str]:
    """Return the message of each limiter's 429 page, as it comes out in `language`."""
    get_user_model().objects.create_user("carol", password=PASSWORD)
    found = {}
    phone = Client(REMOTE_ADDR="198.51.100.1", HTTP_ACCEPT_LANGUAGE=language)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response = log_in(phone, "carol", "wrong")
    found["log-in lockout"] = response
    with override_settings(SIGNUP_RATE_LIMIT=(1, 3600)):
        phone = Client(REMOTE_ADDR="198.51.100.2", HTTP_ACCEPT_LANGUAGE=language)
        for name in ("bot1", "bot2"):
            data = {"username": name, "password1": "x", "password2": "y"}
            response = phone.post(reverse("signup"), data)
    found["sign-up refusal"] = response
    for what, response in found.items():
        assert response.status_code == 429, what
        assert f'lang="{language}"' in response.content.decode(), what
    get_user_model().objects.all().delete()
    return {what: response.context["message"] for what, response in found.items()}


def test_the_limiters_refusals_come_out_in_shona(db, translated):
    shona, english = refusals("sn"), refusals("en")
    same = [what for what in shona if shona[what] == english[what]]
    assert not same, f"English in Shona: {[english[what] for what in same]}"
