from django.db import migrations, models


class Migration(migrations.Migration):
    """Who entered a hand's cards, and whether its player showed them: who may see them."""

    dependencies = [
        ("ledger", "0012_seat_device_claimed_at"),
    ]

    operations = [
        migrations.AddField(
            model_name="handcards",
            name="entered_as",
            field=models.CharField(blank=True, max_length=40),
        ),
        migrations.AddField(
            model_name="handcards",
            name="down_by",
            field=models.CharField(blank=True, max_length=40),
        ),
        migrations.AddField(
            model_name="handcards",
            name="shown",
            field=models.BooleanField(default=False),
        ),
    ]
