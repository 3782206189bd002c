"""Tomb: Cryptmaster: the model's package, Tomb's engine with its own ruleset (being built: issue 10).

Cryptmaster rolls Tomb's dice (:mod:`tombspec.model.tomb.dice`).
"""
