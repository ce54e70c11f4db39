"""``python -m bridge``: the same entry point as the ``bridge`` command."""

from bridge.cli import main

raise SystemExit(main())
