"""The worked examples of the Tomb rulebook, replayed through the reference model.

Each replay builds the situation an example describes (the rulebook prints no board and no cards:
the shipped example card set holds every card it quotes) and plays the example's rolls and choices
through ``step``; it returns ``(matches, detail)``.  "Example of Play: Into the Crypt" is replayed step
by step, each of its catalog entries checking the state the text describes at that point.  The tests
assert every example matches; ``tombspec check`` reports a mismatch as a finding.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from tombspec.model.chance import Deck
from tombspec.model.errors import IllegalAction
from tombspec.model.tomb import Tomb
from tombspec.model.tomb.actions import (Announce, Attack, Bank, Continue, Defend, Disarm, Draw, Give, MonsterAttack,
                                         Pass, Pickpocket, Raid, Reroll, Roll, Steal, Target, UseCard, AssignWound,
                                         Attach, Keep)
from tombspec.model.tomb.cards import INN_DECKS
from tombspec.model.tomb.rules.agenda import Task
from tombspec.model.tomb.rules.cards import character_hp, find_usable
from tombspec.model.tomb.rules.rolling import character_pool, dice_count, monster_pool
from tombspec.model.tomb.rules.end import banked_xp
from tombspec.model.tomb.rules.turn import advance
from tombspec.model.tomb.state import Character, Crypt, Hidden, Party, TombState

#: a one-Crypt board: the Tomb entrance, the Crypt Door, one Hallway Space beside the Crypt
ONE_CRYPT = ["#####", "#EA.#", "##aa#", "#####"]
#: two Crypts, so that emptying the first does not end the game
TWO_CRYPTS = ["#######", "#EA.B.#", "##aabb#", "#######"]


def example_board(rows: list[str] | None = None, capacity: int = 5, cm: str = "L", cards: str = "example",
                  crypts: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Board data for a replay (the board file format, docs/tomb-components.md)."""
    return {"format": 1, "game": "tomb", "cards": cards,
            "board": {"name": "example", "rows": rows or ONE_CRYPT},
            "crypts": crypts or [{"id": "a", "capacity": capacity, "cm": cm}]}


def ruleset(players: int = 3, board: dict[str, Any] | None = None, **options: Any) -> Tomb:
    return Tomb({"players": players, **options}, board=board or example_board())


def scenario(rs: Tomb, parties: list[dict[str, Any]], crypts: dict[str, list[str]] | None = None, *,
             current: int = 0, inn: tuple[str, ...] = ()) -> TombState:
    """A state at the start of ``current``'s turn (after the first turns): each Party from
    ``{"characters": [name or (name, attached, wounds)], "location": ..., "hand": [...], "bank": [...]}``,
    each Crypt's face-down cards; every other card in its deck, every other Character in the Pool."""
    cards = rs.cards
    used_inn: list[str] = []
    used_crypt: list[str] = []
    used_people: list[str] = list(inn)
    built = []
    for spec in parties:
        chars = []
        for c in spec.get("characters", []):
            name, attached, wounds = (c, (), 0) if isinstance(c, str) else (c[0], tuple(c[1]), c[2] if len(c) > 2 else 0)
            chars.append(Character(name, wounds, attached))
            used_people.append(name)
            for a in attached:
                (used_inn if a in cards.inn else used_crypt).append(a)
        hand = tuple(sorted(spec.get("hand", ())))
        bank = tuple(sorted(spec.get("bank", ())))
        used_inn += list(hand)
        used_crypt += [b for b in bank if b in cards.crypt]
        built.append(Party(tuple(chars), spec.get("location", "inn"), hand, bank))
    crypt_state = []
    for cid in sorted(rs.board.crypts):
        held = (crypts or {}).get(cid, [])
        used_crypt += held
        crypt_state.append(Crypt(cid, tuple(Hidden(c) for c in held)))
    decks = []
    for d in INN_DECKS:
        counts = cards.deck_counts(d) if d in rs.inn_decks else {}
        for c in used_inn:
            if c in counts:
                counts[c] -= 1
        decks.append(Deck.of(counts))
    crypt_counts = cards.crypt_counts()
    for c in used_crypt:
        crypt_counts[c] -= 1
    pool = Deck.of({n: 1 for n in cards.characters if n not in used_people})
    n = rs.num_players
    state = TombState(agenda=(Task("turn-start", current),), current=current, parties=tuple(built),
                      crypts=tuple(crypt_state), pool=pool, decks=tuple(decks), crypt_deck=Deck.of(crypt_counts),
                      inn=tuple(sorted(inn)), discards=tuple(Deck() for _ in INN_DECKS), first_player=0,
                      order_rolls=(0,) * n, turn=n, levels=(1,) * n, tally=(0,) * n)
    return advance(rs, state)


