"""The round: how the areas of the rulebook join into one sequence of decisions and chance events.

``state.phase`` is ``setup``, ``adventurer``, ``tomb`` or ``over``.  Work the rules queue is the
``agenda``; its head decides who acts (``rules/engine.py``).  With nothing queued in the Adventurer
Phase, the ``current`` seat takes a turn (``rules/adventurer_phase.py``).  After every answer the engine
*settles*: it resolves automatic tasks until an answer is needed again.

Task kinds, by module:

* ``setup``: leader, choose, grant, begin (the Expedition Leader's die, each seat's Adventurer sheet, the
  5-Adventurer extra actions, the start of play);
* ``turn``: end-turn, round-start (the next clockwise seat with a green Action token; a round's first turn);
* ``adventurer_phase``: move, step, evade-leave, evade-failed, fall, search, steal-defence, steal-take
  (moving, evading, exploring, falling; searching; stealing);
* ``dice_checks``: check (a dice check: Audacity before, the roll, Audacity after);
* ``components_ops``: op, d3-rolled (one effect of a component, or a continuation of the rules);
* ``rooms``: explore, story, trap-explored, scenario-symbol, place-room, relocate (drawing and placing Room
  tiles, Story cards, traps, "Place ...");
* ``combat``: combat, combat-evade, retreat, combat-courage, brace, combat-gear, combat-roll,
  combat-critical, combat-hit, combat-end, combat-area, command (a combat step by step; area combat;
  creature versus creature);
* ``adventurers``: damage, tend, die, recruit, flee, flee-step (damage and companions taking it, dying,
  fleeing, choosing a new adventurer);
* ``items``: draw, keep, discard, pick-up, trade, barter, upkeep-roll, upkeep-judged (cards drawn and kept,
  '-X' discards, picking up, trading, the Soul Monger, Upkeep rolls of weapons);
* ``status``: status-draw, status-keep, infected (status effects drawn or kept; the Alternative Infected
  Rules);
* ``tomb_phase``: tomb-draw, tomb-effect, move-creatures, creature-move, initiate-combat, spawn, spawn-one,
  upkeep, refresh, search-tokens, comet, end-round (the Tomb Phase's steps);
* ``solo``: harrison (Lord Harrison's companion instead of fleeing or dying).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...ruleset import Pending
from ...traceability import _recorders, implements, note, require
from ..state import SecretsState, Task, evolve
from . import (abilities, adventurer_phase, adventurers, combat, components_ops, creatures, dice_checks,  # noqa: F401
               items, rooms, scenarios, setup, solo, status, tomb_phase)
from .engine import KINDS, is_listed, listed, made, task

SETTLE_LIMIT = 10_000

#: Every point where the game waits (``Pending.what``), as the task kinds' ``pending`` functions name
#: them: the fixed names, and the two families built from a task's fields (a check's stage, the deck a
#: card or a creature is drawn from).  ``Secrets.phases`` is this tuple, sorted.
POINTS = (
    # Game Setup (setup.py)
    "leader die", "choose an adventurer", "grant", "companions deck",
    # the Adventurer Phase (adventurer_phase.py, turn.py)
    "turn", "end of turn", "move", "failed to evade", "take a card", "card stolen",
    # dice checks (dice_checks.py: f"check ({stage})" for the stages that wait for the roller)
    "check (pre)", "dice", "check (post)",
    # rooms and exploring (rooms.py), component effects (components_ops.py)
    "Room tile stack", "turn the Room tile", "place a tile", "Story deck", "choose pass or fail",
    # combat (combat.py)
    "evade?", "where to evade", "defend", "choose weapons and armor", "command a creature",
    # the adventurers (adventurers.py), solo play (solo.py)
    "heal whom", "redirect damage", "choose a new adventurer", "flee toward the Entrance",
    "discard a Companion instead",
    # items (items.py: f"{pile} deck" for the piles a draw takes from)
    "items deck", "artifacts deck", "keep a card", "discard a card", "card to discard", "pick up", "trade",
    "barter with the Soul Monger",
    # status effects (status.py)
    "status effect deck", "choose a status effect", "keep a status effect", "Fully Infected",
    # the Tomb Phase (tomb_phase.py: f"{deck} creature deck" for the base and elite decks)
    "Tomb deck", "creature target", "creature route", "combat order", "base creature deck",
    "elite creature deck", "where the creature spawns",
)

_DRAW = ("One chance step per card drawn, among the cards left in the deck (`secrets.setup.shuffle-decks`); an "
         "empty deck is first refilled from its discards (`deck_runs_out` = reshuffle-discards, the default; "
         "under no-card it is not), and with no card left at all the draw ends with the cards it has. "
         "Skipped, the draw dropped, when the drawer has left the Tomb. When the effect keeps fewer cards "
         "than it drew, `keep a card` follows.")

#: who decides 'when the players choose' (``tomb_phase.group_seat``)
_DECIDER = ("the group's decider (the marker's holder, `first`; the Expedition Leader under "
            "`group_decisions` = expedition-leader)")

#: When the game reaches each point (``Pending.what``), as the task kinds decide it: the conformance
#: guide prints this beside its turn table (``Ruleset.phase_entry``).  A decision is asked whenever the
#: text says so, even when it has one legal answer; where the text says "skipped", the game goes on as
#: that text says without asking.  "The group's decider" is ``tomb_phase.group_seat``: the holder of the
#: First Player/Comet Track marker (``first``) under `group_decisions` = first-player, the default; the
#: Expedition Leader (``leader``) under expedition-leader.
ENTERED_WHEN = {
    "leader die":
        "The game's start, before anything else (the `leader` task of Game Setup, "
        "`secrets.setup.expedition-leader-choice`): one chance step, every seat equally likely. The seat "
        "drawn is the Expedition Leader (`leader`) and holds the First Player/Comet Track marker (`first`). "
        "Reached once per game.",
    "choose an adventurer":
        "Game Setup, after the `leader die`: every seat once, in turn clockwise from the Expedition Leader, "
        "the Leader first (`secrets.setup.choose-adventurers`); asked even when one sheet is left. Each "
        "seat's random Companions (`companions deck`) are drawn right after its choice, before the next seat "
        "chooses.",
    "grant":
        "Only with the `five_adventurer_extra_actions` variant in a game of 5 Adventurers: twice, after every "
        "seat has chosen its adventurer and before play begins, the group's decider (at Setup the Expedition "
        "Leader, who holds the marker) gives a seat not yet given one an additional action (`grant`; "
        "`secrets.setup.five-adventurer-extra-actions`): an Action token for the whole game under "
        "`five_extra_action` = extra-token, the default; one more green token for the first round under "
        "one-time. Never reached otherwise.",
    "companions deck":
        "Game Setup, right after a seat's `choose an adventurer`, when the Adventurer Setup table gives "
        "random Companions (5, 2 and 1 each for 1, 2 and 3 Adventurers, none for 4 to 6, plus "
        "`companions_adjust`; `secrets.setup.table-companions`), except for a sheet with its own Companions "
        "under `solo_companions` = own-host; a replacement adventurer draws them only under "
        "`replacement_setup` = full-setup. Also a `draw` effect of companions. " + _DRAW,
    "turn":
        "The Adventurer Phase with nothing queued (`agenda` empty), for the `current` seat, while its "
        "adventurer is in the Tomb and it has a green Action token (`seats[].tokens` above 0). A round's first turn is "
        "the marker holder's (`first`, `secrets.turn.first-player-begins`; if it cannot act, the next seat "
        "clockwise that can); after each turn the next seat "
        "clockwise with an adventurer and a green token takes one (`secrets.adventurer-phase.next-player`), "
        "every other seat skipped, until no seat has a green token left (`uneven_tokens` = "
        "skip-and-spend-all, the default; under may-pass a `pass` gives up the seat's remaining tokens); "
        "then the Tomb Phase begins (`Tomb deck`). One action per turn, each flipping a token (`move`, "
        "`search`, `fight`, `trade`, `rest`, ...); `drop` and `save` are free, and the point is asked again "
        "after them. A fleeing adventurer is asked too, with `move` its only action (`pass` too under "
        "may-pass). Under `action_effect` = extra-action a `room-action` does not end the turn: the same seat "
        "is asked again while it has a green token.",
    "end of turn":
        "After a turn's action has resolved (everything it queued is done), when the seat's adventurer could "
        "save a fleeing adventurer in its room: it is in the Tomb, not fleeing, and holds 1 Audacity or more "
        "(`secrets.adventurers.save-fleeing`, free: `secrets.adventurers.save-no-action-token`): `save` "
        "(asked again while another can be saved) or `done`; under `drop_within_turn` = after-action-too also "
        "when it holds a card, which it may `drop` ('during your turn', `secrets.items.drop-free`). Skipped, and the turn passes at once, when there "
        "is nobody to save, after a `pass`, and when the turn passes because the current seat has no "
        "adventurer or green token left.",
    "move":
        "After the `move` turn action, for the mover, with its Movement as the moves left: asked at once and "
        "again after each room entered, while a move is left; with none left (a Movement of 0 too) the move "
        "ends without asking. `stop` is always open to an adventurer that is not fleeing. A fleeing adventurer "
        "must `step` toward the Tomb's Entrance, or out of the Tomb from the Entrance (it has fled), and may "
        "`stop` only when no path leads to the Entrance (`flee_no_path` = stuck, the default; under fled, it "
        "steps out), or, under `fleeing_movement` = may-stop-early, once it has moved a room. The move also ends after an `explore` (`explore_ends_move` = ends-move, the default; "
        "under continue it goes on with one move less), after `stop` at `failed to evade`, and when a fleeing "
        "adventurer enters a room with creatures under `fleeing_movement` = must-stop. Leaving a room with "
        "creatures first rolls its evasion checks (`check (pre)`, `failed to evade`); a fleeing adventurer "
        "never evades.",
    "failed to evade":
        "A Dexterity evasion check failed (`secrets.adventurer-phase.evade-fail`) as a moving adventurer that "
        "is not fleeing leaves a room (`step`, `explore` or `fall` at `move`): one check for each creature "
        "there (`evade_creatures` = per-creature, the default; under per-room-hardest one, against the "
        "hardest to evade; under one-roll-each one roll for the room, held against each) and each traitor adventurer there (`ava_evasion` = evading-adventurers, the "
        "default), and those of the room entered by a `step` too under `evade_to_stop` = on-every-entry; also "
        "a `teleport` from the Arc Portal under `arc_portal` = counts-as-move (the creatures of both rooms). "
        "The mover chooses `stop` (the move ends where it is, its remaining evasions and steps dropped) or "
        "`push` (it loses half of what it failed to evade, rounded down: a creature's Combat rating (under "
        "per-room-hardest the room's highest; under one-roll-each, of each creature not evaded), a traitor's "
        "Evasion rating, and goes on). A passed check asks nothing; a check whose dice pool or Dexterity is 0 "
        "fails without a roll.",
    "take a card":
        "A steal is won (`secrets.adventurer-phase.steal-winner-takes-card`): after the target's Dexterity "
        "check and the thief's, against the target's successes, the winner (the thief on a pass; the target "
        "on a fail under `steal_loser` = symmetric, the default; nobody under thief-only) takes one of the "
        "loser's tradeable cards (`take`), even when there is one. Under `steal_range` = any-range-random or "
        "same-room-random the card is drawn at random instead (`card stolen`). Skipped when the loser holds no tradeable card, or "
        "either has left the Tomb.",
    "card stolen":
        "As `take a card`, under `steal_range` = any-range-random or same-room-random: one chance step, each of the loser's "
        "tradeable cards equally likely.",
    "check (pre)":
        "A dice check is queued (a check effect, an evasion, a combat roll, a steal, the Search die, a 1d3, a "
        "weapon's Upkeep roll, the Mineshaft's climb, an Artifact Room's check): asked of its roller, which "
        "may be another seat than the current one (the target of a steal rolls first; each adventurer engaged "
        "in the Tomb Phase; each holder of a turned weapon at Upkeep), when the roller holds 1 Audacity or "
        "more and may spend it on this roll: `boost` (4s succeed too; `secrets.dice.audacity-before-roll`) or "
        "`roll`. Skipped, straight to `dice`, without Audacity; for a roll Audacity cannot change (an Artifact "
        "Room's check, `secrets.artifacts.room-search-no-audacity`; the Search die and a 1d3 under "
        "`audacity_rolls` = checks-only, the default; a weapon's Upkeep roll may use it, "
        "`secrets.weapons.upkeep-roll`). Asked again after each `reroll`, except in a combat roll on which "
        "Audacity was already spent, under `audacity_twice` = one-decision (one Audacity use per combat "
        "roll). A pass-or-fail check whose dice "
        "pool or checked attribute is 0 fails, and one of difficulty 0 passes (`difficulty_zero` = "
        "auto-pass, the default; minimum-1 makes it 1), at once, without this point or a roll "
        "(`secrets.dice.zero-pool-fails`); a combat whose dice pool is 0 (chosen at `choose weapons and "
        "armor`) is resolved with no successes, likewise.",
    "dice":
        "The roll of every dice check, after `check (pre)` (or at once where that is skipped) and again after "
        "each `reroll`: one chance step over how many of the pool's dice show each face (`dice`). The pool is "
        "the check's (one die for the Search die, a 1d3 and an Upkeep roll); an Audacity check rolls the "
        "Audacity held when it is first rolled, after any `boost` (`audacity_check_pool` = after-spend, the "
        "default).",
    "check (post)":
        "After a check's `dice`, for its roller, when it may still change the roll: it holds 1 Audacity or "
        "more and may spend it on this roll (as at `check (pre)`), or its sheet has a Special Ability that "
        "rerolls checks of this attribute, with a token left where its uses are limited. `accept` resolves the "
        "check; `reroll` (1 Audacity, or a use of the Special Ability; `secrets.dice.audacity-reroll`) rolls again "
        "from `check (pre)`. Skipped otherwise: the roll is accepted at once.",
    "Room tile stack":
        "Exploring (`explore` at `move`): one chance step per tile drawn from the stack, until one can be "
        "placed on the space (`secrets.explore.draw-until-level-match`: of the explorer's level, with a door "
        "toward the door walked through, not sealing the level off); the others are discarded. Skipped, and "
        "the explorer falls through a Door to Nowhere (`secrets.explore.door-to-nowhere`: to the Mongol's "
        "Hall, if it is in the Tomb, losing 4 Health; nothing on Level 3 under `nowhere_level_3` = "
        "no-effect-on-level-3), when no tile left could be placed there, among the stack and, under "
        "`run_out_of_tiles` = reshuffle-first (the default), the discards (reshuffled into the stack when it "
        "runs out); under stack-only the stack alone. Under `sealed_level` = no-open-door-then-place a tile "
        "that fits only by sealing the level counts as placeable.",
    "turn the Room tile":
        "A tile drawn from the `Room tile stack` that can be placed in two or more rotations: the explorer "
        "chooses one (`rotate`; `secrets.explore.place-matching-doors`). With one rotation it is placed "
        "without asking. Under `sealed_level` = no-open-door-then-place a drawn tile that fits only by "
        "sealing the level is offered in those rotations when no other remaining tile could be placed "
        "without sealing it (else it is discarded, as under the default). Its effects follow (exploration, trap, scenario "
        "and story, in the order of `effect_order`).",
    "place a tile":
        "A 'Place ...' effect (`place-room`, or an explored tile's own 'if not yet explored, search for and "
        "place ...'; `secrets.rooms.place-named-tile`), when the named tile is not yet in the Tomb, is in the "
        "stack (or its discards, under `place_named_tile` = any-legal-space, the default) and fits somewhere "
        "on its level next to an open door: asked of the effect's adventurer (when it has none, " + _DECIDER + ""
        "), even with one placement (`place-at`). Skipped, the tile not placed, otherwise.",
    "Story deck":
        "A Story card is drawn (`secrets.story.draw-card`): exploring a tile with a Story symbol (with its "
        "other effects, in the order of `effect_order`), the Search Chart's Adventure or Misadventure "
        "(`search_story` = draw-story-card, the default), a `story` effect: one chance step. Skipped when the "
        "adventurer has left the Tomb, or the deck and its discards are empty (the discards reshuffled first "
        "under `deck_runs_out` = reshuffle-discards, the default).",
    "choose pass or fail":
        "A `choice` effect (a Story card's 'Choose Pass or Choose Fail', `secrets.story.pass-section`) comes "
        "to be resolved: asked of its adventurer (`branch`), in turn of each adventurer concerned when the "
        "effect names several. Never skipped.",
    "evade?":
        "A combat against a creature in the Tomb Phase (and in the Adventurer Phase too under "
        "`phase_differences` = outnumber-only), asked of the adventurer fighting, when it is not fleeing and "
        "an adjacent room holds no creature (`evade_destination` = placed-room-any-adjacency, the default: by "
        "any link; door-only: through doors): `evade` (Courage lost first under `evade_courage` = body, the "
        "default; then a Dexterity check against the creature's Evasion, `secrets.combat.evade-check`) or "
        "`stand`. Skipped, straight to the Courage loss, for a fleeing adventurer "
        "(`secrets.adventurers.flee-no-evade`) or when no such room exists; never in a combat against an "
        "adventurer.",
    "where to evade":
        "A passed evasion (`evade` at `evade?`): the adventurer chooses an adjacent room without creatures "
        "(`retreat`), even when there is one, and the combat ends (`secrets.combat.evade-success`). Skipped, "
        "the combat ending with the adventurer where it is, when no such room is left. A failed evasion "
        "goes on with the combat (`secrets.combat.evade-fail`).",
    "defend":
        "A combat of an adventurer against an adventurer (a `fight` on a seat, open only where a traitor is "
        "involved unless `combat_target` = any-target): first, asked of the defender, how much Audacity to "
        "spend (`brace`: 0 up to the smaller of 3 and its Audacity; `secrets.combat.ava-defender-audacity`), "
        "even with none, and the weapons and armor she defends with, chosen as at `choose weapons and armor` "
        "(her Combat rating is half that pool, rounded up, `secrets.combat.ava-defender-rating`; the weapons "
        "are used as the attacker's are: an exhausting one exhausted, a Dexterity weapon with an Upkeep check "
        "turned); then the attacker's `choose weapons and armor`. Skipped, with no combat, when the "
        "defender is no longer in the attacker's room (or the Tomb).",
    "choose weapons and armor":
        "Every combat of an adventurer: against a creature after `evade?` and the Courage loss; against an "
        "adventurer, the attacker after `defend`. The adventurer chooses what it wields and wears (`wield`; "
        "`secrets.combat.weapon-limit`), even when fighting without weapons or armor is its only choice. "
        "Skipped when the combat has already ended (a flight begun at the Courage loss under "
        "`courage_flee_combat` = flee-ends-combat, the default; not when Lord Harrison's rule replaces "
        "that flight by a discarded Companion: asked after the `discard a Companion instead`). Never asked again for an area combat's "
        "further targets (its weapons are kept), nor for creature versus creature.",
    "command a creature":
        "A `control` effect (`secrets.combat.cvc-dice-pool`), when two or more creatures are in the "
        "adventurer's room: it chooses which one combats which (`command`) or `done`. Skipped otherwise.",
    "heal whom":
        "A `heal` effect on an adventurer that has a hurt companion, under `companions_healing` = "
        "as-adventurer only: `tend` the adventurer itself or one hurt companion. Otherwise the adventurer is "
        "healed without asking (rest-only, the default: companions heal only by a Rest).",
    "redirect damage":
        "Each time an adventurer is to lose 1 Health or more (combat, a trap, a pushed evasion, fleeing "
        "through creatures, a Door to Nowhere, an effect) while it has a living companion: `redirect` some of "
        "it to a companion (`secrets.companions.redirect-damage`; `redirect` = any-portion-capped, the "
        "default: 1 up to the smaller of the damage left and the companion's Health, each companion once, "
        "asked again while damage is left; any-portion-lost: as that, but up to all the damage left, what passes the "
        "companion's Health lost with it; all-or-nothing-lost: all of it, any excess lost) or `done` (the "
        "rest is the adventurer's). Without a living companion the damage is taken at once.",
    "choose a new adventurer":
        "An adventurer has died or fled the Tomb (or Transformed), when an Adventurer sheet is still "
        "available: asked of its seat at once under `replacement_timing` = immediately (the default; the new "
        "adventurer uses the seat's green tokens left), under next-round at the end of the round, after the "
        "marker passes and before the next round's first turn (`secrets.adventurers.choose-new-adventurer`). "
        "`choose`, or `decline` (the seat sits out). Skipped, the seat sitting out, when no sheet is left; "
        "not reached when the removal ended the game.",
    "flee toward the Entrance":
        "An adventurer away from the Tomb's Entrance begins fleeing (`secrets.adventurers.flee-start`: its "
        "Courage reaches its sheet's Flee Tomb space, or a `flee` effect): its first move, at once, asked "
        "only when two or more rooms are one step nearer the Entrance by shortest paths (`step`; "
        "`secrets.adventurers.flee-equidistant-choice`). With one such room it moves there without asking; "
        "with none it stays. On the Entrance it does not move (it flees the Tomb on its next move under "
        "`flee_from_entrance` = next-move, the default; at once under immediately). Lord Harrison's rule "
        "(`discard a Companion instead`) may replace the flight.",
    "discard a Companion instead":
        "A game of one Adventurer, when Lord Harrison (or, with the `single_adventurer_rule` variant, any "
        "lone adventurer) would die or begin fleeing and has a companion: it discards one (`discard`, even "
        "when it has one; `secrets.solo.lord-harrison-companion-save`) and stays in the Tomb, with Health at "
        "least 1 and Courage at least -9. With no companion the adventurers lose at once "
        "(`secrets.solo.lord-harrison-lose`). Under `harrison_save` = automatic-only only a `flee` effect "
        "is replaced: dying at 0 Health and fleeing at the Flee Tomb space happen as normal. A flight so "
        "replaced at a combat's Courage loss does not end the combat: it goes on to its weapons.",
    "items deck":
        "A draw of Items: a `draw` effect of items, the Search Chart's '+X Item'. " + _DRAW,
    "artifacts deck":
        "A draw of Artifacts: a `draw` effect of artifacts, the Search Chart's Artifacts (its 'Take 1 "
        "Artifact' too under `search_artifact` = both-draw, the default; under take-chooses that one asks "
        "`keep a card` among the whole deck instead). " + _DRAW,
    "keep a card":
        "After a `draw` effect that keeps fewer cards than it draws, when more cards were drawn than it "
        "keeps: asked once for each card kept (`keep`), the rest discarded (`secrets.rooms.plus-minus-x`). "
        "Also the Search Chart's 'Take 1 Artifact' under `search_artifact` = take-chooses: one of all the "
        "cards in the Artifact deck (skipped when it is empty).",
    "discard a card":
        "A '-X' effect (`discard` of a card type) or an ability's discard (Full Auto's gun), for each card to "
        "discard: asked of the adventurer when it holds two or more different cards of that type (`discard`; "
        "`secrets.rooms.plus-minus-x`). With one kind of card it is discarded without asking; with none left "
        "the rest of the discard is skipped. Under `minus_cards` = random the card is drawn at random instead "
        "(`card to discard`).",
    "card to discard":
        "As `discard a card`, under `minus_cards` = random: one chance step per card to discard, when the "
        "adventurer holds two or more different cards of that type, each held card of it equally likely.",
    "pick up":
        "The `pick-up` action under `pick_up` = choose-some (the default): after the room's Soul Shards are "
        "taken, the adventurer takes the cards set aside there one at a time (`take`), asked again until "
        "`done` or none is left (`secrets.items.pick-up`). Skipped when no card is set aside there (Soul "
        "Shards only); under all-by-non-fleeing every card is taken without asking.",
    "trade":
        "The `trade` action, with another adventurer in the same room (`secrets.adventurer-phase.trade`): "
        "either trader may act, in any order, each answer a step of its own: `give` one of one's own "
        "tradeable cards to the other (asked again), or `done`, which ends the trade for both. It ends "
        "without asking when the two no longer share a room or the adventurer who began it is fleeing.",
    "barter with the Soul Monger":
        "The `barter` action, in a Soul Monger room (a Soul Monger tile; the Tomb's Entrance under "
        "`soul_monger_location` = entrance-always, the default, or with the `no_quetzalcoatls_hall` variant; "
        "`secrets.adventurer-phase.soul-monger-action`): asked again after each deal (`buy`, `sell`, "
        "`service`) until `done` (`barter` = any-number, the default); under one-deal only `done` is open "
        "after the first deal; under buy-only nothing can be sold.",
    "status effect deck":
        "A random status effect: a `random-status` effect (`secrets.status.random-draw`: one chance step "
        "among the deck's cards of that orientation), or the substitute for a named status effect with no "
        "copy left (`secrets.status.substitute`: of the same orientation and type, else of the same "
        "orientation) under `status_substitute` = random-then-rules, the default. Skipped when no card "
        "qualifies.",
    "choose a status effect":
        "An adventurer gains a named status effect with no copy left in the Status Effect deck, under "
        "`status_substitute` = player-chooses: it chooses one of the substitutes (`keep-status`; of the same "
        "orientation and type, else of the same orientation; `secrets.status.substitute`), even when there is "
        "one. Skipped when there is none; under random-then-rules (the default) the substitute is drawn "
        "(`status effect deck`).",
    "keep a status effect":
        "An adventurer gains a status effect of a type it already holds (another card of that type), under "
        "`status_same_type` = player-chooses: it keeps one of the two (`keep-status`; "
        "`secrets.status.one-per-type`). Under replace (the default) the new one replaces the old, under "
        "keep-old the new one is ignored, without asking; an identical card is always ignored.",
    "Fully Infected":
        "With the `alternative_infected` variant, when an adventurer gains a traitor status effect "
        "(`secrets.status.alt-infected-die`): `transform` (it dies, and an elite creature spawns in its room) "
        "or `betray` (it plays on as a traitor). Without the variant it becomes a traitor without asking.",
    "Tomb deck":
        "The Tomb Phase's start, when the Adventurer Phase ends: no seat has an adventurer with a green "
        "Action token (`secrets.adventurer-phase.ends-then-tomb-phase`). One chance step draws the round's "
        "Tomb card (`secrets.tomb-phase.draw-tomb-card`); an empty deck is refilled from its discards first "
        "(`deck_runs_out` = reshuffle-discards, the default). With no card at all, none is drawn: the card's "
        "own steps (Tomb Effect, spawns, Search tokens, Comet track) do nothing that round, and the creatures "
        "still move and fight, and Upkeep still happens.",
    "creature target":
        "The Tomb Phase's Move Creatures step (`secrets.tomb-phase.move-creatures`), for each creature in "
        "turn (in `creatures` order) that shared no room with an adventurer when the step began: its nearest "
        "adventurers by its legal path (`nearest_adventurer` = legal-path, the default; same-level: of its "
        "level only), ties going to the most Soul Shards (`secrets.tomb-phase.creature-move-tie`). Asked of "
        + _DECIDER + ", with `target`, only when those adventurers are in two or more rooms; with one room the "
        "creature moves toward it without asking, with none it does not move.",
    "creature route":
        "Right after a creature's target is known (at `creature target` or without asking), when its full "
        "Movement along a shortest route toward that adventurer can end in two or more rooms (it stops on "
        "reaching the adventurer's room): " + _DECIDER + " chooses (`route`) under `creature_route` = "
        "players-choose (the default); under random this point is a chance step instead, each room equally "
        "likely. With one such room the creature moves there without asking.",
    "combat order":
        "The Tomb Phase's Initiate Combat step, for " + _DECIDER + " (`secrets.tomb-phase.combat-target`). "
        "Under `combat_order` = players-order-retarget (the default): `next`, when two or more creatures not "
        "yet fought this step are in a room with an adventurer they may engage (a fleeing one too under "
        "`fleeing_in_combat` = engaged-no-evade, the default; not under ignored); then, for the creature "
        "chosen (or the only one, without asking), `target` when two or more adventurers in its room tie for "
        "the most Soul Shards (with one, it engages that one without asking); each combat is fought before "
        "the next creature is chosen. Under fixed-targets every creature's target is fixed first, in "
        "`creatures` order, asking `target` only on such a tie; the combats then follow in that order without "
        "`next`, and a creature whose target has left its room or died does nothing.",
    "base creature deck":
        "A base creature is to spawn: the Tomb card's Spawn step (its creatures per level, Level 1 first; "
        "one base creature on a level that prints none under `spawn_each_level` = every-level), the Search "
        "Chart's spawns, a `spawn` effect: one chance step among the base deck. Skipped, nothing spawning, "
        "when the level has no room to spawn in (no red-outlined room; the level's starting tile with the "
        "`spawn_on_starting_tile` variant), unless the creature limit is met under `limit_without_rooms` = "
        "limit-first; when a spawn the limit counts (every base or elite spawn under `limit_scope` = "
        "all-base-elite-spawns, the default; the Tomb card's only under tomb-card-only) meets the limit of 10 "
        "(`secrets.tomb-phase.limit-stops-spawning`): the Comet track advances instead "
        "(`secrets.tomb-phase.limit-advances-comet`), and under `limit_comet` = once-fill-in-level-order (the "
        "default) every other limited spawn that round is skipped without it (under whole-card, as soon as the "
        "Tomb card's spawns still to be placed would take the Tomb over the limit, all of them are skipped and "
        "the Comet track advances once); and when the deck and its "
        "discards are empty (refilled first under `deck_runs_out` = reshuffle-discards, the default).",
    "elite creature deck":
        "As `base creature deck`, for an elite creature: the Tomb card's elite spawns and `spawn` effects of "
        "elites, on the same terms; and the Alternative Infected Rules' Transform "
        "(`secrets.status.alt-infected-elite`: in the adventurer's room, whatever the limit).",
    "where the creature spawns":
        "After a creature is drawn to spawn, when two or more rooms are equally eligible "
        "(`secrets.tomb-phase.spawn-evenly`): of the level's red-outlined rooms those with an adventurer (any "
        "room of the level with an adventurer under `spawn_priority` = any-adventurer-room), else all of "
        "them, the ones holding the fewest creatures. Asked of " + _DECIDER + ", with `spawn-in`; with one room "
        "the creature is placed without asking. A spawn into a given room never asks: a `spawn` effect "
        "`here`, the Search Chart's under `search_spawn` = searchers-room (the default), the Transform's.",
}
assert set(ENTERED_WHEN) == set(POINTS) and len(POINTS) == len(set(POINTS)), "every point is described once"


def pending(rs: Any, state: SecretsState) -> Pending:
    if state.phase == "over":
        return made.over()
    head = state.head
    if head is not None:
        kind = KINDS[head.kind]
        assert kind.pending is not None, f"task {head.kind} waits but says not for whom"
        return kind.pending(rs, state, head)
    return made.decision(state.current, "turn")


def legal_actions(rs: Any, state: SecretsState, seat: int) -> list[Any]:
    if state.phase == "over":
        return []
    head = state.head
    if head is not None:
        kind = KINDS[head.kind]
        return kind.legal(rs, state, head, seat) if kind.legal is not None else []
    return adventurer_phase.turn_legal(rs, state, seat)


def chance(rs: Any, state: SecretsState) -> Any:
    head = state.head
    if state.phase == "over" or head is None:
        return None
    kind = KINDS[head.kind]
    if kind.chance is None or not rs.pending(state).is_chance:
        return None
    return kind.chance(rs, state, head)


def refusal_checks() -> tuple[Any, ...]:
    """The functions deciding which rule a refusal names: :func:`apply`, the Adventurer Phase's turn
    (``apply_turn`` and its refusal), then every task kind's ``rule`` (once each, in registry order)."""
    rules: dict[Any, list[str]] = {}
    for k in KINDS.values():
        if k.rule is not None and k.rule.__name__ != "<lambda>":
            rules.setdefault(k.rule, []).append(k.name)
    return (apply, adventurer_phase.apply_turn, adventurer_phase._refusal,
            (adventurer_phase._fight_rule, "asked by `_refusal` for a refused `fight`"),
            (adventurer_phase._steal_rule, "asked by `_refusal` for a refused `steal`"),
            (abilities.ability_rule, "asked by `_refusal` for a refused `ability`"),
            (items.why_unusable, "asked by `_refusal` for a refused `use`, and by `_gear_rule` for each weapon"),
            (dice_checks.reroll_rule, "asked for a refused `reroll` at `check (post)`"),
            *((rule, "asked for task kinds " + ", ".join(f"`{n}`" for n in names)) for rule, names in rules.items()))


