# One fresh uuid4 for every existing match (see the step before).

import uuid

from django.db import migrations


def give_each_match_its_own_id(apps, schema_editor):
    Match = apps.get_model("scorekeeper", "Match")
    batch = []
    for match in Match.objects.filter(stable_id__isnull=True).only("pk").iterator(chunk_size=500):
        match.stable_id = uuid.uuid4()
        batch.append(match)
        if len(batch) == 500:
            Match.objects.bulk_update(batch, ["stable_id"])
            batch = []
    Match.objects.bulk_update(batch, ["stable_id"])


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0005_match_stable_id_column"),
    ]

    operations = [
        migrations.RunPython(give_each_match_its_own_id, migrations.RunPython.noop),
    ]
