"""The wheel and the frozen bundle carry the web station (packaging/check_web_files.py,
run by packaging/check-wheel on the installed wheel and by packaging/check_bundle.py on
the bundle): a missing or stale file of the page fails them."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"
sys.path.insert(0, str(PACKAGING))
sys.path.insert(0, str(PACKAGING / "pyinstaller"))
import check_bundle  # noqa: E402
import check_web_files  # noqa: E402

ROOT = PACKAGING.parent


def _bundle(tmp_path: Path) -> tuple[Path, Path]:
    """A frozen bundle's shape: a program, and the resources under ``_internal``; and a
    README whose glibc minimum any program meets (only the web files are at stake)."""
    bundle = tmp_path / "Bridge"
    resources = bundle / "_internal" / "bridge_resources"
    resources.mkdir(parents=True)
    shutil.copy(shutil.which("objdump") or "", bundle / "Bridge")
    for relative, source in check_web_files.expected().items():
        (resources / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, resources / relative)
    shutil.copytree(ROOT / "resources" / "guide", resources / "guide")  # (the guide's own check)
    readme = tmp_path / "README.md"
    readme.write_text("Runs on glibc 99.0 or newer.", encoding="utf-8")
    return bundle, readme


def test_the_page_its_scripts_and_the_fonts_it_loads_are_expected() -> None:
    expected = check_web_files.expected()
    web = sorted(p.name for p in (ROOT / "resources" / "web").iterdir() if p.is_file())
    assert sorted(r.removeprefix("web/") for r in expected if r.startswith("web/")) == web
    assert {"web/index.html", "web/app.js", "web/station.css"} <= set(expected)
    assert {"fonts/Antonio-Regular.ttf", "fonts/Antonio-Bold.ttf"} <= set(expected)
    assert check_web_files.url_of("web/app.js") == "/app.js"
    assert check_web_files.url_of("fonts/Antonio-Bold.ttf") == "/fonts/Antonio-Bold.ttf"


def test_a_bundle_lacking_a_web_file_fails_its_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bundle, readme = _bundle(tmp_path)
    assert check_bundle.main([str(bundle), "--readme", str(readme)]) == 0
    resources = bundle / "_internal" / "bridge_resources"
    (resources / "web" / "task.js").unlink()
    (resources / "web" / "station.css").write_text("/* stale */", encoding="utf-8")
    (resources / "fonts" / "Antonio-Bold.ttf").unlink()
    capsys.readouterr()
    assert check_bundle.main([str(bundle), "--readme", str(readme)]) == 1
    err = capsys.readouterr().err
    assert "the web station's web/task.js is missing" in err
    assert "the web station's web/station.css differs from the checkout's" in err
    assert "the web station's fonts/Antonio-Bold.ttf is missing" in err
    assert "app.js" not in err


def test_a_bundle_without_resources_fails(tmp_path: Path) -> None:
    bundle, _ = _bundle(tmp_path)
    shutil.rmtree(bundle / "_internal")
    assert check_web_files.web_failures(bundle) == [
        f"{bundle} has no bridge_resources folder: the web station is not carried"
    ]


def test_the_installed_bridge_carries_and_serves_every_web_file(tmp_path: Path) -> None:
    """What check-wheel runs in the wheel's venv, here on this checkout's install; a page
    file the host would not serve (an ending it does not know) fails it."""
    assert check_web_files.installed_failures() == []
    assert check_web_files.main(["--installed"]) == 0
    root = tmp_path / "checkout"
    shutil.copytree(ROOT / "resources" / "web", root / "resources" / "web")
    shutil.copytree(ROOT / "resources" / "fonts", root / "resources" / "fonts")
    (root / "resources" / "web" / "extra.woff2").write_bytes(b"wOF2")
    failures = check_web_files.installed_failures(root)
    assert [f for f in failures if "extra" in f] == [
        f"the web station's web/extra.woff2 is missing (in {ROOT / 'resources'})",
        "the installed Bridge does not serve /extra.woff2",
    ]
    assert len(failures) == 2
