"""Monsters of Egypt: what the game brings to ``tombspec check``."""

from .. import GameChecks
from .catalog import DETECTORS, EXAMPLE_CHECKS
from .constraints import egypt_limits
from .probability import tables

CHECKS = GameChecks("egypt", detectors=DETECTORS, example_checks=EXAMPLE_CHECKS, constraints=(egypt_limits,),
                    probability=tables)
