"""The rules of Tomb: Cryptmaster that are its own, one module per rulebook area, in rulebook order:
``setup`` (Guided Tour and Setup, Fill the Tomb, Fill the Inn), ``attachments`` (Basic Rules of
Adventuring), ``turn`` (Turn: Free Actions, Turn Actions, End of Turn), ``raid`` (Raid: Hire Mercenaries,
Curses, Acting in Combat, Death), ``variants`` (Overlords, Player vs. Player).  Everything else is Tomb's
engine (``tombspec.model.tomb.rules``), reached through the hooks the ``Cryptmaster`` ruleset overrides.

``REGISTRY`` holds the task kinds Cryptmaster adds to Tomb's agenda (and those it replaces).
"""

from __future__ import annotations

from typing import Any

REGISTRY: dict[str, Any] = {}
