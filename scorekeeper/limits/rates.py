"""What django-ratelimit counts by, and how many it allows (read from settings per request)."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest

from .client import client_ip


def by_client(group: str, request: HttpRequest) -> str:
    """Count per client (`client_ip`)."""
    return client_ip(request)


def by_account(group: str, request: HttpRequest) -> str:
    """Count per logged-in account, over all its sessions and clients."""
    return str(request.user.pk)


def setting(name: str) -> Callable[[str, HttpRequest], tuple[int, int]]:
    """Return a rate that reads the (requests, seconds) setting `name` when it is needed."""

    def rate(group: str, request: HttpRequest) -> tuple[int, int]:
        return getattr(settings, name)

    return rate
