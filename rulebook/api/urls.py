from django.urls import path

from rulebook.api import games
from rulebook.showdown import api as api_showdown

app_name = "api"

urlpatterns = [
    path("variants/", games.VariantList.as_view(), name="variant-list"),
    path("variants/<slug:slug>/", games.VariantDetail.as_view(), name="variant-detail"),
    path("showdown/", api_showdown.ShowdownView.as_view(), name="showdown"),
]
