from django.db import migrations, models


class Migration(migrations.Migration):
    """When an API phone claimed its seat: a lost answer is given again only shortly after."""

    dependencies = [
        ("ledger", "0011_write_request_per_caller"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="device_claimed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
