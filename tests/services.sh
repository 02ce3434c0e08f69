#!/bin/sh
# Install and start what the tests need, on a stock Debian machine.
#   services.sh venv PYTHON   make sure PYTHON can create a virtualenv
#   services.sh postgres      install, start and prepare a local PostgreSQL
#   services.sh chromium      install Debian's Chromium for the browser tests
set -eu

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        echo "Need root (or sudo) to run: $*" >&2; exit 1
    fi
}

apt_install() {
    echo "Installing $* with apt-get ..."
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

case "${1:-}" in
venv)
    python="${2:-python3}"
    if ! "$python" -c 'import venv, ensurepip' 2>/dev/null; then
        if command -v apt-get >/dev/null && { [ "$(id -u)" = 0 ] || command -v sudo >/dev/null; }; then
            apt_install python3-venv
        else
            echo "Python cannot create a virtualenv here. Install it with: sudo apt-get install python3-venv" >&2
            exit 1
        fi
    fi
    ;;
postgres)
    command -v pg_ctlcluster >/dev/null || apt_install postgresql
    version=$(ls /usr/lib/postgresql | sort -n | tail -n 1)
    pg_lsclusters -h | grep -q "^$version main" || as_root pg_createcluster "$version" main
    pg_lsclusters -h | grep -q "^$version main .* online" || as_root pg_ctlcluster "$version" main start
    for _ in 1 2 3 4 5 6 7 8 9 10; do pg_isready -q -h 127.0.0.1 && break; sleep 1; done
    # The server refuses to run as root, so roles are made as its own postgres user.
    as_root su postgres -c "psql -qtAc \"SELECT 1 FROM pg_roles WHERE rolname='homegame'\"" | grep -q 1 ||
        as_root su postgres -c "psql -qc \"CREATE ROLE homegame LOGIN CREATEDB PASSWORD 'homegame'\""
    as_root su postgres -c "psql -qtAc \"SELECT 1 FROM pg_database WHERE datname='homegame'\"" | grep -q 1 ||
        as_root su postgres -c "createdb -O homegame homegame"
    ;;
chromium)
    [ -x /usr/bin/chromium ] || apt_install chromium
    ;;
*)
    echo "usage: $0 venv PYTHON | postgres | chromium" >&2
    exit 2
    ;;
esac
