"""Every real URL, plus /bench/baseline/ and /bench/floor/, for comparison.

The baseline is the cheapest Django view; the floor (bench/floor.py) the cheapest
honest durable write, with a table action's authentication.
"""

from django.http import HttpResponse
from django.urls import include, path

from bench.floor import write_floor


def baseline(request):
    return HttpResponse("ok")


urlpatterns = [
    path("bench/baseline/", baseline),
    path("bench/floor/<int:night_id>/", write_floor),
    path("", include("homegame.urls")),
]
