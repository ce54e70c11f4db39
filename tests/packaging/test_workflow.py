"""The installers workflow (.github/workflows/installers.yml) is valid against the
GitHub-workflow schema that check-jsonschema ships (no network), publishes only from a
version tag with the only write permission, and gives the signing secrets only to the
steps that sign."""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

WORKFLOW = Path(__file__).resolve().parents[2] / ".github" / "workflows" / "installers.yml"
SECRET = re.compile(r"\$\{\{\s*secrets\.")


def _load(path: Path = WORKFLOW) -> dict[str, Any]:
    loaded = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def _validate(path: Path) -> subprocess.CompletedProcess[str]:
    tool = Path(sys.executable).parent / "check-jsonschema"
    command = str(tool) if tool.exists() else (shutil.which("check-jsonschema") or "")
    return subprocess.run(
        [command, "--builtin-schema", "vendor.github-workflows", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_workflow_is_valid_and_the_check_would_see_a_broken_one(tmp_path: Path) -> None:
    done = _validate(WORKFLOW)
    assert done.returncode == 0, done.stdout + done.stderr
    broken = tmp_path / "broken.yml"
    broken.write_text(WORKFLOW.read_text().replace("runs-on: ubuntu-22.04", "runs_on: x", 1))
    assert _validate(broken).returncode != 0


def test_only_the_release_job_may_write_and_only_on_a_version_tag() -> None:
    workflow = _load()
    assert workflow["permissions"] == {"contents": "read"}
    jobs = workflow["jobs"]
    writers = {name for name, job in jobs.items() if "write" in str(job.get("permissions", ""))}
    assert writers == {"release"}
    release = jobs["release"]
    assert release["permissions"] == {"contents": "write"}
    assert release["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert set(release["needs"]) == {"linux", "windows", "macos"}
    assert workflow["on"]["push"]["tags"] == ["v*"]


def test_secrets_reach_only_the_steps_that_sign() -> None:
    workflow = _load()
    holders: list[str] = []
    for name, job in workflow["jobs"].items():
        assert not SECRET.search(str(job.get("env", {}))), f"job {name} puts secrets in its env"
        for step in job["steps"]:
            for key, value in step.items():
                if key != "env":
                    assert not SECRET.search(str(value)), f"{step.get('name')}: secret in {key}"
            if SECRET.search(str(step.get("env", {}))):
                holders.append(f"{name}: {step['name']}")
    assert holders == [
        "windows: Which signing is set up",
        "windows: Sign the programs",
        "windows: Make the installer, signing the setup and its uninstaller",
        "macos: Which signing is set up",
        "macos: Import the Developer ID certificate into a keychain of its own",
        "macos: Sign the app (hardened runtime, entitlements)",
        "macos: Notarize the app and staple its ticket",
        "macos: Sign the disk image",
        "macos: Notarize the disk image and staple its ticket",
    ]
    # the steps that install or run third-party build code come before any secret
    for job in workflow["jobs"].values():
        names = [step.get("name", step.get("uses", "")) for step in job["steps"]]
        if "Which signing is set up" in names:
            first_secret = names.index("Which signing is set up")
            assert any("Install" in n for n in names[:first_secret])
            assert not any(n.startswith("Install Bridge") for n in names[first_secret:])


def test_a_change_to_the_app_or_its_resources_builds_the_installers() -> None:
    paths = _load()["on"]["pull_request"]["paths"]
    for changed in (
        "bridge/ui/app/start.py",
        "bridge/engine/cards/helm.py",
        "resources/ships/miranda.json",
        "packaging/linux/install.sh",
        "pyproject.toml",
        "setup.py",
    ):
        assert any(fnmatch.fnmatch(changed, p) for p in paths), changed


def test_every_platform_is_built_smoke_tested_on_its_own_platform_plugin_and_uploaded() -> None:
    jobs = _load()["jobs"]
    for name in ("linux", "windows", "macos"):
        runs = "\n".join(step.get("run", "") for step in jobs[name]["steps"])
        assert "packaging/build" in runs, name
        assert re.search(r"smoke_test\.py .*--native", runs), name
        assert any("upload-artifact" in step.get("uses", "") for step in jobs[name]["steps"])
    linux = "\n".join(step.get("run", "") for step in jobs["linux"]["steps"])
    assert "packaging/check_bundle.py dist/Bridge" in linux
    assert "packaging/run-under-x packaging/check-wheel" in linux
