"""Django's database cache, with an increment that concurrent requests cannot undo.

Django's `DatabaseCache.incr` reads the value, then writes value + 1: two requests counting
at once both write the same number, and one failure goes uncounted (django-ratelimit's own
system check calls that backend non-atomic). Here the row is locked first, so increments of
one counter queue up, and the counter keeps the expiry it was added with (Django's `incr`
would reset it to the cache's default timeout).
"""

from __future__ import annotations

from django.core.cache.backends.db import DatabaseCache as DjangoDatabaseCache
from django.db import connections, router, transaction


class DatabaseCache(DjangoDatabaseCache):
    """The database cache, whose `incr` is atomic and keeps the entry's expiry."""

    def incr(self, key, delta: int = 1, version=None) -> int:
        """Add `delta` to the counter `key` and return the new value.

        Raises ValueError, as every backend does, when the key is missing or expired.
        """
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        quote_name = connection.ops.quote_name
        table = quote_name(self._table)
        cache_key = self.make_and_validate_key(key, version=version)
        # On SQLite the transaction itself takes the write lock (the IMMEDIATE mode in settings).
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        with transaction.atomic(using=db), connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {quote_name('expires')} FROM {table} "
                f"WHERE {quote_name('cache_key')} = %s{lock}",
                [cache_key],
            )
            row = cursor.fetchone()
            value = self.get(key, self._missing_key, version=version)
            if row is None or value is self._missing_key:
                raise ValueError(f"Key '{key}' not found")
            value += delta
            self.set(key, value, version=version)
            # set() gave the entry the default timeout: give it back the one it had.
            cursor.execute(
                f"UPDATE {table} SET {quote_name('expires')} = %s "
                f"WHERE {quote_name('cache_key')} = %s",
                [row[0], cache_key],
            )
        return value