class Replay:
    """Steps through a scenario, remembering the first step the model refused."""

    def __init__(self, rs: Tomb, state: TombState):
        self.rs, self.state = rs, state
        self.error: str | None = None
        self.log: list[str] = []

    def __call__(self, *actions: Any) -> "Replay":
        for a in actions:
            if self.error is not None:
                return self
            pending = self.rs.pending(self.state)
            player = None if pending.is_chance else (pending.actors[0] if len(pending.actors) == 1 else None)
            if player is None and pending.is_decision:
                player = next((p for p in pending.actors if a in self.rs.legal_actions(self.state, p)), pending.actors[0])
            try:
                self.state = self.rs.step(self.state, a, player)
                self.log.append(f"{a}")
            except IllegalAction as exc:
                self.error = f"refused {a!r} at {self.state.task}: {exc.rule_id}: {exc.message}"
        return self

    def window(self, target: str | None = None, trigger: str | None = None, limit: int = 20) -> "Replay":
        """Pass React windows until one for ``target`` (or of ``trigger``) is next."""
        for _ in range(limit):
            t = self.state.task
            if self.error is not None or t is None or t.kind != "window":
                return self
            if (target is None or t.card == target) and (trigger is None or t.subject == trigger):
                return self
            self(Pass())
        return self

    def until(self, kind: str, limit: int = 20) -> "Replay":
        """Pass every React window until the head task is ``kind``."""
        for _ in range(limit):
            t = self.state.task
            if self.error is not None or t is None or t.kind == kind:
                return self
            if t.kind == "window":
                self(Pass())
            else:
                return self
        return self

    @property
    def s(self) -> TombState:
        return self.state


def _check(claims: list[tuple[bool, str]], replay: Replay | None = None) -> tuple[bool, str]:
    if replay is not None and replay.error:
        return False, replay.error
    failed = [text for ok, text in claims if not ok]
    return (not failed), ("; ".join(failed) if failed else "; ".join(text for _, text in claims))


# The Pickpocket example --------------------------------------------------------------------------------

def pickpocket() -> tuple[bool, str]:
    """"Player One rolls Skill Dice equal to Dread's Skill Trait (two Green, two Blue, and two Red), and
    rolls three successes. Player Two selects Captain Dukat with one Green, three Blue and one Red Skill
    Dice. Player Two rolls only two successes. Dread rolls more successes than Captain Dukat, allowing
    him to successfully Pickpocket an Item Card"."""
    board = example_board(["#######", "#E...A#", "#####a#", "#######"])
    rs = ruleset(2, board)
    s = scenario(rs, [{"characters": ["Dread"], "location": "2,1"},
                      {"characters": ["Captain Dukat", ("Grimbold", ["Battle Axe"])], "location": "4,1"}],
                 {"a": ["Giant Rat"]})
    dread = character_pool(rs, s, 0, "Dread", "skill").dice
    dukat = character_pool(rs, s, 1, "Captain Dukat", "skill").dice
    r = Replay(rs, s)(Pickpocket(), Steal("Dread", 1, "Grimbold", "Battle Axe"), Defend("Captain Dukat"),
                      Roll(1, 1, 1), Roll(0, 2, 0))
    return _check([(dread == (2, 2, 2), f"Dread rolls {dread} Skill dice (2 green, 2 blue, 2 red)"),
                   (dukat == (1, 3, 1), f"Captain Dukat rolls {dukat} (1 green, 3 blue, 1 red)"),
                   ("Battle Axe" in (r.s.party(0).character("Dread") or Character("")).attached,
                    "three successes beat two: the Item is stolen and Attached to Dread")], r)


# The Trap example -------------------------------------------------------------------------------------

def _trap(skill_successes: int) -> Replay:
    rs = ruleset(2)
    s = scenario(rs, [{"characters": ["Lady Eryne", "Grimbold", "Kadin"], "location": "2,1"}, {"characters": ["Wren"]}],
                 {"a": ["Pit of Spikes"]})
    return Replay(rs, s)(Raid()).until("trap-announce")(Announce("Pit of Spikes"), Disarm(("Lady Eryne",)),
                                                         Roll(0, skill_successes, 0))


