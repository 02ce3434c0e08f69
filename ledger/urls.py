"""The ledger's pages under /nights/; see ledger/README.md for what each one does."""

from django.urls import path

from ledger.views import closing, dealer, nights, seats, table

app_name = "ledger"

urlpatterns = [
    path("", nights.index, name="index"),
    path("new/", nights.night_new, name="night_new"),
    path("history/", nights.history, name="history"),
    path("groups/new/", nights.group_new, name="group_new"),
    path("groups/<int:group_id>/", nights.group, name="group"),
    path("people/<int:person_id>/", nights.person, name="person"),
    path("join/<str:token>/", table.join, name="join"),
    path("watch/<str:token>/", table.watch, name="watch"),
    path("watch/<str:token>/poll/", table.watch_poll, name="watch_poll"),
    path("watch/<str:token>/settlement/", closing.watch_settlement, name="watch_settlement"),
    path("<int:night_id>/", table.night, name="night"),
    path("<int:night_id>/poll/", table.poll, name="poll"),
    path("<int:night_id>/journal/", table.journal, name="journal"),
    path("<int:night_id>/deal/", dealer.deal, name="deal"),
    path("<int:night_id>/games/new/", dealer.game_new, name="game_new"),
    path("<int:night_id>/games/start/", dealer.game_start, name="game_start"),
    path("<int:night_id>/games/<int:run_id>/deal/", dealer.game_deal, name="game_deal"),
    path("<int:night_id>/games/<int:run_id>/end/", dealer.game_end, name="game_end"),
    path("<int:night_id>/hands/<int:hand_id>/charge/", dealer.hand_charge, name="hand_charge"),
    path(
        "<int:night_id>/hands/<int:hand_id>/showdown/", dealer.hand_showdown, name="hand_showdown"
    ),
    path(
        "<int:night_id>/hands/<int:hand_id>/scores/undo/",
        dealer.hand_score_undo,
        name="hand_score_undo",
    ),
    path("<int:night_id>/hands/start/", table.hand_start, name="hand_start"),
    path("<int:night_id>/hands/<int:hand_id>/antes/", table.hand_antes, name="hand_antes"),
    path("<int:night_id>/hands/<int:hand_id>/round/", table.hand_round, name="hand_round"),
    path("<int:night_id>/hands/<int:hand_id>/act/", table.hand_act, name="hand_act"),
    path("<int:night_id>/hands/<int:hand_id>/award/", table.hand_award, name="hand_award"),
    path("<int:night_id>/hands/<int:hand_id>/undo/", table.hand_undo, name="hand_undo"),
    path("<int:night_id>/seats/", seats.seats, name="seats"),
    path("<int:night_id>/seats/add/", seats.seat_add, name="seat_add"),
    path("<int:night_id>/seats/buy-in/", seats.buy_in, name="buy_in"),
    path("<int:night_id>/seats/cash-out/", seats.cash_out, name="cash_out"),
    path("<int:night_id>/seats/adjust/", seats.adjust, name="adjust"),
    path("<int:night_id>/seats/sit-out/", seats.sit_out, name="sit_out"),
    path("<int:night_id>/seats/leave/", seats.leave, name="leave"),
    path("<int:night_id>/seats/join-link/", seats.join_link, name="join_link"),
    path("<int:night_id>/watch-link/", seats.watch_link, name="watch_link"),
    path("<int:night_id>/end/", closing.end, name="end"),
    path("<int:night_id>/end/adjust/", closing.end_adjust, name="end_adjust"),
    path("<int:night_id>/end/share-riding/", closing.riding_share, name="riding_share"),
    path("<int:night_id>/settlement/", closing.settlement, name="settlement"),
    path("<int:night_id>/payments/<int:payment_id>/paid/", closing.mark_paid, name="mark_paid"),
    path("<int:night_id>/journal.csv", closing.journal_csv, name="journal_csv"),
    path("<int:night_id>/settlement.csv", closing.settlement_csv, name="settlement_csv"),
]
