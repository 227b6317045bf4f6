# Matches get a stable id for backups, in Django's three steps for a new field that must differ
# from row to row: a nullable column here (a callable default in AddField would be called
# once, giving every existing row the same value), one uuid4 per row next, then the default
# for new rows and the constraint.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0004_player_name_key_unique"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="stable_id",
            field=models.UUIDField(editable=False, null=True, verbose_name="stable id"),
        ),
    ]