def apply(rs: Any, state: SecretsState, action: Any, seat: int | None) -> SecretsState:
    """One answer: checked by the predicates that list the answers open here (the decisions listed, the
    outcomes possible), its refusal's rule asked of the task kind only when it is refused; then the
    engine settles."""
    if state.phase == "over" or _recorders:   # (a recording notes the rule read)
        require(state.phase != "over", "secrets.object.team-win-lose", "the game is over")
    agenda = state.agenda                   # (the head, read without the property)
    if agenda:
        head = agenda[0]
        kind = KINDS[head.kind]
        p = rs.pending(state)
        if p.is_chance:
            dist = rs.chance(state)
            if dist is None or not dist.possible(action):
                rule = kind.rule(rs, state, head, action) if kind.rule else "secrets.dice.dice-pool"
                require(False, rule, "{!r} is not a possible outcome of the {} here", action, p.what)
        elif not is_listed(action, rs.legal(state, seat) if kind.legal is not None and seat is not None else ()):
            rule = kind.rule(rs, state, head, action) if kind.rule else "secrets.adventurer-phase.perform-action"
            require(False, rule, "{!r} is not open to seat {} here ({})", action, seat, p.what)
        state = kind.apply(rs, state, head, action, seat)
    else:
        assert seat is not None
        state = adventurer_phase.apply_turn(rs, state, action, seat)
    return settle(rs, state)


