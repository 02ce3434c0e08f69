"""The table as the API shows it: plain dicts built from the journal, read-only.

Nothing here writes, not even an empty account: a GET changes nothing.
"""

from __future__ import annotations

from django.db.models import Prefetch, prefetch_related_objects

from ledger.core import betting
from ledger.models import Account, Entry, Hand, Night, Posting, Seat
from ledger.selectors import journal_page, night_results, pay_ways
from ledger.services import closing, games, hands, journal
from ledger.services.actors import Actor

_ENTRIES = Prefetch("entries", queryset=Entry.objects.select_related("account__hand"))


def night_view(night: Night, actor: Actor) -> dict:
    """The night with every seat's stack and the open hand, as this caller may see it."""
    stacks = closing.booked_stacks(night)
    host = actor.role == "host"
    seats = [seat_view(s, stacks[s.pk], show_token=host) for s in _seats(night)]
    hand = games.open_hand(night)
    dealer = hands.next_dealer(night) if night.status == Night.Status.OPEN else None
    return {
        "id": night.pk,
        "name": night.name,
        "group": {"id": night.group_id, "name": night.group.name},
        "currency": night.currency,
        "chips": night.chips,
        "unit": night.unit,
        "settings": night.settings,
        "status": night.status,
        "created_at": night.created_at,
        "ended_at": night.ended_at,
        "you": {"role": actor.role, "seat": actor.seat.pk if actor.seat else None},
        "spectator_token": night.spectator_token if host and not night.spectator_revoked else None,
        "seats": seats,
        "next_dealer": dealer.pk if dealer and hand is None else None,
        "riding": _balance(Account.key_for(Account.Kind.RIDING, None, None), night.pk),
        "hand": hand_view(hands.load(hand)) if hand else None,
    }


def seat_view(seat: Seat, stack: int, *, show_token: bool = False) -> dict:
    return {
        "id": seat.pk,
        "position": seat.position,
        "person": {"id": seat.person_id, "name": seat.person.name},
        "stack": stack,
        "sitting_out": seat.sitting_out,
        "left_at": seat.left_at,
        "join_token": seat.join_token if show_token and not seat.join_revoked else None,
    }


def hand_view(play: hands.Play) -> dict:
    """One hand: who is in, stacks and chips committed, whose turn, and the pots.

    Drawn from a `Play` (read by `hands.load`, or left by the write that just
    ran), so the hand is read and replayed once per request.
    """
    hand, now = play.hand, play.state
    r = now.round
    settled = hand.status == Hand.Status.SETTLED
    players = []
    for seat_id, seat in play.seats.items():
        in_round = r is not None and seat_id in r.stacks
        in_pot = now.contributions.get(seat_id, 0)
        folded = seat_id in now.folded
        stack = play.stack(seat_id)
        players.append(
            {
                "seat": seat_id,
                "name": seat.person.name,
                "position": seat.position,
                "stack": stack,
                "committed": r.committed[seat_id] if in_round else 0,
                "in_pot": in_pot,
                "to_call": betting.to_call(r, seat_id) if in_round else 0,
                "folded": folded,
                "all_in": not settled and not folded and in_pot > 0 and not stack,
            }
        )
    return {
        "number": hand.number,
        "game_slug": hand.game_slug,
        "game_name": hand.game_name,
        "dealer": hand.dealer_id,
        "seat_order": hand.seat_order,
        "status": hand.status,
        "created_at": hand.created_at,
        "antes": now.antes,
        "rounds": now.rounds,
        "betting_open": now.betting_open,
        "round": _round_view(now.rounds, r) if r is not None else None,
        "pot": play.pot,
        "players": players,
        "pots": pots_view(play),
        "step": hand.step or None,
    }


def pots_view(play: hands.Play) -> list[dict]:
    """The main and side pots with who can win each; once settled, as they were awarded."""
    if play.hand.status == Hand.Status.SETTLED:
        detail = play.award_detail()
        if detail is None:
            return []
        low = detail.get("low_winners")
        return [
            {
                "index": index,
                "amount": pot["amount"],
                "eligible": pot["eligible"],
                "winners": detail["winners"][index],
                "low_winners": low[index] if low else None,
            }
            for index, pot in enumerate(detail["pots"])
        ]
    if not play.has_pot:
        return []  # nothing was ever put in
    return [
        {
            "index": index,
            "amount": pot.amount,
            "eligible": sorted(pot.eligible),
            "winners": None,
            "low_winners": None,
        }
        for index, pot in enumerate(play.live_pots())
    ]


