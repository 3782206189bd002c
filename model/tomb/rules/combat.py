"""Monsters and Battle Actions: the Raiding Player decides to go on, the CM reveals all the Monsters
(their revealed effects first, then the Characters' reacts), then Combat Rounds: beginning with the
CM, the CM and the Raiding Player take turns until every living Monster and Party member has acted;
Attack, a special Battle Action, or Flee.  Solitaire's Monsters follow its two rules of thumb.
"""

from __future__ import annotations

from typing import Any

from ...effects import COMBAT, ROUND, TURN, Effect, add, expire
from ...traceability import implements, note
from ..actions import Attack, Continue, Flee, Give, Leave, MonsterAttack, Target, UseCard
from ..board import INN
from ..state import Monster, Roll, Task, TombState, evolve
from .agenda import AUTO, DECIDE, legal, pop, push, task, update_head, why
from .cards import extra_actions, monster_hp, usable_actions
from .raid import abort_raid, leave_crypt, raid_cards, take_card
from .rolling import COLOUR_INDEX, character_pool, monster_pool
from .standard_actions import start_roll
from .wounds import assign_tasks, live_monsters, monster_index, monster_suffers, update_character, update_monster, \
    wounds_then_death


def raider_of(state: TombState) -> int:
    return state.current


def cm_of(state: TombState) -> int:
    raid = state.raid
    assert raid is not None
    return raid.cm if raid.cm is not None else state.current


# The Monsters stage ----------------------------------------------------------------------------------------

@task("monsters", AUTO, "tomb.monster.encounter-continue-or-not")
@implements("tomb.monster.encounter-continue-or-not", "tomb.ambiguity.decline-monsters")
def run_monsters(rs: Any, state: TombState, t: Task) -> TombState:
    """"After all the Trap Cards have been resolved ..., Monster Cards are encountered and the Raiding
    Player decides whether his Adventuring Party will continue in the Crypt" (leave-unrevealed: before
    they are revealed; reveal-then-leave: after)."""
    state = pop(state)
    raid = state.raid
    if raid is None:
        return state
    if not raid_cards(state, "monster", rs) and not raid.early:
        return state
    player = t.player
    decide = Task("monster-continue", player, rule="tomb.monster.encounter-continue-or-not")
    reveal = Task("reveal", player, rule="tomb.combat.monsters-revealed")
    fight = Task("combat", player, rule="tomb.combat.occurs-if-party-remains")
    if not rs.monsters_declinable():
        return push(state, reveal, fight)
    if rs.options.decline_monsters == "reveal-then-leave":
        return push(state, reveal, decide, fight)
    return push(state, decide, reveal, fight)


