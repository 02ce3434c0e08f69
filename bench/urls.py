"""Every real URL, plus /bench/baseline/: the cheapest Django view, for comparison."""

from django.http import HttpResponse
from django.urls import include, path


def baseline(request):
    return HttpResponse("ok")


urlpatterns = [
    path("bench/baseline/", baseline),
    path("", include("homegame.urls")),
]
