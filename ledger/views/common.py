"""What every ledger page shares: who is asking, writes run once per key, and the answers.

A night's pages answer 404 to anyone who is not its host or a seated player,
so nobody learns that another night exists. Each write names its permission
check and its service call; `write` runs the check, then the call inside
`journal.once` with the night locked, and turns every refusal into a status
and a message for the page: 403 for a role, 422 for a reused key, 400 for
input the ledger will not take. Nothing is written on any of them.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect

from ledger.core import inputs
from ledger.core.betting import BettingError
from ledger.core.house_rules import HouseRulesError
from ledger.core.pots import PotError
from ledger.core.units import UnitError
from ledger.models import Night
from ledger.services import actors, journal
from ledger.services.actors import Actor, Forbidden
from ledger.services.journal import KeyConflict, LedgerError
from sitewide.htmx import HtmxHttpRequest

# A refused write's answer carries this header, so htmx swaps its reason in
# (static/js/ledger.js) instead of treating the 4xx as an error.
REFUSED_HEADER = "X-Ledger-Refused"

NO_NIGHT = "No such night."
KEY_MISSING = "This form has no request key: reload the page and try again."
NOT_SENT = ("csrfmiddlewaretoken", "idempotency_key")

# Refusals a page explains to the user; anything else is a bug and a 500.
REFUSED = (
    LedgerError,
    ValidationError,
    UnitError,
    HouseRulesError,
    PotError,
    BettingError,
    inputs.InputError,
)


def night_for(request: HttpRequest, night_id: int) -> tuple[Night, Actor]:
    """The night and who is asking: its host or a seat claimed on this phone, else 404."""
    night = Night.objects.select_related("host", "group").filter(pk=night_id).first()
    actor = actors.actor_for(request, night) if night is not None else None
    if actor is None:
        raise Http404(NO_NIGHT)
    return night, actor


def message(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        return " ".join(exc.messages)
    return str(exc)


def run_once(
    request: HttpRequest, night: Night, caller: str, call: Callable[[Night], dict | None]
) -> dict:
    """Run a write at most once for the caller's form key, the posted body as its payload.

    `caller` scopes the key (`Actor.key`, or a phone's session before it holds a seat).
    """
    key = request.POST.get("idempotency_key", "").strip()
    if not inputs.is_key(key):
        raise LedgerError(KEY_MISSING)
    payload = {"path": request.path} | {
        name: request.POST.getlist(name) for name in sorted(request.POST) if name not in NOT_SENT
    }
    return journal.once(
        night=night, caller=caller, key=key, payload=payload, write=lambda n: call(n) or {}
    )


def write(
    request: HttpRequest,
    night: Night,
    *,
    actor: Actor,
    check: Callable[[], None],
    call: Callable[[Night], dict | None],
    done: Callable[[dict], HttpResponse],
    refused: Callable[[str, int], HttpResponse],
) -> HttpResponse:
    """Check the role, write once, and answer: `done(result)` or `refused(message, status)`."""
    try:
        check()
        result = run_once(request, night, actor.key, call)
    except Forbidden as exc:
        return refused(str(exc), 403)
    except KeyConflict as exc:
        return refused(str(exc), 422)
    except REFUSED as exc:
        return refused(message(exc), 400)
    return done(result)


def partial_wanted(request: HtmxHttpRequest) -> bool:
    """An htmx swap of one region, not a boosted page or a history restore."""
    htmx = request.htmx
    return bool(htmx) and not htmx.boosted and not htmx.history_restore_request


def see_other(url: str) -> HttpResponseRedirect:
    """After a write, GET the page (303), so a reload never posts again."""
    response = HttpResponseRedirect(url)
    response.status_code = 303
    return response


def go_to(request: HtmxHttpRequest, url: str) -> HttpResponse:
    """Another page after a write: a 303, or for htmx a whole-page visit (not a swap)."""
    if request.htmx:
        response = HttpResponse(status=200)
        response["HX-Redirect"] = url
        return response
    return see_other(url)
