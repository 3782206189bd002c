"""Raiders of the Lost Tomb: what the game brings to ``tombspec check``."""

from .. import GameChecks
from .constraints import raiders_limits
from .examples import EXAMPLES
from .findings import MODEL_FINDINGS
from .probability import tables
from .reachability import reports

CHECKS = GameChecks("raiders", examples=EXAMPLES, model_findings=MODEL_FINDINGS, constraints=(raiders_limits,),
                    reachability=reports, probability=tables)
