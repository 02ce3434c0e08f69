"""Site-wide pages that belong to no app: sign-in, sign-up and the web app manifest.

Signing up lands where a night can be started (the ledger's new-night form).
"""

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from ledger.models import Group
from sitewide import limits


class SignInView(LoginView):
    """Django's sign-in page, refused with 429 past the failure limits (sitewide/limits.py).

    The refusal comes before the form is read, so the password is not even
    checked; the failures themselves are counted where Django checks passwords.
    """

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        username = request.POST.get("username", "")
        refusal = limits.sign_in_refusal(request, username)
        if refusal is None:
            return super().post(request, *args, **kwargs)
        form = self.get_form_class()(request, initial={"username": username})
        response = self.render_to_response(
            self.get_context_data(form=form, refusal=refusal), status=429
        )
        response["Retry-After"] = str(limits.SIGN_IN_WAIT)
        return response


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        # Straight to where a night starts: a new account has no group yet, so the new-night form.
        if Group.objects.filter(host=user).exists():
            return redirect("ledger:index")
        return redirect("ledger:night_new")
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
