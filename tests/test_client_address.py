"""Behind a load balancer each phone is still counted by its own address, and no phone picks one.

Issue #13, "more than one machine": the per-address limits (sitewide/limits.py)
read X-Forwarded-For only from the proxies named in DJANGO_TRUSTED_PROXIES,
from the right; from anyone else the header is ignored.
"""

from __future__ import annotations

import ipaddress
import os
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.http import HttpResponse
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.test import APIClient

from sitewide import limits
from sitewide.client_address import client_address, parse_networks
from sitewide.proxies import ForwardedProtoFromTrustedProxies
from tests.test_rate_limits import LOGIN, PASSWORD, night  # noqa: F401
from tests.test_settings import manage

ROOT = Path(__file__).resolve().parent.parent
BALANCER = "10.0.0.5"
INNER_PROXY = "10.0.1.7"
ANN_PHONE = "203.0.113.7"
BOB_PHONE = "203.0.113.8"
ONE_BALANCER = parse_networks([BALANCER])
TWO_PROXIES = parse_networks([BALANCER, INNER_PROXY])

pure = pytest.mark.pure


# --- Whose address it is (pure) -------------------------------------------------------------


@pure
def test_with_no_trusted_proxies_the_header_is_never_read():
    assert client_address(BALANCER, ANN_PHONE, ()) == BALANCER


@pure
def test_a_peer_that_is_not_a_trusted_proxy_is_its_own_address_whatever_header_it_sends():
    assert client_address(ANN_PHONE, "198.51.100.1", ONE_BALANCER) == ANN_PHONE
    assert client_address(ANN_PHONE, BALANCER, ONE_BALANCER) == ANN_PHONE


@pure
def test_behind_a_trusted_proxy_the_client_is_the_rightmost_address_it_names():
    assert client_address(BALANCER, ANN_PHONE, ONE_BALANCER) == ANN_PHONE


@pure
def test_addresses_a_client_wrote_left_of_its_own_are_never_believed():
    # The phone sent "X-Forwarded-For: 198.51.100.1"; the balancer appended the phone's address.
    assert client_address(BALANCER, f"198.51.100.1, {ANN_PHONE}", ONE_BALANCER) == ANN_PHONE
    # Naming the balancer itself on the left does not make the phone anybody else.
    assert client_address(BALANCER, f"{BALANCER}, {ANN_PHONE}", ONE_BALANCER) == ANN_PHONE


@pure
def test_a_chain_of_two_trusted_proxies_is_passed_over_from_the_right():
    header = f"198.51.100.1, {ANN_PHONE}, {INNER_PROXY}"
    assert client_address(BALANCER, header, TWO_PROXIES) == ANN_PHONE
    # With only the balancer trusted, the inner proxy is as far as anyone is believed.
    assert client_address(BALANCER, header, ONE_BALANCER) == INNER_PROXY


@pure
def test_when_every_address_is_a_trusted_proxy_the_leftmost_is_the_client():
    assert client_address(BALANCER, f"{INNER_PROXY}, {BALANCER}", TWO_PROXIES) == INNER_PROXY


@pure
def test_a_trusted_proxy_that_sends_no_header_is_itself_the_address():
    assert client_address(BALANCER, "", ONE_BALANCER) == BALANCER
    assert client_address(BALANCER, " , ", ONE_BALANCER) == BALANCER


@pure
@pytest.mark.parametrize(
    "bad", ["unknown", "1.2.3.4:5", "[::1]:80", "203.0.113.300", "_hidden", "::1::2", "\x00"]
)
def test_an_entry_that_is_not_an_address_stops_at_the_proxy_that_passed_it_on(bad):
    assert client_address(BALANCER, f"{ANN_PHONE}, {bad}", ONE_BALANCER) == BALANCER
    header = f"{ANN_PHONE}, {bad}, {INNER_PROXY}"
    assert client_address(BALANCER, header, TWO_PROXIES) == INNER_PROXY