@implements("secrets.adventurer-phase.until-all-spent", "secrets.adventurer-phase.next-player",
            "secrets.ambiguity.turn-order-uneven-tokens")
def settle(rs: Any, state: SecretsState) -> SecretsState:
    """Resolve every task that needs no answer, in order, until one does (or the game is over): the
    states :func:`resolutions` passes through, without yielding each (after every step of every game)."""
    kinds = KINDS
    for _ in range(SETTLE_LIMIT):
        if state.phase == "over":
            return state
        agenda = state.agenda               # (the head, read without the property)
        if agenda:
            head = agenda[0]
            run = kinds[head.kind].run
            if run is None:
                return state
            nxt = run(rs, state, head)
            if nxt is None:
                return state
            state = nxt
            continue
        if state.phase == "adventurer":
            if adventurer_phase.can_act(rs, state, state.current):
                return state
            state = state.push(Task("end-turn", state.current, flags=("inclusive",)))
        elif state.phase == "setup":
            state = evolve(state, phase="adventurer", current=state.first)
        else:
            raise AssertionError(f"phase {state.phase} with nothing to do")
    raise RuntimeError("the rules do not settle: a task kind loops")


def resolutions(rs: Any, state: SecretsState) -> Iterator[tuple[str, Task | None, SecretsState]]:
    """``settle``, one resolution at a time: ``(piece, task, state after)`` for every task that needs no
    answer run in turn (``"run"``, the task), and the engine's own moves (``"engine"``: a turn ending,
    play beginning), until a decision is due or the game is over (checks see every spawn through it)."""
    for _ in range(SETTLE_LIMIT):
        if state.phase == "over":
            return
        head = state.head
        if head is not None:
            kind = KINDS[head.kind]
            if kind.run is None:
                return
            nxt = kind.run(rs, state, head)
            if nxt is None:
                return
            yield "run", head, nxt
            state = nxt
            continue
        if state.phase == "adventurer":
            if adventurer_phase.can_act(rs, state, state.current):
                return
            state = state.push(Task("end-turn", state.current, flags=("inclusive",)))
        elif state.phase == "setup":
            state = evolve(state, phase="adventurer", current=state.first)
        else:
            raise AssertionError(f"phase {state.phase} with nothing to do")
        yield "engine", None, state
    raise RuntimeError("the rules do not settle: a task kind loops")


