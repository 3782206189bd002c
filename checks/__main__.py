"""``python -m tombspec.checks``: the ``tombspec`` command line."""

from tombspec.checks.entry import main

if __name__ == "__main__":
    main()