@task("monster-continue", DECIDE, "tomb.monster.encounter-continue-or-not", what="continue against the Monsters?")
@implements("tomb.combat.occurs-if-party-remains")
def apply_monster_continue(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"If the Adventuring Party remains, Combat occurs."  Declining leaves for the Crypt Door."""
    state = pop(state)
    if isinstance(action, Leave):
        return leave_crypt(rs, state, player)
    return state


@legal("monster-continue")
def legal_monster_continue(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Continue(), Leave()]


@task("reveal", AUTO, "tomb.combat.monsters-revealed")
@implements("tomb.combat.monsters-revealed", "tomb.actions.passive-before-reacts", "tomb.actions.passive-text-automatic",
            "tomb.monster.example-darkhelm", "tomb.monster.example-elithe", "tomb.ambiguity.early-revealed-monster")
def run_reveal(rs: Any, state: TombState, t: Task) -> TombState:
    """"The CM reveals all of the Monsters at the same time and resolves any revealed effects
    immediately, as stated on the cards (first Monsters, then Characters in the Raiding Adventuring
    Party)."  A Monster revealed early (Komodo) joins them without its effect again (reveal-only)."""
    state = pop(state)
    raid = state.raid
    if raid is None:
        return state
    names = [*raid.early, *raid_cards(state, "monster", rs)]
    for n in raid_cards(state, "monster", rs):
        state = take_card(state, n)
    raid = state.raid
    assert raid is not None
    monsters = tuple(rs.new_monster(state, n) for n in names)
    state = evolve(state, raid=evolve(raid, monsters=monsters, early=(), stage="monsters"))
    tasks: list[Task] = []
    cm = cm_of(state)
    for i, m in enumerate(monsters):
        card = rs.cards.crypt[m.card]
        for e in card.effects if rs.reveal_effects(state, m) else ():
            if e.kind == "on-reveal-draw":
                tasks += [Task("inn-draw", cm, f"m{i}", deck=d, rule="tomb.monster.example-darkhelm") for d in e.decks]
            elif e.kind == "on-reveal-contest":
                if rs.options.solitaire:
                    note("tomb.solo.ignore-other-parties")
                    continue
                tasks.append(Task("contest-pick", t.player, f"m{i}", deck=e.attribute, rule="tomb.monster.example-elithe"))
        tasks += rs.monster_reveal_tasks(state, i)
    from .reacts import window_task

    tasks.append(window_task(t.player, "monsters-revealed"))  # type: ignore[arg-type]
    return push(state, *tasks)


def monster_reveal_tasks(rs: Any, state: TombState, index: int) -> list[Task]:
    """Tomb adds nothing more when a Monster is revealed (Cryptmaster: spells and prayers)."""
    return []


@task("contest-pick", DECIDE, "tomb.monster.example-elithe", what="who faces the contested roll")
def apply_contest_pick(rs: Any, state: TombState, t: Task, action: Target, player: int) -> TombState:
    """Elithe: "make a contested Skill vs. Skill roll against a Character in the Raiding Party
    (Raiding Player's choice)"."""
    idx = monster_index(t.subject or "")
    assert idx is not None
    attr = t.deck or "skill"
    pool = monster_pool(rs, state, idx, attr)
    roll = Roll("contest-monster", cm_of(state), pool.dice, pool.auto, subject=t.subject, target=action.character,
                card=attr)
    return start_roll(pop(state), roll)


@legal("contest-pick")
def legal_contest_pick(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Target(n) for n in state.parties[player].names]


def contest_monster_done(rs: Any, state: TombState, roll: Roll, total: int) -> TombState:
    pool = character_pool(rs, state, raider_of(state), roll.target or "", roll.card or "skill")
    monster = roll.subject if rs.options.contested_tie == "re-roll" else None   # kept only to roll again
    again = Roll("contest-character", raider_of(state), pool.dice, pool.auto, subject=roll.target, value=total,
                 card=roll.card, target=monster)
    return start_roll(state, again)


@implements("tomb.ambiguity.contested-roll-tie", "tomb.ambiguity.give-treasure-receiver")
def contest_character_done(rs: Any, state: TombState, roll: Roll, total: int) -> TombState:
    """"If successful, the Raiding Party must give one attached Treasure to another Party": the Monster
    needs more successes (initiator-needs-more) or as many (tie-succeeds), or on a tie both roll again
    (re-roll); the Raiding Player picks the
    Treasure and the Party (raiding-player-chooses), the CM picks both (crypt-master-chooses), or the
    Raiding Player picks the Treasure and it goes to the CM's Party (to-crypt-master); that Party's player
    Attaches it."""
    monster_total = roll.value
    if monster_total == total and rs.options.contested_tie == "re-roll" and roll.target is not None:
        idx = monster_index(roll.target)              # a tie: both roll again (as 'Re-roll ties.', L88)
        if idx is not None and state.raid is not None and idx < len(state.raid.monsters):
            attr = roll.card or "skill"
            pool = monster_pool(rs, state, idx, attr)
            return start_roll(state, Roll("contest-monster", cm_of(state), pool.dice, pool.auto, subject=roll.target,
                                          target=roll.subject, card=attr))
    won = monster_total > total or (monster_total == total and rs.options.contested_tie == "tie-succeeds")
    if not won:
        return state
    raider = raider_of(state)
    if not any(rs.cards.crypt.get(a) and rs.cards.crypt[a].type == "treasure"
               for c in state.parties[raider].characters for a in c.attached):
        return state
    chooser = cm_of(state) if rs.options.give_treasure == "crypt-master-chooses" else raider
    return push(state, Task("give-treasure", chooser, items=(str(raider),), rule="tomb.monster.example-elithe"))


@task("give-treasure", DECIDE, "tomb.monster.example-elithe", what="give a Treasure to another Party")
def apply_give_treasure(rs: Any, state: TombState, t: Task, action: Give, player: int) -> TombState:
    state = pop(state)
    giver = int(t.items[0]) if t.items else player
    for c in state.parties[giver].characters:
        if action.card in c.attached:
            attached = list(c.attached)
            attached.remove(action.card)
            state = update_character(state, giver, c.name, attached=tuple(attached))
            break
    from .death import check_all_deaths, offer_cards

    return offer_cards(rs, check_all_deaths(rs, state), action.player, (action.card,))


@why("give-treasure")
def why_give_treasure(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    """A held Treasure given to a Party other than the CM's under to-crypt-master names the reading that
    forbids it (tomb.ambiguity.give-treasure-receiver); anything else Elithe's rule."""
    cm = state.raid.cm if state.raid is not None else None
    if isinstance(action, Give) and rs.options.give_treasure == "to-crypt-master" and cm is not None \
            and action.player != cm and action.player != (int(t.items[0]) if t.items else player):
        return "tomb.ambiguity.give-treasure-receiver"
    return "tomb.monster.example-elithe"


@legal("give-treasure")
def legal_give_treasure(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    giver = int(t.items[0]) if t.items else player
    cards = sorted({a for c in state.parties[giver].characters for a in c.attached
                    if rs.cards.crypt.get(a) and rs.cards.crypt[a].type == "treasure"})
    others = [q for q in range(rs.num_players) if q != giver and not state.parties[q].out]
    cm = state.raid.cm if state.raid is not None else None
    if cm is not None and cm in others and rs.options.give_treasure == "to-crypt-master":
        others = [cm]                           # to-crypt-master: the Party whose Monster won the roll
    return [Give(card, q) for card in cards for q in others]


# Combat -----------------------------------------------------------------------------------------------------

@task("combat", AUTO, "tomb.combat.occurs-if-party-remains")
@implements("tomb.combat.rounds", "tomb.combat.only-against-cm-monsters", "tomb.combat.includes-inn-card-events",
            "tomb.combat.not-between-parties", "tomb.combat.parties-cannot-attack-parties")
def run_combat(rs: Any, state: TombState, t: Task) -> TombState:
    """Combat: one or more Combat Rounds against the Monsters the CM runs (never between Parties)."""
    state = pop(state)
    raid = state.raid
    if raid is None:
        return state
    state = evolve(state, raid=evolve(raid, stage="combat", round=1, side=first_side(rs)))
    state = reset_round(state)
    return push(state, Task("battle", t.player, rule="tomb.combat.alternate-battle-actions"))


def first_side(rs: Any) -> str:
    """"Beginning with the CM": the CM's Monsters act first in every Combat Round."""
    return "cm"


def reset_round(state: TombState) -> TombState:
    """"When a new Combat Round begins all Characters and Monsters "reset" allowing them to attack again"."""
    raid = state.raid
    assert raid is not None
    ms = tuple(evolve(m, actions=0) if m.actions else m for m in raid.monsters)
    # (a Party none of whose Characters acted keeps its very value)
    parties = tuple(evolve(p, characters=tuple(evolve(c, actions=0) if c.actions else c for c in p.characters))
                    if any(c.actions for c in p.characters) else p for p in state.parties)
    return evolve(state, raid=evolve(raid, monsters=ms), parties=parties)


def monster_extra(rs: Any, m: Monster) -> int:
    n = 0
    for att in m.attached:
        for e in rs.cards.card(att).effects:
            if e.kind == "extra-battle-action":
                n += e.value
    return n


def ready_monsters(rs: Any, state: TombState) -> list[int]:
    raid = state.raid
    assert raid is not None
    return [i for i, m in enumerate(raid.monsters) if not m.dead and m.actions < 1 + monster_extra(rs, m)]


def ready_characters(rs: Any, state: TombState) -> list[str]:
    return [c.name for c in rs.fighters(state) if c.actions < 1 + extra_actions(rs, c)]


def fighters(rs: Any, state: TombState) -> list[Any]:
    """The Characters in the Combat: the Raiding Party."""
    return list(state.party(raider_of(state)).characters)


@task("battle", AUTO, "tomb.combat.alternate-battle-actions")
@implements("tomb.combat.alternate-battle-actions", "tomb.combat.act-once-per-round", "tomb.combat.repeat-until-side-dead",
            "tomb.combat.new-round", "tomb.combat.round-reset", "tomb.ambiguity.battle-alternation",
            "tomb.cards.example-double-bladed-sword")
def run_battle(rs: Any, state: TombState, t: Task) -> TombState:
    """"Beginning with the CM, the CM and the Raiding Player take turns performing Battle Actions until
    all living Monsters and Adventuring Party members have acted ... This step repeats until all of
    the Characters or all of the Monsters are dead."  (remaining-act-consecutively: a side with no one
    left to act lets the other act on; round-ends: the Round ends.)"""
    raid = state.raid
    if raid is None:
        return pop(state)
    if not live_monsters(state):
        note("tomb.combat.repeat-until-side-dead")
        return pop(state)
    if not rs.fighters(state):
        return pop(state)
    cm_ready, party_ready = ready_monsters(rs, state), ready_characters(rs, state)
    side = raid.side
    consecutive = rs.options.battle_alternation == "remaining-act-consecutively"
    if side == "cm" and not cm_ready and party_ready and consecutive:
        side = "raider"
    elif side == "raider" and not party_ready and cm_ready and consecutive:
        side = "cm"
    if (side == "cm" and not cm_ready) or (side == "raider" and not party_ready):
        if rs.stalemate(state):
            return rs.end_stalemate(state)
        state = rs.new_round(state)
        raid = state.raid
        assert raid is not None
        note("tomb.combat.new-round")
        state = evolve(state, raid=evolve(raid, round=raid.round + 1, side=first_side(rs)))
        state = reset_round(state)
        if rs.options.raid_turn == "round-is-turn":
            state = evolve(state, effects=tuple(e for e in state.effects if e.name != "used"))
        return state
    state = evolve(state, raid=evolve(raid, side=side))
    if side == "cm":
        return push(state, Task("battle-cm", cm_of(state), rule="tomb.combat.monster-attack-targets"))
    return push(state, Task("battle-raider", raider_of(state), rule="tomb.combat.character-attack-targets"))


def flip(state: TombState) -> TombState:
    raid = state.raid
    assert raid is not None
    return evolve(state, raid=evolve(raid, side="raider" if raid.side == "cm" else "cm"))


# The CM's Battle Actions ------------------------------------------------------------------------------------

@task("battle-cm", DECIDE, "tomb.combat.monster-attack-targets", what="a Monster's Battle Action")
@implements("tomb.combat.monster-attack-targets", "tomb.combat.monster-special-uses-action",
            "tomb.combat.monster-special-not-attack", "tomb.combat.monster-special-actions")
def apply_battle_cm(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"Attack. The CM selects a Monster for the Combat Action, and the Raiding Player selects a Target
    Character."  Or a Monster's special Battle Action (an Inn card on it, words swapped)."""
    if rs.is_extra_battle_action(action):
        return rs.apply_extra_battle(state, player, action, "cm")
    state = flip(pop(state))
    if isinstance(action, MonsterAttack):
        idx = monster_index(action.monster)
        assert idx is not None
        raid = state.raid
        assert raid is not None
        state = update_monster(state, idx, actions=raid.monsters[idx].actions + 1)
        return push(state, Task("attack-target", raider_of(state), action.monster, rule="tomb.combat.monster-attack-targets"))
    from .reacts import apply_monster_card

    return apply_monster_card(rs, state, player, action)


@legal("battle-cm")
def legal_battle_cm(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    options = cm_options(rs, state)
    if rs.options.solitaire:
        return solo_monster_choice(rs, state, options)
    return [a for a, _ in options] + rs.extra_battle_options(state, player, "cm")


def cm_options(rs: Any, state: TombState) -> list[tuple[Any, int]]:
    """The CM's Battle Actions with the Tomb Dice each would roll."""
    from .reacts import monster_card_actions

    out: list[tuple[Any, int]] = []
    for i in ready_monsters(rs, state):
        out.append((MonsterAttack(f"m{i}"), monster_pool(rs, state, i, "attack").count))
        out += monster_card_actions(rs, state, i)
    return out


@implements("tomb.solo.monsters-by-xp", "tomb.solo.monster-most-dice", "tomb.ambiguity.solo-monster-ties")
def solo_monster_choice(rs: Any, state: TombState, options: list[tuple[Any, int]]) -> list[Any]:
    """Solitaire: "Monsters act in order from highest XP to lowest XP. When a Monster has to select
    whether to attack or to use an ability, always select the option that involves the most Tomb Dice
    being rolled."  Ties: the player chooses (player-chooses), or reveal order and attack (attack-first)."""
    raid = state.raid
    assert raid is not None

    def who(a: Any) -> int:
        return monster_index(a.monster if isinstance(a, MonsterAttack) else a.holder) or 0

    ready = sorted({who(a) for a, _ in options})
    if not ready:
        return []
    top = max(rs.cards.crypt[raid.monsters[i].card].xp for i in ready)
    first = [i for i in ready if rs.cards.crypt[raid.monsters[i].card].xp == top]
    if rs.options.solo_monster_ties == "attack-first":
        first = first[:1]
    out = []
    for i in first:
        mine = [(a, n) for a, n in options if who(a) == i]
        most = max(n for _, n in mine)
        best = [a for a, n in mine if n == most]
        if rs.options.solo_monster_ties == "attack-first" and len(best) > 1:
            best = [a for a in best if isinstance(a, MonsterAttack)] or best[:1]
        out += best
    return out


def solo_refusal(rs: Any, state: TombState, options: list[tuple[Any, int]], action: MonsterAttack) -> str:
    """The chart's sentence a Monster's open Attack breaks in Solitaire: "Monsters act in order from
    highest XP to lowest XP" where another Monster acts first; else (the Monster is to act) "always
    select the option that involves the most Tomb Dice being rolled", where its other option rolls more."""
    raid = state.raid
    assert raid is not None
    chosen = solo_monster_choice(rs, state, options)
    idx = monster_index(action.monster)
    mine = [(a, n) for a, n in options if monster_index(a.monster if isinstance(a, MonsterAttack) else a.holder) == idx]
    acts = any(monster_index(a.monster if isinstance(a, MonsterAttack) else a.holder) == idx for a in chosen)
    if acts and max(n for _, n in mine) > next(n for a, n in mine if a == action):
        return "tomb.solo.monster-most-dice"
    return "tomb.solo.monsters-by-xp"


@why("battle-cm")
def why_battle_cm(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    """A Monster's refused Battle Action: in Solitaire, one the chart does not pick; a Monster that is
    dead ("Dead Monster Cards are immediately Banked": it is no longer in the Crypt) or not in the Raid;
    else one that has acted this Round."""
    if rs.options.solitaire and isinstance(action, MonsterAttack):
        options = cm_options(rs, state)
        if action in [a for a, _ in options]:
            return solo_refusal(rs, state, options, action)
    if isinstance(action, MonsterAttack):
        idx = monster_index(action.monster)
        raid = state.raid
        if raid is None or idx is None or not 0 <= idx < len(raid.monsters) or raid.monsters[idx].dead:
            return "tomb.death.dead-monster-banked"
    return "tomb.combat.act-once-per-round"


@task("attack-target", DECIDE, "tomb.combat.monster-attack-targets", what="who takes the blow")
def apply_attack_target(rs: Any, state: TombState, t: Task, action: Target, player: int) -> TombState:
    idx = monster_index(t.subject or "")
    assert idx is not None
    pool = monster_pool(rs, state, idx, "attack")
    roll = Roll("monster-attack", cm_of(state), pool.dice, pool.auto, subject=t.subject, target=action.character)
    from .reacts import window_task

    state = evolve(pop(state), roll=roll)
    return push(state, window_task(player, "before-monster-attack"),
                Task("roll", roll.player, roll.purpose, rule="tomb.combat.monster-attack-roll"),
                window_task(roll.player, "after-attack-roll"),
                Task("attack-land", roll.player, rule="tomb.combat.monster-attack-roll"))


@legal("attack-target")
def legal_attack_target(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Target(c.name) for c in rs.fighters(state)]


def attack_roll_done(rs: Any, state: TombState, roll: Roll, total: int) -> TombState:
    return state


@implements("tomb.monster.example-sir-guerin")
def can_be_wounded(rs: Any, state: TombState, index: int) -> bool:
    return not state.raid.monsters[index].dead  # type: ignore[union-attr]


def wounds_on(rs: Any, state: TombState, target: str, roll: Roll) -> int:
    """The Wounds a roll inflicts on ``target``: one per success, counting only the colours a
    ``wounds-only-from`` Monster suffers (Sir Guerin: Blue or Red)."""
    succ = roll.successes or (0, 0, 0)
    idx = monster_index(target)
    if idx is not None and state.raid is not None:
        card = rs.cards.crypt[state.raid.monsters[idx].card]
        for e in card.effects:
            if e.kind == "wounds-only-from":
                note("tomb.monster.example-sir-guerin")
                n = sum(succ[COLOUR_INDEX[c]] for c in e.colours)
                return n + (roll.auto if "red" in e.colours else 0)
    return sum(succ) + roll.auto


@task("attack-land", AUTO, "tomb.combat.monster-attack-roll")
@implements("tomb.combat.monster-attack-roll", "tomb.combat.character-attack-roll", "tomb.combat.character-attack-applied",
            "tomb.combat.wounded", "tomb.ambiguity.overkill")
def run_attack_land(rs: Any, state: TombState, t: Task) -> TombState:
    """"inflicting one Wound for each success on the Target" (Monster or Character).  Excess Wounds
    are lost (no-spill) or pass to other targets the attacked side's player places (spill)."""
    state = pop(state)
    roll = state.roll
    if roll is None:
        return state
    state = evolve(state, roll=None)
    target = roll.target or ""
    n = wounds_on(rs, state, target, roll)
    idx = monster_index(target)
    if idx is not None:
        if state.raid is None or state.raid.monsters[idx].dead:
            return state
        m = state.raid.monsters[idx]
        excess = max(n - max(monster_hp(rs, state, idx) - m.wounds, 0), 0)
        state = monster_suffers(rs, state, idx, n)
        if excess and rs.options.overkill == "spill":
            state = push(state, *assign_tasks(raider_of(state), excess, "monsters", "tomb.ambiguity.overkill"))
        return state
    owner = state.owner_of(target)
    if owner is None:
        return state
    if n > 0:
        note("tomb.combat.wounded")
    return push(state, *wounds_then_death(owner, target, n, "tomb.combat.monster-attack-roll"))


# The Raiding Player's Battle Actions ------------------------------------------------------------------------

@task("battle-raider", DECIDE, "tomb.combat.character-attack-targets", what="a Character's Battle Action")
@implements("tomb.combat.character-attack-targets", "tomb.combat.character-special-uses-action",
            "tomb.combat.character-special-not-attack", "tomb.combat.character-special-actions",
            "tomb.play.battle-cards-in-crypt", "tomb.play.battle-card-uses-action", "tomb.flee.battle-action-only")
def apply_battle_raider(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"Attack. The Raiding Player selects a Character for the Combat Action and a Target Monster";
    a special Battle Action or Battle card; or Flee."""
    if rs.is_extra_battle_action(action):
        return rs.apply_extra_battle(state, player, action, "raider")
    state = flip(pop(state))
    if isinstance(action, Flee):
        name = next(n for n in ready_characters(rs, state) if rs.may_flee(state, n))
    else:
        name = action.character if isinstance(action, Attack) else action.holder
    owner = state.owner_of(name)
    assert owner is not None
    ch = state.parties[owner].character(name)
    assert ch is not None
    state = update_character(state, owner, name, actions=ch.actions + 1)
    if isinstance(action, Flee):
        return rs.flee(state, player)
    if isinstance(action, Attack):
        pool = character_pool(rs, state, owner, name, "attack")
        roll = Roll("character-attack", owner, pool.dice, pool.auto, subject=name, target=action.monster)
        return start_roll(state, roll, __window(roll.player),
                          Task("attack-land", roll.player, rule="tomb.combat.character-attack-applied"))
    from .reacts import apply_battle_card

    return apply_battle_card(rs, state, owner, action)


def __window(player: int) -> Task:
    from .reacts import window_task

    return window_task(player, "after-attack-roll")


#: the Flee Battle Action, one value (frozen: shared by every list that offers it)
FLEE = Flee()


@legal("battle-raider")
def legal_battle_raider(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    out: list[Any] = []
    ready = [n for n in ready_characters(rs, state) if rs.controls(state, player, n)]
    live = [f"m{i}" for i in live_monsters(state)]
    for name in ready:
        out += [Attack(name, m) for m in live]
    if any(rs.may_flee(state, name) for name in ready):
        out.append(FLEE)
    from .reacts import battle_card_actions

    out += battle_card_actions(rs, state, player, ready)
    return out + rs.extra_battle_options(state, player, "raider")


def may_flee(rs: Any, state: TombState, name: str) -> bool:
    return True


@why("battle-raider")
def why_battle_raider(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    if isinstance(action, Attack) and action.character in [c.name for c in rs.fighters(state)]:
        return "tomb.combat.act-once-per-round"
    if isinstance(action, Flee):
        return "tomb.flee.battle-action-only"
    if isinstance(action, UseCard):
        return "tomb.actions.meet-requirements"
    return "tomb.combat.character-attack-targets"


@implements("tomb.flee.during-combat", "tomb.flee.immediately-to-inn", "tomb.flee.remaining-cards-returned",
            "tomb.flee.monster-inn-cards-discarded", "tomb.flee.monster-wounds-removed", "tomb.flee.not-a-move",
            "tomb.flee.turn-ends")
def flee(rs: Any, state: TombState, player: int) -> TombState:
    """"Flee. The Raiding Player may choose to immediately return the Adventuring Party to the Inn.
    All remaining Monster and Treasure Cards are returned face down into the Crypt. Any Inn Cards drawn
    for the Monsters or other special effects are discarded, and any Wounds inflicted on the Monsters
    are removed."  (Not a Move.)  At the Inn the Player may Bank; his turn ends."""
    from .treasure import arrive_at_inn

    note("tomb.flee.immediately-to-inn")
    state = abort_raid(rs, state, "fled")
    state = state.with_party(player, location=INN)
    return arrive_at_inn(rs, state, player)
