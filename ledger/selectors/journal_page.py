"""The History tab a page at a time: newest first, keyset-paged on the posting id.

A page is the `PAGE_SIZE` postings below an id (`?before=<id>`), never an
OFFSET, so the hundredth page of a 60,000-posting night costs what the first
does: an index probe on (night, -id) and a read of one page. Each page knows
where its Newer and Older links lead with one more probe. The API's journal
pages the same way, optionally narrowed to one hand or to one seat's chips.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef

from ledger.core import inputs
from ledger.models import Entry, Night, Posting, ShowdownKept
from ledger.services import seat_cards

PAGE_SIZE = 100
LABEL = "The page to show"


@dataclass
class JournalPage:
    postings: list[Posting] = field(default_factory=list)
    # The id the Older link pages below, or None on the last page.
    older: int | None = None
    # Whether a Newer link shows, and the id it pages below (None: the first page).
    has_newer: bool = False
    newer: int | None = None


def before_of(value: str | None, label: str = LABEL) -> int | None:
    """The `before` query parameter: absent is the first page; else a posting id, or InputError."""
    if value is None:
        return None
    return inputs.record_id(value, label=label, what="postings")


def page(
    night: Night,
    before: int | None = None,
    size: int = PAGE_SIZE,
    *,
    hand: int | None = None,
    seat: int | None = None,
) -> JournalPage:
    """The `size` postings of the night below `before` (all of them: the newest), newest first.

    `hand` keeps only that hand's postings (by its number), `seat` only those
    moving that seat's chips; Newer and Older page within what is kept.
    Each posting carries `undone` (a later posting reverses it), its hand, and
    `kept_shown` when it is an award that kept the cards shown at its showdown.
    """
    narrowed = Posting.objects.filter(night=night)
    if hand is not None:
        narrowed = narrowed.filter(hand__number=hand)
    if seat is not None:
        moves = Entry.objects.filter(posting=OuterRef("pk"), account__seat_id=seat)
        narrowed = narrowed.filter(Exists(moves))
    rows = narrowed
    if before is not None:
        rows = rows.filter(pk__lt=before)
    postings = list(
        rows.select_related("hand")
        .annotate(undone=Exists(Posting.objects.filter(reverses=OuterRef("pk"))))
        .order_by("-pk")[: size + 1]
    )
    older = None
    if len(postings) > size:
        postings = postings[:size]
        older = postings[-1].pk
    kept = ShowdownKept.objects.filter(night=night, award_id__in=[p.pk for p in postings])
    shown = {k.award_id: k for k in kept} if postings else {}
    for posting in postings:
        if posting.pk in shown:
            posting.kept_shown = seat_cards.kept_words(shown[posting.pk])
    result = JournalPage(postings=postings, older=older)
    if before is not None:
        # The newer page is the `size` postings just above this one; it pages below the next.
        top = postings[0].pk if postings else before - 1
        above = list(
            narrowed.filter(pk__gt=top).order_by("pk").values_list("pk", flat=True)[: size + 1]
        )
        result.has_newer = bool(above)
        result.newer = above[size] if len(above) > size else None
    return result
