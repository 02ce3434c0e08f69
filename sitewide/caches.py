"""The `shared` cache: Django's database cache, with an increment no two processes interleave.

django-ratelimit counts failures with `add` then `incr`. Django's DatabaseCache
does `incr` as a read then a write, so two processes counting at once could
both read 4 and both write 5, and a patient guesser would get more tries than
the limit. Here the read and the write run in one transaction holding the
row: `SELECT ... FOR UPDATE` where the database has it (PostgreSQL), and on
SQLite the write lock that `transaction_mode="IMMEDIATE"` (homegame/settings.py)
takes when the transaction begins.
"""

from __future__ import annotations

from django.core.cache.backends.db import DatabaseCache
from django.db import connections, router, transaction


class SharedDatabaseCache(DatabaseCache):
    """Django's DatabaseCache whose `incr` is atomic across processes."""

    def incr(self, key, delta=1, version=None):
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        with transaction.atomic(using=db):
            if connection.features.has_select_for_update:
                table = connection.ops.quote_name(self._table)
                with connection.cursor() as cursor:
                    cursor.execute(
                        f"SELECT cache_key FROM {table} WHERE cache_key = %s FOR UPDATE",
                        [self.make_and_validate_key(key, version=version)],
                    )
            return super().incr(key, delta, version)
