"""The rules of Raiders of the Lost Tomb, one module per rulebook area, in rulebook order:

``setup`` (Tomb Set Up), ``objective`` (The Object of the Game, Losing Pennies, the Grail),
``raider_actions`` (Raider Actions/Abilities: Move, Audacity, Prepare, Rest), ``attack`` (Attack
Player), ``boss`` (The Boss Monster), ``encounters`` (Encounter with Monster or Trap Room),
``portal`` (Encounter a Portal Room), and ``turn``, the turn structure that joins them.
"""
