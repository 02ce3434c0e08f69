"""A group's backup: the host downloads it as one JSON file, and restores one as a new group."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from ledger.core import backup_format
from ledger.core.backup_format import BackupError
from ledger.models import Group
from ledger.services import backup
from ledger.views.nights import created_once
from sitewide.htmx import HtmxHttpRequest

NO_FILE = "Choose a backup file to restore."
RESTORED = "{name} is restored, with {nights} night{s}."


@require_GET
@never_cache
@login_required
def group_backup(request: HtmxHttpRequest, group_id: int) -> HttpResponse:
    """The group's backup as a download; another host's group is a 404."""
    found = get_object_or_404(Group, pk=group_id, host=request.user)
    name = slugify(found.name) or "group"
    day = timezone.localdate().isoformat()
    response = HttpResponse(backup.export_bytes(found), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="homegame-{name}-{day}.json"'
    response["Cache-Control"] = "no-store"
    return response


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def group_restore(request: HtmxHttpRequest) -> HttpResponse:
    """GET: the upload form. POST: restore the file as a new group, or say why not (400)."""
    if request.method == "GET":
        return render(request, "ledger/restore.html", {})
    upload = request.FILES.get("backup")
    try:
        if upload is None:
            raise BackupError(NO_FILE)
        if upload.size > backup_format.MAX_BYTES:
            raise BackupError(
                backup_format.TOO_LARGE.format(most=backup_format.MAX_BYTES // (1024 * 1024))
            )
        raw = upload.read(backup_format.MAX_BYTES + 1)

        def make() -> str:
            group = backup.import_group(raw, request.user)
            count = group.nights.count()
            text = RESTORED.format(name=group.name, nights=count, s="" if count == 1 else "s")
            messages.success(request, text)
            return reverse("ledger:group", args=[group.pk])

        return created_once(request, make)
    except BackupError as exc:
        return render(request, "ledger/restore.html", {"error": str(exc)}, status=400)
