"""The installers workflow (.github/workflows/installers.yml) is valid against the
GitHub-workflow schema that check-jsonschema ships (no network); its Linux job runs the same
packaging scripts .ci/run runs; it publishes only from a version tag, through
packaging/release_plan.py, with the only write permission; it gives the signing secrets
only to the steps that sign, none of which runs Python; it pins what it downloads; and the
macOS job's budget lets a slow notary fail by name before the job is killed."""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "installers.yml"
CI = ROOT / ".ci" / "run"
SECRET = re.compile(r"\$\{\{\s*secrets\.")
SCRIPT_CALL = re.compile(r"(?:\./)?(packaging/[\w./-]+)((?:[ \t]+--?[\w-]+)*)")


def _load(path: Path = WORKFLOW) -> dict[str, Any]:
    loaded = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def _runs(job: dict[str, Any]) -> str:
    return "\n".join(step.get("run", "") for step in job["steps"])


def _step(job: dict[str, Any], name: str) -> dict[str, Any]:
    (step,) = [s for s in job["steps"] if s.get("name") == name]
    assert isinstance(step, dict)
    return step


def _tool(name: str) -> str:
    tool = Path(sys.executable).parent / name
    return str(tool) if tool.exists() else (shutil.which(name) or name)


def _run(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [_tool(tool), *args], capture_output=True, text=True, timeout=120, check=False
    )


def _validate(path: Path) -> subprocess.CompletedProcess[str]:
    return _run("check-jsonschema", "--builtin-schema", "vendor.github-workflows", str(path))


def test_the_workflow_is_valid_and_the_check_would_see_a_broken_one(tmp_path: Path) -> None:
    done = _validate(WORKFLOW)
    assert done.returncode == 0, done.stdout + done.stderr
    broken = tmp_path / "broken.yml"
    broken.write_text(WORKFLOW.read_text().replace("runs-on: ubuntu-22.04", "runs_on: x", 1))
    assert _validate(broken).returncode != 0


def test_zizmor_finds_nothing_and_would_find_an_unpinned_action(tmp_path: Path) -> None:
    done = _run("zizmor", "--offline", str(WORKFLOW))
    assert done.returncode == 0, done.stdout + done.stderr
    unpinned = tmp_path / "unpinned.yml"
    unpinned.write_text(
        re.sub(r"actions/checkout@[0-9a-f]{40}", "actions/checkout@v7", WORKFLOW.read_text())
    )
    found = _run("zizmor", "--offline", str(unpinned))
    assert found.returncode != 0 and "unpinned-uses" in found.stdout


def _script_calls(text: str) -> set[str]:
    """Every packaging/ script a run step or shell script calls, with its options."""
    return {f"{m[1]} {' '.join(m[2].split())}".strip() for m in SCRIPT_CALL.finditer(text)}


def test_the_linux_job_runs_the_packaging_scripts_ci_runs_and_nothing_else() -> None:
    linux = _load()["jobs"]["linux"]
    job_calls = _script_calls(_runs(linux))
    ci_calls = _script_calls(CI.read_text())
    assert job_calls == {"packaging/install-deps --tests", "packaging/check-linux-release"}
    assert job_calls <= ci_calls, job_calls - ci_calls
    # and the browser tests it runs are among the tests .ci/run runs (the whole suite)
    assert "python -m pytest -p no:cacheprovider -q tests/web" in _runs(linux)
    assert re.search(r"^eval \"\$test_command\"$", CI.read_text(), re.M)


def test_check_linux_release_builds_checks_installs_and_smoke_tests_on_both_plugins() -> None:
    text = (ROOT / "packaging" / "check-linux-release").read_text()
    for call in (
        "packaging/run-under-x packaging/check-wheel",
        "bash packaging/build",
        "packaging/check_bundle.py dist/Bridge",
        'sh "$unpacked/install.sh"',
        "desktop-file-validate",
        'packaging/smoke_test.py "$installed" --bare dist/bare/bare\n',
        'packaging/run-under-x "$python" packaging/smoke_test.py "$installed" --bare '
        "dist/bare/bare --native",
        'sh "$unpacked/uninstall.sh"',
    ):
        assert call in text, call


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


def test_the_release_is_decided_by_the_plan_and_only_the_publish_step_holds_the_token() -> None:
    release = _load()["jobs"]["release"]
    plan = _step(release, "Decide what the release may claim, and write its notes")
    assert "packaging/release_plan.py plan --tag" in plan["run"]
    assert "env" not in plan  # no token while Python runs
    publish = _step(release, "Publish the GitHub Release")
    assert publish["env"]["GH_TOKEN"] == "${{ github.token }}"
    assert publish["env"]["PRERELEASE"] == "${{ steps.plan.outputs.prerelease }}"
    assert publish["env"]["TITLE"] == "${{ steps.plan.outputs.title }}"
    assert "--notes-file" in publish["run"] and '"${assets[@]}"' in publish["run"]
    assert "--prerelease --latest=false" in publish["run"]
    assert "python" not in publish["run"]
    holders = [s.get("name") for s in release["steps"] if "github.token" in str(s)]
    assert holders == ["Publish the GitHub Release"]


