"""Settings read from the environment: a value the site cannot read is an error, never a guess."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.conf import global_settings
from django.core.exceptions import ImproperlyConfigured

from config import settings as project_settings
from config.settings import env_bool

from .test_settings_deploy import run_python

APP = Path(__file__).resolve().parents[2] / "scorekeeper"


@pytest.mark.parametrize(
    ("text", "value"),
    [("1", True), ("true", True), (" Yes ", True), ("ON", True)]
    + [("0", False), ("false", False), ("No", False), ("off", False), ("", False)],
)
def test_a_boolean_setting_reads_the_usual_words(monkeypatch, text, value):
    monkeypatch.setenv("SOME_SWITCH", text)
    assert env_bool("SOME_SWITCH", default=not value) is value


def test_an_unset_boolean_setting_takes_its_default(monkeypatch):
    monkeypatch.delenv("SOME_SWITCH", raising=False)
    assert env_bool("SOME_SWITCH", default=True) is True
    assert env_bool("SOME_SWITCH") is False


@pytest.mark.parametrize("text", ["flase", "2", "enabled", "y e s"])
def test_a_boolean_setting_with_an_unknown_value_is_an_error(monkeypatch, text):
    monkeypatch.setenv("SOME_SWITCH", text)
    with pytest.raises(ImproperlyConfigured, match=r"SOME_SWITCH.*\b1\b.*\b0\b"):
        env_bool("SOME_SWITCH")


def test_the_site_refuses_to_start_on_a_misspelt_switch():
    result = run_python(
        "import config.wsgi", DEBUG="0", SECRET_KEY="k" * 50, SECURE_COOKIES="flase"
    )
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and "SECURE_COOKIES" in result.stderr


def knobs_read_by_name() -> set[str]:
    """Return the setting names the app reads by a string: `getattr(settings, "X")` and the
    rate limits' `rate_setting("X")`, which are only looked up when a request needs them."""
    names = set()
    for path in APP.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            first = node.args[0]
            function = ast.unparse(node.func)
            if function == "getattr" and ast.unparse(first) == "settings":
                name = node.args[1]
                # A name in a variable is the rates' `setting(name)`: its callers count below.
                if isinstance(name, ast.Constant):
                    names.add(name.value)
            elif function in {"rate_setting", "setting"} and isinstance(first, ast.Constant):
                names.add(first.value)
    return names


def test_every_knob_the_app_reads_by_name_is_declared_in_settings():
    knobs = knobs_read_by_name()
    assert {"API_RATE_LIMIT", "SIGNUP_RATE_LIMIT", "PASSWORD_CHANGE_FAILURE_LIMIT"} <= knobs
    undeclared = {
        name
        for name in knobs
        if not hasattr(project_settings, name) and not hasattr(global_settings, name)
    }
    assert not undeclared
