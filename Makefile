# The two commands a newcomer needs: `make run` and `make test`.
SHELL := /bin/bash
PORT ?= 8000
# The test processes of `make test` (pytest-xdist): both cores of the machines here.
TEST_WORKERS ?= 2
VENV := .venv
BIN := $(VENV)/bin

# Django 6 needs Python 3.12+. Use the first one found: on PATH, then pyenv's versions.
PYTHON ?= $(shell for p in python3.13 python3.12 \
	$$(ls -d $${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.1[23]*/bin/python3 2>/dev/null) python3; do \
	if command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; \
	then command -v $$p; break; fi; done)

.PHONY: venv run test test-fast test-postgres lint format messages catalogues serve serve-local bench clean

$(BIN)/.installed: pyproject.toml
	@test -n "$(PYTHON)" || { echo "Python 3.12 or newer is needed (none found)." >&2; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

venv: $(BIN)/.installed

messages: venv
	@if ls locale/*/LC_MESSAGES/*.po >/dev/null 2>&1; then $(BIN)/python manage.py compilemessages --ignore=.venv -v 0; fi

# Refresh the catalogues from the sources (then translate what is new). File-level locations
# only, so that moving a line does not rewrite every catalogue.
catalogues: venv
	$(BIN)/python manage.py makemessages -v 0 --add-location=file -l fi -l nl -l pl -l sn \
		--ignore=.venv --ignore=tests --ignore=benchmarks --ignore=artifacts --ignore=static \
		--ignore=staticfiles

# The secret key of `make run` and `make serve`: made once, then kept in a file that git
# ignores, so that a restart keeps every session (and the matches browsers keep in theirs).
# SECRET_KEY in the environment wins over the file.
SECRET_KEY_FILE ?= .secret_key
$(SECRET_KEY_FILE): | $(BIN)/.installed
	@umask 077 && $(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))' > $@.new
	@mv $@.new $@ && echo "Made a secret key in $@; it is kept for every later start."

run: venv messages $(SECRET_KEY_FILE)
	DEBUG=1 SECRET_KEY_FILE=$(SECRET_KEY_FILE) $(BIN)/python manage.py migrate --noinput
	DEBUG=1 SECRET_KEY_FILE=$(SECRET_KEY_FILE) $(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

test: venv messages
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python manage.py makemigrations --check --dry-run -v 0
	$(BIN)/python -m pytest -n $(TEST_WORKERS)
	$(MAKE) --no-print-directory test-postgres

test-fast: venv messages
	$(BIN)/python -m pytest -m "not browser" -x -q

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: venv
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Figures, not tests: the engine, then the site under gunicorn (throughput, page weight,
# worker memory over 10,000 requests), then Lighthouse on the main pages (npm, Node 20).
bench: venv
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/web.py
	$(BIN)/python benchmarks/weight.py
	$(BIN)/python benchmarks/memory.py
	cd benchmarks && npm ci --no-fund --no-audit --loglevel=error
	$(BIN)/python benchmarks/lighthouse.py

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .hypothesis

# The database-touching tests again on PostgreSQL, when a server is reachable
# (DATABASE_URL_TEST, or the local one on 127.0.0.1:5432). DATABASE_TESTS_ONLY=1 leaves out
# there the tests that never reach the database (tests/conftest.py): they ran already, alike.
PG_URL ?= $(or $(DATABASE_URL_TEST),postgres://postgres@127.0.0.1:5432/postgres)
test-postgres: venv messages
	@if $(BIN)/python -c "import sys, dj_database_url, psycopg; c = dj_database_url.parse('$(PG_URL)'); psycopg.connect(host=c['HOST'], port=c['PORT'] or 5432, user=c['USER'], dbname=c['NAME'], connect_timeout=2).close()" 2>/dev/null; then \
		echo "PostgreSQL tests on $(PG_URL)"; \
		DATABASE_URL=$(PG_URL) DATABASE_TESTS_ONLY=1 $(BIN)/python -m pytest -n $(TEST_WORKERS) -m "not browser" -q tests/scorekeeper; \
	else echo "No PostgreSQL server at $(PG_URL): PostgreSQL tests skipped."; fi

# gunicorn with the production settings (DEBUG off, compressed and hashed static files), made
# for a TLS proxy in front: plain http is redirected to https, and cookies are marked secure.
# `make serve-local` is the same server for plain http on this machine (INSECURE_HTTP=1).
# The key is SECRET_KEY when set, else the one kept in SECRET_KEY_FILE. Starting is safe to run
# twice at once (`prepare_to_serve`: collectstatic and migrate under a lock).
INSECURE_HTTP ?= 0
serve: venv messages $(if $(SECRET_KEY),,$(SECRET_KEY_FILE))
	SECRET_KEY_FILE=$(SECRET_KEY_FILE) DEBUG=0 $(BIN)/python manage.py prepare_to_serve
	SECRET_KEY_FILE=$(SECRET_KEY_FILE) DEBUG=0 INSECURE_HTTP=$(INSECURE_HTTP) \
	$(BIN)/gunicorn config.wsgi:application --bind 127.0.0.1:$(PORT) --workers $${WORKERS:-2} \
		--no-control-socket --access-logfile -

serve-local:
	@$(MAKE) --no-print-directory serve INSECURE_HTTP=1
