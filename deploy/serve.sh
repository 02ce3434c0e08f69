#!/bin/sh
# `make serve`: the site as production serves it. gunicorn, whitenoise, DJANGO_DEBUG=0, PostgreSQL.
#
# Read from the environment (README.md, "Serving it for real"):
#   HOST, PORT             where gunicorn listens (default 127.0.0.1:8000)
#   WEB_CONCURRENCY        gunicorn worker processes (default 2)
#   DATABASE_URL           postgres://user:pass@host:port/db; unset on this machine alone:
#                          the local PostgreSQL that tests/services.sh starts
#   DJANGO_SECRET_KEY      required unless HOST is this machine only (then a throwaway one)
#   DJANGO_ALLOWED_HOSTS   required unless HOST is this machine only
#   DJANGO_STATIC_ROOT     where collectstatic writes and whitenoise serves from
#   SERVE_MIGRATE          1 (default): migrate and load the rulebook first; 0 on the other
#                          machines of a site, once one of them has done it
#   DJANGO_TRUSTED_PROXIES the load balancer or proxy addresses/networks in front (default none):
#                          Django reads the client from their X-Forwarded-For, and gunicorn takes
#                          X-Forwarded-Proto from them (--forwarded-allow-ips)
#   DJANGO_REQUEST_DEADLINE seconds a request may run before the site stops it and answers 503
#                          (default 25, under gunicorn's --timeout of 30; see below)
#
# A worker timeout: gunicorn's sync worker gets TIMEOUT seconds per request, then the arbiter
# sends it SIGABRT. gunicorn (27) then writes its own bare "500 Internal Server Error" page, with
# none of the site's headers (no Content-Security-Policy, X-Frame-Options, ...), or, if the worker
# is stuck in C code and never sees the signal, SIGKILLs it a second later and the client's
# connection closes with no answer at all. So the site answers first: each request has a deadline
# (sitewide/deadline.py, a SIGALRM in the sync worker's one thread) 5 s under the timeout, and
# past it the request is stopped where it is (transactions roll back, a PostgreSQL query is
# cancelled) and answered 503, JSON under /api/, with every header (sitewide/handler.py). The
# margin is for gunicorn reading the request and writing the answer, which the deadline does not
# cover. tests/test_worker_timeout.py runs both cases on a real gunicorn.
set -eu

BIN=${BIN:-.venv/bin}
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}
WEB_CONCURRENCY=${WEB_CONCURRENCY:-2}
SERVE_MIGRATE=${SERVE_MIGRATE:-1}
TIMEOUT=30
DJANGO_REQUEST_DEADLINE=${DJANGO_REQUEST_DEADLINE:-25}
LOCAL_PG=postgres://homegame:homegame@127.0.0.1:5432/homegame

fail() {
    echo "make serve: $*" >&2
    exit 2
}

case "$HOST" in
127.0.0.1 | localhost | ::1 | '[::1]') local_only=1 ;;
*) local_only=0 ;;
esac

case "$WEB_CONCURRENCY" in
'' | *[!0-9]* | 0) fail "WEB_CONCURRENCY must be a whole number of workers, 1 or more (got '$WEB_CONCURRENCY')." ;;
esac
case "$DJANGO_REQUEST_DEADLINE" in
'' | *[!0-9.]* | *.*.*) fail "DJANGO_REQUEST_DEADLINE must be a number of seconds (got '$DJANGO_REQUEST_DEADLINE')." ;;
esac
awk -v d="$DJANGO_REQUEST_DEADLINE" -v t="$TIMEOUT" 'BEGIN { exit !(d < t) }' ||
    fail "DJANGO_REQUEST_DEADLINE must be under gunicorn's timeout of $TIMEOUT s, so the site answers first (got $DJANGO_REQUEST_DEADLINE)."

if [ -z "${DATABASE_URL:-}" ]; then
    [ "$local_only" = 1 ] ||
        fail "Set DATABASE_URL to the site's PostgreSQL (postgres://user:pass@host:5432/db): every machine serving the site must use the same one."
    sh tests/services.sh postgres
    DATABASE_URL=$LOCAL_PG
fi
case "$DATABASE_URL" in
postgres://* | postgresql://* | pgsql://*) ;;
*) fail "DATABASE_URL must point at PostgreSQL (postgres://...); for SQLite on one laptop use 'make run'." ;;
esac

if [ -z "${DJANGO_SECRET_KEY:-}" ]; then
    [ "$local_only" = 1 ] ||
        fail "Set DJANGO_SECRET_KEY (50 or more random characters, the same on every machine): it signs sessions and messages. Make one with: $BIN/python -c 'import secrets; print(secrets.token_urlsafe(50))'"
    DJANGO_SECRET_KEY=$("$BIN/python" -c 'import secrets; print(secrets.token_urlsafe(50))')
    echo "make serve: no DJANGO_SECRET_KEY, so a throwaway one for this run on 127.0.0.1 only;" >&2
    echo "            everyone is signed out when it stops. Never serve other machines this way." >&2
fi
if [ -z "${DJANGO_ALLOWED_HOSTS:-}" ]; then
    [ "$local_only" = 1 ] ||
        fail "Set DJANGO_ALLOWED_HOSTS to the names the site is reached by (e.g. poker.example)."
    DJANGO_ALLOWED_HOSTS='127.0.0.1,localhost,[::1]'
fi
if [ "$local_only" = 1 ]; then
    # Plain http on this machine: no redirect to https (browsers keep secure cookies for localhost).
    DJANGO_SECURE_SSL_REDIRECT=${DJANGO_SECURE_SSL_REDIRECT:-0}
fi

DJANGO_DEBUG=0
DJANGO_STATIC_ROOT=${DJANGO_STATIC_ROOT:-$(pwd)/staticfiles}
export DJANGO_DEBUG DJANGO_SECRET_KEY DJANGO_ALLOWED_HOSTS DJANGO_STATIC_ROOT DATABASE_URL WEB_CONCURRENCY
export DJANGO_REQUEST_DEADLINE
[ -z "${DJANGO_SECURE_SSL_REDIRECT:-}" ] || export DJANGO_SECURE_SSL_REDIRECT

"$BIN/python" manage.py check --deploy --fail-level ERROR
if [ "$SERVE_MIGRATE" = 1 ]; then
    "$BIN/python" manage.py migrate --noinput
    "$BIN/python" manage.py load_rulebook
fi
"$BIN/python" manage.py collectstatic --noinput --verbosity 0

echo "make serve: http://$HOST:$PORT/ with $WEB_CONCURRENCY gunicorn workers on $(echo "$DATABASE_URL" | sed 's|//[^@]*@|//|')" >&2
case "$HOST" in
*:*) bind="[$(echo "$HOST" | tr -d '[]')]:$PORT" ;;
*) bind="$HOST:$PORT" ;;
esac
# The proxies Django believes for X-Forwarded-For are the ones gunicorn believes for
# X-Forwarded-Proto (wsgi.url_scheme); unset, gunicorn's default (this machine only).
set --
if [ -n "${DJANGO_TRUSTED_PROXIES:-}" ]; then
    set -- --forwarded-allow-ips "$(echo "$DJANGO_TRUSTED_PROXIES" | tr -d ' \t')"
fi
exec "$BIN/gunicorn" homegame.wsgi:application "$@" \
    --bind "$bind" \
    --workers "$WEB_CONCURRENCY" \
    --access-logfile - \
    --timeout "$TIMEOUT" \
    --graceful-timeout 20
