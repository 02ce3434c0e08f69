"""The night in a few lines, for the group chat: date, games, nets, the biggest pot, who owes.

Read from the journal and the settlement; it holds no cards and no payment
handles, so the spectator link may share it too.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.utils import timezone

from ledger.core import amounts
from ledger.models import Account, Entry, Night, Payment
from ledger.selectors import night_results

POT_KINDS = (Account.Kind.POT, Account.Kind.RIDING, Account.Kind.CARRIED)


@dataclass(frozen=True)
class BigPot:
    chips: int
    hand: int | None
    winners: tuple[int, ...]  # seat ids


def biggest_pot(night: Night) -> BigPot | None:
    """The most chips one posting moved from a pot to players' stacks (undone ones left out)."""
    entries = Entry.objects.filter(
        posting__night=night, posting__reverses__isnull=True, posting__reversed_by__isnull=True
    )
    paid_out: dict[int, int] = defaultdict(int)
    won: dict[int, list[int]] = defaultdict(list)
    hands: dict[int, int | None] = {}
    for posting, hand, kind, seat, amount in entries.values_list(
        "posting_id", "posting__hand__number", "account__kind", "account__seat_id", "amount"
    ):
        hands[posting] = hand
        if kind in POT_KINDS and amount < 0:
            paid_out[posting] -= amount
        elif kind == Account.Kind.STACK and amount > 0:
            won[posting].append(seat)
    best = max((p for p in paid_out if won.get(p)), key=lambda p: (paid_out[p], -p), default=None)
    if best is None:
        return None
    return BigPot(paid_out[best], hands[best], tuple(dict.fromkeys(won[best])))


def text(night: Night, names: Mapping[int | None, str], payments: Sequence[Payment]) -> str:
    """The recap as plain text, one fact a line."""
    ended = night.status == Night.Status.ENDED
    day = timezone.localtime(night.ended_at or night.created_at)
    lines = [f"{night.group.name}: {night.name}, {day.day} {day:%b %Y}"]
    games = list(
        dict.fromkeys(
            night.hands.exclude(game_name="").order_by("pk").values_list("game_name", flat=True)
        )
    )
    if games:
        lines.append("Games: " + ", ".join(games))
    rows, _ = night_results.results(night)
    nets = sorted(rows, key=lambda r: (-r.money, names[r.seat.pk]))
    if nets:
        heading = "Nets" if ended else "Nets so far"
        shown = (f"{names[r.seat.pk]} {_signed(r.money, night.currency)}" for r in nets)
        lines.append(f"{heading}: " + ", ".join(shown))
    big = biggest_pot(night)
    if big is not None:
        who = " and ".join(names[s] for s in big.winners)
        where = f" in hand {big.hand}" if big.hand is not None else ""
        lines.append(
            f"Biggest pot: {big.chips} chips ({_money(big.chips, night)}), won by {who}{where}"
        )
    open_payments = [p for p in payments if p.paid_at is None]
    if ended and open_payments:
        owed = (
            f"{names[p.payer_id]} pays {names[p.payee_id]} "
            f"{amounts.show_money(p.amount, night.currency)}"
            for p in open_payments
        )
        lines.append("Still to pay: " + "; ".join(owed))
    elif ended:
        lines.append("Everyone is paid up.")
    return "\n".join(lines)


def _money(chips: int, night: Night) -> str:
    return amounts.show_money(Decimal(night.unit) * chips, night.currency)


def _signed(value: Decimal, currency: str) -> str:
    shown = amounts.show_money(abs(value), currency)
    return f"+{shown}" if value > 0 else (f"−{shown}" if value < 0 else shown)
