# Two commands for a fresh machine: `make run` starts the bot, `make test` checks everything.
VENV := .venv
PY := $(VENV)/bin/python
PYTEST_ARGS ?=

.PHONY: run test lint bench messages

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[dev]'
	touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	$(PY) -m bot

lint: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy bot rendering cogs
	$(VENV)/bin/lint-imports --no-cache

test: lint
	$(PY) -m bot check
	$(PY) -m pytest $(PYTEST_ARGS)

# Every benchmark, but not the scripts that build the engine's data (the book, the weights) nor
# the modules the benchmarks share.
BENCHMARKS := $(filter-out $(addprefix benchmarks/,build_book.py fit_patterns.py wthor.py elo.py),\
	$(wildcard benchmarks/*.py))
bench: $(VENV)/.installed-dev
	for b in $(BENCHMARKS); do $(PY) $$b || exit 1; done

# After changing the bot's texts: the template of every message, and each catalogue brought up to
# date with it (new messages empty, changed ones marked fuzzy) for translators to fill in.
LOCALES := bot/i18n/locales
LANGUAGES := tl is ta ha rw
messages: $(VENV)/.installed-dev
	$(VENV)/bin/pybabel extract -F babel.cfg -k locale_str --add-location=file --no-wrap \
		--sort-by-file --project=reversi-bot --copyright-holder="reversi-bot contributors" -o $(LOCALES)/reversi.pot .
	for code in $(LANGUAGES); do \
		$(VENV)/bin/pybabel update -i $(LOCALES)/reversi.pot -d $(LOCALES) -D reversi -l $$code \
			--init-missing --no-wrap --ignore-obsolete; \
	done
