"""The turn: how the areas of the rulebook join into one sequence of decisions and chance events.

The state's agenda is a stack of tasks (``rules/agenda.py``); its head says who acts:

======================  ======================  =================================================================
task                    pending                 what happens
======================  ======================  =================================================================
``order-roll``          chance: 7 blue          each player's order-of-play roll (Set Up)
``order-reroll``        that player             Greenhorn: re-roll up to two dice
``hero``                that player             Hero: take a Crypt card before the deck is shuffled
``crypt-draw``          chance: crypt deck      a Crypt card into a player's filling hand
``crypt-place``         the placer              place a Crypt card face down in an open Crypt
``deal-crypt``          chance: crypt deck      a card dealt face down (Solitaire; single-round filling)
``solo-third``,         the player              Solitaire: third (and further) cards from the hand
``solo-rest``
``character-draw``      chance: the Pool        a Character drawn (first turn, the Inn)
``keep``                that player             keep a drawn Character (Meet at the Inn)
``knight-search``       that player             Knight: search the Pool
``first-recruit``       the player              Solitaire: the first Character, from the Inn
``turn``                the current player      Free Actions, then one Standard Action
``inn-draw``            chance: an Inn deck     an Inn card (Draw, class cards, a Monster's cards)
``class-draw-order``    that player             a Cleric and Wizard's first class card (player-orders)
``draw-second``         the current player      the deck of the second card of a Draw
``attach``              that player             Attach the Item just drawn
``journeyman``          that player             Journeyman: redraw the Inn card?
``solo-destroy``        the player              Solitaire: destroy a Character at the Inn
``roll``                chance: tomb dice       a roll (``state.roll``): successes per colour
``heal-assign``         the healer              remove Wounds, one at a time
``defend``              the target player       the Character who rolls against a Pickpocket
``soldier``, ...        that player             Soldier: bank cards for more recruits
``overflow``            that player             a Party over its size returns a Character
``bank-at-inn``         that player             Bank Attached Treasures on reaching the Inn
``trap-announce``       the CM                  the next Trap (the CM's order)
``trap-choose``         the player              Solitaire: the next Trap by its first lines
``trap-disarmers``      the Raiding Player      who disarms it
``trap-leave``          the Raiding Player      press on or leave after a Trap
``kill-choose``         the Raiding Player      who dies among the tied (a Trap; the CM: crypt-master-chooses)
``monster-continue``    the Raiding Player      continue against the Monsters?
``contest-pick``        the Raiding Player      who faces a Monster's contested roll (Elithe)
``give-treasure``       the Raiding Player      which Treasure goes to which Party
``loot``                that player             Attach cards given to him
``battle-cm``           the CM                  a Monster's Battle Action
``attack-target``       the Raiding Player      who takes the blow
``battle-raider``       the Raiding Player      a Character's Battle Action (Attack, a card, Flee)
``assign-wound``        that player             place one Wound of a roll he distributes
``window``              priority                Reacts to a trigger, the current player first, then left
``reroll``, ``peek``    chance                  a React's re-rolled die, or the Crypt card looked at
``treasure-choice``     the Raiding Player      Bank or Attach each Treasure found
``squire``              the owner               Squire: the destroyed Character back to the Pool?
``replace``,            chance: the Pool        the new Character at the Inn; a wiped Party's new Character
``restart-draw``
``restart-recruit``     that player             recruit-from-inn: a wiped Party's new Character
======================  ======================  =================================================================

Automatic tasks (``turn-start``, ``end-turn``, ``raid-begin``, ``traps``, ``battle``, ``wipe``, ...) are
run at once by :func:`advance`; a chance task with nothing to draw, a window nobody can React in, and
an optional decision with no option are skipped.  An empty agenda is the end of the game.
"""

from __future__ import annotations

from typing import Any

from ...effects import TURN, expire, has
from ...ruleset import Pending
from ...traceability import _recorders, implements, note, require
from ..actions import Attach, Flee, MoveCard, Redistribute, Redraw, Reroll, UseCard
from ..actions import Roll as RollOutcome
from ..state import Task, TombState, draft_of, evolve, release, remembering
from .agenda import AUTO, CHANCE, DECIDE, PRIORITY, TASKS, Kind, outcome, pop, push, task
from .cards import card_type, is_caster, is_used
from .death import check_all_deaths
from .end import finish, out_of_characters
from .free_actions import inn_heal
from .inn import first_turn_tasks
from .rolling import roll_distribution
from .setup import first_turn_player

#: Decisions that are skipped when nothing can be chosen (nothing left to place, to heal, to fill).
SKIP_EMPTY = frozenset({"solo-third", "solo-rest", "assign-wound", "overflow", "kill-choose", "give-treasure",
                        "defend", "attack-target", "contest-pick", "restart-recruit", "first-recruit", "solo-destroy",
                        "draw-second", "soldier-recruit", "keep", "loot", "attach", "trap-disarmers", "battle-cm",
                        "battle-raider", "curse-attach", "lend", "pay", "dismiss-extra", "discard-extra"})

#: The subjects a priority task kind's point carries (``Pending.what`` is ``"<what>: <subject>"``): the
#: React windows' triggers, each opened by the rule named in ``ENTERED_WHEN``.
PRIORITY_SUBJECTS: dict[str, tuple[str, ...]] = {
    "window": ("before-entering-crypt", "monsters-revealed", "before-monster-attack", "after-attack-roll",
               "wounds-suffered"),
}


def points(tasks: dict[str, Kind], subjects: dict[str, tuple[str, ...]], *, unreachable: frozenset[str] = frozenset()
           ) -> tuple[str, ...]:
    """Every ``Pending.what`` the task kinds ``tasks`` can produce (``pending`` above): a decision's or a
    chance task's ``what``, a priority task's ``what: subject`` for each of its ``subjects``; the kinds
    named in ``unreachable`` (never pushed in this game) left out."""
    out: set[str] = set()
    for name, k in tasks.items():
        if k.mode == AUTO or name in unreachable:
            continue
        if k.mode == PRIORITY:
            out.update(f"{k.what}: {s}" for s in subjects[name])
        else:
            out.add(k.what)
    return tuple(sorted(out))