def test_each_platform_records_its_signatures_after_verifying_them() -> None:
    jobs = _load()["jobs"]
    for name, verify in (
        ("windows", "The setup, the installed programs and the uninstaller are signed"),
        ("macos", "Gatekeeper accepts the app and the disk image"),
    ):
        names = [s.get("name", "") for s in jobs[name]["steps"]]
        (recorder,) = [n for n in names if n.startswith("Record what is signed")]
        assert names.index(verify) < names.index(recorder), name
        step = _step(jobs[name], recorder)
        assert "packaging/release_plan.py record --platform " + name in step["run"]
        assert "if" not in step  # an unsigned build records that it is unsigned
        upload = next(s for s in jobs[name]["steps"] if "upload-artifact" in s.get("uses", ""))
        assert ".signing.json" in upload["with"]["path"]


def test_secrets_reach_only_the_steps_that_sign_and_none_of_them_runs_python() -> None:
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
                run = step.get("run", "")
                assert not re.search(r"\b(python|pip)\b", run), f"{step['name']} runs Python"
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
            assert any("Install Bridge" in n for n in names[:first_secret])
            assert not any(n.startswith("Install Bridge") for n in names[first_secret:])


def test_every_action_is_pinned_to_a_commit_with_its_version_said() -> None:
    uses = re.findall(r"^\s*(?:- )?uses: (\S+)(.*)$", WORKFLOW.read_text(), re.M)
    assert len(uses) >= 10
    for ref, comment in uses:
        assert re.fullmatch(r"actions/[\w-]+@[0-9a-f]{40}", ref), ref
        assert re.fullmatch(r" # v\d+\.\d+\.\d+", comment), f"{ref} names no version"


def test_inno_setup_and_the_artifact_signing_client_are_pinned() -> None:
    windows = _load()["jobs"]["windows"]
    inno = windows["env"]["INNO_SETUP_VERSION"]
    assert re.fullmatch(r"6\.\d+\.\d+", inno)  # 6: the compiler's path says "Inno Setup 6"
    setup = _step(windows, "Inno Setup, the pinned version")["run"]
    assert 'choco install innosetup --version="$env:INNO_SETUP_VERSION"' in setup
    assert r"Inno Setup 6\ISCC.exe" in setup and ".VersionInfo.ProductVersion" in setup
    assert re.fullmatch(r"\d+\.\d+\.\d+", windows["env"]["ARTIFACT_SIGNING_CLIENT_VERSION"])
    client = _step(windows, "Fetch the Artifact Signing client and check it is Microsoft's")
    assert (
        "nuget install Microsoft.ArtifactSigning.Client -Version "
        "$env:ARTIFACT_SIGNING_CLIENT_VERSION" in client["run"]
    )
    assert "O=Microsoft Corporation" in client["run"]
    assert "Trusted.Signing.Client" not in WORKFLOW.read_text()
    assert "Microsoft.ArtifactSigning.Client" in (ROOT / "packaging/windows/sign.ps1").read_text()


def _minutes(text: str) -> int:
    found = re.fullmatch(r"(\d+)m", text)
    assert found, text
    return int(found[1])


def test_the_macos_budget_lets_a_slow_notary_fail_by_name_not_the_job_be_killed() -> None:
    macos = _load()["jobs"]["macos"]
    steps = macos["steps"]
    assert all("timeout-minutes" in s for s in steps), "every step needs a budget of its own"
    assert sum(s["timeout-minutes"] for s in steps) <= macos["timeout-minutes"]
    notary = _minutes(macos["env"]["NOTARY_TIMEOUT"])
    notarizing = [s for s in steps if "packaging/macos/notarize" in s.get("run", "")]
    assert len(notarizing) == 2
    for step in notarizing:
        assert notary + 3 <= step["timeout-minutes"], step["name"]  # upload, staple, log


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
    shared = (ROOT / "packaging" / "check-linux-release").read_text()
    for name in ("linux", "windows", "macos"):
        runs = _runs(jobs[name]) + (shared if name == "linux" else "")
        assert "packaging/build" in runs, name
        assert re.search(r"smoke_test\.py .*--native", runs), name
        assert any("upload-artifact" in step.get("uses", "") for step in jobs[name]["steps"])


def test_the_wine_check_compiles_with_the_inno_setup_series_the_windows_job_installs() -> None:
    windows = _load()["jobs"]["windows"]
    check = (ROOT / "packaging" / "windows" / "check-under-wine").read_text()
    found = re.search(r"^INNO_SETUP_NPM=(\d+\.\d+)\.\d+$", check, re.M)
    assert found, "check-under-wine pins no innosetup version"
    assert windows["env"]["INNO_SETUP_VERSION"].startswith(found[1] + ".")
    assert "packaging/windows/check-under-wine" in CI.read_text()
