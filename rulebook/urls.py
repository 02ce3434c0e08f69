from django.urls import path

from rulebook import house_views, views, who_wins_views

app_name = "rulebook"

urlpatterns = [
    path("", views.index, name="index"),
    path("all/", views.all_games, name="all"),
    path("hand-rankings/", views.hand_rankings, name="rankings"),
    path("house/new/", house_views.house_game_create, name="house_new"),
    path("who-wins/", who_wins_views.who_wins, name="who_wins"),
    path("<slug:slug>/", views.game_detail, name="game"),
    path("<slug:slug>/deal/", views.deal, name="deal"),
    path("<slug:slug>/who-wins/", who_wins_views.who_wins, name="game_who_wins"),
    path("<slug:slug>/edit/", house_views.house_game_edit, name="house_edit"),
    path("<slug:slug>/notes/", house_views.house_notes, name="notes"),
]
