# Homegame: `make run` serves the site, `make test` runs every test.
# Both create .venv and install what they need on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum < pyproject.toml | cut -d' ' -f1)
HOST ?= 127.0.0.1
PORT ?= 8000
PG_URL ?= postgres://homegame:homegame@127.0.0.1:5432/homegame

ifeq ($(HOST),127.0.0.1)
RUN_HOSTS ?= 127.0.0.1,localhost,[::1]
RUN_LAN :=
else
RUN_HOSTS ?= *
# Join QR codes carry the machine's LAN address, so phones on the Wi-Fi can open them.
RUN_LAN := HOMEGAME_LAN=1
endif

.PHONY: run serve test test-sqlite test-postgres test-serve test-browser lint format migrations-check bench clean

$(STAMP):
	@sh tests/services.sh venv $(PYTHON)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_rulebook
	DJANGO_ALLOWED_HOSTS='$(RUN_HOSTS)' $(RUN_LAN) $(BIN)/python manage.py runserver $(HOST):$(PORT)

# Production serving: gunicorn, whitenoise, DJANGO_DEBUG=0, PostgreSQL (README, "Serving it for real").
serve: $(STAMP)
	BIN=$(BIN) HOST='$(HOST)' PORT='$(PORT)' sh deploy/serve.sh

test: $(STAMP) lint migrations-check test-sqlite test-postgres test-serve test-browser

# The same checks as .pre-commit-config.yaml, on the whole tree, changing nothing.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/django-upgrade --target-version 5.2 --check $$(git ls-files '*.py')
	$(BIN)/djhtml --check $$(git ls-files 'templates/*.html')
	$(BIN)/lint-imports
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

migrations-check: $(STAMP)
	$(BIN)/python manage.py makemigrations --check --dry-run

test-sqlite: $(STAMP)
	$(BIN)/pytest -n 2 -m "not browser and not serve"

test-postgres: $(STAMP)
	sh tests/services.sh postgres
	DATABASE_URL='$(PG_URL)' $(BIN)/pytest -n 2 -m "not browser and not pure and not serve"

# Two gunicorn processes on one PostgreSQL, and a worker killed mid-write (tests/serve/).
test-serve: $(STAMP)
	sh tests/services.sh postgres
	DATABASE_URL='$(PG_URL)' $(BIN)/pytest -m serve -p no:xdist tests/serve

test-browser: $(STAMP)
	sh tests/services.sh chromium
	$(BIN)/pytest -m browser -p no:xdist

bench: $(STAMP)
	$(BIN)/python bench/transfer.py
	$(BIN)/python bench/throughput.py
	$(BIN)/python bench/settlement.py
	$(BIN)/python bench/record_action.py
	$(BIN)/python bench/pots_vs_pokerkit.py
	$(BIN)/python bench/search.py
	$(BIN)/python bench/showdown.py
	$(BIN)/python bench/showdown_worst.py
	sh tests/services.sh postgres
	DATABASE_URL='$(PG_URL)' $(BIN)/python bench/write_floor.py
	DATABASE_URL='$(PG_URL)' $(BIN)/python bench/load_run.py
	DATABASE_URL='$(PG_URL)' $(BIN)/python bench/journal_size.py
	DATABASE_URL='$(PG_URL)' $(BIN)/python bench/restore_size.py

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache
