"""Secrets of the Lost Tomb: what the game brings to ``tombspec check``."""

from .. import GameChecks
from .catalog import DETECTORS, EXAMPLE_CHECKS
from .constraints import secrets_courage, secrets_creature_limit, secrets_limits
from .examples import EXAMPLES
from .probability import tables
from .reachability import reports
from .reached import reached_state_contradictions, secrets_reached_limits

CHECKS = GameChecks("secrets", detectors=DETECTORS, example_checks=EXAMPLE_CHECKS, examples=EXAMPLES,
                    model_findings=(reached_state_contradictions,),
                    constraints=(secrets_creature_limit, secrets_courage, secrets_limits, secrets_reached_limits),
                    reachability=reports, probability=tables)
