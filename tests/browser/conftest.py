"""Real-browser fixtures: Debian's Chromium at phone size, failing on any console error.

One browser serves the whole session (pytest-playwright's `browser`); each test gets a fresh
context and page. Chromium is Debian's (`apt-get install chromium`), pointed at by its path:
`playwright install` cannot download a browser on a machine without general network access,
and no Playwright browser channel finds Debian's build (CHROMIUM overrides the path).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import ConsoleMessage, Page, Response, expect

from .browser_helpers import INIT_SCRIPT, Phone

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}


def pytest_configure(config: pytest.Config) -> None:
    # pytest-base-url (pulled in by pytest-playwright) trips a pytest 9 deprecation; not ours.
    config.addinivalue_line(
        "filterwarnings", "ignore:Session-scoped fixtures defined as instance methods"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark these tests `browser`, and run them after all the others.

    Last, because Playwright's event loop stays up in the main thread from the first browser
    test to the end of the session, and Django refuses ORM calls beside a running loop unless
    DJANGO_ALLOW_ASYNC_UNSAFE is set; it is set for those tests only (see below).
    """
    here = os.path.dirname(__file__)
    ours = [item for item in items if str(item.path).startswith(here)]
    for item in ours:
        item.add_marker(pytest.mark.browser)
    items[:] = [item for item in items if item not in ours] + ours


@pytest.fixture(scope="session", autouse=True)
def _orm_beside_playwright() -> Iterator[None]:
    """Let the tests and live_server's database fixtures use the ORM beside Playwright's loop.

    Set in the environment for the browser tests only: a process that a test starts (such as
    `manage.py check --deploy`) must not inherit it.
    """
    key = "DJANGO_ALLOW_ASYNC_UNSAFE"
    previous = os.environ.get(key)
    os.environ[key] = "true"
    yield
    if previous is None:
        del os.environ[key]
    else:
        os.environ[key] = previous


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    # A test that needs something else (dark mode, no JS, a desktop) says so with
    # @pytest.mark.browser_context_args(...), which pytest-playwright merges over this.
    return {**browser_context_args, **PHONE, "locale": "en-GB"}


def watch(page: Page) -> list[str]:
    """Collect the page's console errors, page errors, CSP violations and 5xx responses."""
    problems: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.append(f"console error: {message.text} ({message.location.get('url')})")

    def on_response(response: Response) -> None:
        if response.status >= 500:
            problems.append(f"HTTP {response.status} from {response.url}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("response", on_response)
    page.add_init_script(INIT_SCRIPT)
    # Generous for a busy CI machine; a passing step takes milliseconds.
    page.set_default_timeout(10_000)
    expect.set_options(timeout=10_000)
    page.problems = problems  # type: ignore[attr-defined]
    return problems


@pytest.fixture
def page(page: Page) -> Iterator[Page]:
    """The page, watched: any console error, page error, CSP violation or 5xx fails the test."""
    problems = watch(page)
    yield page
    assert not problems, "\n".join(problems)


@pytest.fixture
def phone(page: Page, live_server, request: pytest.FixtureRequest) -> Phone:
    """A phone pointed at the live server, with helpers to tap, type, check and look."""
    marker = request.node.get_closest_marker("browser_context_args")
    options = marker.kwargs if marker else {}
    return Phone(
        page,
        live_server.url,
        js=options.get("java_script_enabled", True),
        touch=options.get("has_touch", True),
    )


@pytest.fixture
def another_phone(new_context, live_server) -> Iterator[Callable[[], Phone]]:
    """Make more phones (each its own browser context, as another device), watched the same."""
    made: list[Page] = []

    def make() -> Phone:
        page = new_context().new_page()
        watch(page)
        made.append(page)
        return Phone(page, live_server.url)

    yield make
    problems = [problem for page in made for problem in page.problems]  # type: ignore[attr-defined]
    assert not problems, "\n".join(problems)
