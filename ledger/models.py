"""What a night at the table stores: people, seats, hands and the chip journal.

The journal is double-entry and append-only. Every chip movement is a
`Posting` whose `Entry` rows sum to zero; stacks and pots are sums of entries
per `Account`. Posted rows refuse updates and deletes; undo posts a reversal.
"""

from __future__ import annotations

import secrets
from typing import Any, NoReturn

from django.conf import settings
from django.db import models
from django.urls import reverse


def new_token() -> str:
    """An unguessable link token: 128 bits, URL-safe."""
    return secrets.token_urlsafe(16)


class AppendOnlyError(Exception):
    """Raised when code tries to change or remove a posted journal row."""


class AppendOnlyQuerySet(models.QuerySet["AppendOnlyModel"]):
    def update(self, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError("Posted journal rows cannot be updated; post a reversal.")

    def delete(self) -> NoReturn:
        raise AppendOnlyError("Posted journal rows cannot be deleted; post a reversal.")

    def delete_with_night(self, night: Night) -> int:
        """Every row of this model that belongs to `night`, deleted with the night itself.

        The one way past the guard, for `ledger.services.deletion.night_delete` alone: it
        takes a whole night's rows or none, never one posting, so it cannot edit
        a journal that stays (see that function for why this is no edit).
        """
        rows = self.model.objects.filter(**{self.model.NIGHT_LOOKUP: night})
        deleted: int = rows._raw_delete(rows.db)
        return deleted


class AppendOnlyModel(models.Model):
    objects = AppendOnlyQuerySet.as_manager()
    # How a row finds its night, for `AppendOnlyQuerySet.delete_with_night`.
    NIGHT_LOOKUP = "night"

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError("Posted journal rows cannot be updated; post a reversal.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError("Posted journal rows cannot be deleted; post a reversal.")


class Group(models.Model):
    """The regulars: a roster of people and the house settings they reuse."""

    name = models.CharField(max_length=80)
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    settings = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name


class Person(models.Model):
    """Someone who plays; two people may share a display name."""

    group = models.ForeignKey(Group, related_name="people", on_delete=models.CASCADE)
    name = models.CharField(max_length=60)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name


class PayHandle(models.Model):
    """One way to pay a person: a handle on a payment service, or how they like to be paid.

    The host sets handles; a player may propose their own from their seat's
    phone, and such a change stays marked (`from_seat`) on every payment that
    uses it until the host confirms it: anyone holding a seat's QR code could
    otherwise send that player's winnings to themselves. `ledger.core.pay_links`
    checks every value before it is kept.
    """

    class Service(models.TextChoices):
        PAYPAL = "paypal", "PayPal"
        VENMO = "venmo", "Venmo"
        REVOLUT = "revolut", "Revolut"
        MONZO = "monzo", "Monzo"
        UPI = "upi", "UPI"
        IBAN = "iban", "Bank transfer (IBAN)"
        TEXT = "text", "How to pay me"

    person = models.ForeignKey(Person, related_name="pay_handles", on_delete=models.CASCADE)
    service = models.CharField(max_length=10, choices=Service.choices)
    value = models.CharField(max_length=200)
    holder = models.CharField(max_length=70, blank=True)
    from_seat = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["person", "service"]
        constraints = [
            models.UniqueConstraint(fields=["person", "service"], name="one_handle_per_service")
        ]

    def __str__(self) -> str:
        return f"{self.person}: {self.get_service_display()}"


class Night(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ENDED = "ended", "Ended"

    group = models.ForeignKey(Group, related_name="nights", on_delete=models.CASCADE)
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    name = models.CharField(max_length=80)
    currency = models.CharField(max_length=3, default="USD")
    chips = models.JSONField(help_text="Chip colours and their money values.")
    unit = models.DecimalField(max_digits=12, decimal_places=4)
    settings = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    spectator_token = models.CharField(max_length=32, unique=True, default=new_token)
    spectator_revoked = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("ledger:night", args=[self.pk])


class Seat(models.Model):
    """A person at a night's table; the join link lets them claim it from their phone."""

    night = models.ForeignKey(Night, related_name="seats", on_delete=models.CASCADE)
    person = models.ForeignKey(Person, related_name="seats", on_delete=models.PROTECT)
    position = models.PositiveSmallIntegerField()
    join_token = models.CharField(max_length=32, unique=True, default=new_token)
    join_revoked = models.BooleanField(default=False)
    claimed_session = models.CharField(max_length=64, blank=True)
    # The API phone that claimed the seat: sha256 hex of its seat key, shown to it once.
    device_key_hash = models.CharField(max_length=64, blank=True, db_index=True)
    # When that phone claimed it: a lost answer may be asked again only shortly after.
    device_claimed_at = models.DateTimeField(null=True, blank=True)
    sitting_out = models.BooleanField(default=False)
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["night", "position"], name="one_seat_per_position"),
            models.UniqueConstraint(fields=["night", "person"], name="one_seat_per_person"),
        ]

    def __str__(self) -> str:
        return f"{self.person.name} (seat {self.position})"

    @property
    def claimed(self) -> bool:
        """A phone holds the seat: a page's session or an API seat key, never both."""
        return bool(self.claimed_session or self.device_key_hash)


class Run(models.Model):
    """One game chosen at the table, with its options and settings, over one deal or many.

    Guts, Acey Deucey and the other games that run over several deals stay
    open while their pot rides; the table can also end one early, saying
    where the riding pot goes (`ending`). A single-deal game ends with its hand.
    """

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ENDED = "ended", "Ended"

    class Ending(models.TextChoices):
        WON = "won", "Played to its end"
        RETURNED = "returned", "Pot returned in proportion to what each put in"
        SPLIT = "split", "Pot split equally among those still in"
        CARRIED = "carried", "Pot carried to the next game of the same kind"

    night = models.ForeignKey(Night, related_name="runs", on_delete=models.CASCADE)
    number = models.PositiveIntegerField()
    game_slug = models.SlugField(max_length=80)
    game_name = models.CharField(max_length=120)
    options = models.JSONField(default=list, blank=True)
    settings = models.JSONField(default=dict, blank=True)
    agreed = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    ending = models.CharField(max_length=10, choices=Ending.choices, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["night", "number"]
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="run_number_per_night")
        ]

    def __str__(self) -> str:
        return f"{self.game_name} (game {self.number})"


