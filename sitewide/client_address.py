"""Whose address a request came from, when the site sits behind proxies the operator names.

Plain Python, no Django import. The per-address limits (sitewide/limits.py)
count by this address. Behind a load balancer every connection comes from the
balancer, so its `X-Forwarded-For` header is the only place the phone's own
address is written; but any phone can send that header too. So the header is
read only when the connection itself comes from a trusted proxy
(`DJANGO_TRUSTED_PROXIES`, read by homegame/settings.py), and then from the
right: each proxy appends the address it was talking to, so the rightmost
entries were written by our own proxies and the first untrusted address from
the right is the client. Everything left of it was written by the client and
is never believed.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """Addresses and CIDR networks, IPv4 or IPv6, as networks (an address is a network of one).

    A bad entry raises ValueError naming it, so a typo stops the site at start-up
    instead of silently trusting nobody (or somebody else). A network with host
    bits set ("10.0.0.5/24") is refused too, as gunicorn refuses it.
    """
    networks = []
    for entry in entries:
        text = entry.strip()
        try:
            networks.append(ipaddress.ip_network(text))
        except ValueError as error:
            raise ValueError(
                f"{text!r} is not an IP address or network such as 10.0.0.5, 10.0.0.0/24 "
                f"or 2001:db8::/32 ({error})"
            ) from None
    return tuple(networks)


def _parse(text: str) -> Address | None:
    """One address as written in REMOTE_ADDR or X-Forwarded-For; None if it is not one.

    A port ("1.2.3.4:5", "[::1]:80") or anything else is not an address. An
    IPv4 address written as IPv6 (::ffff:10.0.0.5, from a dual-stack socket) is
    the IPv4 address.
    """
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _trusted(address: Address, trusted: Iterable[Network]) -> bool:
    return any(address in network for network in trusted)


def trusted_peer(remote_addr: str, trusted: Iterable[Network]) -> bool:
    """Whether the connection comes from one of the listed proxies."""
    peer = _parse(remote_addr)
    return peer is not None and _trusted(peer, tuple(trusted))


def client_address(remote_addr: str, forwarded_for: str, trusted: Iterable[Network]) -> str:
    """The client's address: REMOTE_ADDR, or from X-Forwarded-For when REMOTE_ADDR is trusted.

    `forwarded_for` is the header as the server joins it (several headers joined
    by commas; empty entries are skipped). From the right, a trusted proxy's
    address is passed over and the first other address is the answer; if every
    entry is a trusted proxy, the leftmost. An entry that is not an address (a
    port, garbage) stops the walk: the answer is the last address believed, the
    proxy that passed it on. A peer that is not trusted gets its own REMOTE_ADDR,
    whatever the header says.
    """
    trusted = tuple(trusted)
    peer = _parse(remote_addr)
    if peer is None or not _trusted(peer, trusted):
        return remote_addr
    believed = str(peer)
    for entry in reversed(forwarded_for.split(",")):
        if not entry.strip():
            continue
        address = _parse(entry)
        if address is None:
            return believed
        believed = str(address)
        if not _trusted(address, trusted):
            return believed
    return believed
