"""The whole state of a game of Raiders of the Lost Tomb, and nothing else.

The board and the options are the ruleset's configuration, not state.  Who acts next is a function of
the state (``ruleset.pending(state)``), read off its ``phase``.

What a turn carries from one step to a later one is in ``effects`` (:mod:`tombspec.model.effects`),
each lapsing when its turn ends (but ``grail-dropped``):

=================  =================================  =====================================================
effect             made by                            what it holds
=================  =================================  =====================================================
``attack-due``     ``raiders.attack.on-move``,        an Attack follows the Boss Monster's move this turn
                   ``raiders.attack.on-turn-start``
``pulled-by``      ``raiders.encounter.forced-move``  ``items``: the Monster/Trap spaces ahead of the
                                                      Raider at the turn's start, which pull it in on a
                                                      failed Move roll
``place``          the rule of the roll               ``subject``: what the Place decision is for:
                                                      ``ahead``, ``back``, ``portal`` or ``malfunction``
``boss-path``      ``raiders.boss.always-ahead``      ``items``: the Boss's spaces so far this move, from
                   (a first step) or                  where it stood (reading ``current-player-chooses``
                   ``raiders.boss.encounter-pull``    of ``raiders.ambiguity.boss-tie-break`` only);
                   (a later one)                      ``player`` None
``boss-choice``    as ``boss-path``                   ``items``: the tied spaces the player who chooses
                                                      (``player``: the current player, or the other under
                                                      ``other-player-chooses``) chooses among, in board order
``grail-dropped``  ``raiders.ambiguity.grail-holder-  ``subject``: the space where the Grail's holder was
                   killed`` (reading ``dropped``)     Killed, where the Grail lies until the survivor
                                                      arrives there; ``until`` ``game``: it outlasts the
                                                      turn (the only effect that does)
=================  =================================  =====================================================

An effect's other fields are at their defaults unless the table names them (``player`` None, ``subject``
None, ``value`` None, ``items`` empty): ``attack-due`` names no player (the current player's Attack is
due), ``place`` names the current player.

How long each lasts (``until``): ``attack-due`` and ``pulled-by`` last the turn (``turn``): ``pulled-by``
is made at the turn's start when the turn reaches its ``action`` point (never on a turn that starts
with an escape roll, an Attack or an encounter roll) and stays all turn; ``attack-due`` is made when the Raider without the Grail
arrives on the holder's space by any arrival (a move, a Place, a forced move; or starts its turn there) and is taken away when the Attack begins, so
a game that ends before it (the Boss seals the Tomb) may keep it in its final state.  ``place``,
``boss-path`` and ``boss-choice`` last until their decision is made (``resolved``); the ``boss`` field
keeps the Boss's space until the choice completes its move.
"""

from __future__ import annotations

import attrs

from ..codec import canonical_order
from ..draft import drafted, replacer
from ..effects import Effect, find


class RaiderReads:
    """Read-only helpers shared by a Raider and its draft."""

    __slots__ = ()

    @property
    def killed(self) -> bool:
        """The Raider was Killed (``position`` is None)."""
        return self.position is None  # type: ignore[attr-defined]


@canonical_order             # its __dict__ in canonical key order: the digest sorts nothing
@attrs.frozen(slots=False)   # dict-backed: a step copies it in one go (model/draft.py)
class Raider(RaiderReads):
    """One Raider Character (a Nickel) and what its player holds."""

    position: str | None          # a space id "x,y" (column x, row y of the composed board, from 0 at the top left); None once Killed
                                  # (Killed: pennies 0, trapped, in_encounter and loses_next_turn false,
                                  # came_from None; its Audacity is kept)
    pennies: int                  # pennies held, to roll (the Grail penny set aside is not held)
    audacity: int                 # Audacity Tokens (below 0 only when owed: monster_fail_audacity = owed)
    portal_used: bool = False     # "once per game per player"
    trapped: bool = False         # the Boss Monster moved onto this Raider
    in_encounter: bool = False    # standing in a Monster, Trap or unused Portal room not yet resolved: set on
                                  # every arrival in one (a move, a place, a forced move), cleared when its
                                  # 5-or-6 roll is resolved
    came_from: str | None = None  # the space this Raider entered its encounter room from (where a failed
                                  # Monster roll sends it back): set with in_encounter; a Portal roll clears
                                  # both, a Monster or Trap roll only in_encounter (came_from lasts until the
                                  # Raider next arrives somewhere); None after an arrival outside an encounter
    loses_next_turn: bool = False  # lost an Attack as the Defender: its next turn is skipped; set when the
                                   # Attack is lost and cleared as that turn is skipped, so it is seen true
                                   # only in between (or in the final state of a game ended in between)