def _end_turn_run(rs: Any, state: SecretsState, t: Task) -> SecretsState | None:
    """The next clockwise seat with a green Action token takes a turn (seats without are skipped); when no
    adventurer has one left, the Adventurer Phase ends and the Tomb Phase begins.  Before the turn passes,
    the player may still save a fleeing adventurer met this turn (free: secrets.adventurers.save-no-action-
    token; the Example of saving Temple moves, then saves)."""
    if "inclusive" not in t.flags and "saved" not in t.flags and (_savable(rs, state, t.seat)
                                                                  or _droppable(rs, state, t.seat)):
        return None
    n = len(state.seats)
    start = t.seat if t.seat is not None else state.current
    first = 0 if "inclusive" in t.flags else 1
    for k in range(first, n + first):
        seat = (start + k) % n
        if adventurer_phase.can_act(rs, state, seat):       # (reads the seats: the same once popped)
            return evolve(state, agenda=state.agenda[1:], current=seat)     # popped, and the turn passed
    note("secrets.adventurer-phase.ends-then-tomb-phase")
    return tomb_phase.start_tomb_phase(rs, state.pop())


def _savable(rs: Any, state: SecretsState, seat: int | None) -> list[int]:
    if seat is None or state.phase != "adventurer" or state.seats[seat].adventurer is None:
        return []
    room = state.seats[seat].adventurer.room
    return [s for s in state.seats_in(room) if adventurers.can_save(rs, state, seat, s) is None]


