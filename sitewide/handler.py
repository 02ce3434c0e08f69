"""The site's WSGI handler: Django's, with a deadline per request and an answer for what escapes it.

Django turns an exception in a view or a middleware into an error page, and
the outermost middleware gives that page the security headers
(sitewide/security_headers.py). What Django does not catch reached the WSGI
server, and gunicorn answered it with its own bare 500 page, without them:
an exception before the middleware runs (in a `request_started` receiver,
say), an error page that fails in turn, and a request stopped at its
deadline (sitewide/deadline.py), which is a SystemExit so that nothing in
the site swallows it. Here each gets Django's answer for it (the site's
500, or a 503 for the deadline) with the same headers, and is logged.
"""

from __future__ import annotations

import logging
import sys

from django.conf import settings
from django.core.handlers.exception import response_for_exception
from django.core.handlers.wsgi import WSGIHandler
from django.http import HttpRequest, HttpResponseServerError
from django.http.response import HttpResponseBase
from django.utils.log import log_response

from sitewide import api_errors, deadline
from sitewide.security_headers import HeaderSet

logger = logging.getLogger("django.request")


class SiteHandler(WSGIHandler):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.headers = HeaderSet()

    def __call__(self, environ, start_response):
        try:
            with deadline.running(settings.REQUEST_DEADLINE):
                return super().__call__(environ, start_response)
        except (Exception, deadline.DeadlinePassed) as error:
            if settings.DEBUG_PROPAGATE_EXCEPTIONS:
                raise
            response = self._answer(environ, error)
            start_response(*_status_and_headers(response), sys.exc_info())
            return response

    def _answer(self, environ, error: BaseException) -> HttpResponseBase:
        """Django's answer to the error for this request, with the site's headers."""
        try:
            request = self.request_class(environ)
        except Exception:
            request = HttpRequest()  # what broke may be reading the request itself
        try:
            response = self._response_for(request, error)
        except Exception:
            logger.exception("The error page failed too; answering a plain 500.")
            response = HttpResponseServerError(
                api_errors.SERVER_ERROR, content_type="text/plain; charset=utf-8"
            )
        response._handler_class = self.__class__  # its close() then ends the request for Django
        return self.headers.add(request, response)

    def _response_for(self, request: HttpRequest, error: BaseException) -> HttpResponseBase:
        if not isinstance(error, deadline.DeadlinePassed):
            return response_for_exception(request, error)  # logs it, and answers with handler500
        response = api_errors.too_slow(request)
        log_response(
            "%s: %s", str(error), request.path, response=response, request=request, exception=error
        )
        return response


def _status_and_headers(response: HttpResponseBase) -> tuple[str, list[tuple[str, str]]]:
    """What start_response takes, as Django's own handler gives it."""
    cookies = [("Set-Cookie", c.output(header="")) for c in response.cookies.values()]
    return f"{response.status_code} {response.reason_phrase}", [*response.items(), *cookies]
