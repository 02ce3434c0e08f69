"""Payment handles are held to their service's format, and pay links fill in what they can.

Every link below is written out by hand from the service's link format, not
built by the code under test.
"""

from decimal import Decimal

import pytest

from ledger.core import pay_links
from ledger.core.pay_links import HandleError, check, pay

pytestmark = pytest.mark.pure
NOTE = "Homegame, Friday Regulars, 27 Nov"


@pytest.mark.parametrize(
    ("amount", "currency", "link"),
    [
        ("16.75", "USD", "https://paypal.me/AnnSmith/16.75USD"),
        ("3.00", "EUR", "https://paypal.me/AnnSmith/3.00EUR"),
        ("1250", "GBP", "https://paypal.me/AnnSmith/1250.00GBP"),
    ],
)
def test_a_paypal_link_carries_the_amount_and_currency_but_not_the_note(amount, currency, link):
    paid = pay(check("paypal", "AnnSmith"), Decimal(amount), currency, NOTE)
    assert (paid.link, paid.qr) == (link, link)
    assert paid.filled == ("amount", "currency")
    assert paid.to_type == f"PayPal does not fill in the note, “{NOTE}”: type it yourself."


@pytest.mark.parametrize(
    ("amount", "note", "link"),
    [
        (
            "16.75",
            NOTE,
            "https://venmo.com/ann-smith?txn=pay&amount=16.75"
            "&note=Homegame%2C%20Friday%20Regulars%2C%2027%20Nov",
        ),
        (
            "0.05",
            "Zoë's & D'Arcy's",
            "https://venmo.com/ann-smith?txn=pay&amount=0.05"
            "&note=Zo%C3%AB%27s%20%26%20D%27Arcy%27s",
        ),
        ("40", "", "https://venmo.com/ann-smith?txn=pay&amount=40.00"),
    ],
)
def test_a_venmo_link_fills_in_amount_and_note_in_dollars(amount, note, link):
    paid = pay(check("venmo", "@ann-smith"), Decimal(amount), "USD", note)
    assert paid.link == link
    assert paid.to_type == ""


def test_venmo_in_another_currency_leaves_the_amount_to_type():
    paid = pay(check("venmo", "ann-smith"), Decimal("16.75"), "EUR", "Poker")
    assert paid.link == "https://venmo.com/ann-smith?txn=pay&note=Poker"
    assert paid.filled == ("note",)
    assert paid.to_type == (
        "Venmo does not fill in the amount, 16.75 EUR: type it yourself (Venmo pays in USD)."
    )


@pytest.mark.parametrize(
    ("amount", "note", "link"),
    [
        (
            "16.75",
            NOTE,
            "https://monzo.me/annsmith/16.75?d=Homegame%2C%20Friday%20Regulars%2C%2027%20Nov",
        ),
        ("0.5", "Poker/pizza", "https://monzo.me/annsmith/0.50?d=Poker%2Fpizza"),
        ("120", "", "https://monzo.me/annsmith/120.00"),
    ],
)
def test_a_monzo_link_fills_in_pounds_and_the_note(amount, note, link):
    paid = pay(check("monzo", "annsmith"), Decimal(amount), "GBP", note)
    assert (paid.link, paid.qr) == (link, link)
    assert paid.to_type == ""


def test_monzo_in_another_currency_leaves_the_amount_to_type():
    paid = pay(check("monzo", "annsmith"), Decimal("16.75"), "USD", "Poker")
    assert paid.link == "https://monzo.me/annsmith?d=Poker"
    assert paid.to_type == (
        "Monzo does not fill in the amount, 16.75 USD: type it yourself (Monzo pays in GBP)."
    )


def test_revolut_with_no_note_asks_only_for_the_amount():
    paid = pay(check("revolut", "annsmith"), Decimal("3"), "GBP", "")
    assert paid.link == "https://revolut.me/annsmith"
    assert paid.to_type == "Revolut does not fill in the amount, 3.00 GBP: type it yourself."


def test_a_revolut_link_opens_the_profile_and_says_what_to_type():
    paid = pay(check("revolut", "@Ann.Smith"), Decimal("16.75"), "EUR", "Poker")
    assert paid.link == "https://revolut.me/ann.smith"
    assert paid.filled == ()
    assert paid.to_type == (
        "Revolut does not fill in the amount, 16.75 EUR and the note, “Poker”: type it yourself."
    )