@implements("secrets.items.drop-free", "secrets.ambiguity.drop-within-turn")
def _droppable(rs: Any, state: SecretsState, seat: int | None) -> list[str]:
    """Cards the seat's adventurer may still drop after its turn's action: 'during your turn' under
    drop_within_turn = after-action-too (asked only when it holds a card); none under before-action."""
    if seat is None or state.phase != "adventurer" or state.seats[seat].adventurer is None:
        return []
    adv = state.seats[seat].adventurer
    if adv.fleeing or not adv.cards or read(rs.options, "drop_within_turn") != "after-action-too":
        return []
    return list(dict.fromkeys(h.name for h in adv.cards))


def _end_turn_legal(rs: Any, state: SecretsState, t: Task, seat: int) -> list[Any]:
    if seat != t.seat:
        return []
    return [*(made_drop(c) for c in _droppable(rs, state, seat)), *(made_save(s) for s in _savable(rs, state, seat)), DONE]


def _end_turn_rule(rs: Any, state: SecretsState, t: Task, action: Any) -> str:
    """A refused answer at a turn's end: a drop names why (a companion, a card not held:
    ``items.can_drop``; after the action under drop_within_turn = before-action, that entry); a save why
    (``adventurers.can_save``); anything else the save's rule."""
    if isinstance(action, Drop) and t.seat is not None:
        return items.can_drop(rs, state, t.seat, action.card) or "secrets.ambiguity.drop-within-turn"
    if isinstance(action, Save) and t.seat is not None and isinstance(action.seat, int):
        return adventurers.can_save(rs, state, t.seat, action.seat) or "secrets.adventurers.save-fleeing"
    return "secrets.adventurers.save-fleeing"