#: When the game reaches each point (``Pending.what``), as the tasks of ``rules/`` push them and
#: :func:`advance` skips them: the conformance guide prints this beside its turn table
#: (``Ruleset.phase_entry``).  A decision is asked whenever the text says so, even when it has one legal
#: answer; where the text says "skipped", the game goes on as that text says without asking.  "Level"
#: is a player's Campaign level (from `campaign_xp`; 1 without a Campaign); the Raiding Player is the
#: current player (`current`), the CM `raid.cm`.
ENTERED_WHEN: dict[str, str] = {
    # Set Up
    "seven Blue Tomb Dice":
        "Set Up, with two or more players: one roll per player, in seat order from player 0, each of 7 Blue "
        "dice (`tomb.setup.order-roll`). The most successes is Player One (`first_player`); on a tie the tied "
        "leaders roll again (`order_ties` = tied-leaders, the default), or every player of that roll "
        "(all-players), until one leads. Never in Solitaire (player 0 is Player One).",
    "Greenhorn: re-roll two dice?":
        "After a player's own order roll, when that player's level is 2 or more (`tomb.campaign.level-2-greenhorn`): "
        "he chooses how many missed and how many successful dice to re-roll, two at most; `reroll` of none is "
        "always open and declines.",
    "the re-rolled dice":
        "After a Greenhorn's `reroll` of one or two dice: those dice are rolled and replace the ones chosen. "
        "Skipped when he re-rolled none.",
    "Hero: take a Crypt card":
        "Before the Crypt Cards are drawn (multi-player: once Player One is known; Solitaire: at the start, "
        "before the deal), for each player of level 8 or more, clockwise from Player One "
        "(`tomb.campaign.level-8-hero`): `take-card` any card of the Crypt Deck into his hand, or `pass`.",
    "a Crypt Card":
        "A Crypt Card drawn into a player's hand (`crypt_hand`): three per player (four at level 6 or more), "
        "clockwise from Player One, before the first placement; one by the placer after each placement"
        " (none after the last placement of a round under `crypt_filling` = single-round). Solitaire: "
        "three (four at level 6 or more) after the deal, one after each third-card placement, and one after "
        "each larger-Crypt placement under `solo_filling` = at-least-four (the default; none under "
        "exactly-four). Skipped when the Crypt Deck is empty.",
    "place a Crypt Card":
        "Multi-player filling (`tomb.setup.place-crypt-cards`): Player One first, once the hands are drawn; "
        "then, after each placement and the placer's draw, the next player clockwise who holds a Crypt Card "
        "(those who hold none are passed over), while some Crypt is open (fewer cards than its capacity). "
        "Under `crypt_filling` = repeat-rounds (the default) this goes on until every Crypt is full or no "
        "player holds a card; under single-round, once every player has placed one card (or no Crypt is open) "
        "the open places are dealt face down instead. Then the unused Crypt Cards are discarded and the first "
        "turn starts.",
    "a Crypt Card dealt face down":
        "A card from the Crypt Deck into a Crypt, known to nobody: in Solitaire, two into each Crypt (one "
        "into a Crypt that holds one) at the start (`tomb.solo.deal-two-per-crypt`), and a fourth into each "
        "Crypt that holds four or more (`solo_filling` = at-least-four, the default) or exactly four "
        "(exactly-four) after the third cards; with several players, under `crypt_filling` = single-round, "
        "each place still open after the round of placements. Skipped when the Crypt Deck is empty or the "
        "Crypt is already full.",
    "a third card from the hand":
        "Solitaire, after the first draws: while a Crypt that holds three or more has fewer than three cards "
        "and the hand holds a Crypt Card (`tomb.solo.third-card-from-hand`); each placement is followed by a "
        "draw. Skipped (and the fourth cards are dealt) when there is none, as on a board whose Crypts all "
        "hold two or fewer (the default board, goldenaxe-catacombs).",
    "fill the larger Crypts from the hand":
        "Solitaire, after the fourth cards are dealt: while some Crypt is open and the hand holds a Crypt "
        "Card (`tomb.solo.fill-rest-from-hand`), a draw following each placement under `solo_filling` = "
        "at-least-four (the default; none under exactly-four). Skipped when there is none (on a board whose "
        "Crypts all hold two or fewer, the deal has filled them): the filling ends and the unused cards are "
        "discarded.",
    # Meet at the Inn
    "a Character from the Pool":
        "A Character drawn from the Pool (`pool`): on a player's first turn (the first round, `turn` at most "
        "the number of players: `tomb.inn.first-turn-draw-five`), five (three under the Lean Years, "
        "`inn_years` lean-years; six at level 3 or more) to choose from; after a Knight's `search`, five "
        "(`knight_vs_page` = knight-five) or the usual number (search-then-usual-draw, the default) straight "
        "to the Inn; in Solitaire, twenty to the Inn once the Crypts are full (and, under `solo_first` = "
        "draw-five, the usual five on the first turn). Skipped when the Pool is empty.",
    "keep a Character":
        "After the first turn's draws (`drawn`), the player keeps one of them (two under the Fat Years, "
        "`inn_years` fat-years, while any drawn remain); the rest go to the Inn once the kept Character's class "
        "cards (a Cleric's Prayer, a Wizard's Spell) are drawn. Skipped when nothing was "
        "drawn. Not after a Knight's `search`, nor in Solitaire under `solo_first` = from-the-twenty (the "
        "default).",
    "Knight: search the Pool":
        "On the first turn of a player of level 9 or more, before any draw (`tomb.campaign.level-9-knight`; "
        "not in Solitaire under `solo_first` = from-the-twenty): `search` takes any Character of the Pool "
        "into the Party, `pass` draws and keeps as usual.",
    "recruit the first Character":
        "Solitaire under `solo_first` = from-the-twenty (the default), on the first turn: the first "
        "Character is recruited from the twenty at the Inn (`tomb.solo.twenty-characters-in-inn`). Skipped "
        "when the Inn is empty.",
    # The turn
    "Free Actions, then a Standard Action":
        "Every turn after the first round: at the turn's start play passes to the next player clockwise, "
        "`turn` counts one more, a Party at the Inn heals all its Wounds (`tomb.free.inn-heals-all-wounds`), "
        "then this point; the first round is Meet at the Inn instead (`first_turn` = whole-turn, the "
        "default), or Meet at the Inn and then this point (plus-standard). Asked again after each Free "
        "Action (`redistribute`, `bank`), until the one Standard Action, which ends it "
        "(`tomb.turn.free-actions-then-one-standard`); `pass` is the only Standard Action when none other is "
        "open. The game ends instead, before the turn, when no Party has a Character and none can join one "
        "(`tomb.solo.end-no-characters`).",
    "where the Party moves":
        "After the Standard Action `move` (offered only when some space is in reach, `tomb.move.max-movement`): "
        "the space the whole Party moves to.",
    "which card goes to whom":
        "After the Free Action `redistribute` (offered when an Attached card can move to another Character of "
        "the Party, never during a Raid, and under `free_actions` = start-only, the default, only before the "
        "turn's first other action): one card moved; then back to the turn.",
    "an Inn card":
        "A card drawn from an Inn deck: the Standard Action `draw-from` (under `draw_choice` = one-at-a-time, "
        "the default, the first card at once and the second after `the second card's deck`; under both-first, "
        "both after it); a Cleric joining a Party draws a Prayer and a Wizard a Spell (every joining under "
        "`class_cards` = yes, the default; under only-stated, only the first Character kept on the first turn "
        "or searched by a Knight, and a recruit from the Inn by the Standard Action or Solitaire's first "
        "recruit); a revealed Monster that draws cards (Darkhelm: `tomb.monster.example-darkhelm`), for the "
        "CM; a Journeyman's `redraw`. Skipped when the deck is empty (under `supplies` = reshuffle its "
        "discards are shuffled back in first).",
    "the second card's deck":
        "In a `draw-from`, the deck of the second card: after the first card is drawn (and placed) under "
        "`draw_choice` = one-at-a-time (the default), or at once under both-first. Skipped when no deck can "
        "give a card: the Draw gives one card only.",
    "Attach the Item":
        "An Item drawn from the Inn must be Attached at once (`tomb.draw.attach-items-immediately`): asked when "
        "at least one Character of the drawer's Party can hold it; when none can, it is discarded without "
        "asking.",
    "Journeyman: draw another?":
        "After an Inn card is drawn for a player of level 5 or more who has not yet used it this game "
        "(`tomb.campaign.level-5-journeyman`), before the card is placed; not for a card drawn for a Monster. "
        "`redraw` discards it and draws again from the same deck; `pass` keeps it.",
    "destroy a Character at the Inn":
        "Solitaire, on a `draw-from` (`tomb.solo.inn-draw-destroys-character`): once for the Draw "
        "(`solo_draw_cost` = per-action, the default) or once before each of its two cards (per-card). "
        "Skipped when the Inn is empty.",
    "remove Wounds":
        "After a Heal roll (`heal`) with at least one success, when some Character of the Party is wounded: "
        "one Wound removed at a time (`heal-wound`), asked again until the successes are spent, no Wound is "
        "left, or `done`.",
    "the Rogue, and the card to steal":
        "After the Standard Action `pickpocket` (offered only when some Rogue can steal an Item or Treasure "
        "from a Party in range, `tomb.pickpocket.select-card`).",
    "catch the Rogue":
        "After the thief's choice, the target player chooses which of his Characters rolls Skill against the "
        "Rogue (`tomb.pickpocket.target-rolls-skill`).",
    "Soldier: recruit more?":
        "After a Recruit (the Standard Action) by a player of level 7 or more whose XP bank is not empty, and "
        "again after each extra recruit while the bank is not empty and the Party below its limit "
        "(`tomb.campaign.level-7-soldier`); only `pass` is open when the Inn is empty or the Party full.",
    "Soldier: the extra recruit":
        "After a Soldier spends a bank card (`spend-bank`): the extra Character recruited from the Inn. "
        "Skipped when the Inn is empty.",
    "return a Character to the Inn":
        "Under `party_overflow` = discard-excess only: after a recruit takes the Party past its limit (five; "
        "four in Solitaire; six at level 10), asked until the Party is back at its limit. Under "
        "cannot-exceed (the default) a full Party cannot recruit, and this point is never reached.",
    # Raids
    "React: before-entering-crypt":
        "Each Raid of a Crypt that has cards, before the CM looks and the Party goes in (`tomb.raid.on-crypt-door`): "
        "the Raiding Player may play Reacts to this trigger. Skipped when he has none to play (a Raid of an "
        "empty Crypt ends the turn without it). In every React window the players who may React act in "
        "priority, the current player first, then to the left (`react_direction` = same, the default; "
        "opposite: the other way): each plays Reacts (each React once per trigger) or `pass`es; a player "
        "with no React left is passed over; under `react_circuits` = until-all-pass a React played gives "
        "those who passed another chance (one-circuit, the default: it does not).",
    "announce a Trap":
        "The Traps stage of a Raid (after `React: before-entering-crypt`), while the Raid holds a face-down "
        "Trap: the CM (`raid.cm`) chooses the next Trap (`tomb.trap.cm-orders-traps`). In Solitaire under "
        "`solo_secrets` = read-first-lines (the default) a random face-down Trap instead "
        "(`a face-down Trap`). Skipped when the Raid holds no Trap.",
    "the first class card's deck":
        "Under `class_draw_order` = player-orders, when a Character who is both a Cleric and a Wizard joins a "
        "Party (and draws class cards): `draw-from` prayer or spell, the deck of the card drawn first "
        "(`tomb.ambiguity.class-card-draw-order`); the other follows. Never under prayer-first-as-each-joins "
        "(the default: the Prayer Card, then the Spell Card).",
    "a face-down Trap":
        "Solitaire under `solo_secrets` = read-first-lines (the default), in place of `announce a Trap`: the "
        "next Trap, each remaining one as likely (`tomb.solo.traps-any-order`; `solo_trap_order` = blind-pick, "
        "the default); under first-lines-known, after `choose a Trap by its first lines`: one of the Traps "
        "left whose first lines are those chosen, each as likely.",
    "choose a Trap by its first lines":
        "Solitaire under `solo_secrets` = read-first-lines and `solo_trap_order` = first-lines-known, in place "
        "of `a face-down Trap`: the player reads the first two lines of every Trap left and chooses which to "
        "resolve next (`tomb.ambiguity.solo-trap-order`): `announce`, its `card` naming those lines, "
        "`trap:<characters>:<attribute>+...` (the Target Numbers too under `trap_line` = read-aloud). "
        "Skipped when the Raid holds no Trap.",
    "choose who disarms":
        "After each Trap is announced: the Raiding Player chooses the Characters who disarm it, from one up "
        "to the Trap's number (`trap_characters` = up-to, the default) or exactly that many, or the whole "
        "Party if smaller (exactly); one under `one_character_rolls` = strict-one. Skipped when the Party "
        "has no Character.",
    "press on or leave":
        "After each Trap's resolution (and its failure's Wounds or deaths), even the last Trap: `continue` "
        "or `leave` (`tomb.trap.may-leave-after-trap`). After a failed Trap only under `traps_defeated` = "
        "resolved (the default); under disarmed a failed Trap sends the Party back without asking. `leave` "
        "goes to the Crypt Door raided from (after Another Way In: the Crypt's first Door; `leave_vs_flee` = "
        "door-before-combat, the default) or to the Inn (always-inn). Never reached when the Party was wiped out.",
    "who dies":
        "A failed Trap that kills the Character with the fewest dice, when two or more tie for fewest, under "
        "`kill_fewest_tie` = raiding-player-chooses (the default); under crypt-master-chooses the CM chooses "
        "(the Raiding Player where there is no CM); under all-tied-die they all die without asking, and a "
        "single fewest dies without asking.",
    "continue against the Monsters?":
        "The Monsters stage of a Raid that holds a Monster: `continue` or `leave` "
        "(`tomb.monster.encounter-continue-or-not`), before the Monsters are revealed (`decline_monsters` = "
        "leave-unrevealed, the default) or after the reveal and its React window (reveal-then-leave). "
        "Skipped, with no Combat, when the Raid holds no Monster.",
    "React: monsters-revealed":
        "After the Monsters are revealed (and their reveal draws and contest are queued): the Raiding "
        "Player's Reacts to this trigger; skipped when he has none. Priority as in `React: before-entering-crypt`.",
    "who faces the contested roll":
        "A revealed Monster with a contested roll (Elithe, `tomb.monster.example-elithe`): the Raiding Player "
        "chooses the Character who rolls against it. Not in Solitaire (the effect is ignored).",
    "give a Treasure to another Party":
        "After a Monster's contested roll that the Monster wins (more successes; a tie too under "
        "`contested_tie` = tie-succeeds), when the Raiding Party holds an Attached Treasure: which Treasure "
        "goes to which other Party, chosen by the Raiding Player (`give_treasure` = raiding-player-chooses, "
        "the default) or the CM (crypt-master-chooses). Skipped when no other Party is in the game.",
    "a Monster's Battle Action":
        "In Combat, on the CM's side of the alternation, while a living Monster has an action left this "
        "round (`tomb.combat.alternate-battle-actions`): the CM's Monster Attack or a Monster's card. Each "
        "round begins with the CM; a side with no one left to act lets the other act on "
        "(`battle_alternation` = remaining-act-consecutively, the default) or ends the round (round-ends). "
        "In Solitaire the choices are cut to the highest-XP Monster's most-dice options. Combat ends when "
        "every Monster or every Character is dead.",
    "who takes the blow":
        "After a Monster Attack: the Raiding Player chooses its target Character "
        "(`tomb.combat.monster-attack-targets`).",
    "React: before-monster-attack":
        "After the target of a Monster Attack is chosen, before the roll is rolled (the roll is set up, `roll` "
        "with `successes` null, when the target is chosen, so that Weaken changes it): the Raiding Player's Reacts "
        "(`react_scope` = own-party, the default), or every player with a Character (any-party), in "
        "priority as in `React: before-entering-crypt`. Skipped when nobody has one to play.",
    "React: after-attack-roll":
        "After an attack roll (a Monster Attack, a Character Attack, the catch of a Rogue): only the player "
        "who rolled may React (for a Monster's roll, the CM with the re-roll of its Attached cards, Kama). "
        "Skipped when he has none to play.",
    "a Character's Battle Action":
        "In Combat, on the Raiding Player's side, while a Character of the Raiding Party has an action left "
        "this round: `attack`, a Battle card (`use-card`) or `flee` (`tomb.combat.character-attack-targets`). "
        "The alternation is as in `a Monster's Battle Action`.",
    "place a Wound":
        "Wounds a player places one at a time (`tomb.wounds.player-assigns`): a failed Trap that wounds the "
        "Party (placed by the Raiding Player under `wound_assignment` = unless-targeted, the default; by the "
        "CM under only-attacks), Throwing Daggers and Fireball successes (a Character's placed by his player; "
        "a Monster's Fireball, cast from its Attached card, by the CM: on the Raiding Party first, then the Monsters), and the excess Wounds of an "
        "attack on a Monster under `overkill` = spill. Asked once per Wound; skipped when there is no target "
        "left.",
    "React: wounds-suffered":
        "Before Wounds land on a Character (`tomb.death.abate-immediately`): the Reacts of that Character's "
        "player that can abate them; skipped when he has none, and never under `abate_death` = after-death.",
    "re-roll a missed die":
        "After a React that re-rolls one missed die (a Character's card, or a Monster's Attached Kama on an "
        "attack roll): the die of the colour chosen.",
    "a look at one Crypt card":
        "After a React that looks at a Crypt card (Keziah's Orb, `tomb.cards.example-keziahs-orb`): one of "
        "the face-down cards of the Crypt about to be entered, any (`peek` = any-card, the default) or only "
        "those the player does not know (unknown-card). Skipped when there is none.",
    "tomb dice":
        "Every roll of Tomb Dice (`roll.purpose`): Heal, the Rogue's and the defender's Skill rolls, the "
        "catch, Monster and Character Attacks, each disarm roll (one per Target Number under `trap_tns` = "
        "each-separately, the default; one under summed), the two contested rolls, Throwing Daggers, "
        "Fireball, an abating React. Asked even when the pool has no dice (one outcome).",
    "Bank or Attach a Treasure":
        "The Treasure stage, when the Raid held Treasures (`tomb.treasure.bank-or-attach-immediately`): "
        "each Treasure banked or Attached, one per step, until none is left.",
    "Bank Attached Treasures":
        "When the Party reaches the Inn (Return to the Inn, `flee`, or leaving a Crypt under `leave_vs_flee` = "
        "always-inn) holding an Attached Treasure it may Bank (`tomb.flee.bank-on-reaching-inn`): asked "
        "again after each `bank` while one is left; `done` ends it.",
    # Death
    "Squire: the Character to the Pool?":
        "When a Character of a player of level 4 or more dies (`tomb.campaign.level-4-squire`): `to-pool` "
        "or `pass` (to the discard pile).",
    "a new Character for the Inn":
        "After every death of a Character (`tomb.death.replacement-to-inn`), not in Solitaire under "
        "`solo_death` = solo-overrides (the default). Skipped when the Pool is empty.",
    "a new Character for the Party":
        "When a Party is wiped out (`tomb.death.party-wiped-restart`), under `wipe_restart` = draw-from-pool "
        "(the default), or under recruit-from-inn when the Inn is empty; not in Solitaire under `solo_death` "
        "= solo-overrides. Skipped when the Pool is empty.",
    "recruit a new Party":
        "When a Party is wiped out and the Inn is not empty, under `wipe_restart` = recruit-from-inn, or in "
        "Solitaire under `solo_death` = solo-overrides (`tomb.ambiguity.party-wipe-restart`).",
    "Attach the Rogue's cards":
        "Cards given to a player to Attach, one step per card (a card none of his Characters can hold is "
        "discarded without asking): a Rogue killed by the catch attack, its cards to the catcher under "
        "`killed_rogue_cards` = given-to-attacker (the default); a Treasure given after a contested roll, "
        "to the receiving Party.",
}

