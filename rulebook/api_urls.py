from django.urls import path

from rulebook import api, api_showdown

app_name = "api"

urlpatterns = [
    path("variants/", api.VariantList.as_view(), name="variant-list"),
    path("variants/<slug:slug>/", api.VariantDetail.as_view(), name="variant-detail"),
    path("showdown/", api_showdown.ShowdownView.as_view(), name="showdown"),
]
