"""Tomb: Cryptmaster: what the game brings to ``tombspec check`` (it rolls Tomb's dice)."""

from .. import GameChecks
from .catalog import DETECTORS
from .constraints import cryptmaster_attachments, cryptmaster_limits

CHECKS = GameChecks("cryptmaster", detectors=DETECTORS,
                    constraints=(cryptmaster_attachments, cryptmaster_limits), dice_of="tomb")