_OVER = Pending.over()


def refusal_checks(tasks: dict[str, Kind], *game: tuple[Any, str]) -> tuple[Any, ...]:
    """The functions deciding which rule a refusal names: :func:`apply`, then every task kind's ``why``
    (named functions, once each, in registry order), each with the points that ask it, then the game's
    own (``game``: the ruleset's methods the ``why`` functions call, each with the method's name)."""
    whys: dict[Any, list[str]] = {}
    for k in tasks.values():
        if k.why is not None and k.why.__name__ != "<lambda>":
            whys.setdefault(k.why, []).append(k.what or k.name)
    return (apply, *((why, "asked at " + ", ".join(f"`{w}`" for w in dict.fromkeys(whats)))
                     for why, whats in whys.items()), *game)


def refusal_rules(tasks: dict[str, Kind]) -> dict[str, str]:
    """The rule a refused answer names at each decision point (``Pending.what``) whose kind has no ``why``."""
    out: dict[str, str] = {}
    for k in tasks.values():
        if k.mode in (DECIDE, PRIORITY) and k.why is None and k.what:
            out.setdefault(k.what, k.rule)
    return out


def kind_of(rs: Any, t: Task) -> Kind:
    return rs.tasks[t.kind]


#: the Pending values made so far, by what they hold (frozen values: one of each is enough)
_PENDINGS: dict[Any, Pending] = {}


