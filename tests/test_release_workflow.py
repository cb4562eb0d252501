"""The release workflow (.github/workflows/release.yml) cannot run here: it is checked against the
published GitHub Actions schema (as `make lint` does) and for what it promises the players."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML  # check-jsonschema's own YAML reader

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def workflow() -> Any:
    return YAML(typ="safe").load(WORKFLOW.read_text(encoding="utf-8"))


def build_commands() -> str:
    return "\n".join(step.get("run", "") for step in workflow()["jobs"]["build"]["steps"])


def test_the_workflow_matches_the_github_actions_schema() -> None:
    command = [sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows"]
    result = subprocess.run([*command, str(WORKFLOW)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def test_it_builds_on_windows_macos_arm64_and_linux() -> None:
    matrix = workflow()["jobs"]["build"]["strategy"]["matrix"]["include"]
    assert {entry["os"] for entry in matrix} == {"windows-latest", "macos-14", "ubuntu-24.04"}
    app = {entry["os"]: entry["app"] for entry in matrix}
    assert app["macos-14"].startswith("dist/gmtool.app/")  # the self-test runs the bundle itself


def test_it_installs_from_the_lock_tests_builds_and_self_tests() -> None:
    commands = build_commands()
    assert "make test-fast" in commands
    assert "--require-hashes -r requirements/lock.txt" in commands  # Windows, without make
    fast_tier = "not e2e and not slow and not package"  # Windows runs the Makefile's test-fast tier
    assert fast_tier in commands and fast_tier in (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "packaging/gmtool.spec" in commands and "make package" in commands
    assert "--self-test" in commands


def test_a_tag_attaches_the_builds_to_a_release() -> None:
    document = workflow()
    assert "v*" in document["on"]["push"]["tags"]
    release = document["jobs"]["release"]
    assert release["needs"] == "build"
    assert release["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert release["permissions"] == {"contents": "write"}
    assert "gh release create" in release["steps"][-1]["run"]
