"""Variants: Overlords (a paragon of evil in one crypt, whose wounds last, whose death ends the game) and
Player vs. Player (no Inn once in the Tomb, meeting parties fight, the kill action, elimination).
"""

from __future__ import annotations

from typing import Any

from ...effects import TURN, Effect, add, discard, find
from ...tomb.actions import Attack, Done, Flee, Kill, MoveTo, Pass, SpendBank, Target
from ...tomb.board import INN
from ...tomb.rules.agenda import AUTO, DECIDE, legal, pop, push, task, why
from ...tomb.rules.death import discard_cards, offer_cards
from ...tomb.rules.rolling import character_pool
from ...tomb.rules.standard_actions import move_targets, start_roll
from ...tomb.state import Monster, Roll, Task, TombState, evolve
from ...options import by_reading
from ...traceability import implements, note
from . import REGISTRY
from .turn import card_xp, claim_cards

PVP_FLEE = 20
#: the effect marking an overlord already revealed once (first-reveal-only)
OVERLORD_REVEALED = "overlord-revealed"


# Overlords ---------------------------------------------------------------------------------------------------

def new_monster(rs: Any, state: TombState, name: str) -> Monster:
    """A revealed Monster; the Overlord comes with the Wounds and cards it kept."""
    if state.overlord is not None and name == state.overlord:
        return Monster(name, state.overlord_wounds, state.overlord_attached)
    return Monster(name)


@implements("cryptmaster.ambiguity.overlord-reveal-each-raid")
def persist_monster(rs: Any, state: TombState, m: Monster) -> TombState:
    """The overlord back in its crypt keeps its Wounds and cards; under first-reveal-only it is also marked
    as revealed once, so that it draws and resolves nothing on its later reveals."""
    state = evolve(state, overlord_wounds=m.wounds, overlord_attached=m.attached)
    if find(state.effects, OVERLORD_REVEALED) is not None:
        return state
    marked = evolve(state, effects=add(state.effects, Effect(OVERLORD_REVEALED,
                                                             "cryptmaster.ambiguity.overlord-reveal-each-raid",
                                                             until="game", subject=m.card)))
    return by_reading(rs.options, "overlord_reveal", {"every-raid": state, "first-reveal-only": marked})


@implements("cryptmaster.ambiguity.overlord-reveal-each-raid", "cryptmaster.monster.reveal-effects")
def reveal_effects(rs: Any, state: TombState, m: Monster) -> bool:
    """Whether revealed monster ``m`` draws its spell or prayer and resolves its revealed effects: every
    monster does, and the overlord again at every raid of its crypt (every-raid), or only the first time
    it is revealed (first-reveal-only: it then carries the marker persist_monster left)."""
    if state.overlord is None or m.card != state.overlord or find(state.effects, OVERLORD_REVEALED) is None:
        return True
    return by_reading(rs.options, "overlord_reveal", {"every-raid": True, "first-reveal-only": False})


@implements("cryptmaster.overlord.game-ends-on-defeat", "cryptmaster.death.monster-dies")
def kill_monster(rs: Any, state: TombState, index: int) -> TombState:
    """A dead Monster goes to the raider's XP bank, its attached cards discarded; a dead Overlord ends
    the game (at the upkeep) and pays each mercenary's player 5 XP."""
    from ...tomb.rules.death import kill_monster as tomb_kill

    raid = state.raid
    assert raid is not None
    m = raid.monsters[index]
    state = tomb_kill(rs, state, index)
    if state.overlord is not None and m.card == state.overlord:
        note("cryptmaster.overlord.game-ends-on-defeat")
        state = evolve(state, raid=evolve(state.raid, overlord_killed=True), overlord_wounds=0,
                             overlord_attached=())
        state = evolve(state, effects=add(state.effects, Effect("overlord-defeated", "cryptmaster.overlord.game-ends-on-defeat",
                                                                     until="game")))
    return state


# Player vs. Player ----------------------------------------------------------------------------------------------

@implements("cryptmaster.pvp.no-return-to-inn", "cryptmaster.pvp.inn-effects-move-20", "cryptmaster.pvp.flee-20",
            "cryptmaster.ambiguity.pvp-twenty-spaces")