def pending(rs: Any, state: TombState) -> Pending:
    agenda = state.agenda
    if not agenda:
        return _OVER
    t = agenda[0]                               # (state.task, kind_of: read inline)
    k = rs.tasks[t.kind]
    if k.mode == CHANCE:
        key: Any = (CHANCE, k.what)
    elif k.mode == PRIORITY:
        key = (PRIORITY, tuple(k.actors(rs, state, t)), k.what, t.subject)  # type: ignore[misc]
    else:
        key = (t.player if t.player is not None else state.current, k.what)
    got = _PENDINGS.get(key)
    if got is None:
        if len(_PENDINGS) >= 4096:
            _PENDINGS.clear()
        if k.mode == CHANCE:
            got = Pending.chance(k.what)
        elif k.mode == PRIORITY:
            got = Pending.priority(key[1], f"{k.what}: {t.subject}")
        else:
            got = Pending.decision(key[0], k.what)
        _PENDINGS[key] = got
    return got


def legal_actions(rs: Any, state: TombState, player: int) -> list[Any]:
    agenda = state.agenda
    if not agenda:
        return []
    t = agenda[0]
    k = rs.tasks[t.kind]
    if k.mode not in (DECIDE, PRIORITY) or k.legal is None:
        return []
    return k.legal(rs, state, t, player)