def trap_card() -> tuple[bool, str]:
    """"Characters: 1 Disarm: Skill 3 Failure: Each Character in the Raiding Party suffers one Wound"
    (the shipped Trap 'Pit of Spikes' is this card)."""
    rs = ruleset(2)
    c = rs.cards.crypt["Pit of Spikes"]
    return _check([(c.characters == 1, f"Characters: {c.characters}"), (c.disarm == (("skill", 3),), f"Disarm: {c.disarm}"),
                   (c.failure is not None and (c.failure.kind, c.failure.value) == ("wound-each", 1),
                    "Failure: each Character suffers one Wound")])


def trap_one_disarmer() -> tuple[bool, str]:
    """"Only one Character may Disarm this trap." (two are refused)"""
    rs = ruleset(2)
    s = scenario(rs, [{"characters": ["Lady Eryne", "Grimbold"], "location": "2,1"}, {"characters": ["Wren"]}],
                 {"a": ["Pit of Spikes"]})
    r = Replay(rs, s)(Raid()).until("trap-announce")(Announce("Pit of Spikes"))
    try:
        rs.step(r.s, Disarm(("Lady Eryne", "Grimbold")), 0)
        return False, "two Characters were allowed to disarm a 'Characters: 1' Trap"
    except IllegalAction as exc:
        legal = rs.legal_actions(r.s, 0)
        return _check([(all(len(a.characters) == 1 for a in legal), f"the choices are single Characters: {legal}"),
                       (exc.rule_id == "tomb.trap.example-one-disarmer", f"refused by {exc.rule_id}")], r)


def trap_disarm_roll() -> tuple[bool, str]:
    """"... successfully Disarms the Trap if three or more successes are rolled." (and banks it)"""
    r = _trap(3)
    return _check([("Pit of Spikes" in r.s.party(0).bank, "three successes: the Trap is disarmed and Banked"),
                   (all(c.wounds == 0 for c in r.s.party(0).characters), "no Wounds")], r)


def trap_failure() -> tuple[bool, str]:
    """"If he fails, each member of his party suffers one Wound each." (and the Trap is discarded)"""
    r = _trap(2)
    wounds = [c.wounds for c in r.s.party(0).characters]
    return _check([(wounds == [1, 1, 1], f"each Character has one Wound: {wounds}"),
                   (r.s.crypt_discard.count("Pit of Spikes") == 1, "the Trap is in the Crypt discard pile")], r)


# Example cards ------------------------------------------------------------------------------------------

def komodo() -> tuple[bool, str]:
    """Komodo: "Reveal this Card when the first Trap in this Crypt is announced. All Traps in this Crypt
    gain +1 TN to disarm." (two successes no longer disarm a TN-2 Trap)"""
    rs = ruleset(2)
    s = scenario(rs, [{"characters": ["Lady Eryne"], "location": "2,1"}, {"characters": ["Wren"]}],
                 {"a": ["Komodo", "Wards of Peril"]})
    r = Replay(rs, s)(Raid()).until("trap-announce")(Announce("Wards of Peril"))
    early = r.s.raid.early if r.s.raid else ()
    r(Disarm(("Lady Eryne",)), Roll(0, 2, 0))
    return _check([(early == ("Komodo",), f"Komodo is revealed with the first Trap: {early}"),
                   ("Wards of Peril" not in r.s.party(0).bank, "two successes fail against TN 2 + 1")], r)


def sir_guerin() -> tuple[bool, str]:
    """Sir Guerin: "only suffers wounds from Blue or Red dice." (green hits do nothing)"""
    rs = ruleset(2)
    s = scenario(rs, [{"characters": ["Bram Oakenshield"], "location": "2,1"}, {"characters": ["Wren"]}],
                 {"a": ["Sir Guerin"]})
    r = Replay(rs, s)(Raid()).until("monster-continue")(Continue()).until("battle-cm")
    r(MonsterAttack("m0"), Target("Bram Oakenshield")).until("roll")(Roll(0, 0, 0)).until("battle-raider")
    r(Attack("Bram Oakenshield", "m0"), Roll(1, 0, 1)).until("battle-cm")
    w = r.s.raid.monsters[0].wounds if r.s.raid else -1
    return _check([(w == 1, f"one green and one red hit: Sir Guerin suffers {w} Wound (only the red)")], r)


