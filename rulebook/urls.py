from django.urls import path

from rulebook.showdown import views as who_wins_views
from rulebook.views import house as house_views
from rulebook.views import pages

app_name = "rulebook"

urlpatterns = [
    path("", pages.index, name="index"),
    path("all/", pages.all_games, name="all"),
    path("hand-rankings/", pages.hand_rankings, name="rankings"),
    path("house/new/", house_views.house_game_create, name="house_new"),
    path("who-wins/", who_wins_views.who_wins, name="who_wins"),
    path("<slug:slug>/", pages.game_detail, name="game"),
    path("<slug:slug>/deal/", pages.deal, name="deal"),
    path("<slug:slug>/who-wins/", who_wins_views.who_wins, name="game_who_wins"),
    path("<slug:slug>/edit/", house_views.house_game_edit, name="house_edit"),
    path("<slug:slug>/notes/", house_views.house_notes, name="notes"),
]
