"""Tomb: the model's package, and the engine Tomb: Cryptmaster shares (the reference model is being
built: issue 10).

Today it holds the tomb dice (:mod:`.dice`); the ruleset registers in ``tombspec.model.registry`` when
it exists.
"""
