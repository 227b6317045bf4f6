"""Logging in, as the tests do it: through the log-in page, with the one test password."""

from django.test import Client
from django.urls import reverse

PASSWORD = "a-long-pass-phrase-9"


def log_in(client: Client, username: str, password: str = PASSWORD, url: str = "", **extra):
    """Post the log-in form (the site's, or the one at `url`) and return the response.

    Through the page, not Client.login(): django-axes wants the request that login() leaves out.
    """
    return client.post(
        url or reverse("login"), {"username": username, "password": password}, **extra
    )
