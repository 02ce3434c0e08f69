"""The ledger API, under /api/nights/; see ledger/README.md for what each does."""

from django.urls import path

from ledger.api import closing, games, groups, hands, nights

app_name = "ledger_api"

urlpatterns = [
    path("", nights.NightListApi.as_view(), name="night-list"),
    path("groups/", groups.GroupListApi.as_view(), name="group-list"),
    path(
        "groups/<int:group_id>/settings/",
        groups.GroupSettingsApi.as_view(),
        name="group-settings",
    ),
    path("groups/<int:group_id>/people/", groups.PeopleApi.as_view(), name="people"),
    path("<int:night_id>/", nights.NightDetailApi.as_view(), name="night-detail"),
    path(
        "<int:night_id>/spectator-link/",
        nights.SpectatorLinkApi.as_view(),
        name="spectator-link",
    ),
    path("<int:night_id>/seats/", nights.SeatAddApi.as_view(), name="seat-add"),
    path("<int:night_id>/seats/<int:seat_id>/sit-out/", nights.SitOutApi.as_view(), name="sit-out"),
    path("<int:night_id>/seats/<int:seat_id>/leave/", nights.LeaveApi.as_view(), name="leave"),
    path("<int:night_id>/seats/<int:seat_id>/buy-in/", nights.BuyInApi.as_view(), name="buy-in"),
    path(
        "<int:night_id>/seats/<int:seat_id>/cash-out/",
        nights.CashOutApi.as_view(),
        name="cash-out",
    ),
    path(
        "<int:night_id>/seats/<int:seat_id>/adjustments/",
        nights.AdjustApi.as_view(),
        name="adjust",
    ),
    path(
        "<int:night_id>/seats/<int:seat_id>/join-link/",
        nights.JoinLinkApi.as_view(),
        name="join-link",
    ),
    path("<int:night_id>/hands/", hands.HandListApi.as_view(), name="hand-list"),
    path("<int:night_id>/hands/<int:number>/", hands.HandDetailApi.as_view(), name="hand-detail"),
    path("<int:night_id>/hands/<int:number>/pots/", hands.PotsApi.as_view(), name="pots"),
    path("<int:night_id>/hands/<int:number>/antes/", hands.AntesApi.as_view(), name="antes"),
    path("<int:night_id>/hands/<int:number>/rounds/", hands.RoundApi.as_view(), name="rounds"),
    path("<int:night_id>/hands/<int:number>/actions/", hands.ActApi.as_view(), name="act"),
    path("<int:night_id>/hands/<int:number>/award/", hands.AwardApi.as_view(), name="award"),
    path("<int:night_id>/hands/<int:number>/undo/", hands.UndoApi.as_view(), name="undo"),
    path("<int:night_id>/hands/<int:number>/charges/", games.ChargeApi.as_view(), name="charge"),
    path(
        "<int:night_id>/hands/<int:number>/showdown/",
        games.ShowdownApi.as_view(),
        name="showdown",
    ),
    path("<int:night_id>/games/", games.GameListApi.as_view(), name="game-list"),
    path("<int:night_id>/games/<int:number>/deals/", games.GameDealApi.as_view(), name="game-deal"),
    path("<int:night_id>/games/<int:number>/end/", games.GameEndApi.as_view(), name="game-end"),
    path("<int:night_id>/journal/", nights.JournalApi.as_view(), name="journal"),
    path("<int:night_id>/riding-share/", closing.RidingShareApi.as_view(), name="riding-share"),
    path("<int:night_id>/end/", closing.NightEndApi.as_view(), name="night-end"),
    path("<int:night_id>/settlement/", closing.SettlementApi.as_view(), name="settlement"),
    path(
        "<int:night_id>/payments/<int:payment_id>/paid/",
        closing.PaymentPaidApi.as_view(),
        name="payment-paid",
    ),
]
