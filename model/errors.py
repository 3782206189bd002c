"""The errors of the rules (DESIGN.md contract 3).

``step`` raises only these: :class:`IllegalAction` (an action breaks a rule: it carries the catalog
rule id), :class:`InvalidInput` (a malformed action, state or option) and :class:`Unspecified` (the
rulebook does not settle the situation under the chosen options: it carries the ambiguity id).
"""

from __future__ import annotations

from typing import Any

from tombspec.spec.errors import CatalogError, InvalidInput, TombspecError

__all__ = ["CatalogError", "IllegalAction", "InvalidInput", "TombspecError", "Unspecified"]


class IllegalAction(TombspecError):
    """An action that breaks the rule ``rule_id`` (the first the model checks and finds broken), and,
    where the model sees them cheaply, the other rules it breaks too (``also``).  An implementation may
    name any of ``rules`` (docs/oracle.md: which rule a refusal names)."""

    def __init__(self, rule_id: str, message: str, *, state: Any = None, action: Any = None,
                 also: tuple[str, ...] = ()):
        self.rule_id = rule_id
        self.message = message
        self.state = state
        self.action = action
        self.also = tuple(r for r in dict.fromkeys(also) if r != rule_id)
        super().__init__(str(self))

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule the action breaks that the model names: ``rule_id`` first, then ``also``."""
        return (self.rule_id, *self.also)

    def __str__(self) -> str:
        act = f" [{self.action!r}]" if self.action is not None else ""
        return f"{self.rule_id}: {self.message}{act}"

    def with_context(self, state: Any, action: Any) -> "IllegalAction":
        if self.state is None:
            self.state = state
        if self.action is None:
            self.action = action
        self.args = (str(self),)
        return self


class Unspecified(TombspecError):
    """The rulebook leaves this situation open (``ambiguity_id``) and no option settles it."""

    def __init__(self, ambiguity_id: str, message: str, *, state: Any = None):
        self.ambiguity_id = ambiguity_id
        self.message = message
        self.state = state
        super().__init__(f"{ambiguity_id}: {message}")