def elithe() -> tuple[bool, str]:
    """Elithe: "When revealed, make a contested Skill vs. Skill roll against a Character in the Raiding
    Party (Raiding Player's choice). If successful, the Raiding Party must give one attached Treasure to
    another Party."""
    rs = ruleset(2)
    s = scenario(rs, [{"characters": [("Grimbold", ["Golden Chalice"])], "location": "2,1"},
                      {"characters": ["Wren"]}], {"a": ["Elithe"]})
    r = Replay(rs, s)(Raid()).until("monster-continue")(Continue(), Target("Grimbold"), Roll(1, 1, 0), Roll(0, 0, 0),
                                                         Give("Golden Chalice", 1), Attach("Golden Chalice", "Wren"))
    given = (r.s.party(1).character("Wren") or Character("")).attached
    return _check([("Golden Chalice" in given, "Elithe won the contest: the Treasure went to the other Party")], r)


def darkhelm() -> tuple[bool, str]:
    """Darkhelm: "When revealed, draw one Inn Card from each deck and attach them to Darkhelm."""
    rs = ruleset(2)
    s = scenario(rs, [{"characters": ["Grimbold"], "location": "2,1"}, {"characters": ["Wren"]}], {"a": ["Darkhelm"]})
    r = Replay(rs, s)(Raid()).until("monster-continue")(Continue(), Draw("Weaken"), Draw("Mending"), Draw("Iron Helm"),
                                                         Draw("Feint"))
    held = r.s.raid.monsters[0].attached if r.s.raid else ()
    return _check([(sorted(held) == ["Feint", "Iron Helm", "Mending", "Weaken"],
                    f"Darkhelm holds one card of each deck: {held}")], r)


def double_bladed_sword() -> tuple[bool, str]:
    """Double-Bladed Sword: "Perform one extra combat action each Combat Round"."""
    rs = ruleset(2)
    s = scenario(rs, [{"characters": [("Grimbold", ["Double-Bladed Sword"])], "location": "2,1"},
                      {"characters": ["Wren"]}], {"a": ["Komodo"]})
    r = Replay(rs, s)(Raid()).until("monster-continue")(Continue()).until("battle-cm")
    r(MonsterAttack("m0"), Target("Grimbold")).until("roll")(Roll(0, 0, 0)).until("battle-raider")
    r(Attack("Grimbold", "m0"), Roll(0, 0, 0)).until("battle-raider")
    second = r.s.task is not None and r.s.task.kind == "battle-raider"
    r(Attack("Grimbold", "m0"), Roll(0, 0, 0))
    return _check([(second, "after the Monster's action Grimbold acts a second time in the Round")], r)


def weaken() -> tuple[bool, str]:
    """Weaken: "React: Before a Monster attacks, remove one die of each color from its Attack roll"."""
    rs = ruleset(2)
    s = scenario(rs, [{"characters": ["Brother Aldous"], "hand": ["Weaken"], "location": "2,1"},
                      {"characters": ["Wren"]}], {"a": ["Ghoul"]})
    r = Replay(rs, s)(Raid()).until("monster-continue")(Continue()).until("battle-cm")
    r(MonsterAttack("m0"), Target("Brother Aldous"))
    before = r.s.roll.dice if r.s.roll else None
    r(UseCard("Weaken", "Brother Aldous"))
    after = r.s.roll.dice if r.s.roll else None
    return _check([(before == (1, 1, 1) and after == (0, 0, 0), f"the Ghoul's Attack dice {before} -> {after}"),
                   ("Weaken" in (r.s.party(0).character("Brother Aldous") or Character("")).attached,
                    "the cast Prayer is Attached to its caster")], r)


def another_way_in() -> tuple[bool, str]:
    """Another Way In: "Turn: If your Party is adjacent to a Crypt, but not at the Crypt Door, Raid the Crypt"."""
    rs = ruleset(2)
    s = scenario(rs, [{"characters": ["Grimbold"], "hand": ["Another Way In"], "location": "3,1"},
                      {"characters": ["Wren"]}], {"a": ["Golden Chalice"]})
    legal = rs.legal_actions(s, 0)
    r = Replay(rs, s)(UseCard("Another Way In", "Grimbold", "a")).until("treasure-choice")
    return _check([(UseCard("Another Way In", "Grimbold", "a") in legal, "beside the Crypt, the Tactic raids it"),
                   (r.s.task is not None and r.s.task.kind == "treasure-choice", "the Raid reaches the Treasure")], r)