@pure
def test_several_headers_joined_by_commas_with_or_without_spaces_read_as_one_list():
    assert client_address(BALANCER, f"198.51.100.1,{ANN_PHONE}", ONE_BALANCER) == ANN_PHONE
    assert client_address(BALANCER, f" {ANN_PHONE} ,, {INNER_PROXY} ", TWO_PROXIES) == ANN_PHONE


@pure
def test_ipv6_proxies_and_clients_are_read_like_ipv4_ones():
    trusted = parse_networks(["2001:db8::5", "fd00::/8"])
    assert client_address("2001:db8::5", "2001:db8:1::7", trusted) == "2001:db8:1::7"
    assert client_address("2001:db8::5", "2001:DB8:1:0::7, fd00::9", trusted) == "2001:db8:1::7"
    assert client_address("2001:db8::6", "2001:db8:1::7", trusted) == "2001:db8::6"
    assert client_address("2001:db8::5", f"{ANN_PHONE}", trusted) == ANN_PHONE


@pure
def test_a_cidr_network_trusts_every_address_in_it_and_no_other():
    trusted = parse_networks(["10.0.0.0/24"])
    assert client_address("10.0.0.200", ANN_PHONE, trusted) == ANN_PHONE
    assert client_address("10.0.0.200", f"{ANN_PHONE}, 10.0.0.9", trusted) == ANN_PHONE
    assert client_address("10.0.1.1", ANN_PHONE, trusted) == "10.0.1.1"


@pure
def test_an_ipv4_address_written_as_ipv6_is_the_same_address():
    assert client_address(f"::ffff:{BALANCER}", ANN_PHONE, ONE_BALANCER) == ANN_PHONE
    assert client_address(BALANCER, f"::ffff:{ANN_PHONE}", ONE_BALANCER) == ANN_PHONE


@pure
def test_a_peer_with_no_address_is_left_as_it_came():
    assert client_address("", ANN_PHONE, ONE_BALANCER) == ""
    assert client_address("unix:/run/gunicorn.sock", ANN_PHONE, ONE_BALANCER) == (
        "unix:/run/gunicorn.sock"
    )


# --- Properties -----------------------------------------------------------------------------

TRUSTED = parse_networks(["10.0.0.0/8", "2001:db8::/32"])


