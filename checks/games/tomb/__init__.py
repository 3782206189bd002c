"""Tomb: what the game brings to ``tombspec check``."""

from .. import GameChecks
from .catalog import DETECTORS, EXAMPLE_CHECKS
from .constraints import tomb_attachments, tomb_limits
from .examples import EXAMPLES
from .probability import tables

CHECKS = GameChecks("tomb", detectors=DETECTORS, example_checks=EXAMPLE_CHECKS, examples=EXAMPLES,
                    constraints=(tomb_attachments, tomb_limits), probability=tables)
