"""Restore a group from a backup file as a new group of one user; all or nothing.

It writes the rows a batch at a time, each batch its own transaction, as the
restore page does (`ledger.services.restore`), so the site stays writable
while a big group comes in; the group appears only once all of it is in.
"""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from ledger.core import backup_format
from ledger.core.backup_format import BackupError
from ledger.services import restore


class Command(BaseCommand):
    help = "Restore a group from a backup written by export_group (or the group page)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="the backup file")
        parser.add_argument("--owner", required=True, help="the username who will host it")

    def handle(self, *args, **options) -> None:
        owner = get_user_model().objects.filter(username=options["owner"]).first()
        if owner is None:
            raise CommandError(f"No user is called {options['owner']!r}.")
        path = Path(options["file"])
        try:
            with path.open("rb") as handle:
                raw = handle.read(backup_format.MAX_BYTES + 1)
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc.strerror}.") from exc
        try:
            group = restore.import_group(raw, owner)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        nights = group.nights.count()
        self.stdout.write(f"Restored {group.name} with {nights} night(s) as group {group.pk}.")
