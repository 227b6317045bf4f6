"""Rate limits that stop attackers, not players.

Two libraries do the limiting: django-axes locks a username out for one client after repeated
failed log-ins (the site's log-in and the admin's alike), and django-ratelimit counts the API's
requests, sign-ups and wrong old passwords at a password change. Both find the client with
`client_ip`, and both keep their counters in the `limits` cache, which every worker and every
instance shares (Redis, or the database cache of `cache.DatabaseCache`).
"""

from .client import client_ip

__all__ = ["client_ip"]
