"""Read what ``xcrun notarytool submit --wait --output-format json`` reported.

    python notary_status.py RESULT.json        exit 0 only if Apple accepted the submission
    python notary_status.py --id RESULT.json   print the submission id (for notarytool log)

notarytool exits 0 when a submission was processed, even when Apple rejected it
("Invalid"), so its exit code says nothing about the outcome; the ``status`` field does.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

ACCEPTED = "Accepted"


def outcome(text: str) -> tuple[bool, str]:
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
    message = result.get("message") or result.get("statusSummary") or ""
    return False, f"submission {sid}: status {status!r}, not {ACCEPTED!r}. {message}".strip()


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    want_id = args[:1] == ["--id"]
    if want_id:
        args = args[1:]
    if len(args) != 1:
        print("usage: notary_status.py [--id] RESULT.json", file=sys.stderr)
        return 2
    text = Path(args[0]).read_text(encoding="utf-8") if Path(args[0]).exists() else ""
    if want_id:
        try:
            print(json.loads(text)["id"])
        except (ValueError, KeyError, TypeError):
            return 1
        return 0
    accepted, said = outcome(text)
    print(f"notarize: {said}", file=sys.stdout if accepted else sys.stderr)
    return 0 if accepted else 1


if __name__ == "__main__":
    sys.exit(main())
