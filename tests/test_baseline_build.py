"""The corpus is built on numpy's baseline code path (generators/cpu.py, docs/decisions/0041)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import generators
from generators import cpu
from generators.tags import UnlistedTag

PROBE = "from generators import cpu; print(cpu.on_baseline())"


def probe(env: dict) -> str:
    return subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_the_setting_the_build_starts_with_switches_every_dispatched_target_off():
    env = {k: v for k, v in os.environ.items() if k != cpu.VARIABLE}
    assert probe({**env, cpu.VARIABLE: " ".join(cpu.dispatched())}) == "True"


def test_a_process_running_a_dispatched_target_is_not_on_the_baseline(monkeypatch):
    monkeypatch.setattr(cpu._umath, "__cpu_features__", {**cpu._umath.__cpu_features__, cpu.dispatched()[0]: True})
    assert not cpu.on_baseline()


def fake_run(answer: dict, returncode: int = 0):
    def run(argv, env, **_):
        assert env[cpu.VARIABLE].split() == cpu.dispatched()
        return subprocess.CompletedProcess(argv, returncode, json.dumps(answer), "")
    return run


def test_the_build_answers_with_the_texts_of_the_fresh_interpreter(monkeypatch):
    monkeypatch.setattr(cpu.subprocess, "run", fake_run({"texts": {"MANIFEST.json": "{}"}}))
    assert cpu.build_on_baseline({}) == {"MANIFEST.json": "{}"}


def test_an_error_of_the_build_is_raised_again_as_its_class(monkeypatch):
    monkeypatch.setattr(cpu.subprocess, "run", fake_run({"error": "UnlistedTag", "message": "1 case tag(s) ..."}))
    with pytest.raises(UnlistedTag, match="1 case tag"):
        cpu.build_on_baseline({"UnlistedTag": UnlistedTag})


def test_a_crashed_build_and_an_ignored_setting_are_errors(monkeypatch):
    monkeypatch.setattr(cpu.subprocess, "run", fake_run({}, returncode=1))
    with pytest.raises(RuntimeError, match="baseline build failed"):
        cpu.build_on_baseline({})
    monkeypatch.setenv("METRIC_PARITY_BASELINE_BUILD", "1")
    with pytest.raises(RuntimeError, match="numpy ignored"):
        cpu.build_on_baseline({})


def test_build_goes_to_the_baseline_interpreter_when_this_one_is_not_on_it(monkeypatch):
    calls = []
    monkeypatch.setattr(cpu, "on_baseline", lambda: False)
    monkeypatch.setattr(cpu, "build_on_baseline", lambda errors: calls.append(sorted(errors)) or {"x": "y"})
    assert generators.build() == {"x": "y"}
    assert calls == [["NoSpecSection", "UnlistedTag", "UnregisteredMetric"]]
