"""Monsters of Egypt: the model's package (the reference model is being built: issue 12).

Today it holds the game's die (:mod:`.dice`); the ruleset registers in ``tombspec.model.registry`` when
it exists.
"""
