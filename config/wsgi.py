"""WSGI entry point, as gunicorn serves it: `gunicorn config.wsgi:application`.

With DEBUG off it refuses to start without a secret key (SECRET_KEY or SECRET_KEY_FILE): on the
throwaway key that settings make for tests, every restart would sign everyone out and lose
the matches that browsers keep in their sessions.
"""

import os

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

if not settings.DEBUG and settings.SECRET_KEY_IS_THROWAWAY:
    raise ImproperlyConfigured(settings.MISSING_SECRET_KEY)

application = get_wsgi_application()
