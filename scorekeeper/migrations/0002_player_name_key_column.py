# Player names get a key (NFKC, casefold, spaces collapsed), in three steps: the column here,
# its values (and merged duplicates) next, then the unique constraint.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="name_key",
            field=models.TextField(default="", editable=False, verbose_name="name key"),
            preserve_default=False,
        ),
    ]
