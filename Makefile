# Animal complaint intake. `make run` sets up and starts everything; `make test` sets up and tests.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

# Rasa 3.6 needs Python 3.10: take the first python3.10 that really is 3.10 (pyenv shims can lie).
PYTHON310 ?= $(shell for p in python3.10 $$HOME/.pyenv/versions/3.10*/bin/python3.10 /usr/local/bin/python3.10 /usr/bin/python3.10; do \
	if $$p -c 'import sys; sys.exit(sys.version_info[:2] != (3, 10))' >/dev/null 2>&1; then command -v $$p; break; fi; done)
VENV := .venv
PY := $(VENV)/bin/python
RASA := $(VENV)/bin/rasa
MODEL := models/intake.tar.gz
SPACY_MODEL := models/spacy_intake
export RASA_TELEMETRY_ENABLED := false
export TF_CPP_MIN_LOG_LEVEL := 2
export PYTHONPATH := $(CURDIR)

TRAINING_INPUTS := config.yml domain.yml $(shell find data -name '*.yml' 2>/dev/null)
SPACY_INPUTS := $(shell find bot/nlp -name '*.py') $(wildcard bot/jurisdictions/packs/places/*.yml)

.PHONY: help install system-libraries train migrate run test test-without-model test-with-model eval eval-english-only bench bench-conversations lint format lock clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-12s %s\n", $$1, $$2}'

install: $(VENV)/.installed system-libraries ## build .venv/ with every pinned dependency (and Pango for PDFs)

# WeasyPrint (notices stored as PDF) needs Pango from Debian: installed when missing and running as root.
system-libraries:
	@if ! ldconfig -p | grep -q libpangoft2-1.0; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libpango-1.0-0 libpangoft2-1.0-0 >/dev/null; \
	  else \
	    echo "WeasyPrint needs Pango: run 'apt-get install libpango-1.0-0 libpangoft2-1.0-0' as root" >&2; exit 1; \
	  fi; \
	fi

$(VENV)/.installed: requirements.lock
	@test -n "$(PYTHON310)" || { echo "python3.10 not found: Rasa 3.6 needs Python 3.10"; exit 1; }
	test -x $(PY) || $(PYTHON310) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip==24.0 2> >(grep -v 'is ignored' >&2)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.lock 2> >(grep -v 'is ignored' >&2)
	$(PY) -c 'import rasa, rasa_sdk, spacy, usaddress, sqlalchemy, alembic' # fail here if the install did
	touch $@

$(SPACY_MODEL)/meta.json: $(VENV)/.installed $(SPACY_INPUTS)
	$(PY) -m bot.nlp.pipeline build $(SPACY_MODEL)

train: $(MODEL) ## train the assistant (does nothing when data, domain and config are unchanged)

$(MODEL): $(VENV)/.installed $(SPACY_MODEL)/meta.json $(TRAINING_INPUTS)
	@# --force: Rasa's cache tracks the spaCy model by path, not content; make decides when to train.
	@# --skip-validation: `make test` runs `rasa data validate` itself; validating here too cost 40 s of CI
	$(RASA) train --force --skip-validation --fixed-model-name intake --out models --quiet
	touch $@

migrate: $(VENV)/.installed ## create or upgrade the case database (DATABASE_URL, default var/cases.db)
	@mkdir -p var
	$(PY) -m bot.cases migrate

run: $(MODEL) migrate system-libraries ## set up and start the assistant (REST on :5005) and the action server (:5055)
	./scripts/run.sh

test: $(VENV)/.installed $(SPACY_MODEL)/meta.json ## set up, then run every test: pytest, rasa data validate, rasa test stories
	@# Training keeps about one of two cores busy: the tests that need no model run beside it (each job's
	@# output is printed when it ends), then the ones that talk to a Rasa server on it.
	$(MAKE) --no-print-directory -j2 --output-sync=target test-without-model $(MODEL)
	@# WITH_CLUSTER_TESTS=1 (.ci/run, which installs Redis and HAProxy): the cluster's tests beside these
	$(MAKE) --no-print-directory -j2 --output-sync=target test-with-model $(if $(filter 1,$(WITH_CLUSTER_TESTS)),test-cluster)

# the tests that talk to a Rasa server on the trained model, and the stories
test-with-model: $(MODEL)
	$(PY) -m pytest -q -m "model and not browser" --durations=10
	$(RASA) test core --model $(MODEL) --stories tests/stories --fail-on-prediction-errors --out var/results/core --quiet

# every test that needs no trained model (tests/conftest.py marks the others `model`). Beside the training, the
# browser tests go first, while it featurizes on one core; then the rest at a lower priority (nice 5), so that
# DIET's two threads are not halved (its epochs took twice as long beside tests at the same priority).
test-without-model: $(VENV)/.installed $(SPACY_MODEL)/meta.json
	$(RASA) data validate --quiet
	$(PY) -m pytest -q -m "browser and not model"
	nice -n 5 $(PY) -m pytest -q -m "not model and not browser" --durations=25

NLU_SETS := heldout=tests/nlu/heldout.yml heldout-es=tests/nlu/heldout_es.yml blind-12o=tests/nlu/blind_2026_12o.yml blind-es14=tests/nlu/blind_es_2026_12n.yml blind-12p=tests/nlu/blind_2026_12p.yml blind-es15=tests/nlu/blind_es_2026_12o.yml blind-12q=tests/nlu/blind_2026_12q.yml blind-es16=tests/nlu/blind_es_2026_12p.yml blind-12r=tests/nlu/blind_2026_12r.yml blind-es17=tests/nlu/blind_es_2026_12q.yml

# Real residents' reports, read at run time from beside the repository and never copied (skipped when absent),
# and a set of our own written in their styles before any training line for them (docs/nlu-evaluation.md)
REAL_SETS := ../shared/real-residents/dev.jsonl tests/nlu/real_style_blind.jsonl

eval: $(MODEL) ## NLU figures: held-out, blind and real-text sets side by side, each beside a keyword baseline
	$(PY) scripts/evaluate_nlu.py --model $(MODEL) --data $(NLU_SETS) --real $(REAL_SETS)

eval-english-only: $(VENV)/.installed $(SPACY_MODEL)/meta.json $(MODEL) ## train an English-only model of the same data (~12 min), score the English sets with both
	$(PY) scripts/english_only.py

bench: $(VENV)/.installed $(MODEL) ## benches: database (1,000,000 complaints in PostgreSQL); SMS webhook vs REST latency
	$(PY) bench/cases_bench.py
	$(PY) bench/sms_bench.py

bench-conversations: $(VENV)/.installed $(MODEL) ## 66 scripted residents x 7 answer styles (SMS, voice, en, es): dead ends, texts to a reference, wrong facts filed
	$(PY) bench/conversation_bench.py

lint: $(VENV)/.installed ## ruff check and format check
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(VENV)/.installed
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

lock: $(VENV)/.installed ## re-pin requirements.lock from what .venv holds
	$(PY) -m pip freeze --exclude-editable > requirements.lock

clean: ## remove trained models and local results (not the database)
	rm -rf models var/results .rasa

.PHONY: cluster test-cluster bench-cluster

cluster: $(MODEL) ## two Rasa replicas, two action servers, console, two outbox workers, PostgreSQL, Redis, HAProxy on 127.0.0.1:8080 (CLUSTER_PORT)
	$(PY) deploy/cluster.py

test-cluster: $(MODEL) ## tests through the load balancer of a cluster (replicas, lock store, restarts, outages)
	CLUSTER_TESTS=1 $(PY) -m pytest -q tests/cluster

bench-cluster: $(MODEL) ## messages per second and p50/p95 with one and two Rasa replicas behind HAProxy
	$(PY) bench/cluster_bench.py
