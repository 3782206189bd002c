"""Secrets of the Lost Tomb: the model's package (the reference model is being built: issue 11).

Today it holds the game's dice (:mod:`.dice`); the ruleset registers in ``tombspec.model.registry``
when it exists.
"""