def stone_skin() -> tuple[bool, str]:
    """Stone Skin: "React: Before entering a Crypt, one Character gains +2 HP until the end of the Turn"."""
    rs = ruleset(2, example_board(TWO_CRYPTS, crypts=[{"id": "a", "capacity": 5, "cm": "L"},
                                                       {"id": "b", "capacity": 1, "cm": "R"}]))
    s = scenario(rs, [{"characters": ["Kadin"], "hand": ["Stone Skin"], "location": "2,1"}, {"characters": ["Wren"]}],
                 {"a": ["Golden Chalice"], "b": ["Giant Rat"]})
    base = character_hp(rs, s, 0, "Kadin")
    r = Replay(rs, s)(Raid(), UseCard("Stone Skin", "Kadin", "Kadin"))
    during = character_hp(rs, r.s, 0, "Kadin")
    r(Bank("Golden Chalice"))
    after = character_hp(rs, r.s, 0, "Kadin")
    return _check([(during == base + 2, f"Kadin's HP {base} -> {during} in the Raid"),
                   (after == base, f"back to {after} at the end of the Turn")], r)


def keziahs_orb() -> tuple[bool, str]:
    """Keziah's Orb: "Gain +3 Blue Skill. React: Before entering a Crypt, look at one Card in the Crypt"."""
    rs = ruleset(2)
    s = scenario(rs, [{"characters": [("Grimbold", ["Keziah's Orb"])], "location": "2,1"}, {"characters": ["Wren"]}],
                 {"a": ["Giant Rat"]})
    skill = character_pool(rs, s, 0, "Grimbold", "skill").dice
    r = Replay(rs, s)(Raid(), UseCard("Keziah's Orb", "Grimbold"), Draw("Giant Rat"))
    knows = r.s.raid is not None and any(0 in h.known for h in r.s.raid.cards)
    return _check([(skill == (0, 3, 0), f"+3 Blue Skill: {skill}"), (knows, "the Raiding Player has seen the Giant Rat")], r)


def bruntors_shield() -> tuple[bool, str]:
    """Bruntor's Shield: "This Character gains +1 HP for each other Character in your Party."""
    rs = ruleset(2)
    s = scenario(rs, [{"characters": [("Grimbold", ["Bruntor's Shield"]), "Kadin", "Wren"]}, {"characters": ["Sable"]}])
    hp = character_hp(rs, s, 0, "Grimbold")
    return _check([(hp == rs.cards.characters["Grimbold"].hp + 2, f"Grimbold's HP with two others: {hp}")])


def throwing_daggers() -> tuple[bool, str]:
    """Throwing Daggers: "React: When Monsters are revealed, roll three Green dice. For each success,
    inflict one wound on one Monster."""
    rs = ruleset(2)
    s = scenario(rs, [{"characters": [("Grimbold", ["Throwing Daggers"])], "location": "2,1"}, {"characters": ["Wren"]}],
                 {"a": ["Giant Rat", "Skeleton"]})
    r = Replay(rs, s)(Raid()).until("monster-continue")(Continue())
    offered = r.s.task is not None and r.s.task.kind == "window"
    r(UseCard("Throwing Daggers", "Grimbold"), Roll(2, 0, 0), AssignWound("m0"), AssignWound("m1"))
    raid = r.s.raid
    return _check([(offered, "the React is offered when the Monsters are revealed"),
                   (raid is not None and raid.monsters[0].dead and raid.monsters[1].wounds == 1,
                    "two successes: the Giant Rat dies, the Skeleton takes a Wound")], r)