def chance(rs: Any, state: TombState) -> Any:
    t = state.task
    if t is None:
        return None
    k = kind_of(rs, t)
    if k.mode != CHANCE:
        return None
    return chance_at(rs, state, t, k)


def chance_at(rs: Any, state: TombState, t: Task, k: Kind) -> Any:
    """The distribution of the chance task ``t`` (of kind ``k``) at the head of ``state``: worked out
    once for the very state (``advance`` asks whether anything can be drawn, the player draws, the step
    weighs the outcome), unless a recording notes the rules it reads (``state.remembering``)."""
    last = rs._last_chance
    if last is not None and last[0] is state and remembering():
        return last[1]
    dist = k.chance(rs, state, t)  # type: ignore[misc]
    rs._last_chance = (state, dist)
    return dist


def turn_rule(rs: Any, state: TombState) -> str:
    """The rule a decision by a player who may not make it breaks.  A decision of the player whose turn
    it is, outside Set Up and outside a Raid (his Turn Actions, his Move, his draws and Attachments):
    'Play then proceeds in clockwise order' (tomb.setup.clockwise), the turn is his.  Any other (Set Up's,
    the Crypt Master's, the Raiding Player's in a Raid, a React, a target player's roll): the rule of that
    decision, which says who makes it (Set Up is everything before the first turn, a Campaign benefit
    taken there included: "the Player may take one card" says which Player)."""
    t = state.task
    if t is None:
        return "tomb.end.crypts-emptied"
    if t.kind in _BATTLE_DECISIONS:
        return "tomb.combat.alternate-battle-actions"
    rule = kind_of(rs, t).rule
    if t.player is not None and t.player == state.current and state.raid is None and state.first_player is not None \
            and state.turn > 0 and rule is not None and not rule.startswith("tomb.setup."):
        return "tomb.setup.clockwise"
    return rule or "tomb.setup.clockwise"