def move_twenty(rs: Any, state: TombState, player: int) -> TombState:
    """"Once a party enters the Tomb, it may never return to the Inn for any reason. Effects that would
    send a party to the Inn instead move the party up to 20 spaces away from its current location."""
    return push(state, Task("move-20", player, rule="cryptmaster.pvp.inn-effects-move-20"))


def twenty_targets(rs: Any, state: TombState, player: int) -> list[str]:
    start = state.parties[player].location
    dist = rs.distances(state, player, start)
    return sorted((n for n, d in dist.items() if 0 < d <= PVP_FLEE and n != INN), key=lambda n: (dist[n], rs.board.order(n)))


@task("move-20", DECIDE, "cryptmaster.pvp.inn-effects-move-20", what="up to 20 spaces away", registry=REGISTRY)
def apply_move_twenty(rs: Any, state: TombState, t: Task, action: MoveTo, player: int) -> TombState:
    return rs.arrive(pop(state).with_party(player, location=action.to), player)


@legal("move-20", registry=REGISTRY)
def legal_move_twenty(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [MoveTo(n) for n in twenty_targets(rs, state, player)]


@implements("cryptmaster.pvp.meeting-attacks", "cryptmaster.pvp.card-effect-only", "cryptmaster.ambiguity.pvp-meeting",
            "cryptmaster.combat.pvp-sides")
def arrive(rs: Any, state: TombState, player: int) -> TombState:
    """"A party ending its movement at the same location within the Tomb as another party attacks the
    other party" (PvP only; otherwise parties fight only by a card effect)."""
    if not rs.options.pvp or state.raid is not None:
        return state
    where = state.parties[player].location
    if where == INN:
        return state
    others = [q for q, p in enumerate(state.parties) if q != player and p.location == where and p.characters and not p.out]
    if not others:
        return state
    return push(state, Task("pvp-meet", player, items=tuple(str(q) for q in others), rule="cryptmaster.pvp.meeting-attacks"))


@task("pvp-meet", DECIDE, "cryptmaster.pvp.meeting-attacks", what="which party to attack", registry=REGISTRY)
def apply_pvp_meet(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    state = pop(state)
    if isinstance(action, Pass):
        return state
    defender = int(action.character)
    return start_pvp(rs, state, player, defender)


@legal("pvp-meet", registry=REGISTRY)
def legal_pvp_meet(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    out: list[Any] = [Target(q) for q in t.items]
    if rs.options.pvp_meeting == "optional":
        out.append(Pass())
    return out


@implements("cryptmaster.combat.attacker-defender", "cryptmaster.defs.enemy-pvp")
def start_pvp(rs: Any, state: TombState, attacker: int, defender: int) -> TombState:
    state = _reset(state, attacker, defender)
    state = evolve(state, effects=add(state.effects, Effect("pvp-combat", "cryptmaster.death.pillage-pile", until=TURN,
                                                                 player=attacker, value=defender, subject="defender")))
    return push(state, Task("pvp", attacker, str(defender), rule="cryptmaster.combat.pvp-pillage"))


def _reset(state: TombState, *players: int) -> TombState:
    for p in players:
        party = state.parties[p]
        if any(c.actions for c in party.characters):      # (else the Party keeps its very Characters)
            state = state.with_party(p, characters=tuple(evolve(c, actions=0) if c.actions else c
                                                         for c in party.characters))
    return state


#: the pvp-combat effect's subject once a side fled: "fled", the defender; "attacker-fled", the attacker
FLED = ("fled", "attacker-fled")


def _pvp(state: TombState) -> Effect | None:
    return next((e for e in state.effects if e.name == "pvp-combat"), None)


@task("pvp", AUTO, "cryptmaster.combat.pvp-pillage", registry=REGISTRY)
@implements("cryptmaster.ambiguity.pvp-fled-defender", "cryptmaster.combat.round-begins", "cryptmaster.combat.defender-acts", "cryptmaster.combat.attacker-acts",
            "cryptmaster.combat.alternate-until", "cryptmaster.combat.next-round", "cryptmaster.battle.one-per-round")
def run_pvp(rs: Any, state: TombState, t: Task) -> TombState:
    """Combat Sequence: a defender that has not acted acts, then an attacker, repeating until no one can
    act or a side is gone; then a new round."""
    e = _pvp(state)
    attacker, defender = t.player, int(t.subject or "0")
    assert attacker is not None
    if e is None:
        return pop(state)
    a_chars, d_chars = state.parties[attacker].characters, state.parties[defender].characters
    if not a_chars or not d_chars or e.subject in FLED:
        # a fled attacker leaves the living defenders, who claim the pillage ("Otherwise, the defender
        # claims all pillage"); a fled defender leaves no defenders (left-combat: the attacker claims) or
        # still defends (still-defending: his living characters claim it)
        fled_gone = e.subject == "fled" and rs.options.pvp_fled == "left-combat"
        return end_pvp(rs, pop(state), attacker, defender, defenders_left=bool(d_chars) and not fled_gone)
    side = e.items[0] if e.items else "defender"
    ready = {p: [c.name for c in state.parties[p].characters if c.actions < 1] for p in (attacker, defender)}
    actor = defender if side == "defender" else attacker
    if not ready[actor]:
        actor = attacker if actor == defender else defender
    if not ready[actor]:
        if not any(x.name == "battled" for x in state.effects) and any(x.name == "passed" for x in state.effects):
            return end_pvp(rs, pop(state), attacker, defender, defenders_left=True)     # a stalemate
        state = _reset(state, attacker, defender)
        state = evolve(state, effects=tuple(x for x in state.effects if x.name not in ("battled", "passed")))
        return _side(state, "defender")
    state = _side(state, "attacker" if actor == defender else "defender")
    return push(state, Task("pvp-act", actor, items=(str(attacker), str(defender)), rule="cryptmaster.combat.defender-acts"))


def _side(state: TombState, side: str) -> TombState:
    e = _pvp(state)
    assert e is not None
    return evolve(state, effects=tuple(evolve(x, items=(side,)) if x is e else x for x in state.effects))


@task("pvp-act", DECIDE, "cryptmaster.combat.defender-acts", what="a battle action", registry=REGISTRY)
@implements("cryptmaster.attack.choose-attacker", "cryptmaster.attack.victim-picks-target", "cryptmaster.flee.not-cm")
def apply_pvp_act(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    from ...tomb.rules.wounds import update_character

    state = pop(state)
    attacker, defender = int(t.items[0]), int(t.items[1])
    enemy = defender if player == attacker else attacker
    ready = [c.name for c in state.parties[player].characters if c.actions < 1]
    name = action.character if isinstance(action, Attack) else ready[0]
    ch = state.parties[player].character(name)
    assert ch is not None
    state = update_character(state, player, name, actions=ch.actions + 1)
    if isinstance(action, Pass):
        return evolve(state, effects=add(state.effects, Effect("passed", "cryptmaster.ambiguity.combat-passing",
                                                                     until=TURN, player=player)))
    state = evolve(state, effects=add(state.effects, Effect("battled", "cryptmaster.combat.alternate-until",
                                                                 until=TURN, player=player)))
    if isinstance(action, Flee):
        note("cryptmaster.pvp.flee-20")
        e = _pvp(state)
        fled = "fled" if player == defender else "attacker-fled"
        state = evolve(state, effects=tuple(evolve(x, subject=fled) if x is e else x for x in state.effects))
        return move_twenty(rs, state, player)
    return push(state, Task("pvp-target", enemy, name, items=(str(player),), rule="cryptmaster.attack.victim-picks-target"))


@legal("pvp-act", registry=REGISTRY)
def legal_pvp_act(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    attacker, defender = int(t.items[0]), int(t.items[1])
    enemy = defender if player == attacker else attacker
    ready = [c.name for c in state.parties[player].characters if c.actions < 1]
    out: list[Any] = [Attack(n, f"p{enemy}") for n in ready]
    out.append(Flee())
    if rs.options.combat_passing == "may-pass":
        out.append(Pass())
    return out


@why("pvp-act", registry=REGISTRY)
def why_pvp_act(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    """The rule a refused battle action breaks: a pass where one must act (combat-passing = must-act); an
    Attack by no member of the party ("Choose a party member ... to attack"), on a party not the other
    side ("the player initiating the attack is the attacker, and the other player is the defender"), or
    by a character that has used its battle action this round (the side's step: "that has not yet used a
    battle action during this combat round")."""
    attacker, defender = int(t.items[0]), int(t.items[1])
    enemy = defender if player == attacker else attacker
    if isinstance(action, Pass):
        return "cryptmaster.ambiguity.combat-passing"
    if isinstance(action, Attack):
        if state.parties[player].character(action.character) is None:
            return "cryptmaster.attack.choose-attacker"
        if action.monster != f"p{enemy}":
            return "cryptmaster.combat.pvp-sides"
    if player == attacker:
        return "cryptmaster.combat.attacker-acts"
    return "cryptmaster.combat.defender-acts"


@task("pvp-target", DECIDE, "cryptmaster.attack.victim-picks-target", what="who takes the blow", registry=REGISTRY)
def apply_pvp_target(rs: Any, state: TombState, t: Task, action: Target, player: int) -> TombState:
    hitter = int(t.items[0])
    pool = character_pool(rs, state, hitter, t.subject or "", "attack")
    roll = Roll("character-attack", hitter, pool.dice, pool.auto, subject=t.subject, target=action.character)
    from ...tomb.rules.reacts import window_task

    return start_roll(pop(state), roll, window_task(hitter, "after-attack-roll"),
                      Task("attack-land", hitter, rule="cryptmaster.attack.wounds"))


@legal("pvp-target", registry=REGISTRY)
def legal_pvp_target(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Target(c.name) for c in state.parties[player].characters]


@implements("cryptmaster.combat.pvp-pillage", "cryptmaster.ambiguity.pvp-pillage-claim", "cryptmaster.ambiguity.pillage-term")
def end_pvp(rs: Any, state: TombState, attacker: int, defender: int, *, defenders_left: bool) -> TombState:
    """"During PvP Combat — If there are no defenders, the attacker claims all pillage. Otherwise, the
    defender claims all pillage" (like-pickpocket: treasures and curses attached, Inn cards to hand)."""
    claimer = defender if defenders_left else attacker
    pillage = state.pillage
    state = evolve(state, pillage=(), effects=discard(state.effects, "pvp-combat", "battled", "passed"))
    state = _reset(state, attacker, defender)
    return claim_pillage(rs, state, claimer, pillage)


def claim_pillage(rs: Any, state: TombState, claimer: int, pillage: tuple[str, ...]) -> TombState:
    """The pillage pile claimed by ``claimer`` (unclaimed, it waits for Cleanup when his party is empty)."""
    if not pillage or not state.parties[claimer].characters:
        return evolve(state, pillage=pillage)           # unclaimed: discarded at Cleanup
    if rs.options.pvp_claim == "like-pickpocket":
        return claim_cards(rs, state, claimer, pillage)
    # hand: every claimed card goes to the hand, the treasures excepted (a treasure is never in a hand)
    treasures = tuple(c for c in pillage if not rs.cards.is_inn(c) and rs.cards.crypt[c].type == "treasure")
    hand = tuple(c for c in pillage if c not in treasures)
    state = state.with_party(claimer, hand=tuple(sorted((*state.parties[claimer].hand, *hand))))
    return offer_cards(rs, state, claimer, treasures)


#: the XP tokens of a bank (``Party.bank_xp``), as a :class:`SpendBank` names them
XP_TOKENS = "xp-tokens"
#: "Discard at least 10 XP from your bank"
KILL_PRICE = 10


@implements("cryptmaster.pvp.kill-for-xp", "cryptmaster.ambiguity.pvp-kill-action")
def kill_options(rs: Any, state: TombState, player: int) -> list[Kill]:
    """"Turn: Discard at least 10 XP from your bank: Kill a character in the Tomb" (any character on the
    Tomb board; the bank worth 10 XP or more).  The banked cards discarded are the player's decisions
    after it (``kill-pay``): a Kill names none."""
    if state.parties[player].location == INN or bank_worth(rs, state, player) < KILL_PRICE:
        return []
    return [Kill(c.name) for q, p in enumerate(state.parties) if p.location != INN and not p.out
            for c in p.characters]


def bank_worth(rs: Any, state: TombState, player: int) -> int:
    """What the bank's XP tokens and cards of positive XP come to."""
    party = state.parties[player]
    return party.bank_xp + sum(max(card_xp(rs, c), 0) for c in party.bank)


def apply_kill(rs: Any, state: TombState, player: int, action: Kill) -> TombState:
    """The Kill is announced; the player now discards banked cards, one at a time (``kill-pay``)."""
    return push(state, Task("kill-pay", player, action.character, rule="cryptmaster.pvp.kill-for-xp"))


@task("kill-pay", DECIDE, "cryptmaster.pvp.kill-for-xp", what="discard banked XP for the Kill", registry=REGISTRY)
@implements("cryptmaster.pvp.kill-for-xp", "cryptmaster.ambiguity.pvp-kill-action")
def apply_kill_pay(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"Discard at least 10 XP from your bank": whole cards, each of the player's choosing (its XP counted
    whole: whole-cards-any-target), or the XP tokens, as many as are still wanting; Done once 10 XP or
    more are discarded, and the character is killed (its cards discarded: it is not PvP combat)."""
    if isinstance(action, Done):
        state = pop(state)
        owner = state.owner_of(t.subject or "")
        assert owner is not None
        note("cryptmaster.pvp.kill-for-xp")
        return kill_for_xp(rs, state, player, owner, t.subject or "")
    party = state.parties[player]
    if action.card == XP_TOKENS:
        spent = min(party.bank_xp, KILL_PRICE - t.value)
        state = state.with_party(player, bank_xp=party.bank_xp - spent)
    else:
        bank = list(party.bank)
        bank.remove(action.card)
        spent = card_xp(rs, action.card)
        state = discard_cards(rs, state.with_party(player, bank=tuple(bank)), (action.card,))
    return evolve(state, agenda=(evolve(t, value=t.value + spent, items=(*t.items, action.card)), *state.agenda[1:]))


@implements("cryptmaster.ambiguity.pvp-kill-action", "cryptmaster.death.pillage-pile")
def kill_for_xp(rs: Any, state: TombState, killer: int, owner: int, name: str) -> TombState:
    """The Kill's victim dies: its attached cards are discarded with it (whole-cards-any-target: it is not
    PvP combat), or go to the pillage pile as in PvP combat (pillage), the killer the attacker and the
    victim's player the defender: "If there are no defenders, the attacker claims all pillage. Otherwise,
    the defender claims all pillage."  A borrowed mercenary goes home with its cards under both."""
    from ...tomb.rules.wounds import update_character

    victim = state.parties[owner].character(name)
    if victim is None or victim.owner is not None or not victim.attached:
        return rs.kill_character(state, owner, name)
    if by_reading(rs.options, "pvp_kill", {"whole-cards-any-target": False, "pillage": True}):
        note("cryptmaster.death.pillage-pile")
        pillage = tuple(sorted((*state.pillage, *victim.attached)))
        state = rs.kill_character(update_character(state, owner, name, attached=()), owner, name)
        claimer = owner if state.parties[owner].characters else killer
        return claim_pillage(rs, evolve(state, pillage=()), claimer, pillage)
    return rs.kill_character(state, owner, name)


@legal("kill-pay", registry=REGISTRY)
def legal_kill_pay(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    """Each banked card of positive XP (one of each name), the XP tokens while under 10, Done at 10 or more."""
    party = state.parties[player]
    out: list[Any] = [SpendBank(c) for c in sorted(set(party.bank)) if card_xp(rs, c) > 0]
    if party.bank_xp and t.value < KILL_PRICE:
        out.append(SpendBank(XP_TOKENS))
    if t.value >= KILL_PRICE:
        out.append(Done())
    return out
