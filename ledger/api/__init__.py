"""The ledger's JSON API under /api/nights/: one view per action, calling the services.

Callers: the host signs in (session, or HTTP Basic for scripts); a player's
phone claims its seat once with the join link's token (`POST join/`) and then
sends `X-Homegame-Seat: <seat key>`; a spectator sends
`X-Homegame-Watch: <token>` and can only read. Every write needs an
`Idempotency-Key` header. A night the caller has no part in is 404; a change
they may not make is 403; a refused write is 400 with
`{"detail": reason, "fields": {field: [messages]}}` and records nothing; a key
reused for another request is 422. The OpenAPI schema at /api/schema/ lists them all:

    GET  POST  /api/nights/                                   your nights; a new one
    GET  POST  /api/nights/groups/                            your groups; a new one
    POST       /api/nights/groups/<g>/settings/               default house settings
    GET  POST  /api/nights/groups/<g>/people/                 the roster; someone new
    POST       /api/nights/join/                              claim a seat: its seat key
    GET        /api/nights/<n>/                               the table: seats, stacks, open hand
    POST       /api/nights/<n>/spectator-link/                revoke or renew
    POST       /api/nights/<n>/seats/                         seat someone
    POST       /api/nights/<n>/seats/<s>/sit-out/             sit out or come back
    POST       /api/nights/<n>/seats/<s>/leave/               go home: cashed out
    POST       /api/nights/<n>/seats/<s>/buy-in/              chips from the bank
    POST       /api/nights/<n>/seats/<s>/cash-out/            chips back to the bank
    POST       /api/nights/<n>/seats/<s>/adjustments/         a recount, with a reason
    POST       /api/nights/<n>/seats/<s>/join-link/           revoke, renew or free the seat
    GET  POST  /api/nights/<n>/hands/                         the hands; start one
    GET        /api/nights/<n>/hands/<h>/                     one hand: turn, to call, pots
    GET        /api/nights/<n>/hands/<h>/pots/                main and side pots
    POST       /api/nights/<n>/hands/<h>/antes/               everyone antes
    POST       /api/nights/<n>/hands/<h>/rounds/              open a betting round, blinds
    POST       /api/nights/<n>/hands/<h>/actions/             check, bet, call, raise, fold, all in
    POST       /api/nights/<n>/hands/<h>/award/               winners per pot, high-low, declare
    POST       /api/nights/<n>/hands/<h>/undo/                reverse the latest posting
    POST       /api/nights/<n>/hands/<h>/step/                move the table to a step of the game
    POST       /api/nights/<n>/hands/<h>/named/               who drops out, passes or knocked
    POST       /api/nights/<n>/hands/<h>/again/               another round of a repeating step
    POST       /api/nights/<n>/hands/<h>/cards/               a player's cards for the helper
    POST       /api/nights/<n>/hands/<h>/cards/show/          show a folded or unseen hand
    GET        /api/nights/<n>/hands/<h>/showdown-helper/     cards, ranking, proposed award
    GET        /api/nights/<n>/journal/                       postings, newest first, by pages
    POST       /api/nights/<n>/riding-share/                  share a riding pot out
    POST       /api/nights/<n>/end/                           counts; cash out; payments
    GET        /api/nights/<n>/settlement/                    nets and who pays whom, by hand
    POST       /api/nights/<n>/payments/<p>/paid/             mark a payment paid
"""
