from django.db import migrations, models


class Migration(migrations.Migration):
    """An idempotency key belongs to its caller: (night, caller, key) is unique."""

    dependencies = [
        ("ledger", "0010_hand_tally"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="writerequest",
            name="one_answer_per_key",
        ),
        migrations.AddField(
            model_name="writerequest",
            name="caller",
            field=models.CharField(blank=True, max_length=40),
        ),
        migrations.AddConstraint(
            model_name="writerequest",
            constraint=models.UniqueConstraint(
                fields=("night", "caller", "key"), name="one_answer_per_caller_key"
            ),
        ),
    ]