#: the Battle Actions, the CM's and the Raiding Player's in turn: "Beginning with the CM, the CM and the
#: Raiding Player take turns performing Battle Actions" says who makes each (tomb.combat.alternate-battle-
#: actions), beside the decision's own rule
_BATTLE_DECISIONS = frozenset(("battle-cm", "battle-raider"))


@implements("tomb.combat.alternate-battle-actions")
def turn_also(rs: Any, state: TombState) -> tuple[str, ...]:
    """Beside :func:`turn_rule`, the other rule a decision by a player who may not make it breaks: in a
    Battle, the decision's own rule (who selects the Monster or the Character and the target)."""
    t = state.task
    if t is not None and t.kind in _BATTLE_DECISIONS:
        rule = kind_of(rs, t).rule
        return (rule,) if rule else ()
    return ()


def turn_refusal(rs: Any, state: TombState, action: Any, player: int | None) -> tuple[str, tuple[str, ...]]:
    """The rule ``action`` by ``player``, who may not act now, breaks (docs/oracle.md), and the others.

    At a chance point the passage it was queued for comes first where it is not the chance kind's own
    (the fourth Crypt Card of Solitaire is dealt "from the deck", not by the first deal's sentence; a
    Monster's attack roll, not the generic dice rule); then what forbids the action itself wherever it
    comes: a card already used this Turn ("Each card may only be used once per Turn"), a React before a
    Monster's revealed text has drawn ("Effects from such text are resolved before Reacts"), where the
    chance point's rule says nothing of the card.  Beside the turn rule a refused Greenhorn re-roll of a
    Level 1 player lists his level ("No benefit"), a refused Journeyman redraw the Journeyman line."""
    rule, also = turn_rule(rs, state), turn_also(rs, state)
    t = state.task
    if t is None:
        return rule, also
    if kind_of(rs, t).mode == CHANCE:
        if t.rule and t.rule != rule:
            rule, also = t.rule, (rule, *also)
        own = _card_refusal(rs, state, t, action, player)
        if own is not None:
            rule, also = own, (rule, *also)
    return rule, (*also, *_own_broken(rs, state, action, player))


def _card_refusal(rs: Any, state: TombState, t: Task, action: Any, player: int | None) -> str | None:
    """The rule a card's use sent at a chance point breaks of itself: "Each card may only be used once
    per Turn" (the card was used this Turn, so no React window could offer it); a React while a
    Monster's revealed text draws ("Effects from such text are resolved before Reacts, if timing
    conflicts")."""
    if type(action) is not UseCard or player is None or not 0 <= player < len(state.parties):
        return None
    if is_used(rs, state, player, action.holder, action.card):
        return "tomb.play.once-per-turn"
    if t.kind == "inn-draw" and t.rule == "tomb.monster.example-darkhelm":
        return "tomb.actions.passive-before-reacts"
    return None


def _own_broken(rs: Any, state: TombState, action: Any, player: int | None) -> tuple[str, ...]:
    """The Campaign line an action of a level's benefit breaks, refused wherever it is sent: a re-roll
    of the order dice by a Level 1 player ("50 XP or fewer Level 1 Monster Fodder No benefit.")."""
    if type(action) is Reroll and player is not None and player < len(state.levels) and state.levels[player] < 2:
        return ("tomb.campaign.level-1-monster-fodder",)
    return ()


#: the rule an action of these kinds breaks wherever it is refused (its own benefit's line): "Once per
#: game, after drawing an Inn card, the Player may immediately discard it and draw another"
_OWN_RULE = {Redraw: "tomb.campaign.level-5-journeyman"}


def refusal_rule(rs: Any, state: TombState, t: Task, action: Any, rule: str) -> str:
    """The rule a refused decision names: ``rule`` (the decision's, or its ``why``), unless the action's
    kind is one whose own line forbids it wherever it is sent (a Journeyman's redraw: "Once per game,
    after drawing an Inn card ... immediately")."""
    return _OWN_RULE.get(type(action), rule)


def refusal_also(rs: Any, state: TombState, t: Task, action: Any, rule: str) -> tuple[str, ...]:
    """:func:`_also_broken`, and the rule the refused decision or chance point was queued for where it is
    not the one named (a Wizard's first-turn Spell, the Lean Years' three draws, a Heal's roll: the
    passage that says what this very draw, keep or roll is)."""
    also = (*_also_broken(rs, state, t, action, rule), *rs.also_broken(state, t, action, rule))
    if t.rule and t.rule != rule and t.rule not in also:
        also = (*also, t.rule)
    return also


