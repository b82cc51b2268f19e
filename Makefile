# Two commands: `make run` sets everything up and serves on SQLite; `make test` runs the suite.
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
export IRONBOTTOM_ENVIRONMENT ?= development
# Bytecode is written even where the shell says not to (PYTHONDONTWRITEBYTECODE=1 on our build machines): each pytest
# worker otherwise compiles the app and rewrites every test module's asserts again, about 11 s of CPU a worker and a
# run (measured: collection 16.6 s of CPU without the caches, 6.1 s with them).
export PYTHONDONTWRITEBYTECODE :=

.PHONY: run test lint-imports install migrate test-postgres test-browser test-slow bench clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

install: $(VENV)/.installed

migrate: install
	mkdir -p var
	$(BIN)/alembic upgrade head

# --ws-max-size: uvicorn reads a websocket frame whole (16 MB by default) before the app's 64 KB message limit applies.
# --ws app.realtime.frames:Protocol: each pushed page is compressed once, not once per socket.
run: migrate
	$(BIN)/uvicorn app.web.main:app --host 127.0.0.1 --port 8000 --ws-max-size 65536 --ws app.realtime.frames:Protocol

# The layers' contracts first (.importlinter), then the suite in parallel, one worker a core (pytest-xdist); each
# worker has a database of its own (tests/conftest.py), and the checks of one game and scenario share a worker.
test: install lint-imports
	IRONBOTTOM_ENVIRONMENT=test $(BIN)/python -m pytest -n auto --dist loadgroup

lint-imports: install
	$(BIN)/lint-imports

test-slow: install
	IRONBOTTOM_ENVIRONMENT=test $(BIN)/python -m pytest -m slow

test-browser: install
	IRONBOTTOM_ENVIRONMENT=test $(BIN)/python -m pytest -m browser -p no:xdist

# Every figure beside its baseline of the same run (tools/bench.py: the bare durable server, the page a push updates).
# `$(BIN)/python -m tools.bench --only latency --only sizes` redraws those sections alone.
bench: install
	IRONBOTTOM_ENVIRONMENT=test $(BIN)/python -m tools.bench
	$(BIN)/python -m tools.bench_bots --games 20

clean:
	rm -rf $(VENV) var .pytest_cache