def with_entries(posting: Posting) -> Posting:
    """Read a posting's entries and their accounts in one query, for `PostingOutput`.

    A posting just written already knows them (`journal._knowing`).
    """
    if "entries" not in getattr(posting, "_prefetched_objects_cache", {}):
        prefetch_related_objects([posting], _ENTRIES)
    return posting


def _round_view(number: int, r: betting.Round) -> dict:
    turn = betting.next_to_act(r)
    return {
        "number": number,
        "complete": turn is None,
        "turn": turn,
        "current_bet": r.current_bet,
        "to_call": betting.to_call(r, turn) if turn is not None else 0,
        "legal": sorted(betting.legal(r, turn)) if turn is not None else [],
        "min_raise_to": betting.min_raise_to(r, turn) if turn is not None else None,
        "max_raise_to": betting.max_raise_to(r, turn) if turn is not None else None,
    }


def _balance(key: str, night_id: int) -> int:
    """An account's chips, or 0 if nothing was ever put there (without opening it)."""
    found = Account.objects.filter(night_id=night_id, key=key).first()
    return journal.balances([found])[found.pk] if found else 0


def _seats(night: Night) -> list[Seat]:
    return list(night.seats.select_related("person").order_by("position"))


def journal_postings_page(
    night: Night,
    *,
    before: int | None = None,
    size: int = journal_page.PAGE_SIZE,
    hand: int | None = None,
    seat: int | None = None,
) -> journal_page.JournalPage:
    """A page of the night's postings as the History tab pages them (newest first, keyset on
    the id), each with its entries and what undid it."""
    shown = journal_page.page(night, before, size, hand=hand, seat=seat)
    prefetch_related_objects(shown.postings, _ENTRIES, "reversed_by")
    return shown


def settlement_view(night: Night, role: str = "spectator") -> dict:
    """Each player's net in chips and money, and the payments, each explained by hand.

    The payee's ways to be paid go to the night's host and seats (`role`), never a spectator.
    """
    rows, payments = night_results.results(night)
    names = {s.pk: s.person.name for s in night.seats.select_related("person")}
    ways = pay_ways.for_payments(night, payments, role=role, names=names)
    return {
        "night": night.pk,
        "status": night.status,
        "currency": night.currency,
        "unit": night.unit,
        "rows": [
            {
                "seat": row.seat.pk,
                "name": row.seat.person.name,
                "position": row.seat.position,
                "chips": row.chips,
                "money": row.money,
            }
            for row in rows
        ],
        "payments": [payment_view(night, p) | {"ways": _ways(ways.get(p.pk))} for p in payments],
    }


def _ways(found: pay_ways.PayWays | None) -> list[dict]:
    if found is None:
        return []
    return [
        {
            "service": w.label,
            "handle": w.shown,
            "holder": w.holder,
            "link": w.link,
            "qr": w.qr,
            "to_type": w.to_type,
            "unconfirmed": w.unconfirmed,
        }
        for w in found.ways
    ]


def payment_view(night: Night, payment) -> dict:
    parties = [s for s in (payment.payer_id, payment.payee_id) if s is not None]
    by_hand = night_results.hand_results(night, parties)
    return {
        "id": payment.pk,
        "payer": {"seat": payment.payer_id, "name": closing.party_name(payment.payer)},
        "payee": {"seat": payment.payee_id, "name": closing.party_name(payment.payee)},
        "amount": payment.amount,
        "ways": [],  # the settlement fills them in for who may see them
        "paid_at": payment.paid_at,
        "hands": [
            {
                "hand": number,
                "payer_chips": chips.get(payment.payer_id, 0),
                "payee_chips": chips.get(payment.payee_id, 0),
            }
            for number, chips in by_hand.items()
        ],
    }
