"""The client a request comes from, as every rate limit counts it."""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    """Return the address of the client that sent `request`.

    With `TRUSTED_PROXY_HOPS` = 0 (the default) that is the connection's peer, REMOTE_ADDR,
    and X-Forwarded-For is ignored. Behind N proxies of our own, each appends the address it
    received the request from, so the Nth entry from the right is the one the outermost proxy
    saw: the client. Entries further left were written by the client and are never read, so
    a client cannot choose its address. A header with fewer entries (the request skipped an
    outer proxy) gives its first entry; a header that holds no address gives REMOTE_ADDR.

    An IPv6 client is its /64 network (one household's block, which it can rotate through);
    an IPv4 address mapped into IPv6 is the IPv4 address.
    """
    peer = request.META.get("REMOTE_ADDR", "")
    address = peer
    hops = settings.TRUSTED_PROXY_HOPS
    if hops > 0:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        entries = [entry.strip() for entry in forwarded.split(",")] if forwarded else []
        if entries:
            address = entries[-min(hops, len(entries))]
    parsed = _parse(address)
    if parsed is None:
        parsed = _parse(peer)
        if parsed is None:
            return peer or "unknown"
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, 64), strict=False).network_address)
    return str(parsed)


def _parse(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None
