"""The rules, one module per rulebook area."""