def campaign_150() -> tuple[bool, str]:
    """"if the Player has 150 XP, the Player may re-roll two Tomb Dice to see who goes first and then draw
    six Characters instead of five when choosing his initial Adventuring Party."""
    rs = Tomb({"players": 2, "campaign_xp": [150, 0]})
    s = rs.initial_state()
    r = Replay(rs, s)(Roll(0, 3, 0))
    reroll = r.s.task is not None and r.s.task.kind == "order-reroll" and Reroll(2, 0) in rs.legal_actions(r.s, 0)
    r(Reroll(2, 0), Roll(0, 2, 0), Roll(0, 1, 0))
    # play on with the first choices and outcomes until each player's first-turn draw is queued
    state, drawn = r.s, {}
    for _ in range(400):
        draws = sum(1 for t in state.agenda if t.kind == "character-draw")
        if draws and state.task is not None and state.task.player not in drawn:
            drawn[state.task.player] = draws
        if len(drawn) == 2 or state.task is None:
            break
        pending = rs.pending(state)
        if pending.is_chance:
            state = rs.step(state, rs.chance(state).support()[0][0])
        else:
            state = rs.step(state, rs.legal_actions(state)[0], pending.player)
    return _check([(rs.level(s, 0) == 3, f"150 XP is Level {rs.level(s, 0)} (Page)"),
                   (reroll, "the Greenhorn may re-roll two dice"),
                   (r.s.order_rolls[0] == 5, f"3 + 2 re-rolled hits: {r.s.order_rolls[0]}"),
                   (drawn.get(0) == 6 and drawn.get(1) == 5, f"Characters drawn on the first turns: {drawn}")], r)


# Example of Play: Into the Crypt ------------------------------------------------------------------------

PARTY = [("Mirin Faithbringer", [], 0), ("Lady Eryne", [], 0), ("Dunbar", [], 0), ("Kadin", ["Mkono-Djarat"], 0),
         ("Slayer the Unkind", ["Teleport"], 0)]
CRYPT = ["Wards of Peril", "Unholy Light", "Brine Spawn", "Crusher", "Gloves of Mercy"]


