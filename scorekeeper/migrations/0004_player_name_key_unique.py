# An account holds one player per name key (the keys were filled, and duplicates merged, in
# the step before). A migration of its own: on PostgreSQL a table cannot be altered in the
# transaction that moved rows pointing at it.

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0003_player_name_key_fill"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                fields=("owner", "name_key"),
                name="player_name_key_unique_per_owner",
                violation_error_message="This account already has a player of that name.",
            ),
        ),
    ]
