"""The ledger API, under /api/nights/; see ledger/README.md for what each does."""

from django.urls import path

import sitewide.converters  # noqa: F401  (registers <id:...>)
from ledger.api import cards, closing, games, groups, hands, joining, nights

app_name = "ledger_api"

urlpatterns = [
    path("", nights.NightListApi.as_view(), name="night-list"),
    path("groups/", groups.GroupListApi.as_view(), name="group-list"),
    path(
        "groups/<id:group_id>/settings/",
        groups.GroupSettingsApi.as_view(),
        name="group-settings",
    ),
    path("groups/<id:group_id>/people/", groups.PeopleApi.as_view(), name="people"),
    path("join/", joining.JoinApi.as_view(), name="join"),
    path("<id:night_id>/", nights.NightDetailApi.as_view(), name="night-detail"),
    path(
        "<id:night_id>/spectator-link/",
        nights.SpectatorLinkApi.as_view(),
        name="spectator-link",
    ),
    path("<id:night_id>/seats/", nights.SeatAddApi.as_view(), name="seat-add"),
    path("<id:night_id>/seats/<id:seat_id>/sit-out/", nights.SitOutApi.as_view(), name="sit-out"),
    path("<id:night_id>/seats/<id:seat_id>/leave/", nights.LeaveApi.as_view(), name="leave"),
    path("<id:night_id>/seats/<id:seat_id>/buy-in/", nights.BuyInApi.as_view(), name="buy-in"),
    path(
        "<id:night_id>/seats/<id:seat_id>/cash-out/",
        nights.CashOutApi.as_view(),
        name="cash-out",
    ),
    path(
        "<id:night_id>/seats/<id:seat_id>/adjustments/",
        nights.AdjustApi.as_view(),
        name="adjust",
    ),
    path(
        "<id:night_id>/seats/<id:seat_id>/join-link/",
        nights.JoinLinkApi.as_view(),
        name="join-link",
    ),
    path("<id:night_id>/hands/", hands.HandListApi.as_view(), name="hand-list"),
    path("<id:night_id>/hands/<id:number>/", hands.HandDetailApi.as_view(), name="hand-detail"),
    path("<id:night_id>/hands/<id:number>/pots/", hands.PotsApi.as_view(), name="pots"),
    path("<id:night_id>/hands/<id:number>/antes/", hands.AntesApi.as_view(), name="antes"),
    path("<id:night_id>/hands/<id:number>/rounds/", hands.RoundApi.as_view(), name="rounds"),
    path("<id:night_id>/hands/<id:number>/actions/", hands.ActApi.as_view(), name="act"),
    path("<id:night_id>/hands/<id:number>/award/", hands.AwardApi.as_view(), name="award"),
    path("<id:night_id>/hands/<id:number>/undo/", hands.UndoApi.as_view(), name="undo"),
    path("<id:night_id>/hands/<id:number>/step/", hands.StepApi.as_view(), name="step"),
    path("<id:night_id>/hands/<id:number>/named/", hands.NamedApi.as_view(), name="named"),
    path("<id:night_id>/hands/<id:number>/again/", hands.AgainApi.as_view(), name="again"),
    path("<id:night_id>/hands/<id:number>/cards/", cards.CardsApi.as_view(), name="cards"),
    path("<id:night_id>/hands/<id:number>/cards/show/", cards.ShowApi.as_view(), name="cards-show"),
    path(
        "<id:night_id>/hands/<id:number>/showdown-helper/",
        cards.HelperApi.as_view(),
        name="showdown-helper",
    ),
    path("<id:night_id>/hands/<id:number>/charges/", games.ChargeApi.as_view(), name="charge"),
    path(
        "<id:night_id>/hands/<id:number>/showdown/",
        games.ShowdownApi.as_view(),
        name="showdown",
    ),
    path("<id:night_id>/games/", games.GameListApi.as_view(), name="game-list"),
    path("<id:night_id>/games/<id:number>/deals/", games.GameDealApi.as_view(), name="game-deal"),
    path("<id:night_id>/games/<id:number>/end/", games.GameEndApi.as_view(), name="game-end"),
    path("<id:night_id>/journal/", nights.JournalApi.as_view(), name="journal"),
    path("<id:night_id>/riding-share/", closing.RidingShareApi.as_view(), name="riding-share"),
    path("<id:night_id>/end/", closing.NightEndApi.as_view(), name="night-end"),
    path("<id:night_id>/settlement/", closing.SettlementApi.as_view(), name="settlement"),
    path(
        "<id:night_id>/payments/<id:payment_id>/paid/",
        closing.PaymentPaidApi.as_view(),
        name="payment-paid",
    ),
]
