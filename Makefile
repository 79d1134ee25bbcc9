# Two commands for a fresh machine: `make run` starts the bot, `make test` checks everything.
VENV := .venv
PY := $(VENV)/bin/python
PYTEST_ARGS ?=

.PHONY: run test lint bench

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

test: lint
	$(PY) -m bot check
	$(PY) -m pytest $(PYTEST_ARGS)

bench: $(VENV)/.installed-dev
	for b in benchmarks/*.py; do $(PY) $$b || exit 1; done