def _also_broken(rs: Any, state: TombState, t: Task, action: Any, rule: str) -> tuple[str, ...]:
    """Beside ``rule`` (the one the refusal names, docs/oracle.md), the other rules that forbid
    ``action`` here, where the text states them apart: a Flee outside a Battle ("This can only be done as
    a Character Battle Action"); an Attached card moved during a Raid ("Players may not move Cards while
    they are resolving Crypt Encounters"); the trait limit, which the Free Actions and the Card Types each
    state (for an Item or a Treasure); a dead Monster's Battle Action, which the Battle's "until all
    living Monsters ... have acted" forbids too."""
    kind = type(action)
    if rule == "tomb.death.dead-monster-banked":        # the Battle is fought "until all living Monsters ... have acted"
        return ("tomb.combat.alternate-battle-actions",)
    if kind is Flee and t.kind not in _BATTLE_DECISIONS:
        return ("tomb.flee.battle-action-only",)
    if kind in (Redistribute, MoveCard) and state.raid is not None:
        return ("tomb.free.no-moving-cards-in-encounters",)
    if rule == "tomb.attach.one-card-per-trait" and kind is Attach and \
            card_type(rs, action.card) in ("item", "treasure"):
        return ("tomb.attach.one-item-or-treasure-per-trait",)
    if kind is MoveCard and t.player is not None and state.parties[t.player].character(action.to) is not None:
        why = rs.can_attach(state, t.player, action.to, action.card)   # the holder the card may not go to
        if why is not None and why != rule:
            return (why,)
    if kind is UseCard and t.player is not None and rs.cards.is_inn(action.card):
        deck = rs.cards.card(action.card).deck                     # a Prayer or a Spell its holder may not cast
        if deck in _CASTERS and state.parties[t.player].character(action.holder) is not None and \
                not is_caster(rs, state, t.player, action.holder, deck):
            return (_CASTERS[deck],)
    return ()


#: who may cast a card of each deck: "Prayers can only be cast by Characters with at least one Die of
#: Holiness", "Spells can only be cast by Characters with at least one Die of Magic"
_CASTERS = {"prayer": "tomb.cards.prayers-need-holiness-die", "spell": "tomb.cards.spells-need-magic-die"}


def apply(rs: Any, state: TombState, action: Any, player: int | None) -> TombState:
    agenda = state.agenda
    t = agenda[0] if agenda else None
    if t is None or _recorders:            # (the end's rule read only when it is asked, or recorded)
        require(t is not None, rs.end_rule(), "the game is over")
    assert t is not None
    k = rs.tasks[t.kind]                        # (kind_of)
    if k.mode == CHANCE:
        dist = chance_at(rs, state, t, k)
        if dist is None or not dist.prob(action) > 0:
            require(False, k.rule, "{!r} is not a possible outcome of {} here", action, k.what,
                    also=(t.rule,) if t.rule and t.rule != k.rule else ())
    else:
        assert player is not None
        if not is_legal(rs, state, t, k, action, player):
            point = k.why(rs, state, t, action, player) if k.why is not None else k.rule
            rule = refusal_rule(rs, state, t, action, point)
            also = refusal_also(rs, state, t, action, rule)
            if point != rule and point not in also:
                also = (point, *also)
            require(False, rule, "{!r} is not open to player {} ({})", action, player, k.what, also=also)
    # the action is legal: the next state is built on one draft (state.draft_of), frozen once it settles
    try:
        return advance(rs, k.apply(rs, draft_of(state), t, action, None if k.mode == CHANCE else player))  # type: ignore[misc]
    finally:
        release()


def is_legal(rs: Any, state: TombState, t: Task, k: Kind, action: Any, player: int) -> bool:
    """Whether ``legal_actions`` lists ``action`` for ``player``: looked up in the list just made for
    this very state (a player's policy lists, then steps), else asked of the kind's predicate
    (``Kind.allows``), else looked for in the list."""
    if k.legal is None:
        return False
    last = rs._last_legal
    if last is not None and last[0] is state and last[1] == player:
        listed = last[2]
        for a in listed:              # the very value listed (a policy picks from the list): no __eq__ asked
            if a is action:
                return True
        return action in listed
    if k.allows is not None:
        return k.allows(rs, state, t, action, player)
    return action in rs._legal_actions(state, player)


def advance(rs: Any, state: TombState) -> TombState:
    """Run the automatic tasks, skip what cannot happen, until a decision or chance event is next (or
    the game is over)."""
    tasks, ends_mid_turn = rs.tasks, rs.ends_mid_turn
    for _ in range(100_000):
        agenda = state.agenda
        if not agenda:
            return state
        t = agenda[0]
        if ends_mid_turn:
            ended = rs.ending_now(state)
            if ended is not None:
                return ended
        k = tasks[t.kind]                  # (kind_of)
        if k.mode == AUTO:
            state = k.run(rs, state, t)  # type: ignore[misc]
            continue
        if k.mode == CHANCE:
            if chance_at(rs, state, t, k) is None:
                rs._last_chance = None           # (worked out for the draft as it was, not as it will be)
                state = pop(state)
                continue
            return state
        if k.mode == PRIORITY:
            if not k.actors(rs, state, t):  # type: ignore[misc]
                state = pop(state)
                continue
            return state
        if t.kind in SKIP_EMPTY:
            player = t.player if t.player is not None else state.current
            legal = k.legal(rs, state, t, player)  # type: ignore[misc]
            if not legal:
                state = pop(state)
                continue
            rs._last_legal = (state, player, legal)      # what legal_actions lists next (by identity)
        return state
    raise RuntimeError("tomb: the agenda does not settle (a loop of automatic tasks)")


