# Two commands for a fresh machine: `./run` (or `make run`) starts the bot, `make test` checks
# everything.
VENV := .venv
PY := $(VENV)/bin/python
PYTEST_ARGS ?=
# The suite runs in two processes (pytest-xdist), one a core of a small machine: each test owns
# its bot, its files and its database schema, so none waits on another.
PYTEST_WORKERS ?= -n 2
# pip tells only what went wrong: its warnings (about the machine's pip configuration, say) and
# setuptools' notes on editable installs are nothing the bot's user has to act on.
PIP_INSTALL := $(PY) -m pip install -qq
export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: run test lint bench messages

# The native engine core is compiled by the install (setup.py): a change to its C sources
# installs again, which rebuilds it in place.
NATIVE_SOURCES := setup.py $(wildcard bot/engine/native/*.c bot/engine/native/*.h)

$(PY):
	@echo "Installing the bot into $(VENV), once (a minute or so)..."
	python3 -m venv $(VENV)
	$(PIP_INSTALL) --upgrade pip

$(VENV)/.installed: pyproject.toml $(NATIVE_SOURCES) | $(PY)
	$(PIP_INSTALL) -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml $(NATIVE_SOURCES) | $(PY)
	$(PIP_INSTALL) -e '.[dev]'
	touch $@ $(VENV)/.installed

# `./run` installs what is missing and becomes the bot, so that its exit status is the bot's;
# make turns a failure into its own status 2, after "Error N" with the bot's.
run:
	@./run

lint: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy bot rendering cogs web
	$(VENV)/bin/lint-imports --no-cache --no-logo
	$(VENV)/bin/hadolint Dockerfile
	$(VENV)/bin/check-jsonschema --builtin-schema vendor.compose-spec compose.yaml

test: lint
	$(PY) -m bot check
	$(PY) -m pytest $(PYTEST_WORKERS) $(PYTEST_ARGS)

# Every benchmark, but not the scripts that build the engine's data (the book, the puzzles, the
# weights, the ProbCut margins) nor the modules the benchmarks share.
BENCHMARKS := $(filter-out $(addprefix benchmarks/,build_book.py build_puzzles.py fit_patterns.py \
	fit_probcut.py wthor.py elo.py),\
	$(wildcard benchmarks/*.py))
bench: $(VENV)/.installed-dev
	for b in $(BENCHMARKS); do $(PY) $$b || exit 1; done

# After changing the bot's texts: the template of every message, and each catalogue brought up to
# date with it (new messages empty, changed ones marked fuzzy) for translators to fill in.
LOCALES := bot/i18n/locales
LANGUAGES := tl is ta ha rw
messages: $(VENV)/.installed-dev
	$(VENV)/bin/pybabel extract -F babel.cfg -k locale_str -k Nn_:1,2 -c TRANSLATORS: --add-location=file --no-wrap \
		--sort-by-file --project=reversi-bot --copyright-holder="reversi-bot contributors" -o $(LOCALES)/reversi.pot .
	for code in $(LANGUAGES); do \
		$(VENV)/bin/pybabel update -i $(LOCALES)/reversi.pot -d $(LOCALES) -D reversi -l $$code \
			--init-missing --no-wrap --ignore-obsolete; \
	done
