"""The table of the `limits` cache (settings.CACHES), made by `migrate` on every database.

Every deployment runs `migrate`, so the counters' table exists wherever the site runs, whether
or not the database cache is the one configured today (Redis may be switched off later).
"""

from django.core.management import call_command
from django.db import migrations

TABLE = "limits_cache"  # settings.LIMITS_CACHE_TABLE


def create_table(apps, schema_editor):
    # Django's own command, so that the table is exactly what DatabaseCache expects; it
    # leaves a table that already exists alone.
    call_command("createcachetable", TABLE, database=schema_editor.connection.alias, verbosity=0)


def drop_table(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(TABLE)}")


class Migration(migrations.Migration):
    initial = True
    dependencies = []
    operations = [migrations.RunPython(create_table, drop_table, elidable=False)]
