"""The ``tombspec`` console script: the command line, with Ctrl-C answered as exit 130 from the first
instant, while the command line is still being imported (about a second; longer on a loaded
machine), not only once a command runs."""

from __future__ import annotations

import sys


def main() -> None:
    try:
        from tombspec.checks.cli import main as command_line
    except KeyboardInterrupt:
        sys.stderr.write("tombspec: error: interrupted\n")
        raise SystemExit(130) from None
    command_line()
