"""The Windows file version (four numbers, each 0-65535) for a Python package version.

    python packaging/windows/file_version.py 0.2.0rc1      ->  0.2.0.3001

Inno Setup's ``VersionInfoVersion`` (and every Windows file version) takes only numbers,
so ``0.2.0rc1`` cannot go there as it is. The first three numbers are the release; the
fourth orders what PEP 440 orders after it: ``1000 * phase + number`` with the phases
dev 0, alpha 1, beta 2, release candidate 3, final 4, post-release 5. So file versions
sort as the package versions do (0.2.0.dev1 < 0.2.0a1 < 0.2.0rc1 < 0.2.0 < 0.2.0.post1).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from packaging.version import InvalidVersion, Version

PHASES = {"dev": 0, "a": 1, "b": 2, "rc": 3, "final": 4, "post": 5}
LIMIT = 65535


def file_version(text: str) -> str:
    """``a.b.c.d`` for the package version ``text``; ValueError naming what does not fit."""
    try:
        v = Version(text)
    except InvalidVersion:
        raise ValueError(f"'{text}' is not a version (PEP 440)") from None
    if v.local or v.epoch:
        raise ValueError(f"'{text}': a local or epoch version has no Windows file version")
    if len(v.release) > 3:
        raise ValueError(f"'{text}': at most three release numbers fit before the fourth")
    release = (*v.release, 0, 0)[:3]
    if v.pre is not None:
        phase, number = v.pre
    elif v.post is not None:
        phase, number = "post", v.post
    elif v.dev is not None:
        phase, number = "dev", v.dev
    else:
        phase, number = "final", 0
    if number >= 1000:
        raise ValueError(f"'{text}': a {phase} number must be below 1000")
    fields = (*release, 1000 * PHASES[phase] + number)
    if any(field > LIMIT for field in fields):
        raise ValueError(f"'{text}': each number must be at most {LIMIT}")
    return ".".join(map(str, fields))


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: file_version.py VERSION", file=sys.stderr)
        return 2
    try:
        print(file_version(args[0]))
    except ValueError as error:
        print(f"file_version: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
