"""Finds Bridge's packages for setuptools and builds its guide (everything else is in
pyproject.toml).

``find_packages`` finds ``bridge`` and every package under it, so a new package is never
left out of the wheel; ``find_namespace_packages`` finds the data folders of resources/,
which installs as ``bridge_resources``. The screenshots stay out of the wheel.

``build_guide`` builds the guide (``docs/``, Sphinx with MyST and furo, the package's
build requirements) into ``bridge_resources/guide``, so the wheel carries it and Help ▸
User guide opens it offline; an editable install (``pip install -e .``) builds it in
place, into ``resources/guide/``, which the frozen app then collects with the other
resources. CI builds the same pages strictly (``sphinx -W``) in ``.ci/run``.
"""

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import ClassVar

from setuptools import Command, find_namespace_packages, find_packages, setup
from setuptools.command.build import build

ROOT = Path(__file__).resolve().parent
DOCS = ROOT / "docs"
GUIDE = "guide"
"""The guide's folder in ``bridge_resources`` (``resources/guide`` in a checkout)."""

RESOURCES = [
    f"bridge_resources.{name}"
    for name in find_namespace_packages(
        "resources", exclude=["screenshots", "screenshots.*", GUIDE, f"{GUIDE}.*"]
    )
]


class BuildGuide(Command):
    """Build the HTML guide from docs/ into the package's resources."""

    description = "build the HTML guide (docs/) into bridge_resources/guide"
    user_options: ClassVar[list[tuple[str, str | None, str]]] = []

    def initialize_options(self) -> None:
        self.build_lib: str | None = None
        self.editable_mode = False

    def finalize_options(self) -> None:
        self.set_undefined_options("build_py", ("build_lib", "build_lib"))

    def _target(self) -> Path:
        if self.editable_mode:  # in place: the checkout's resources/ is bridge_resources
            return ROOT / "resources" / GUIDE
        assert self.build_lib is not None
        return Path(self.build_lib) / "bridge_resources" / GUIDE

    def run(self) -> None:
        target = self._target()
        shutil.rmtree(target, ignore_errors=True)  # no page a removed source left behind
        with tempfile.TemporaryDirectory(prefix="bridge-guide-") as doctrees:
            sphinx = [sys.executable, "-m", "sphinx", "-q", "-b", "html", "-d", doctrees]
            done = subprocess.run([*sphinx, str(DOCS), str(target)], cwd=ROOT, check=False)
        if done.returncode != 0:
            raise SystemExit(f"the guide did not build (sphinx exited {done.returncode})")
        (target / ".buildinfo").unlink(missing_ok=True)

    def get_source_files(self) -> list[str]:
        return [str(p.relative_to(ROOT)) for p in sorted(DOCS.rglob("*")) if p.is_file()]

    def get_outputs(self) -> list[str]:
        return []

    def get_output_mapping(self) -> dict[str, str]:
        return {}


build.sub_commands.append(("build_guide", None))

setup(
    packages=[*find_packages(include=["bridge", "bridge.*"]), "bridge_resources", *RESOURCES],
    cmdclass={"build_guide": BuildGuide},
)