class Hand(models.Model):
    """One deal: which game, who is in, and the table's settings for it."""

    class Status(models.TextChoices):
        BETTING = "betting", "Betting"
        SHOWDOWN = "showdown", "Showdown"
        SETTLED = "settled", "Settled"

    night = models.ForeignKey(Night, related_name="hands", on_delete=models.CASCADE)
    number = models.PositiveIntegerField()
    game_slug = models.SlugField(max_length=80, blank=True)
    game_name = models.CharField(max_length=120, blank=True)
    run = models.ForeignKey(
        Run, null=True, blank=True, related_name="hands", on_delete=models.PROTECT
    )
    dealer = models.ForeignKey(Seat, related_name="+", on_delete=models.PROTECT)
    seat_order = models.JSONField(help_text="Seat ids in the hand, from the dealer's left.")
    config = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.BETTING)
    # The step of the game the table is on (a phase id), so every phone shows the same one.
    step = models.CharField(max_length=80, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["night", "number"]
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="hand_number_per_night")
        ]

    def __str__(self) -> str:
        return f"Hand {self.number}"


class HandTally(models.Model):
    """What a write last replayed of a hand (ledger/core/tally.py): a cache the journal dates, never
    the truth. It counts only while no posting of the night is newer than the one it names.

    A table of its own, so the hand rows every page reads never carry it.
    """

    hand = models.OneToOneField(
        Hand, primary_key=True, related_name="kept_tally", on_delete=models.CASCADE
    )
    data = models.JSONField()

    def __str__(self) -> str:
        return f"Tally of hand {self.hand_id}"


