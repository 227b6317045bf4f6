# Every match has its stable id now: new matches draw one, and an account holds each id once.

import uuid

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0006_match_stable_id_fill"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="match",
            name="stable_id",
            field=models.UUIDField(default=uuid.uuid4, editable=False, verbose_name="stable id"),
        ),
        migrations.AddConstraint(
            model_name="match",
            constraint=models.UniqueConstraint(
                fields=("owner", "stable_id"), name="match_stable_id_unique_per_owner"
            ),
        ),
    ]
