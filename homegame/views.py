"""Site-wide pages that belong to no app: sign-up and the web app manifest."""

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        login(request, form.save())
        return redirect("rulebook:index")
    return render(request, "registration/signup.html", {"form": form})


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """Lets a phone add the rulebook to its home screen."""
    return JsonResponse(
        {
            "name": "Homegame",
            "short_name": "Homegame",
            "start_url": "/rules/",
            "display": "standalone",
            "background_color": "#0f3d2e",
            "theme_color": "#0f3d2e",
            "icons": [],
        },
        content_type="application/manifest+json",
    )
