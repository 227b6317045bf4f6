# Deleting an account deletes its players with its matches; a player alone stays guarded.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('scorekeeper', '0007_match_stable_id_required'),
    ]

    operations = [
        migrations.AlterField(
            model_name='match',
            name='player_a',
            field=models.ForeignKey(on_delete=django.db.models.deletion.RESTRICT, related_name='+', to='scorekeeper.player', verbose_name='first player'),
        ),
        migrations.AlterField(
            model_name='match',
            name='player_b',
            field=models.ForeignKey(on_delete=django.db.models.deletion.RESTRICT, related_name='+', to='scorekeeper.player', verbose_name='second player'),
        ),
    ]
