"""Settings for the Oklahoma Gin table companion, read from the environment.

Development needs nothing set: DEBUG is off by default, so `make run` sets DEBUG=1 itself, and
the database is SQLite in the project folder. Production sets SECRET_KEY (or SECRET_KEY_FILE),
ALLOWED_HOSTS and, for PostgreSQL, DATABASE_URL; REDIS_URL and TRUSTED_PROXY_HOPS as needed.
"""

import logging
import os
import secrets
import tempfile
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off", ""})


def env_bool(name: str, default: bool = False) -> bool:
    """Return the environment variable `name` read as a boolean, or `default` when unset.

    "1", "true", "yes" and "on" are true; "0", "false", "no", "off" and an empty value are false
    (in any case). Anything else raises ImproperlyConfigured: a misspelt "flase" must not turn
    a switch off (or on) unnoticed.
    """
    value = os.environ.get(name)
    if value is None:
        return default
    word = value.strip().lower()
    if word not in TRUE_WORDS | FALSE_WORDS:
        raise ImproperlyConfigured(
            f"{name}={value!r} is not a boolean: use 1, true, yes or on; 0, false, no or off."
        )
    return word in TRUE_WORDS


def env_list(name: str, default: str = "") -> list[str]:
    """Return the comma-separated environment variable `name` as a list of non-empty items."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG")
SECRET_KEY_FILE = os.environ.get("SECRET_KEY_FILE", "").strip()


def read_secret_key() -> str:
    """Return SECRET_KEY from the environment, or else what the file SECRET_KEY_FILE holds.

    A file that does not exist (yet) holds no key; one that cannot be read is an error.
    """
    key = os.environ.get("SECRET_KEY", "").strip()
    if not key and SECRET_KEY_FILE and Path(SECRET_KEY_FILE).is_file():
        try:
            key = Path(SECRET_KEY_FILE).read_text().strip()
        except OSError as error:
            message = f"SECRET_KEY_FILE {SECRET_KEY_FILE}: {error.strerror}."
            raise ImproperlyConfigured(message) from None
    return key


MISSING_SECRET_KEY = " ".join(
    [
        "SECRET_KEY must be set in production: set SECRET_KEY, or SECRET_KEY_FILE to a file that",
        "holds it (`make serve` makes one in .secret_key and keeps it).",
        f"SECRET_KEY_FILE {SECRET_KEY_FILE} holds none." if SECRET_KEY_FILE else "",
    ]
).strip()
SECRET_KEY = read_secret_key()
# Tests and management commands on a fresh clone need no key of their own: such a process makes
# a throwaway one, so nothing it signs outlives it. A server must not run on one (sessions, and
# with them anonymous players' matches, would die at each restart): config/wsgi.py refuses to
# start on it with DEBUG off, and `make run` and `make serve` keep a key in a file.
SECRET_KEY_IS_THROWAWAY = not SECRET_KEY
if SECRET_KEY_IS_THROWAWAY:
    if not DEBUG and env_bool("REQUIRE_SECRET_KEY"):
        raise ImproperlyConfigured(MISSING_SECRET_KEY)
    SECRET_KEY = secrets.token_urlsafe(50)

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.forms",
    "django_htmx",
    "crispy_forms",
    "axes",
    "django_ratelimit",
    "scorekeeper",
    "scorekeeper.limits",
    "scorekeeper.offline",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # A request with a NUL anywhere (path, query, headers, cookies, form) is a 400 before any
    # session, view or query sees it; so is a form in a charset Django cannot read.
    "scorekeeper.refusals.NulRefusingMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and htmx partials leave compressed (the card grids shrink tenfold); static files
    # never get here, whitenoise serves them precompressed. Django's gzip pads each response
    # against BREACH, and CSRF tokens are masked per response.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "scorekeeper.sessions.KeepSessionAliveMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "scorekeeper.accounts.AccountLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A refused sign-up or password change becomes the 429 page (RATELIMIT_VIEW).
    "django_ratelimit.middleware.RatelimitMiddleware",
    # Last, as django-axes asks: it turns a locked-out log-in into the 429 page.
    "axes.middleware.AxesMiddleware",
    # A change to a match sent twice under one key is one change (scorekeeper/offline). Its
    # process_view runs after the CSRF check, and runs the view inside the transaction that
    # keeps the answer.
    "scorekeeper.offline.idempotency.IdempotencyMiddleware",
]

ROOT_URLCONF = "config.urls"
# Widgets and fields render with the project's templates (templates/widgets/, templates/gin/).
FORM_RENDERER = "scorekeeper.widgets.FormRenderer"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "scorekeeper.context_processors.deck",
                "scorekeeper.offline.context_processors.open_graph",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
    # One test database per test process, so that test runs side by side do not collide.
    DATABASES["default"]["TEST"] = {"NAME": f"test_oklahoma_gin_{os.getpid()}"}
else:
    # Two phones may write at once: wait for the lock instead of failing at once.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    )
    # A file, not memory, so that concurrent test requests use connections of their own.
    # One per test process, so that test runs side by side do not share it.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"oklahoma-gin-test-{os.getpid()}.sqlite3")
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Two caches, each for its use:
# - `fragments`: what is kept per match version (rendered fragments, `{% fragment %}`, and
#   the engine's picture of the match), in each process's own memory, so that a fragment
#   never costs a network round trip;
# - `limits`: the rate limits' counters, which every worker of every instance must share:
#   Redis when REDIS_URL is set, otherwise a table in the database (made by `migrate`).
# Django needs a `default`: it is the shared one, so that a counter that forgets to name its
# cache is still shared; nothing uses it today.
REDIS_URL = os.environ.get("REDIS_URL", "")
LIMITS_CACHE_TABLE = "limits_cache"  # scorekeeper/limits/migrations/0001_cache_table.py
if REDIS_URL:
    SHARED_CACHE = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "okgin",
        # A Redis that stops answering makes requests fail fast instead of hanging workers.
        "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
    }
else:
    SHARED_CACHE = {
        # Django's database cache, with an increment that cannot lose a concurrent count.
        "BACKEND": "scorekeeper.limits.cache.DatabaseCache",
        "LOCATION": LIMITS_CACHE_TABLE,
        # Culling deletes live entries (a lockout too) once the table holds more than this.
        "OPTIONS": {"MAX_ENTRIES": 100_000},
    }
CACHES = {
    "default": SHARED_CACHE,
    "limits": SHARED_CACHE,
    "fragments": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "fragments",
        # Pieces are kept per match version (scorekeeper.board, scorekeeper.fragments): each
        # new version adds a few, and the oldest go once this many are kept, so a worker's
        # memory stops growing at a few megabytes (benchmarks/memory.py).
        "OPTIONS": {"MAX_ENTRIES": 300},
    },
}

# Rate limits. Behind proxies of our own, the client's address is read from X-Forwarded-For,
# as many entries from the right as there are proxies (scorekeeper.limits.client_ip).
TRUSTED_PROXY_HOPS = int(os.environ.get("TRUSTED_PROXY_HOPS", "0"))
if TRUSTED_PROXY_HOPS < 0:
    raise ImproperlyConfigured("TRUSTED_PROXY_HOPS must be 0 or more.")


def env_rate(name: str, default: str) -> tuple[int, int]:
    """Return the environment variable `name`, "REQUESTS/SECONDS", as (requests, seconds)."""
    text = os.environ.get(name, default)
    try:
        requests, seconds = (int(part) for part in text.split("/"))
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be REQUESTS/SECONDS, e.g. 60/60.") from None
    if requests < 1 or seconds < 1:
        raise ImproperlyConfigured(f"{name} must be REQUESTS/SECONDS, e.g. 60/60.")
    return requests, seconds


# Calls to the JSON API per client and window; sign-up attempts per client; wrong old
# passwords per account at a password change.
API_RATE_LIMIT = env_rate("API_RATE_LIMIT", "60/60")
SIGNUP_RATE_LIMIT = (20, 60 * 60)
# Backup imports from the account page, per account (each deal of a file is judged again), and
# the largest file taken: some 3,000 deals, kept whole in memory while they are checked.
BACKUP_UPLOAD_RATE_LIMIT = (10, 60 * 60)
BACKUP_UPLOAD_MAX_BYTES = 5_000_000
PASSWORD_CHANGE_FAILURE_LIMIT = (5, 60 * 60)

# django-axes: five failed log-ins of one username from one client lock that pair out for 15
# minutes. Another client, or another account from the same client, is never refused.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"
AXES_CACHE = "limits"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# A try while locked out is not counted: the lockout ends 15 minutes after the fifth failure,
# however often a player tries meanwhile.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_CLIENT_IP_CALLABLE = "scorekeeper.limits.client_ip"
AXES_LOCKOUT_CALLABLE = "scorekeeper.limits.responses.lockout_response"
AXES_ENABLE_ADMIN = False  # its admin pages list the database handler's records: none here

# django-ratelimit
RATELIMIT_USE_CACHE = "limits"
RATELIMIT_IP_META_KEY = "scorekeeper.limits.client_ip"
RATELIMIT_VIEW = "scorekeeper.limits.responses.too_many_requests"
SILENCED_SYSTEM_CHECKS = [
    # "Not officially supported" names every backend but memcached and django-redis, so also
    # Django's own RedisCache and the database cache above; both increment atomically.
    "django_ratelimit.W001",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("fi", "Suomi"),
    ("nl", "Nederlands"),
    ("pl", "Polski"),
    ("sn", "chiShona"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Polish short dates with dots, and Shona formats, which Django lacks (config/formats).
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# The site's own crispy-forms template pack (templates/gin/): markup that fits its stylesheet.
CRISPY_ALLOWED_TEMPLATE_PACKS = ("gin",)
CRISPY_TEMPLATE_PACK = "gin"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "scorekeeper:home"
LOGOUT_REDIRECT_URL = "scorekeeper:home"

# Strict CSP: nothing inline without the request's nonce, nothing from elsewhere.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# A year, counted from the last day the browser was used (scorekeeper.sessions): players who
# meet for a game every few months find their matches still there. Browsers cap cookies at
# about 400 days.
SESSION_COOKIE_AGE = 365 * 24 * 60 * 60
SESSION_COOKIE_HTTPONLY = True
# Django's database sessions (how long they last: scorekeeper.sessions).
SESSION_ENGINE = "django.contrib.sessions.backends.db"
LANGUAGE_COOKIE_SAMESITE = "Lax"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Production is served behind TLS: the redirect to https and secure cookies are on unless a
# plain-http run asks for it (`make serve-local`: INSECURE_HTTP=1, on 127.0.0.1 alone).
INSECURE_HTTP = env_bool("INSECURE_HTTP")

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not INSECURE_HTTP)
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not INSECURE_HTTP)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", not INSECURE_HTTP)
    LANGUAGE_COOKIE_SECURE = env_bool("SECURE_COOKIES", not INSECURE_HTTP)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True


def one_line_for_client_errors(record: logging.LogRecord) -> bool:
    """Drop the traceback of a request refused with a 4xx status, keeping its one line.

    A 403 (a watcher trying to edit), a 400 or a bot's wrong Host header is the client's
    mistake, not a crash: Django logs its traceback at WARNING, which buries real errors.
    5xx records keep theirs.
    """
    if getattr(record, "status_code", 500) < 500:
        record.exc_info = None
        record.exc_text = None
    return True


LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "one_line_for_client_errors": {
            "()": "django.utils.log.CallbackFilter",
            "callback": one_line_for_client_errors,
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["one_line_for_client_errors"]}
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
