"""Top-level URLs: the rulebook, the API and its schema, accounts and admin."""

from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView

from rulebook.views import pages
from sitewide import api_docs
from sitewide import views as site_views

urlpatterns = [
    path("", RedirectView.as_view(pattern_name="rulebook:index"), name="home"),
    path("rules/", include("rulebook.urls")),
    path("prefs/suits/", pages.suits, name="suits"),
    path("sw.js", pages.service_worker, name="service_worker"),
    path("offline/", pages.offline_ledger, name="offline"),
    path("manifest.webmanifest", site_views.manifest, name="manifest"),
    path("nights/", include("ledger.urls")),
    path("api/nights/", include("ledger.api.urls")),
    path("api/", include("rulebook.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", api_docs.docs, name="api-docs"),
    path("accounts/signup/", site_views.signup, name="signup"),
    path("accounts/login/", site_views.SignInView.as_view(), name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("admin/", admin.site.urls),
]

# A 404 or 500 under /api/ answers JSON in the API's refusal shape.
handler500 = "sitewide.api_errors.server_error"
handler404 = "sitewide.api_errors.not_found"