@canonical_order             # its __dict__ in canonical key order: the digest sorts nothing
@attrs.frozen(slots=False)   # dict-backed: a step copies it in one go (model/draft.py)
class Roll:
    """The roll of the turn: why it was made, how many pennies, and the Heads."""

    purpose: str   # why the roll is made: "move" | "encounter" | "escape" | "portal" | "boss"
    pennies: int   # pennies rolled, temporary pennies (``extra``) included
    heads: int | None = None  # Heads rolled (None until the roll is made); Audacity spent is not in it
    extra: int = 0           # temporary pennies (Audacity Advanced): Audacity boosted into this roll
    face: str | None = None  # how the Raider moved: "heads" | "tails" | "natural" | "free"
    number: int | None = None  # the number printed on the space moved to, whatever the face (for a Heads or
                               # Tails move it is the count after Audacity; on a Black room under
                               # black_tile = any-number, still the printed number); None before the move
                               # and for a room with no number

    @property
    def tails(self) -> int | None:
        return None if self.heads is None else self.pennies - self.heads


@canonical_order             # its __dict__ in canonical key order: the digest sorts nothing
@attrs.frozen(slots=False)   # dict-backed: a step copies it in one go (model/draft.py)
class Attack:
    """An Attack for the Grail in progress."""

    attacker: int                         # the player attacking (the one without the Grail)
    defender: int                         # the player holding the Grail
    attacker_extra: int = 0               # temporary pennies the Attacker boosted (Audacity Advanced)
    defender_extra: int = 0               # temporary pennies the Defender boosted (Audacity Advanced)
    attacker_heads: int | None = None     # the Attacker's Heads as rolled (None until the roll)
    defender_heads: int | None = None     # the Defender's Heads as rolled: Audacity spent is not in it
    defender_spent: int | None = None     # Audacity the Defender spent (it spends first); None until then;
                                          # 0 at the Attack roll when the Defender holds none and the
                                          # Attacker is asked
    defender_target: str = "own"     # whose Heads the Defender's Audacity altered ("own" or "opponent")


class StateReads:
    """Read-only helpers shared by the state and its draft (they read fields only)."""

    __slots__ = ()

    def raider(self, player: int) -> Raider:
        return self.raiders[player]  # type: ignore[attr-defined]

    @property
    def attack_due(self) -> bool:
        """An Attack is due after the Boss Monster's move this turn (the ``attack-due`` effect)."""
        effects = self.effects  # type: ignore[attr-defined]
        return bool(effects) and find(effects, "attack-due") is not None

    @property
    def pullers(self) -> tuple[str, ...]:
        """The Monster/Trap spaces that pull the Raider in on a failed Move roll (the ``pulled-by`` effect's
        ``items``); a ``forced-move`` Place picks one."""
        e = find(self.effects, "pulled-by")  # type: ignore[attr-defined]
        return e.items if e is not None else ()

    @property
    def placing(self) -> str | None:
        """What the pending Place decision is for (the ``place`` effect's ``subject``): ``ahead``, ``back``,
        ``portal`` or ``malfunction``."""
        e = find(self.effects, "place")  # type: ignore[attr-defined]
        return e.subject if e is not None else None


@canonical_order             # its __dict__ in canonical key order: the digest sorts nothing
@attrs.frozen(slots=False)   # dict-backed: a step copies it in one go (model/draft.py)
class RaidersState(StateReads):
    phase: str                              # the step of the turn the game waits in (the turn table)
    current: int                            # whose turn it is (0 or 1)
    raiders: tuple[Raider, Raider]          # the two Raiders, by player (0, 1)
    grail: int | None = None                # which player holds The Holy Grail; None before the coin toss, and
                                            # from the moment its holder is Killed (dropped before a survivor
                                            # gains it; stays None with no survivor or under nobody-wins), and
                                            # while an Attack won passes it on (the Defender loses it first)
    boss_track: int = 8                     # 8..1 on the Boss Monster Track; 0 once Spawned
    boss: str | None = None                 # the Boss Monster's space once Spawned; a move is a path (a first
                                            # step, then the Encounter rooms that pull it on), set here when
                                            # done; every space of the path traps the Raider standing on it
    turns_in_round: int = 0                 # turns played in this round so far (a round: every living Raider's turn)
    turn: int = 0                           # turns begun so far (a turn lost to loses_next_turn is begun: it
                                            # counts here and in turns_in_round, and may end the round)
    toss_winner: int | None = None          # who won the coin toss (the loser goes first); None before it
    roll: Roll | None = None                # the roll of this turn, once one is called for; None again at the
                                            # next turn's start (kept in a final state)
    attack: Attack | None = None            # the Attack in progress, if any
    effects: tuple[Effect, ...] = ()        # what this turn carries: see the table above
    winner: int | None = None               # who won, once over (None: nobody)
    outcome: str | None = None              # "escaped" | "sealed" | "killed" | "grail-lost"

    def with_raider(self, player: int, **changes: object) -> "RaidersState":
        """This state with one Raider changed (for building situations by hand: tests, examples)."""
        raiders = list(self.raiders)
        raiders[player] = attrs.evolve(raiders[player], **changes)
        return attrs.evolve(self, raiders=tuple(raiders))


#: The mutable drafts a step builds its next state in (one state built per step: ``tombspec.model.draft``).
RaiderDraft = drafted(Raider, base=RaiderReads)
RaidersDraft = drafted(RaidersState, nested={"raiders": RaiderDraft}, base=StateReads)

#: Fast ``attrs.evolve`` for the small parts a step changes field by field.
replace_roll = replacer(Roll)
replace_attack = replacer(Attack)
