"""Write a group's backup, one JSON file, to a file or to standard output."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from ledger.models import Group
from ledger.services import backup


class Command(BaseCommand):
    help = "Back up a group (its people, settings, nights and journal) as one JSON file."

    def add_arguments(self, parser) -> None:
        parser.add_argument("group_id", type=int, help="the group's id")
        parser.add_argument("--out", help="the file to write; standard output when left out")

    def handle(self, *args, **options) -> None:
        group = Group.objects.filter(pk=options["group_id"]).first()
        if group is None:
            raise CommandError(f"No group has the id {options['group_id']}.")
        data = backup.export_bytes(group)
        if options["out"]:
            Path(options["out"]).write_bytes(data)
            self.stderr.write(f"{group.name}: {len(data):,} bytes written to {options['out']}")
        else:
            self.stdout.write(data.decode())
