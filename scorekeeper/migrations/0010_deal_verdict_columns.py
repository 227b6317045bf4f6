"""The verdict's figures become columns of each deal: the knocker's and the opponent's
deadwood, the knock limit and the multiplier. Statistics, exports and pages then read columns,
never paths inside the stored verdict.

The data step fills them from each deal's stored verdict, read here as it was stored then:
a full verdict's and a quick deal's "knocker" and "opponent" hold "deadwood_points" (the
opponent is null for an illegal knock), and a draw's verdict has neither. A verdict stored
without "multiplier" was scored with none (1). Written out here, so that later changes to the
app never change what this step stored. Going back drops the columns; the verdicts keep
everything they were filled from.
"""

from django.db import migrations, models

FIGURES = ("knocker_deadwood", "opponent_deadwood", "knock_limit", "multiplier")
BATCH = 500


def figures(verdict):
    """Return the columns' values for a stored verdict, or None for a draw's or none."""
    if not isinstance(verdict, dict) or not isinstance(verdict.get("knocker"), dict):
        return None
    opponent = verdict.get("opponent")
    return {
        "knocker_deadwood": verdict["knocker"]["deadwood_points"],
        "opponent_deadwood": opponent["deadwood_points"] if isinstance(opponent, dict) else None,
        "knock_limit": verdict["knock_limit"],
        "multiplier": verdict.get("multiplier", 1),
    }


def fill_figures(apps, schema_editor):
    Deal = apps.get_model("scorekeeper", "Deal")
    # Read the ids first and update in batches: SQLite does not isolate a cursor still being
    # read from the updates made beside it.
    ids = list(Deal.objects.filter(verdict__isnull=False).order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), BATCH):
        changed = []
        for deal in Deal.objects.filter(pk__in=ids[start : start + BATCH]).only("pk", "verdict"):
            found = figures(deal.verdict)
            if found is not None:
                for name, value in found.items():
                    setattr(deal, name, value)
                changed.append(deal)
        Deal.objects.bulk_update(changed, FIGURES)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0009_deal_dealer_and_trash"),
    ]

    operations = [
        migrations.AddField(
            model_name="deal",
            name="knocker_deadwood",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="knocker's deadwood in the verdict"
            ),
        ),
        migrations.AddField(
            model_name="deal",
            name="opponent_deadwood",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="opponent's deadwood in the verdict"
            ),
        ),
        migrations.AddField(
            model_name="deal",
            name="knock_limit",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="knock limit"),
        ),
        migrations.AddField(
            model_name="deal",
            name="multiplier",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="multiplier"),
        ),
        migrations.RunPython(fill_figures, migrations.RunPython.noop),
    ]
