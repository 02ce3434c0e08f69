"""The ledger's pages under /nights/; see ledger/README.md for what each one does."""

from django.urls import path

import homegame.converters  # noqa: F401  (registers <id:...>)
from ledger.views import cards, closing, dealer, nights, seats, table

app_name = "ledger"

urlpatterns = [
    path("", nights.index, name="index"),
    path("new/", nights.night_new, name="night_new"),
    path("history/", nights.history, name="history"),
    path("groups/new/", nights.group_new, name="group_new"),
    path("groups/<id:group_id>/", nights.group, name="group"),
    path("people/<id:person_id>/", nights.person, name="person"),
    path("join/<token:token>/", table.join, name="join"),
    path("watch/<token:token>/", table.watch, name="watch"),
    path("watch/<token:token>/poll/", table.watch_poll, name="watch_poll"),
    path("watch/<token:token>/settlement/", closing.watch_settlement, name="watch_settlement"),
    path("<id:night_id>/", table.night, name="night"),
    path("<id:night_id>/poll/", table.poll, name="poll"),
    path("<id:night_id>/journal/", table.journal, name="journal"),
    path("<id:night_id>/delete/", nights.night_delete, name="night_delete"),
    path("<id:night_id>/deal/", dealer.deal, name="deal"),
    path("<id:night_id>/deal/poll/", dealer.deal_poll, name="deal_poll"),
    path("<id:night_id>/games/new/", dealer.game_new, name="game_new"),
    path("<id:night_id>/games/start/", dealer.game_start, name="game_start"),
    path("<id:night_id>/games/<id:run_id>/deal/", dealer.game_deal, name="game_deal"),
    path("<id:night_id>/games/<id:run_id>/end/", dealer.game_end, name="game_end"),
    path("<id:night_id>/hands/<id:hand_id>/charge/", dealer.hand_charge, name="hand_charge"),
    path("<id:night_id>/hands/<id:hand_id>/showdown/", dealer.hand_showdown, name="hand_showdown"),
    path("<id:night_id>/hands/<id:hand_id>/step/", dealer.hand_step, name="hand_step"),
    path("<id:night_id>/hands/<id:hand_id>/cards/", cards.hand_cards, name="hand_cards"),
    path(
        "<id:night_id>/hands/<id:hand_id>/scores/undo/",
        dealer.hand_score_undo,
        name="hand_score_undo",
    ),
    path("<id:night_id>/hands/start/", table.hand_start, name="hand_start"),
    path("<id:night_id>/hands/<id:hand_id>/antes/", table.hand_antes, name="hand_antes"),
    path("<id:night_id>/hands/<id:hand_id>/round/", table.hand_round, name="hand_round"),
    path("<id:night_id>/hands/<id:hand_id>/act/", table.hand_act, name="hand_act"),
    path("<id:night_id>/hands/<id:hand_id>/award/", table.hand_award, name="hand_award"),
    path("<id:night_id>/hands/<id:hand_id>/undo/", table.hand_undo, name="hand_undo"),
    path("<id:night_id>/seats/", seats.seats, name="seats"),
    path("<id:night_id>/seats/add/", seats.seat_add, name="seat_add"),
    path("<id:night_id>/seats/buy-in/", seats.buy_in, name="buy_in"),
    path("<id:night_id>/seats/cash-out/", seats.cash_out, name="cash_out"),
    path("<id:night_id>/seats/adjust/", seats.adjust, name="adjust"),
    path("<id:night_id>/seats/sit-out/", seats.sit_out, name="sit_out"),
    path("<id:night_id>/seats/leave/", seats.leave, name="leave"),
    path("<id:night_id>/seats/join-link/", seats.join_link, name="join_link"),
    path("<id:night_id>/watch-link/", seats.watch_link, name="watch_link"),
    path("<id:night_id>/end/", closing.end, name="end"),
    path("<id:night_id>/end/adjust/", closing.end_adjust, name="end_adjust"),
    path("<id:night_id>/end/share-riding/", closing.riding_share, name="riding_share"),
    path("<id:night_id>/settlement/", closing.settlement, name="settlement"),
    path("<id:night_id>/payments/<id:payment_id>/paid/", closing.mark_paid, name="mark_paid"),
    path("<id:night_id>/journal.csv", closing.journal_csv, name="journal_csv"),
    path("<id:night_id>/settlement.csv", closing.settlement_csv, name="settlement_csv"),
    path("<id:night_id>/payments.csv", closing.payments_csv, name="payments_csv"),
]
