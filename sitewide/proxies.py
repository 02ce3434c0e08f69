"""Headers only a listed proxy may send.

With debug off, Django takes `X-Forwarded-Proto: https` as the request having
come over https (`SECURE_PROXY_SSL_HEADER`), from whoever sends it. Once the
operator names the proxies in front (`DJANGO_TRUSTED_PROXIES`), a request
that did not come through one of them has the header dropped before any
other middleware reads it, so it cannot pass for https (and, say, be spared
the redirect to it). With no proxies named, nothing changes: the header is
believed as before, for a proxy that is not listed.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from sitewide.client_address import trusted_peer

FORWARDED_PROTO = "HTTP_X_FORWARDED_PROTO"


class ForwardedProtoFromTrustedProxies:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        trusted = settings.TRUSTED_PROXIES
        if trusted and not trusted_peer(request.META.get("REMOTE_ADDR", ""), trusted):
            request.META.pop(FORWARDED_PROTO, None)
        return self.get_response(request)
