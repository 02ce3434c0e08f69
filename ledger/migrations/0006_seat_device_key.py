"""A seat's own credential for the API phone that claimed it, apart from its join link."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0005_host_write_request"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="device_key_hash",
            field=models.CharField(blank=True, db_index=True, max_length=64),
        ),
    ]
