"""Stored games move to the schema where the steps say where money is offered.

A money rule no longer names its `phase`: the phase's `money` list does. A
betting step needs a `name` and an `opener`. A rule listed at no step goes to
`anytime`. House games are only ever written through the schema, so this
upgrades what they stored; built-in games are rewritten by `load_rulebook`
from the files, and are upgraded here too so their pages work meanwhile.
"""

from django.db import migrations

VAGUE = {"betting round", "betting", "bet"}


def upgrade(data: dict) -> dict:
    """The game document in the new shape; a document already in it comes back unchanged."""
    options = data.get("options") or []
    phases = list(data.get("phases") or [])
    for option in options:
        edits = option.get("phases") or {}
        phases += [insert["phase"] for insert in edits.get("add") or []]
        phases += list(edits.get("replace") or [])
    by_id = {}
    for phase in phases:
        by_id.setdefault(phase["id"], phase)
    rounds = 0
    for phase in phases:
        if phase.get("kind") == "bet":
            rounds += 1
            title = phase.get("title", "")
            if not phase.get("name"):
                phase["name"] = f"Round {rounds}" if title.lower() in VAGUE else title
            phase.setdefault("opener", None)
            phase["opener"] = phase["opener"] or "left_of_dealer"
    rules = [(None, rule) for rule in data.get("money") or []]
    rules += [(option, rule) for option in options for rule in option.get("money") or []]
    for _, rule in rules:
        step = rule.pop("phase", None)
        if step in by_id and rule["id"] not in by_id[step].setdefault("money", []):
            by_id[step]["money"].append(rule["id"])
    offered = {rule_id for phase in phases for rule_id in phase.get("money") or []}
    offered |= set(data.get("anytime") or []) | set(data.get("fold_out") or [])
    for option in options:
        offered |= set(option.get("anytime") or [])
    for option, rule in rules:
        if rule["id"] not in offered:
            holder = option if option is not None else data
            holder.setdefault("anytime", []).append(rule["id"])
    return data


def forwards(apps, schema_editor):
    Game = apps.get_model("rulebook", "Game")
    for game in Game.objects.all():
        game.data = upgrade(game.data)
        game.save(update_fields=["data"])


class Migration(migrations.Migration):
    dependencies = [("rulebook", "0001_initial")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