@pytest.mark.parametrize(
    ("amount", "currency", "note", "link"),
    [
        (
            "250.50",
            "INR",
            "Poker night",
            "upi://pay?pa=ann.kumar@okbank&am=250.50&cu=INR&tn=Poker%20night",
        ),
        ("1000", "INR", "", "upi://pay?pa=ann.kumar@okbank&am=1000.00&cu=INR"),
        ("12", "USD", "A&B", "upi://pay?pa=ann.kumar@okbank&tn=A%26B"),
    ],
)
def test_a_upi_link_fills_in_rupees_and_the_note(amount, currency, note, link):
    paid = pay(check("upi", "ann.kumar@okbank"), Decimal(amount), currency, note)
    assert (paid.link, paid.qr) == (link, link)


@pytest.mark.parametrize(
    ("amount", "note", "tail"),
    [
        ("16.75", NOTE, "EUR16.75\n\n\nHomegame, Friday Regulars, 27 Nov"),
        ("0.05", "Zoë", "EUR0.05\n\n\nZoë"),
        ("1500", "", "EUR1500.00\n\n\n"),
    ],
)
def test_an_iban_gets_the_epc_payment_code_in_euros(amount, note, tail):
    handle = check("iban", "de89 3704 0044 0532 0130 00", "Ann Smith")
    assert handle.shown == "DE89 3704 0044 0532 0130 00"
    paid = pay(handle, Decimal(amount), "EUR", note)
    assert paid.link is None
    assert paid.qr == "BCD\n002\n1\nSCT\n\nAnn Smith\nDE89370400440532013000\n" + tail


def test_an_iban_in_another_currency_is_paid_by_hand():
    handle = check("iban", "GB82WEST12345698765432", "Ann Smith")
    paid = pay(handle, Decimal("16.75"), "GBP", "Poker")
    assert (paid.link, paid.qr) == (None, None)
    assert paid.to_type == (
        "The payment QR code is for EUR only: pay 16.75 GBP by bank transfer with the note “Poker”."
    )


def test_the_epc_code_stays_within_its_331_bytes():
    handle = check("iban", "DE89370400440532013000", "Ω" * 70)
    paid = pay(handle, Decimal("1.00"), "EUR", "ж" * 140)
    assert len(paid.qr.encode()) <= pay_links.EPC_BYTES
    assert paid.qr.startswith("BCD\n002\n1\nSCT\n\n" + "Ω" * 70)


@pytest.mark.parametrize(
    ("service", "value"),
    [
        ("paypal", "<script>alert(1)</script>"),
        ("paypal", "ann smith"),
        ("paypal", "a" * 21),
        ("paypal", "javascript:alert(1)"),
        ("venmo", 'ann"smith'),
        ("venmo", "ann"),
        ("venmo", "https://evil.example/ann"),
        ("revolut", "ann'); drop"),
        ("monzo", "ann/../../x"),
        ("monzo", "a" * 31),
        ("upi", "ann@bank?x=1"),
        ("upi", "intent://pay@bank"),
        ("iban", "DE89370400440532013001"),  # one digit off: the check digits fail
        ("iban", "DE89 3704 0044 0532 0130 00<b>"),
        ("paypal", "x" * 65),
    ],
)
def test_hostile_handles_are_refused_with_what_a_handle_looks_like(service, value):
    with pytest.raises(pay_links.inputs.InputError) as refused:
        check(service, value, "Ann Smith")
    assert "handle" in str(refused.value)


def test_an_unknown_service_and_an_iban_without_its_holder_are_refused():
    with pytest.raises(pay_links.inputs.InputError, match="must be one of"):
        check("cashapp", "ann")
    with pytest.raises(HandleError, match="account holder's name"):
        check("iban", "DE89370400440532013000", "")


@pytest.mark.parametrize("amount", ["0", "-1", "16.755", "NaN", "1000000000"])
def test_an_amount_that_is_no_payment_is_refused(amount):
    with pytest.raises(HandleError, match="more than nothing"):
        pay(check("paypal", "AnnSmith"), Decimal(amount), "USD", "x")


def test_how_to_pay_me_is_plain_text_within_bounds():
    assert (
        pay_links.how_to_pay("  Cash at the table, or ask Bob  ") == "Cash at the table, or ask Bob"
    )
    with pytest.raises(pay_links.inputs.InputError, match="at most 200"):
        pay_links.how_to_pay("x" * 201)