def _trusted(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return any(address in network for network in TRUSTED)


untrusted_addresses = st.ip_addresses().filter(
    lambda a: not _trusted(a) and not (a.version == 6 and a.ipv4_mapped is not None)
)
trusted_addresses = st.one_of(
    st.ip_addresses(network="10.0.0.0/8"), st.ip_addresses(network="2001:db8::/32")
)
header_entries = st.one_of(st.ip_addresses().map(str), st.text(max_size=20))


@pure
@given(peer=untrusted_addresses, header=st.text())
def test_an_untrusted_peers_address_is_always_its_own_whatever_the_header(peer, header):
    assert client_address(str(peer), header, TRUSTED) == str(peer)


@pure
@given(
    written=st.lists(header_entries, max_size=5),
    phone=untrusted_addresses,
    proxies=st.lists(trusted_addresses, max_size=3),
    peer=trusted_addresses,
)
def test_behind_trusted_proxies_nothing_a_phone_writes_changes_its_address(
    written, phone, proxies, peer
):
    header = ", ".join(
        [entry.replace(",", "") for entry in written] + [str(phone)] + [str(p) for p in proxies]
    )
    assert client_address(str(peer), header, TRUSTED) == str(phone)


@pure
@given(peer=trusted_addresses, header=st.text())
def test_the_answer_is_always_the_peer_or_an_address_in_the_header(peer, header):
    answer = client_address(str(peer), header, TRUSTED)
    named = {str(peer)}
    for entry in header.split(","):
        try:
            address = ipaddress.ip_address(entry.strip())
        except ValueError:
            continue
        named.add(str(getattr(address, "ipv4_mapped", None) or address))
    assert answer in named


# --- The setting ----------------------------------------------------------------------------


@pure
def test_trusted_proxies_are_read_as_addresses_and_networks_ipv4_and_ipv6():
    assert parse_networks([" 10.0.0.5 ", "10.0.0.0/24", "2001:db8::/32", "::1"]) == (
        ipaddress.ip_network("10.0.0.5/32"),
        ipaddress.ip_network("10.0.0.0/24"),
        ipaddress.ip_network("2001:db8::/32"),
        ipaddress.ip_network("::1/128"),
    )


@pure
@pytest.mark.parametrize("bad", ["10.0.0.5:80", "proxy.internal", "10.0.0.5/24", "[::1]", "*"])
def test_a_trusted_proxy_that_is_not_an_address_or_network_is_refused_by_name(bad):
    with pytest.raises(ValueError, match=bad.replace("[", r"\[").replace("*", r"\*")):
        parse_networks(["10.0.0.6", bad])


@pure
def test_the_site_refuses_to_start_with_a_trusted_proxy_it_cannot_read():
    result = manage("check", DJANGO_TRUSTED_PROXIES="10.0.0.5, 10.0.0.0/33")
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "DJANGO_TRUSTED_PROXIES" in result.stderr
    assert "10.0.0.0/33" in result.stderr


@pure
def test_the_site_starts_with_trusted_proxies_it_can_read():
    result = manage("check", DJANGO_TRUSTED_PROXIES="10.0.0.5, 10.0.0.0/24, 2001:db8::/32")
    assert result.returncode == 0, result.stderr


@pure
def test_no_trusted_proxies_unless_the_operator_names_some():
    from django.conf import settings

    if "DJANGO_TRUSTED_PROXIES" not in os.environ:
        assert settings.TRUSTED_PROXIES == ()


@pure
def test_make_serve_passes_the_same_proxies_to_gunicorn():
    script = (ROOT / "deploy" / "serve.sh").read_text()
    assert "--forwarded-allow-ips" in script
    assert "DJANGO_TRUSTED_PROXIES" in script


# --- Through the pages ----------------------------------------------------------------------


@pytest.fixture
def behind_the_balancer(settings):
    settings.TRUSTED_PROXIES = ONE_BALANCER


def via(phone: str, peer: str = BALANCER, written: str = "") -> Client:
    """A phone's requests as the balancer passes them on (or as the phone sends them itself)."""
    header = f"{written}, {phone}" if written else phone
    return Client(REMOTE_ADDR=peer, headers={"x-forwarded-for": header})


def fail_sign_ins(client: Client, times: int) -> None:
    for n in range(times):
        answer = client.post(LOGIN, {"username": f"nobody-{n}", "password": "wrong"})
        assert answer.status_code == 200


@pytest.mark.django_db
@pytest.mark.usefixtures("host", "behind_the_balancer")
def test_two_phones_behind_one_trusted_balancer_are_limited_separately():
    fail_sign_ins(via(ANN_PHONE), 20)
    refused = via(ANN_PHONE).post(LOGIN, {"username": "host", "password": PASSWORD})
    assert refused.status_code == 429
    assert limits.TOO_MANY_FROM_ADDRESS in refused.content.decode()
    assert via(BOB_PHONE).post(LOGIN, {"username": "host", "password": PASSWORD}).status_code == 302


@pytest.mark.django_db
@pytest.mark.usefixtures("host", "behind_the_balancer")
def test_a_phone_behind_the_balancer_cannot_dodge_the_limit_by_writing_the_header_itself():
    for n in range(20):
        phone = via(ANN_PHONE, written=f"198.51.100.{n}")
        assert phone.post(LOGIN, {"username": f"nobody-{n}", "password": "x"}).status_code == 200
    again = via(ANN_PHONE, written="198.51.100.99")
    assert again.post(LOGIN, {"username": "host", "password": PASSWORD}).status_code == 429


@pytest.mark.django_db
@pytest.mark.usefixtures("host", "behind_the_balancer")
def test_a_spoofed_header_from_a_peer_that_is_not_trusted_does_not_dodge_the_limit():
    for n in range(20):
        phone = via(f"198.51.100.{n}", peer=ANN_PHONE)
        assert phone.post(LOGIN, {"username": f"nobody-{n}", "password": "x"}).status_code == 200
    again = via("198.51.100.99", peer=ANN_PHONE)
    refused = again.post(LOGIN, {"username": "host", "password": PASSWORD})
    assert refused.status_code == 429
    assert limits.TOO_MANY_FROM_ADDRESS in refused.content.decode()
    # Nor does it lock out the address it named.
    named = via("198.51.100.3").post(LOGIN, {"username": "host", "password": PASSWORD})
    assert named.status_code == 302


@pytest.mark.django_db
@pytest.mark.usefixtures("host")
def test_without_trusted_proxies_everyone_behind_a_balancer_is_counted_as_the_balancer():
    fail_sign_ins(via(ANN_PHONE), 20)
    assert via(BOB_PHONE).post(LOGIN, {"username": "host", "password": PASSWORD}).status_code == 429


@pytest.mark.django_db
@pytest.mark.usefixtures("night", "behind_the_balancer")
def test_bad_join_links_are_counted_per_phone_behind_the_balancer():
    ann = via(ANN_PHONE)
    for n in range(20):
        assert ann.get(reverse("ledger:join", args=[f"made-up-{n}"])).status_code == 404
    assert ann.get(reverse("ledger:join", args=["made-up-again"])).status_code == 429
    bob = APIClient(REMOTE_ADDR=BALANCER, HTTP_X_FORWARDED_FOR=BOB_PHONE)
    claimed = bob.post(
        "/api/nights/join/",
        {"token": "made-up"},
        format="json",
        HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
    )
    assert claimed.status_code == 404


@pytest.mark.django_db
def test_showdowns_are_counted_per_phone_behind_the_balancer(behind_the_balancer, monkeypatch):
    monkeypatch.setattr(limits, "SHOWDOWN_ADDRESS_RATE", "2/m")
    body = {"hands": {"Ann": {"cards": "As Ad Kc Kd 7h"}, "Bob": {"cards": "Qs Qh Qd 2c 3c"}}}

    def rank(phone: str) -> int:
        client = APIClient(REMOTE_ADDR=BALANCER, HTTP_X_FORWARDED_FOR=phone)
        return client.post("/api/showdown/", body, format="json").status_code

    assert [rank(ANN_PHONE) for _ in range(3)] == [200, 200, 429]
    assert rank(BOB_PHONE) == 200


# X-Forwarded-Proto: https only from a listed proxy, once proxies are listed.


def is_secure_behind(remote_addr: str, proxies: list[str]) -> bool:
    middleware = ForwardedProtoFromTrustedProxies(lambda r: HttpResponse(str(r.is_secure())))
    request = RequestFactory().get("/", REMOTE_ADDR=remote_addr, HTTP_X_FORWARDED_PROTO="https")
    with override_settings(
        TRUSTED_PROXIES=parse_networks(proxies),
        SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"),
    ):
        return middleware(request).content == b"True"


def test_a_listed_proxy_may_say_the_request_came_over_https():
    assert is_secure_behind(BALANCER, [BALANCER])


def test_a_request_that_bypassed_the_listed_proxies_cannot_pass_for_https():
    assert not is_secure_behind(ANN_PHONE, [BALANCER])


def test_with_no_proxies_listed_the_header_is_believed_as_before():
    assert is_secure_behind(ANN_PHONE, [])


def test_the_header_is_dropped_before_any_other_middleware_reads_it():
    """Only the security headers come first, and they ask is_secure() of the answer, after."""
    assert settings.MIDDLEWARE[:2] == [
        "sitewide.security_headers.SecurityHeaders",
        "sitewide.proxies.ForwardedProtoFromTrustedProxies",
    ]
