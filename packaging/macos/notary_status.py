"""Read what ``xcrun notarytool`` reported of a submission (its JSON output).

    python notary_status.py [--waited 15m] RESULT.json   exit 0 only if Apple accepted it
    python notary_status.py --id RESULT.json             print the submission id

notarytool exits 0 when a submission was processed, even when Apple rejected it
("Invalid"), so its exit code says nothing about the outcome; the ``status`` field does.
A submission still "In Progress" after ``--waited`` is said to be so, with how to follow
it. Only the standard library is used: packaging/macos/notarize runs this with ``-I -S``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

ACCEPTED = "Accepted"
IN_PROGRESS = "In Progress"


def outcome(text: str, waited: str | None = None) -> tuple[bool, str]:
    """(accepted, a sentence saying what Apple reported) for notarytool's JSON output."""
    try:
        result = json.loads(text)
    except ValueError:
        return False, f"notarytool printed no JSON result: {text.strip()[:400]!r}"
    if not isinstance(result, dict):
        return False, f"notarytool's result is not an object: {text.strip()[:400]!r}"
    status = result.get("status")
    sid = result.get("id", "?")
    if status == ACCEPTED:
        return True, f"submission {sid}: Accepted"
    if status == IN_PROGRESS:
        after = f" after {waited}" if waited else ""
        return False, (
            f"submission {sid}: Apple had not finished notarizing it{after} (status "
            f"{IN_PROGRESS!r}); this stops here rather than wait on. It may still be "
            f"accepted: follow it with `xcrun notarytool info {sid}`, and run the job again."
        )
    message = result.get("message") or result.get("statusSummary") or ""
    return False, f"submission {sid}: status {status!r}, not {ACCEPTED!r}. {message}".strip()


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    want_id = args[:1] == ["--id"]
    if want_id:
        args = args[1:]
    waited = None
    if args[:1] == ["--waited"] and len(args) > 1:
        waited, args = args[1], args[2:]
    if len(args) != 1:
        print("usage: notary_status.py [--id | --waited TIME] RESULT.json", file=sys.stderr)
        return 2
    text = Path(args[0]).read_text(encoding="utf-8") if Path(args[0]).exists() else ""
    if want_id:
        try:
            print(json.loads(text)["id"])
        except (ValueError, KeyError, TypeError):
            return 1
        return 0
    accepted, said = outcome(text, waited)
    print(f"notarize: {said}", file=sys.stdout if accepted else sys.stderr)
    return 0 if accepted else 1


if __name__ == "__main__":
    sys.exit(main())
