"""A test-only urlconf: a page, a form and views that fail, under the site's own error handlers."""

import time

from django.http import HttpRequest, HttpResponse
from django.urls import path
from django.views.decorators.http import require_POST

from homegame import urls as site


def ok(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


def broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug in a view")


@require_POST
def form(request: HttpRequest) -> HttpResponse:
    return HttpResponse(request.POST.get("x", ""))


def slow(request: HttpRequest) -> HttpResponse:
    time.sleep(float(request.GET.get("seconds", "5")))
    return HttpResponse("late")


class BrokenMiddleware:
    """A middleware that fails on every request, before the view."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        raise RuntimeError("a bug in a middleware")


urlpatterns = [
    path("ok/", ok),
    path("broken/", broken),
    path("api/broken/", broken),
    path("form/", form),
    path("slow/", slow),
    path("api/slow/", slow),
    *site.urlpatterns,  # what the error pages link to
]

handler404 = site.handler404
handler500 = site.handler500
