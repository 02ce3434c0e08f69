"""The table of the `shared` cache, where django-ratelimit counts failures for every process.

`migrate` is all `make run` and the tests do, so the table is made here rather
than by a separate `createcachetable`. Reversing leaves it: it holds nothing
that outlives a quarter of an hour.
"""

from django.core.management import call_command
from django.db import migrations

SHARED = "shared"


def create_shared_cache(apps, schema_editor) -> None:
    from django.conf import settings

    table = settings.CACHES[SHARED]["LOCATION"]
    call_command("createcachetable", table, database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = []

    operations = [
        migrations.RunPython(create_shared_cache, migrations.RunPython.noop, elidable=False),
    ]