# Turns ------------------------------------------------------------------------------------------------------

@task("turn-start", AUTO, "tomb.setup.clockwise")
@implements("tomb.setup.clockwise", "tomb.ambiguity.first-turn-is-whole-turn", "tomb.solo.play-as-usual",
            "tomb.ambiguity.no-characters-left")
def run_turn_start(rs: Any, state: TombState, t: Task) -> TombState:
    """A player's turn begins (what lasted until the turn's end lapses: no Tomb or Cryptmaster effect
    lasts a round, so none expires here); on his first turn he meets the Inn; later the ruleset's
    ``turn_start`` (Tomb: a Party at the Inn heals; Cryptmaster: nothing, its Rest is a Free Action),
    then Free Actions and one Standard Action, then the turn ends."""
    state = pop(state)
    p = t.player
    assert p is not None
    state = evolve(state, current=p, turn=state.turn + 1, effects=expire(state.effects, TURN))
    if out_of_characters(rs, state):
        note("tomb.solo.end-no-characters")
        return finish(rs, state, "no-characters")
    party = state.parties[p]
    if party.out:
        return push(state, end_turn_task(p))
    if state.effects and has(state.effects, "skip-next-turn", player=p):
        # his Party was wiped out in another's turn (tomb.ambiguity.party-wipe-turn-end = skip-next)
        note("tomb.ambiguity.party-wipe-turn-end")
        state = evolve(state, effects=tuple(e for e in state.effects
                                            if not (e.name == "skip-next-turn" and e.player == p)))
        return push(state, end_turn_task(p))
    if rs.is_first_turn(state):
        tasks = list(rs.first_turn_tasks(state, p))
        if rs.options.first_turn == "plus-standard":
            tasks.append(turn_task(p))
        return push(state, *tasks, end_turn_task(p))
    state = rs.turn_start(state, p)
    return push(state, turn_task(p),
                *rs.end_of_turn_tasks(state, p))


#: a turn's own tasks, one value for each player and kind (frozen: shared by every agenda that holds it; a
#: game has a few players, so the table stays small)
_TURN_TASKS: dict[tuple[str, int], Task] = {}


def _turn_task(kind: str, player: int, rule: str) -> Task:
    got = _TURN_TASKS.get((kind, player))
    if got is None:
        got = _TURN_TASKS[(kind, player)] = Task(kind, player, rule=rule)
    return got


def turn_start_task(player: int) -> Task:
    """``Task("turn-start", player, rule="tomb.setup.clockwise")``: play passes clockwise to ``player``'s
    turn (one value for each player, shared)."""
    return _turn_task("turn-start", player, "tomb.setup.clockwise")


def turn_task(player: int) -> Task:
    """``Task("turn", player, rule="tomb.turn.free-actions-then-one-standard")``: Free Actions, then one
    Standard Action (one value for each player, shared)."""
    return _turn_task("turn", player, "tomb.turn.free-actions-then-one-standard")


def end_turn_task(player: int) -> Task:
    """``Task("end-turn", player, rule="tomb.setup.clockwise")``: the turn ends, play passes clockwise (one
    value for each player, shared)."""
    return _turn_task("end-turn", player, "tomb.setup.clockwise")


def turn_start(rs: Any, state: TombState, player: int) -> TombState:
    return inn_heal(rs, state, player)


def end_of_turn_tasks(rs: Any, state: TombState, player: int) -> list[Task]:
    return [end_turn_task(player)]


@task("end-turn", AUTO, "tomb.setup.clockwise")
@implements("tomb.ambiguity.end-trigger")
def run_end_turn(rs: Any, state: TombState, t: Task) -> TombState:
    """The turn ends: what lasted the turn lapses (a Character whose Hit Points fall dies), and play
    passes clockwise.  (end-of-round: the game ends once the round in which the last Crypt card went
    is complete.)"""
    state = pop(state)
    p = t.player
    assert p is not None
    state = evolve(state, effects=expire(state.effects, TURN), roll=None)
    before = len(state.agenda)
    state = check_all_deaths(rs, state)
    if len(state.agenda) > before:
        # a Character died as his Hit Points fell: that is resolved first, then the turn ends
        new = len(state.agenda) - before
        return evolve(state, agenda=(*state.agenda[:new], end_turn_task(p),
                                           *state.agenda[new:]))
    state = rs.check_end(state)          # the last card may have gone in a Raid that did not finish
    if state.outcome is not None:
        return state
    n = rs.num_players
    if has(state.effects, "crypts-cleared"):
        last = (first_turn_player(rs, state) - 1) % n
        if p == last:
            return finish(rs, state, "crypts-emptied")
    if out_of_characters(rs, state):
        return finish(rs, state, "no-characters")
    return push(state, turn_start_task(rs.next_player(state, p)))


def next_player(rs: Any, state: TombState, player: int) -> int:
    """Play proceeds in clockwise order."""
    return (player + 1) % rs.num_players


# Rolls ------------------------------------------------------------------------------------------------------

@task("roll", CHANCE, "tomb.dice.attribute-named", what="tomb dice")
@implements("tomb.dice.attribute-named")
def chance_roll(rs: Any, state: TombState, t: Task) -> Any:
    """Every roll names an Attribute; its dice are ``state.roll`` (a pool recorded by colour)."""
    roll = state.roll
    if roll is None:
        return None
    return roll_distribution(*rs.rolled_dice(roll))


@outcome("roll")
def apply_roll(rs: Any, state: TombState, t: Task, action: RollOutcome, player: None) -> TombState:
    roll = state.roll
    assert roll is not None
    state = pop(state)
    roll = evolve(roll, dice=rs.rolled_dice(roll), successes=(action.green, action.blue, action.red))
    total = action.total + roll.auto
    keep = roll.purpose in rs.attack_purposes
    state = evolve(state, roll=roll if keep else None)
    return rs.roll_handlers[roll.purpose](rs, state, roll, total)
