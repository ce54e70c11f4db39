"""Entry point of the frozen app: the same as the ``bridge`` command."""

import sys

from bridge.cli import main

if __name__ == "__main__":
    sys.exit(main())
