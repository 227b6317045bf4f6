"""What the pages keep in a cache, under which key, and for how long: decided here, once.

(The other cache, `limits`, holds the rate limits' counters, shared by every worker, and is
named in the settings.) Everything the pages keep is kept per match
version, in this process's own memory (the `LOCAL` cache alias, never the shared one: a piece
read on every request must cost no network round trip). A version is only ever one state of a
match's deals, since every change to them bumps it in the same transaction, so a piece kept
under a version is never wrong, only no longer asked for once the match moves on. `version_key`
is the one way to name such a piece.

A piece is kept with `keep`, which waits for the transaction that read it to commit
(`transaction.on_commit`): a version read inside a transaction that rolls back is given again
to the next change, and what was read of it must not outlive it. Outside a transaction the
piece is kept at once. The settings' CACHES bounds the local cache, so that a worker's memory
stops growing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import partial
from typing import Any, Protocol

from django.core.cache import caches
from django.db import transaction


class Versioned(Protocol):
    """What a key is made of: a match, as the models define it (named here by its shape, so
    that this module, which the board and the models' writers use, imports no model)."""

    pk: Any
    stable_id: Any
    version: int

    @property
    def players(self) -> Sequence[Any]: ...


LOCAL = "fragments"  # the alias in the settings' CACHES: each process's own memory

# How long a piece is kept, in seconds: an old version's piece is never wrong, only no longer
# asked for, so these bound memory, not staleness.
KEEP_VERSIONED = 6 * 3600  # what the engine derives for a version, and its rendered regions
KEEP_DRAWN = 600  # a result picture: asked for by one phone and the link previews after it


def version_key(kind: str, match: Versioned, *parts: str, names: bool = False) -> str:
    """Return the local cache key of the piece `kind` of the match at the version read with it.

    `parts` name what else the piece depends on (a role, a language, a theme). The key ends
    with a digest of the match's stable id (a primary key may be given again after a restore)
    and, with `names`, of the players' names, which change without a new version (a player
    renamed or merged): a piece that shows them must say so.
    """
    said = [str(match.stable_id)]
    if names:
        said += [player.name for player in match.players]
    digest = hashlib.blake2b("\0".join(said).encode(), digest_size=8).hexdigest()
    return ":".join((kind, str(match.pk), f"v{match.version}", *parts, digest))


def kept(key: str) -> Any:
    """Return the piece kept under `key` in the local cache, or None."""
    return caches[LOCAL].get(key)


def keep(key: str, value: Any, timeout: int = KEEP_VERSIONED) -> None:
    """Keep `value` under `key` in the local cache once the current transaction commits (at
    once outside a transaction; never if it rolls back)."""
    transaction.on_commit(partial(caches[LOCAL].set, key, value, timeout))