class Account(models.Model):
    """Where chips can be: the bank, a seat's stack or marker, a hand's pot, the night's other pots.

    A marker is what a seat owes on credit (an IOU): like the bank it may go
    below zero, and the settlement includes it. The riding pot and the
    infraction pot belong to the night: a later hand picks them up. A carried
    pot waits for the next game of one kind: its key names the game.
    """

    class Kind(models.TextChoices):
        BANK = "bank", "Bank"
        STACK = "stack", "Stack"
        MARKER = "marker", "Marker"
        POT = "pot", "Pot"
        RIDING = "riding", "Riding pot"
        INFRACTION = "infraction", "Infraction pot"
        CARRIED = "carried", "Pot carried to a later game"

    night = models.ForeignKey(Night, related_name="accounts", on_delete=models.CASCADE)
    kind = models.CharField(max_length=12, choices=Kind.choices)
    seat = models.ForeignKey(Seat, null=True, blank=True, on_delete=models.PROTECT)
    hand = models.ForeignKey(Hand, null=True, blank=True, on_delete=models.PROTECT)
    # kind:seat:hand[:game], so one account per owner is a plain unique constraint everywhere.
    key = models.CharField(max_length=120)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["night", "key"], name="one_account_per_owner")
        ]

    def __str__(self) -> str:
        owner = self.seat or self.hand or self.night
        return f"{self.get_kind_display()} of {owner}"

    @staticmethod
    def key_for(kind: str, seat_id: int | None, hand_id: int | None, game: str = "") -> str:
        key = f"{kind}:{seat_id or ''}:{hand_id or ''}"
        return f"{key}:{game}" if game else key


class Posting(AppendOnlyModel):
    """One movement of chips, whole or not at all: its entries sum to zero."""

    night = models.ForeignKey(Night, related_name="postings", on_delete=models.CASCADE)
    hand = models.ForeignKey(
        Hand, null=True, blank=True, related_name="postings", on_delete=models.PROTECT
    )
    seat = models.ForeignKey(Seat, null=True, blank=True, on_delete=models.PROTECT)
    kind = models.CharField(max_length=20)
    detail = models.JSONField(default=dict, blank=True)
    memo = models.CharField(max_length=200, blank=True)
    recorded_by = models.CharField(max_length=80)
    reverses = models.OneToOneField(
        "self", null=True, blank=True, related_name="reversed_by", on_delete=models.PROTECT
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        # The night's latest posting dates a hand's tally and the table's poll: one index probe.
        indexes = [models.Index(fields=["night", "-id"], name="posting_latest_per_night")]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk}"


class Entry(AppendOnlyModel):
    NIGHT_LOOKUP = "posting__night"

    posting = models.ForeignKey(Posting, related_name="entries", on_delete=models.PROTECT)
    account = models.ForeignKey(Account, related_name="entries", on_delete=models.PROTECT)
    amount = models.BigIntegerField()

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.amount:+d} to account {self.account_id}"


class Score(AppendOnlyModel):
    """Points on a points game's score sheet (Pokino): no chips move, so not in the journal.

    Append-only like the journal: a mistake is taken back by a row that
    reverses it.
    """

    night = models.ForeignKey(Night, related_name="scores", on_delete=models.CASCADE)
    hand = models.ForeignKey(Hand, related_name="scores", on_delete=models.PROTECT)
    seat = models.ForeignKey(Seat, related_name="scores", on_delete=models.PROTECT)
    rule = models.CharField(max_length=80)
    points = models.IntegerField()
    recorded_by = models.CharField(max_length=80)
    reverses = models.OneToOneField(
        "self", null=True, blank=True, related_name="reversed_by", on_delete=models.PROTECT
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.points:+d} points ({self.rule})"


class WriteRequest(models.Model):
    """The first answer to each caller's idempotency key, so a repeated request changes nothing.

    Scoped to the caller (`Actor.key`: the host, a seat, the spectator link), so
    the same key sent by someone else is their own new request, never a replay
    of another caller's answer.
    """

    night = models.ForeignKey(Night, related_name="write_requests", on_delete=models.CASCADE)
    caller = models.CharField(max_length=40, blank=True)
    key = models.CharField(max_length=80)
    fingerprint = models.CharField(max_length=64)
    result = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["night", "caller", "key"], name="one_answer_per_caller_key"
            )
        ]

    def __str__(self) -> str:
        return self.key


