"""Monsters of Egypt: what the game brings to ``tombspec check``."""

from .. import GameChecks
from .catalog import DETECTORS, EXAMPLE_CHECKS
from .constraints import egypt_limits
from .examples import EXAMPLES
from .probability import tables
from .reachability import reports, unwinnable_boards

CHECKS = GameChecks("egypt", detectors=DETECTORS, example_checks=EXAMPLE_CHECKS, examples=EXAMPLES,
                    model_findings=(unwinnable_boards,), constraints=(egypt_limits,), reachability=reports,
                    probability=tables)