def into_the_crypt(upto: str) -> tuple[Replay, list[tuple[bool, str]]]:
    """Replay "Example of Play: Into the Crypt" up to the step ``upto``; the claims of that step."""
    rs = ruleset(3)
    s = scenario(rs, [{"characters": PARTY, "hand": ["Bless", "Fireball"], "location": "2,1"},
                      {"characters": ["Wren"]}, {"characters": ["Sable"]}], {"a": CRYPT})
    r = Replay(rs, s)
    claims: list[tuple[bool, str]] = []

    def done(step: str) -> bool:
        return step == upto

    claims.append((len(r.s.crypt("a").cards) == 5, "the Crypt holds five cards"))
    claims.append((rs.crypt_master(r.s, 0, "a", "2,1") == 1, "the player to the left is the Crypt Master"))
    if done("party-and-hand"):
        return r, claims
    r(Raid())
    raid = r.s.raid
    claims = [(raid is not None and raid.cm == 1 and all(1 in h.known for h in raid.cards),
               "the CM picks up the cards and looks at them"),
              (raid is not None and all(0 not in h.known for h in raid.cards), "showing no one else")]
    if done("cm-looks"):
        return r, claims
    r.until("trap-announce")(Announce("Wards of Peril"))
    view = rs.observe(r.s, 0)["raid"]["trap"]
    claims = [(view == "trap:1:skill", f"the Raiding Player hears one Character, Skill: {view!r}")]
    r(Disarm(("Lady Eryne",)))
    eryne = character_pool(rs, r.s, 0, "Lady Eryne", "skill").dice
    r(Roll(0, 2, 0))
    claims += [(eryne == (0, 3, 0), f"Lady Eryne's Skill is three Blue Dice: {eryne}")]
    if done("trap-1-announced"):
        return r, claims
    claims = [("Wards of Peril" in r.s.party(0).bank, "the trap is banked"),
              (banked_xp(rs, r.s, 0) == 2, f"two more experience points: {banked_xp(rs, r.s, 0)}"),
              (r.s.task is not None and r.s.task.kind == "trap-leave", "the party may flee (leave) now")]
    if done("trap-1-success"):
        return r, claims
    r(Continue(), Announce("Unholy Light"), Disarm(("Lady Eryne",)))
    counts = {c.name: dice_count(rs, r.s, 0, c.name, "attack") for c in r.s.party(0).characters}
    r(Roll(0, 3, 0))
    claims = [("Unholy Light" not in r.s.party(0).bank, "three successes against four: failure")]
    if done("trap-2-roll"):
        return r, claims
    claims = [(counts == {"Mirin Faithbringer": 2, "Lady Eryne": 3, "Dunbar": 5, "Kadin": 3, "Slayer the Unkind": 1},
               f"Attack dice {counts} (Kadin safe with his sword, Dunbar three plus two red)"),
              (r.s.party(0).character("Slayer the Unkind") is None, "Slayer dies"),
              ("Slayer the Unkind" in r.s.dead, "and goes to the discard pile"),
              (r.s.discards[INN_DECKS.index("spell")].count("Teleport") == 1, "taking the Attached spell with him"),
              (r.s.crypt_discard.count("Unholy Light") == 1, "the trap is discarded (not banked)")]
    r(Draw("Hedda Ironhand"))
    claims.append(("Hedda Ironhand" in r.s.inn, "a new Character is added to the Inn from the Character Pool"))
    if done("trap-2-failure"):
        return r, claims
    left = len(r.s.raid.cards) if r.s.raid else -1
    claims = [(r.s.task is not None and r.s.task.kind == "trap-leave", "the party may run away"),
              (left == 3, f"there are only three cards left: {left}")]
    if done("trap-2-may-flee"):
        return r, claims
    r(Continue()).until("monster-continue")(Continue(), Draw("Kama"))
    raid = r.s.raid
    claims = [(raid is not None and [m.card for m in raid.monsters] == ["Brine Spawn", "Crusher"],
               "the CM reveals Brine Spawn and Crusher"),
              (raid is not None and raid.monsters[1].attached == ("Kama",), "Kama is Attached to Crusher")]
    if done("monsters-revealed"):
        return r, claims
    r.until("battle-cm")
    cm_first = r.s.task is not None and r.s.task.kind == "battle-cm" and r.s.task.player == 1
    r(MonsterAttack("m0"), Target("Dunbar")).until("roll")(Roll(0, 3, 2)).until("replace")(Draw("Hamish the Bold"))
    claims = [(cm_first, "the CM goes first"), (r.s.party(0).character("Dunbar") is None, "five wounds kill Dunbar"),
              ("Hamish the Bold" in r.s.inn, "a new Character is added to the Inn")]
    if done("brine-spawn-kills-dunbar"):
        return r, claims
    r.until("battle-raider")
    kadin = character_pool(rs, r.s, 0, "Kadin", "attack").dice
    r(Attack("Kadin", "m1"), Roll(0, 0, 2)).until("battle-cm")
    claims = [(kadin == (0, 1, 2), f"Kadin has one blue and two red Attack dice: {kadin}"),
              (r.s.raid is not None and r.s.raid.monsters[1].wounds == 2, "Crusher takes two wounds")]
    if done("kadin-attacks-crusher"):
        return r, claims
    crusher = monster_pool(rs, r.s, 1, "attack").count
    r(MonsterAttack("m1"), Target("Lady Eryne")).until("roll")(Roll(1, 1, 1))
    kama = UseCard("Kama", "m1", "green") in rs.legal_actions(r.s, 1)
    r(UseCard("Kama", "m1", "green"), Roll(0, 0, 0))
    r.window(target="Lady Eryne")
    kept = r.s.task.value if r.s.task is not None and r.s.task.kind == "window" else None
    r(UseCard("Mirin Faithbringer", "Mirin Faithbringer"), Roll(1, 2, 1)).until("battle-raider")
    eryne = r.s.party(0).character("Lady Eryne")
    claims = [(crusher == 6, f"Crusher's six dice: {crusher}"), (kama, "Crusher may use the Kama to re-roll a miss"),
              (kept == 3, f"still three successes, three Wounds for Eryne: {kept}"),
              (eryne is not None and eryne.wounds == 2, "Mirin's react removes one wound and Eryne lives on")]
    if done("crusher-attacks-eryne"):
        return r, claims
    r(Attack("Lady Eryne", "m1"), Roll(0, 0, 0))
    claims = [(r.s.raid is not None and r.s.raid.monsters[1].wounds == 2, "no successes: Crusher is not hurt")]
    if done("eryne-misses"):
        return r, claims
    acting = r.s.task is not None and r.s.task.kind == "battle-raider"
    r(UseCard("Bless", "Mirin Faithbringer"))
    mirin = r.s.party(0).character("Mirin Faithbringer")
    claims = [(acting, "the monsters have all acted: the Party acts again (Mirin, whose react was no action)"),
              (mirin is not None and "Bless" in mirin.attached, "the Prayer Card Attaches to Mirin"),
              (find_usable(rs, r.s, 0, "battle", "Bless", "Mirin Faithbringer") is None, "he cannot cast it again this Turn")]
    if done("mirin-casts-bless"):
        return r, claims
    r.until("battle-cm")(MonsterAttack("m0"), Target("Lady Eryne")).until("roll")(Roll(0, 2, 1))
    r.until("replace")(Draw("Grimbold"))
    claims = [(r.s.raid is not None and r.s.raid.round == 2, "the next round of combat"),
              (r.s.party(0).character("Lady Eryne") is None, "Eryne dies"), ("Grimbold" in r.s.inn, "a new Character at the Inn")]
    if done("round-2-eryne-dies"):
        return r, claims
    r.until("battle-raider")
    magic = character_pool(rs, r.s, 0, "Kadin", "magic").dice
    r(UseCard("Fireball", "Kadin"), Roll(1, 5, 2))
    r(AssignWound("m1"), AssignWound("m0"), AssignWound("m0"), AssignWound("m0"), AssignWound("Kadin"),
      AssignWound("Mirin Faithbringer"), AssignWound("Mirin Faithbringer"), AssignWound("Mirin Faithbringer"))
    banked = list(r.s.party(0).bank)
    r.window(target="Mirin Faithbringer")
    r(UseCard("Mirin Faithbringer", "Mirin Faithbringer"), Roll(0, 1, 0))
    kadin_w = (r.s.party(0).character("Kadin") or Character("", -1)).wounds
    mirin_w = (r.s.party(0).character("Mirin Faithbringer") or Character("", -1)).wounds
    claims = [(magic == (1, 4, 1), f"one green, four Blue and one red (Bless): {magic}"),
              ("Crusher" in banked and "Brine Spawn" in banked, f"Crusher and Brine Spawn go to the XP bank: {banked}"),
              (r.s.discards[INN_DECKS.index("item")].count("Kama") == 1, "the Kama is discarded"),
              (kadin_w == 1, f"Kadin survives one wound: {kadin_w}"), (mirin_w == 2, f"Mirin suffers only two: {mirin_w}")]
    if done("fireball"):
        return r, claims
    legal = rs.legal_actions(r.s, 0) if r.s.task is not None else []
    claims = [(r.s.task is not None and r.s.task.kind == "treasure-choice", "the last card is the Treasure"),
              (Bank("Gloves of Mercy") in legal and any(isinstance(a, Attach) for a in legal),
               "Attach it or bank it")]
    return r, claims


