"""Who dealt becomes a stored fact of each deal, and deleted deals go to a trash.

The data step fills the dealer of every existing deal with the derivation the site used until
now (the first dealer, then the winner of each counted deal, the same dealer after a draw),
written out here so that later changes to the engine never change what this step stored.
"""

from django.db import migrations, models


def rotation(first_dealer, deals, target):
    """Yield (deal, dealer) for the recorded deals in order, then (None, the next dealer)."""
    totals = [0, 0]
    dealer = first_dealer
    ended = False
    for deal in deals:
        yield deal, dealer
        if ended or deal.winner is None:
            continue
        totals[deal.winner] += deal.points
        ended = totals[deal.winner] >= target
        dealer = deal.winner
    yield None, dealer


def fill_dealers(apps, schema_editor):
    Match = apps.get_model("scorekeeper", "Match")
    Deal = apps.get_model("scorekeeper", "Deal")
    for match in Match.objects.all().iterator():
        target = (match.rules or {}).get("target", 100)
        recorded = match.deals.filter(status="recorded").order_by("number")
        for deal, dealer in rotation(match.first_dealer, recorded, target):
            if deal is not None:
                Deal.objects.filter(pk=deal.pk).update(dealer=dealer)
            else:
                # The deal being played was dealt by whoever deals next.
                match.deals.filter(status="open").update(dealer=dealer)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0008_match_players_restrict"),
    ]

    operations = [
        migrations.AddField(
            model_name="deal",
            name="dealer",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="dealer"),
        ),
        migrations.AlterField(
            model_name="deal",
            name="status",
            field=models.CharField(
                choices=[
                    ("open", "being played"),
                    ("recorded", "recorded"),
                    ("deleted", "deleted"),
                ],
                max_length=10,
                verbose_name="status",
            ),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(
                condition=models.Q(("dealer__isnull", True), ("dealer__in", [0, 1]), _connector="OR"),
                name="deal_dealer_is_a_seat",
            ),
        ),
        migrations.RunPython(fill_dealers, migrations.RunPython.noop, elidable=False),
    ]
