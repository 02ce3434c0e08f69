"""A group's backup: the host downloads it as one JSON file, and restores one as a new group.

A restore writes its rows a batch at a time (`ledger.services.restore`), for
`WORK_SECONDS` per request: a small group is restored by the upload itself;
a big one goes on from a page that shows how far it has got and asks for the
next stretch (by itself with htmx, with a "Carry on" button without it), so
no request comes near the worker's timeout and no other host's write waits
behind a long transaction.
"""

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
from ledger.models import Group, Restore
from ledger.services import backup, restore
from ledger.views.common import REFUSED_HEADER, go_to, see_other
from ledger.views.nights import created_once
from sitewide.htmx import HtmxHttpRequest

NO_FILE = "Choose a backup file to restore."
RESTORED = "{name} is restored, with {nights} night{s}."
STOPPED = "You stopped this restore; nothing of it was kept."
# Seconds of writing per request: with the file's checks (about 2 s for 24 MB), far inside
# the request's deadline (25 s, sitewide/deadline.py).
WORK_SECONDS = 8.0


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
        return render(request, "ledger/restore.html", {"unfinished": _unfinished(request)})
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
            started = restore.work(restore.start(raw, request.user), seconds=WORK_SECONDS)
            if started.status == Restore.Status.FAILED:
                raise BackupError(started.error)
            return _next(request, started)

        return created_once(request, make)
    except BackupError as exc:
        context = {"error": str(exc), "unfinished": _unfinished(request)}
        return render(request, "ledger/restore.html", context, status=400)


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def restoring(request: HtmxHttpRequest, restore_id: int) -> HttpResponse:
    """How far a restore has got; POST writes the next stretch of it, or stops it."""
    found = get_object_or_404(Restore, pk=restore_id, owner=request.user)
    if request.method == "POST":
        if request.POST.get("action") == "stop":
            restore.discard(found, STOPPED)
            messages.info(request, STOPPED)
            return go_to(request, reverse("ledger:group_restore"))
        if found.status == Restore.Status.WORKING:
            restore.work(found, seconds=WORK_SECONDS)
        if found.status == Restore.Status.FAILED:
            template = "ledger/_restoring.html" if request.htmx else "ledger/restoring.html"
            refused = _page(request, found, template, status=400)
            refused[REFUSED_HEADER] = "1"  # htmx swaps the reason in (static/js/ledger.js)
            return refused
        if found.status == Restore.Status.WORKING and request.htmx:
            return _page(request, found, "ledger/_restoring.html")
        return go_to(request, _next(request, found))
    if found.status == Restore.Status.DONE and found.group is not None:
        return see_other(reverse("ledger:group", args=[found.group.pk]))
    return _page(request, found, "ledger/restoring.html")


def _page(
    request: HtmxHttpRequest, found: Restore, template: str, status: int = 200
) -> HttpResponse:
    written = 0 if found.status == Restore.Status.FAILED else restore.written(found)
    context = {
        "restore": found,
        "written": written,
        "written_words": f"{written:,}",
        "rows_words": f"{found.rows:,}",
        "percent": written * 100 // max(found.rows, 1),
    }
    return render(request, template, context, status=status)


def _next(request: HtmxHttpRequest, found: Restore) -> str:
    """Where to go after a stretch of work: the group when it is done, else the progress."""
    if found.status == Restore.Status.DONE and found.group is not None:
        count = found.group.nights.count()
        text = RESTORED.format(name=found.group.name, nights=count, s="" if count == 1 else "s")
        messages.success(request, text)
        return reverse("ledger:group", args=[found.group.pk])
    return reverse("ledger:restoring", args=[found.pk])


def _unfinished(request: HtmxHttpRequest) -> list[Restore]:
    return list(
        Restore.objects.filter(owner=request.user, status=Restore.Status.WORKING).defer("content")
    )