def _crypt_step(step: str) -> Callable[[], tuple[bool, str]]:
    def replay() -> tuple[bool, str]:
        r, claims = into_the_crypt(step)
        return _check(claims, r)

    replay.__doc__ = f"Example of Play: Into the Crypt, up to {step}."
    return replay


INTO_THE_CRYPT = ("party-and-hand", "cm-looks", "trap-1-announced", "trap-1-success", "trap-2-roll", "trap-2-failure",
                  "trap-2-may-flee", "monsters-revealed", "brine-spawn-kills-dunbar", "kadin-attacks-crusher",
                  "crusher-attacks-eryne", "eryne-misses", "mirin-casts-bless", "round-2-eryne-dies", "fireball",
                  "treasure-choice")

EXAMPLES: dict[str, Callable[[], tuple[bool, str]]] = {
    "tomb.pickpocket.example": pickpocket,
    "tomb.trap.example-card": trap_card,
    "tomb.trap.example-one-disarmer": trap_one_disarmer,
    "tomb.trap.example-disarm-roll": trap_disarm_roll,
    "tomb.trap.example-failure": trap_failure,
    "tomb.monster.example-komodo": komodo,
    "tomb.monster.example-sir-guerin": sir_guerin,
    "tomb.monster.example-elithe": elithe,
    "tomb.monster.example-darkhelm": darkhelm,
    "tomb.cards.example-double-bladed-sword": double_bladed_sword,
    "tomb.cards.example-weaken": weaken,
    "tomb.cards.example-another-way-in": another_way_in,
    "tomb.cards.example-stone-skin": stone_skin,
    "tomb.cards.example-keziahs-orb": keziahs_orb,
    "tomb.treasure.example-bruntors-shield": bruntors_shield,
    "tomb.item.example-throwing-daggers": throwing_daggers,
    "tomb.campaign.example-150-xp": campaign_150,
    **{f"tomb.example.{step}": _crypt_step(step) for step in INTO_THE_CRYPT},
}