def _end_turn_apply(rs: Any, state: SecretsState, t: Task, action: Any, seat: int | None) -> SecretsState:
    legal = listed(rs, state, t, seat, lambda: _end_turn_legal(rs, state, t, seat if seat is not None else -1))
    rule = "secrets.adventurers.save-fleeing" if action in legal else _end_turn_rule(rs, state, t, action)
    require(action in legal, rule, "save a fleeing adventurer in your room, drop a card, or end the turn")
    if isinstance(action, Done):
        return state.replace_head(evolve(t, flags=(*t.flags, "saved")))
    if isinstance(action, Drop) and t.seat is not None:
        return items.apply_drop(rs, state, t.seat, action.card)
    assert isinstance(action, Save) and t.seat is not None
    return adventurers.apply_save(rs, state, t.seat, action.seat)


task("end-turn", run=_end_turn_run, pending=lambda rs, s, t: made.decision(t.seat, "end of turn"),
     legal=_end_turn_legal, apply=_end_turn_apply, rule=_end_turn_rule)


def _round_start_run(rs: Any, state: SecretsState, t: Task) -> SecretsState:
    """A new round begins with the new first player (the next who can act, if the first cannot)."""
    state = state.pop()
    if adventurer_phase.can_act(rs, state, state.current):
        return state
    return state.push(Task("end-turn", state.current, flags=("inclusive",)))


task("round-start", run=_round_start_run)


# Imported once, when the rest of this module is defined (some of these modules import this one),
# rather than inside the functions on every call.
from ..actions import DONE  # noqa: E402
from ..actions import Done, Drop, Save, made_drop, made_save  # noqa: E402
from ..options import read  # noqa: E402