class Payment(models.Model):
    """One transfer of money that settles the night, and whether it has been paid."""

    night = models.ForeignKey(Night, related_name="payments", on_delete=models.CASCADE)
    # No seat: the bank, the host's cash box (the host takes cash for chips without a seat).
    payer = models.ForeignKey(
        Seat, null=True, blank=True, related_name="+", on_delete=models.PROTECT
    )
    payee = models.ForeignKey(
        Seat, null=True, blank=True, related_name="+", on_delete=models.PROTECT
    )
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    paid_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.amount}"


class HostWriteRequest(models.Model):
    """The first answer to an idempotency key for a host's write that has no night yet.

    Groups, people and new nights are written before (or outside) any night,
    so their keys are scoped to the signed-in host instead.
    """

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="write_requests", on_delete=models.CASCADE
    )
    key = models.CharField(max_length=80)
    fingerprint = models.CharField(max_length=64)
    result = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["host", "key"], name="one_answer_per_host_key")
        ]

    def __str__(self) -> str:
        return self.key


class HandCards(AppendOnlyModel):
    """Cards shown for a hand: one player's, entered from their seat or by the dealer.

    Append-only: a correction is a newer row, and the latest row per seat
    counts. No seat: the table's cards (a board), entered by the dealer. The
    showdown helper ranks the latest rows; a seat's cards are shown to the
    other phones only once the hand reaches its showdown.
    """

    night = models.ForeignKey(Night, related_name="+", on_delete=models.CASCADE)
    hand = models.ForeignKey(Hand, related_name="cards", on_delete=models.CASCADE)
    seat = models.ForeignKey(
        Seat, null=True, blank=True, related_name="+", on_delete=models.CASCADE
    )
    cards = models.JSONField(help_text='Card codes, e.g. ["As", "Kd", "Jk"].')
    up = models.JSONField(default=list, blank=True, help_text="Those dealt face up, in order.")
    declare = models.CharField(max_length=4, blank=True)
    wild_ranks = models.JSONField(
        default=list, blank=True, help_text="The table's row: ranks named wild this hand."
    )
    entered_by = models.CharField(max_length=80)
    # Who wrote the row and who entered its face-down cards, as `Actor.key` names them
    # ("host", "seat:<id>"): before the showdown they see its face-down cards, and the holder.
    entered_as = models.CharField(max_length=40, blank=True)
    down_by = models.CharField(max_length=40, blank=True)
    # The player chose to show the table these cards (a folded hand, a hand that won unseen).
    shown = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["hand", "seat"], name="hand_cards_by_seat")]

    def __str__(self) -> str:
        return " ".join(self.cards)


class ShowdownKept(AppendOnlyModel):
    """The helper's result and the cards it ranked, kept with the award they were booked by."""

    night = models.ForeignKey(Night, related_name="+", on_delete=models.CASCADE)
    hand = models.ForeignKey(Hand, related_name="kept_showdowns", on_delete=models.CASCADE)
    award = models.OneToOneField(Posting, related_name="kept", on_delete=models.CASCADE)
    cards = models.JSONField(help_text="Each player's cards by name, and the board.")
    result = models.JSONField(help_text="The helper's rankings and each player's hand.")
    recorded_by = models.CharField(max_length=80)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"Showdown of hand {self.hand_id}"


class Restore(models.Model):
    """A backup being restored a batch of rows at a time (`ledger.services.restore`).

    `content` is the file's content once checked, compressed. Until the
    restore is done, `group` and its nights belong to `stand_in`, a user made
    for this restore who cannot sign in, so no page or API shows the group
    half-written; the hand-over gives both to `owner`.
    """

    class Status(models.TextChoices):
        WORKING = "working"
        DONE = "done"
        FAILED = "failed"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="restores", on_delete=models.CASCADE
    )
    stand_in = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="+", null=True, on_delete=models.SET_NULL
    )
    group = models.ForeignKey(Group, related_name="+", null=True, on_delete=models.SET_NULL)
    name = models.CharField(max_length=80)
    content = models.BinaryField()
    rows = models.PositiveIntegerField()
    # Each table's rows written so far, and the last one's id: {"postings": [1500, 48211]}.
    done = models.JSONField(default=dict)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WORKING)
    error = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.status})"
