"""The worked examples of the Secrets of the Lost Tomb rulebook, replayed through the reference model.

Each replay builds the situation its example describes (the rulebook prints no tiles and no sheets, so
with the ``core`` example set and tiles laid out for the purpose), plays the example's rolls and choices
through ``step`` and compares the outcome with the text.  It returns ``(matches, detail)``; a mismatch is
a finding.  ``EXAMPLES`` maps the catalog id of each example rule to its replay (the numbered parts of one
example share their replay).

The builders (:func:`ready`, :func:`place`, :func:`creature`, :func:`give`, :func:`play`) are the tests'
too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from tombspec.model.secrets import Secrets
from tombspec.model.secrets.actions import (Accept, Boost, Choose, Command, Dice, Done, Drawn, Explore, Fight, Give,
                                            Keep, Leader, Move, Reroll, Roll, Save, Search, Stand, Step, Stop, Trade,
                                            Wield)
from tombspec.model.secrets.components import components_from_data, load_components, shipped_sets
from tombspec.model.secrets.rules import turn
from tombspec.model.secrets.state import Held, Room, SecretsState, Task
from tombspec.model.secrets.rules.creatures import new_creature

Replay = Callable[[], tuple[bool, str]]


# --------------------------------------------------------------------------------------------------
# Builders


def core_data() -> dict[str, Any]:
    return load_components(shipped_sets()["core"]).to_data()


def ruleset(players: int = 2, board: Any = None, **options: Any) -> Secrets:
    return Secrets(options={"players": players, **options}, board=board)


def ready(rs: Secrets, names: list[str]) -> SecretsState:
    """Game Setup played out: seat 0 leads, seat i takes ``names[i]``, random companions drawn in deck
    order; the state of the first turn."""
    s = rs.step(rs.initial_state(), Leader(0))
    for i, name in enumerate(names):
        s = rs.step(s, Choose(name), i)
        while rs.pending(s).is_chance:
            s = rs.step(s, rs.chance(s).support()[0][0])
    return s


def place(state: SecretsState, name: str, level: int, x: int, y: int, rotation: int = 0) -> SecretsState:
    """Lay the Room tile ``name`` (taken out of the stack) on (level, x, y)."""
    tiles = state.tiles
    if tiles.deck.count(name):
        tiles = attrs.evolve(tiles, deck=tiles.deck.remove(name))
    return attrs.evolve(state, tiles=tiles, rooms=(*state.rooms, Room(name, level, x, y, rotation)))


def creature(rs: Secrets, state: SecretsState, name: str, room: str, **changes: Any) -> tuple[SecretsState, str]:
    """A creature of the named card (out of its deck) in ``room``."""
    cc = rs.components.creatures[name]
    if cc.deck in ("base", "elite"):
        pile = getattr(state, cc.deck)
        state = attrs.evolve(state, **{cc.deck: attrs.evolve(pile, deck=pile.deck.remove(name))})
    state, c = new_creature(rs, state, name, room)
    if changes:
        state = state.with_creature(c.key, **changes)
    return state, c.key


def give(rs: Secrets, state: SecretsState, seat: int, *cards: str, **held: Any) -> SecretsState:
    """The adventurer of ``seat`` holds ``cards`` (out of their decks)."""
    for name in cards:
        deck = rs.components.cards[name].deck
        if deck == "soul-monger":
            state = attrs.evolve(state, monger=state.monger.remove(name))
        else:
            attr = {"item": "items", "artifact": "artifacts"}[deck]
            pile = getattr(state, attr)
            state = attrs.evolve(state, **{attr: attrs.evolve(pile, deck=pile.deck.remove(name))})
        adv = state.adventurer(seat)
        assert adv is not None
        state = state.with_adventurer(seat, cards=(*adv.cards, Held(name, **held)))
    return state


def play(rs: Secrets, state: SecretsState, *actions: Any) -> SecretsState:
    """Step through ``actions``: each by whoever the state says decides (chance for chance outcomes)."""
    for a in actions:
        pending = rs.pending(state)
        state = rs.step(state, a, None if pending.is_chance else pending.actors[0])
    return state


def faces(*dice: int) -> Dice:
    """The roll showing these faces (as face counts)."""
    return Dice(tuple(dice.count(f) for f in range(1, 7)))


def queue(rs: Secrets, state: SecretsState, *tasks: Task) -> SecretsState:
    """Queue rules work (as an effect or a phase step would) and let the engine settle."""
    return turn.settle(rs, state.push(*tasks))


def _result(checks: list[tuple[bool, str]]) -> tuple[bool, str]:
    return all(ok for ok, _ in checks), "; ".join(f"{'ok' if ok else 'MISMATCH'}: {d}" for ok, d in checks)


# --------------------------------------------------------------------------------------------------
# Game Setup, special abilities, dice


def heidi_phd_tokens() -> tuple[bool, str]:
    """'Example: Heidi DuPont gets 3 tokens for her PhD ability.' (Game Setup 5)"""
    rs = ruleset(2)
    s = ready(rs, ["Heidi DuPont", "Prof. Forrestal"])
    tokens = s.adventurer(0).token_count("PhD")
    return _result([(tokens == 3, f"Heidi holds {tokens} Special Ability tokens for PhD")])


def full_auto() -> tuple[bool, str]:
    """'He places 5 Health tokens on all the creatures in his room and discards 1 gun Item card.' (Special
    Abilities, Example 1)"""
    rs = ruleset(2)
    s = ready(rs, ["Christopher St. George", "James T. Temple"])
    s, golem = creature(rs, s, "Stone Golem", "Tomb's Entrance")
    s, mummy = creature(rs, s, "Mummy Lord", "Tomb's Entrance")
    from tombspec.model.secrets.actions import Ability
    s = play(rs, s, Ability("Full Auto"))
    adv = s.adventurer(0)
    return _result([
        (s.creature(golem).damage == 5 and s.creature(mummy).damage == 5,
         f"the Stone Golem (Armor 3) and the Mummy Lord (Armor 2) take {s.creature(golem).damage} and "
         f"{s.creature(mummy).damage} damage, ignoring armor"),
        (adv.held("Thompson Submachine Gun") is None, "the gun item is discarded"),
        (adv.token_count("Full Auto") == 1, f"one Special Ability token removed ({adv.token_count('Full Auto')} left)"),
        (s.seats[0].tokens == s.seats[0].action_tokens - 1, "one Action token flipped"),
    ])


def forestall() -> tuple[bool, str]:
    """'Professor Forestall has an ongoing ability that means he passes Knowledge rolls on a 4, 5, or 6.'
    (Special Abilities, Example 2): two 4s pass his Knowledge check (2); the same roll fails another's."""
    from tombspec.model.secrets.rules.dice_checks import start_check
    rs = ruleset(2)
    s = ready(rs, ["Prof. Forrestal", "Libby Villa"])
    s = s.with_adventurer(0, audacity=0).with_adventurer(1, audacity=0)
    out = []
    for seat in (0, 1):
        before = s.adventurer(seat).shards
        t = turn.settle(rs, start_check(rs, s, seat, "knowledge", 2, passed=(_shards(),), rule="secrets.dice.dice-pool"))
        pool = t.head.m
        t = play(rs, t, Dice(tuple([0, 0, 0, 2] + [0, 0]) if pool == 2 else (pool - 2, 0, 0, 2, 0, 0)))
        out.append(t.adventurer(seat).shards > before)
    return _result([(out == [True, False], f"two 4s: Forrestal passes {out[0]}, Libby Villa passes {out[1]}")])


def _shards() -> Any:
    from tombspec.model.secrets.components import Op
    return Op("soul-shards", amount=1)


def strength_check() -> tuple[bool, str]:
    """'He has a Strength of 4, so he rolls 4 dice. The dice results are 2, 4, 5, and 6, generating 2
    successes. This equals the difficulty of 2, so he passes the check!' (Dice and Dice Checks)"""
    from tombspec.model.secrets.rules.dice_checks import start_check
    rs = ruleset(2)
    s = ready(rs, ["Christopher St. George", "James T. Temple"]).with_adventurer(0, audacity=0)
    s = turn.settle(rs, start_check(rs, s, 0, "strength", 2, passed=(_shards(),), rule="secrets.dice.dice-pool"))
    pool = s.head.m
    s = play(rs, s, faces(2, 4, 5, 6))
    return _result([(pool == 4, f"a Strength check (2) rolls {pool} dice"),
                     (s.adventurer(0).shards == 1, "2 successes pass a difficulty of 2")])


def saving_temple() -> tuple[bool, str]:
    """'James T. Temple loses Courage, bringing him to -10, causing him to start fleeing. He immediately
    moves one room toward the Tomb Entrance. Christopher St. George spends an Action token to move into the
    room with James T. Temple and then spends 1 Audacity point to raise James' Courage by one, stopping him
    from fleeing.' (Fleeing the Tomb)"""
    from tombspec.model.secrets.components import Op
    rs = ruleset(2)
    s = ready(rs, ["Christopher St. George", "James T. Temple"])
    s = place(s, "Guardroom", 1, 2, 0)
    s = place(s, "Hall of Serpents", 1, 3, 0)
    s = s.with_adventurer(1, room="Hall of Serpents", courage=-9)
    s = queue(rs, s, Task("op", 1, rule="secrets.combat.lose-courage", ops=(Op("courage", amount=-1),)))
    temple = s.adventurer(1)
    checks = [(temple.fleeing and temple.room == "Guardroom",
               f"at -10 Temple flees at once, one room toward the Entrance: now in {temple.room}"),
              (not temple.cards, "his items are set aside under an Item Drop token")]
    aud = s.adventurer(0).audacity
    s = play(rs, s, Move(), Step("Quetzalcoatl's Hall"), Step("Guardroom"), Stop(), Save(1))
    temple = s.adventurer(1)
    checks += [(not temple.fleeing and temple.courage == -9, f"saved: Courage {temple.courage}, fleeing {temple.fleeing}"),
               (s.adventurer(0).audacity == aud - 1, "for 1 Audacity and no Action token")]
    return _result(checks)


# --------------------------------------------------------------------------------------------------
# The Adventurer Phase


def trading() -> tuple[bool, str]:
    """Christopher moves to Temple; on Temple's turn Temple trades: Christopher gives the Pump-Action
    Shotgun, Temple gives a Healing Salve. (Example of Trading)"""
    rs = ruleset(2)
    s = ready(rs, ["Christopher St. George", "James T. Temple"])
    s = give(rs, s, 0, "Pump-Action Shotgun")
    s = give(rs, s, 1, "Healing Salve")
    s = s.with_adventurer(1, room="Quetzalcoatl's Hall")
    s = play(rs, s, Move(), Step("Quetzalcoatl's Hall"), Stop())
    if s.current != 1:
        return False, f"the turn passed to seat {s.current}"
    s = play(rs, s, Trade(0))
    s = rs.step(s, Give("Pump-Action Shotgun", 1), 0)
    s = rs.step(s, Give("Healing Salve", 0), 1)
    s = rs.step(s, Done(), 1)
    return _result([(s.adventurer(1).held("Pump-Action Shotgun") is not None and
                     s.adventurer(0).held("Healing Salve") is not None, "the cards changed hands"),
                    (s.seats[0].tokens == s.seats[0].action_tokens - 1 and s.seats[1].tokens == s.seats[1].action_tokens - 1,
                     "Christopher's token paid the move, Temple's the trade")])


def searching() -> tuple[bool, str]:
    """'His Search token points to green, so he rolls a die on the green Search chart and gets a 5. He draws
    1 item from the Item deck and then turns the Search token clockwise once.' (Example of Searching)"""
    rs = ruleset(2)
    s = ready(rs, ["James T. Temple", "Christopher St. George"])
    before = len(s.adventurer(0).cards)
    s = play(rs, s, Search(), faces(5), Drawn("Lantern"))
    return _result([(len(s.adventurer(0).cards) == before + 1, "1 item drawn"),
                    (s.seats[0].search == 1, f"the token turned to {('green', 'yellow', 'red')[s.seats[0].search]}")])


def adventurer_phase() -> tuple[bool, str]:
    """Example of the Adventurer Phase: the first player of six, 2 Action tokens, Moves (Movement 5) one
    tile forward and through a door into a blank space; tiles are drawn until a Level 1 tile, El Dorado;
    it is placed and his standee on it; 'Draw 2 items and discard 1'; then the Adventure."""
    rs = ruleset(6)
    s = ready(rs, ["Christopher St. George", "James T. Temple", "Chang Li Tao", "Hadji Singh", "Prof. Forrestal",
                   "Alligator MacPhee"])
    checks = [(s.current == 0 and s.seats[0].tokens == 2, "the first player of six spends the first of 2 Action tokens")]
    s = play(rs, s, Move())
    checks.append((s.head.n == 5, f"a Move of up to {s.head.n} tiles"))
    s = play(rs, s, Step("Quetzalcoatl's Hall"), Explore(2, 0), Drawn("Hall of Mirrors"), Drawn("El Dorado"))
    if rs.pending(s).what == "turn the Room tile":
        s = play(rs, s, rs.legal_actions(s)[0])
    room = s.room("El Dorado")
    checks += [(s.tiles.discard.count("Hall of Mirrors") == 1, "the Level 2 tile drawn first is discarded"),
               (room is not None and (room.level, room.x, room.y) == (1, 2, 0), "El Dorado is placed on the space explored"),
               (s.adventurer(0).room == "El Dorado", "his standee is on El Dorado, the move over")]
    s = play(rs, s, Drawn("Leather Jacket"), Drawn("Bandages"), Keep("Leather Jacket"))
    checks.append((s.adventurer(0).held("Leather Jacket") is not None and s.items.discard.count("Bandages") == 1,
                   "of the two items drawn he keeps one and discards one"))
    s = play(rs, s, Drawn("The Old Map"))
    checks.append((s.story.discard.count("The Old Map") == 1 and rs.pending(s).what.startswith("check"),
                   "then the Story Effect: the Adventure side's check"))
    return _result(checks)


# --------------------------------------------------------------------------------------------------
# The Tomb Phase


def tomb_phase() -> tuple[bool, str]:
    """Example of the Tomb Phase: 'I'll think of something!': Heidi +1 Knowledge; the Level 2 creature
    moves 3 toward Christopher; the Level 3 creature cannot go upstairs; the Level 1 creature, equidistant to
    Temple (23 Soul Shards) and Lee (13), moves toward Temple and combats him (no outnumber bonus); one base
    creature spawns in Level 2's one red room, two in different red rooms of Level 3; Search tokens turn
    once; the Comet track advances; the marker passes clockwise."""
    rs = ruleset(4)
    s = ready(rs, ["Heidi DuPont", "Christopher St. George", "James T. Temple", "Chang Li Tao"])
    s = s.with_adventurer(0, room="Quetzalcoatl's Hall")
    s = place(s, "Guardroom", 1, -1, 0)
    for name, x, rot in (("Forgotten Library", 1, 0), ("Serpent Bridge", 2, 0), ("Chamber of Echoes", 3, 1),
                         ("Sunken Shrine", 4, 1), ("Collapsed Corridor", 5, 1), ("Soul Market", 6, 0)):
        s = place(s, name, 2, x, 0, rot)
    s = place(s, "Hall of Mirrors", 2, 1, -1)
    for name, x, y in (("Abyssal Vault", 1, 0), ("Dragon's Lair", -1, 0), ("Obsidian Throne Room", 0, 1)):
        s = place(s, name, 3, x, y)
    s = s.with_adventurer(1, room="Soul Market").with_adventurer(2, room="Quetzalcoatl's Hall", shards=23)
    s = s.with_adventurer(3, room="Guardroom", shards=13)
    s, first = creature(rs, s, "Tomb Rats", "Serpent Bridge")           # Movement 3
    s, second = creature(rs, s, "Living Moai-Man", "Mongol's Hall")     # not a boss, not flying
    s, third = creature(rs, s, "Keeper of the Tomb", "Tomb's Entrance")
    for i in range(4):
        s = s.with_seat(i, tokens=0)
    s = attrs.evolve(s, seats=tuple(attrs.evolve(x, tokens=0) for x in s.seats))
    s = turn.settle(rs, s)                      # no tokens left: the Tomb Phase begins
    checks = [(rs.pending(s).what == "Tomb deck", "the first player draws a Tomb card")]
    knowledge = s.adventurer(0).bonus("knowledge")
    s = play(rs, s, Drawn("I'll think of something!"))
    checks.append((s.adventurer(0).bonus("knowledge") == knowledge + 1, "1. Heidi gains a +1 Knowledge token"))
    checks += [(s.creature(first).room == "Collapsed Corridor", f"2. the Level 2 creature moves 3 toward Christopher, "
                                                               f"to {s.creature(first).room}"),
               (s.creature(second).room == "Mongol's Hall", "the Level 3 creature has no way upstairs: it stays"),
               (s.creature(third).room == "Quetzalcoatl's Hall", "the Level 1 creature moves toward Temple (23 Soul "
                                                                 "Shards against Lee's 13), entering his room")]
    checks.append((s.combat is not None and s.combat.seat == 2 and s.combat.tomb,
                   "3. the creature in Temple's room combats him"))
    s = play(rs, s, Stand())
    weapons = rs.legal_actions(s)[0]
    s = play(rs, s, weapons)
    checks.append((s.head.m == 0 + _pool_without_outnumber(rs, s), "no outnumber bonus in the Tomb Phase"))
    s = play(rs, s, Roll(), faces(*([5] * s.head.m)), *( [Accept()] if rs.pending(s).what == "check (post)" else []))
    while rs.pending(s).is_decision and rs.pending(s).what in ("check (post)", "redirect damage"):
        s = play(rs, s, Accept() if rs.pending(s).what == "check (post)" else Done())
    tokens_before = [x.search for x in s.seats]
    known = {c.key for c in s.creatures}
    while not s.phase == "adventurer":
        p = rs.pending(s)
        s = play(rs, s, rs.chance(s).support()[0][0] if p.is_chance else rs.legal_actions(s)[0])
    guards = [c.room for c in s.creatures if c.key not in known]
    level = {r.name: r.level for r in s.rooms}
    checks += [(sorted(level[r] for r in guards) == [2, 3, 3] and "Hall of Mirrors" in guards,
                f"4. spawns: {guards}"),
               (len({r for r in guards if level[r] == 3}) == 2, "the two Level 3 creatures in different rooms"),
               (all(x.search == (t + 1) % 3 for x, t in zip(s.seats, tokens_before)), "6. every Search token turns once"),
               (s.comet == 1, f"7. the Comet track advances once (now {s.comet})"),
               (s.first == 1 and s.current == 1, "the marker passes clockwise to the next player"),
               (all(x.tokens == x.action_tokens for x in s.seats if x.adventurer), "5. the Action tokens flip to green")]
    return _result(checks)


def _pool_without_outnumber(rs: Secrets, s: SecretsState) -> int:
    from tombspec.model.secrets.rules.adventurers import attribute
    adv = s.adventurer(s.combat.seat)
    weapons = s.combat.weapons
    if not weapons:
        return attribute(rs, adv, "strength")
    card = rs.components.cards[weapons[0]]
    return attribute(rs, adv, card.attribute) + sum(rs.components.cards[w].combat for w in weapons)


def spawn_example() -> tuple[bool, str]:
    """'Level 2 has no red-outlined rooms, so the creature on that level does not spawn. Level 3 only has two
    red-outlined rooms, but one room already has a creature on it, so the new creature is placed on the
    other one.' (Tomb Creature Limit, Example)"""
    rs = ruleset(2)
    s = ready(rs, ["Heidi DuPont", "James T. Temple"])
    s = place(s, "Abyssal Vault", 3, 1, 0)
    s = place(s, "Dragon's Lair", 3, -1, 0)
    s, _ = creature(rs, s, "Skeleton Guard", "Abyssal Vault")
    s = queue(rs, s, Task("spawn-one", rule="secrets.tomb-phase.spawn-on-levels", target="base", n=2, flags=("tomb-card",)),
              Task("spawn-one", rule="secrets.tomb-phase.spawn-on-levels", target="base", n=3, flags=("tomb-card",)))
    s = play(rs, s, Drawn("Keeper of the Tomb"))
    where = [c.room for c in s.creatures if c.name == "Keeper of the Tomb"]
    return _result([(where == ["Dragon's Lair"], f"the Level 3 creature goes to {where}; none on Level 2")])


# --------------------------------------------------------------------------------------------------
# Rooms and Exploring


def stairs_of_blood() -> tuple[bool, str]:
    """'If, when you explore Stairs of Blood, the Sacrificial Chamber is not in play, you would immediately
    search for [the Sacrificial Chamber] and place it on Level 1' (read as secrets.ambiguity.rooms-stairs-of-
    blood-example-tile=sacrificial-chamber); it is adjacent, one way up."""
    rs = ruleset(2)
    s = ready(rs, ["Christopher St. George", "James T. Temple"]).with_adventurer(0, room="Pharaoh's Hall")
    s = play(rs, s, Move(), Explore(1, 0), Drawn("Stairs of Blood"))
    if rs.pending(s).what == "turn the Room tile":
        s = play(rs, s, rs.legal_actions(s)[0])
    placed = rs.pending(s).what == "place a tile"
    if placed:
        s = play(rs, s, rs.legal_actions(s)[0])
    chamber = s.room("Sacrificial Chamber")
    from tombspec.model.secrets.board import tomb_of
    tomb = tomb_of(rs, s.rooms)
    return _result([(placed and chamber is not None and chamber.level == 1, "the Sacrificial Chamber is placed on Level 1"),
                    ("Sacrificial Chamber" in tomb.successors("adventurer", "Stairs of Blood"),
                     "the Stairs of Blood lead up to it"),
                    ("Stairs of Blood" not in tomb.successors("adventurer", "Sacrificial Chamber"), "not in reverse")])


def exploring() -> tuple[bool, str]:
    """Example of Exploring a Room: on Level 2 the Island Observatory (Levels 1, 2 and 3) is valid; its
    Exploration Effect: 'Roll Audacity. Pass: Gain the Fearless status effect.' (5 Audacity, 1, 3, 4, 5, 6:
    passed); then Symbol 1, which 'In this scenario ... spawns one creature in the explored room'."""
    data = core_data()
    sc = dict(data["scenarios"][0])
    sc["symbol_triggers"] = [{"symbols": [1], "every": True,
                              "times": [[{"kind": "spawn", "deck": "base", "amount": 1, "where": "here"}]]}]
    data["scenarios"] = [sc]
    rs = ruleset(2, board=components_from_data(data))
    s = ready(rs, ["Christopher St. George", "James T. Temple"]).with_adventurer(0, room="Pharaoh's Hall")
    s = play(rs, s, Move(), Explore(1, 0), Drawn("Island Observatory"))
    if rs.pending(s).what == "turn the Room tile":
        s = play(rs, s, rs.legal_actions(s)[0])
    pool = s.head.m if s.head is not None and s.head.kind == "check" else None
    s = play(rs, s, Roll(), faces(1, 3, 4, 5, 6))
    while rs.pending(s).what == "check (post)":
        s = play(rs, s, Accept())
    got = "Fearless" in s.adventurer(0).status
    s = play(rs, s, Drawn("Skeleton Guard"))
    here = [c.name for c in s.creatures_in("Island Observatory")]
    return _result([(s.room("Island Observatory").level == 2, "the Island Observatory is placed on Level 2"),
                    (pool == 5, f"an Audacity check of {pool} dice"), (got, "passed: he takes Fearless"),
                    (here == ["Skeleton Guard"], "then the scenario's Symbol 1 spawns one creature in the room"),
                    (s.current == 1, "his action and turn are over")])


def story_card() -> tuple[bool, str]:
    """Example of Resolving a Story Card: Strength check (3) with Strength 4: 1, 2, 3, 3 fails; 1 Audacity
    rerolls all four dice: 3, 5, 5, 6 passes; the Pass section is resolved."""
    rs = ruleset(2)
    s = ready(rs, ["Christopher St. George", "James T. Temple"])
    aud = s.adventurer(0).audacity
    s = queue(rs, s, Task("story", 0, rule="secrets.story.must-resolve", target="adventure"))
    s = play(rs, s, Drawn("The Lost Expedition"))
    pool = s.head.m
    s = play(rs, s, Roll(), faces(1, 2, 3, 3), Reroll("audacity"), Roll(), faces(3, 5, 5, 6), Accept())
    drew = rs.pending(s).what == "companions deck"
    return _result([(pool == 4, f"4 dice for Strength 4 (got {pool})"),
                    (s.adventurer(0).audacity == aud - 1, "1 Audacity for the reroll of all four dice"),
                    (drew, "three successes: the Pass section (a companion joins)")])


# --------------------------------------------------------------------------------------------------
# Combat


def machete_bullwhip() -> tuple[bool, str]:
    """'If he uses this weapon, he could not also wield a Bullwhip ... However, he could wield a Machete in
    each hand because they are both Strength weapons.' (Build Combat Dice Pool)"""
    from tombspec.model.secrets.rules.items import weapon_sets
    rs = ruleset(2)
    s = ready(rs, ["Christopher St. George", "James T. Temple"])
    s = s.with_adventurer(0, cards=())
    s = give(rs, s, 0, "Machete", "Machete", "Bullwhip")
    sets = weapon_sets(rs, s.adventurer(0))
    return _result([(("Machete", "Bullwhip") not in sets and ("Bullwhip", "Machete") not in sets,
                     "Machete and Bullwhip cannot be wielded together"),
                    (("Machete", "Machete") in sets, "two Machetes can")])


def tommy_gun_pool() -> tuple[bool, str]:
    """'His Dexterity attribute is a 4, therefore he adds 4 dice to the pool in addition to the 5 dice
    automatically added by the Tommy Gun's +5, giving him a total pool of 9 dice.' (Checked Attribute)"""
    rs = ruleset(2, companions_adjust=-5)
    s = ready(rs, ["James T. Temple", "Christopher St. George"]).with_adventurer(0, cards=())
    s = give(rs, s, 0, "Tommy Gun")
    s, key = creature(rs, s, "Skeleton Guard", "Tomb's Entrance")
    s = s.with_adventurer(1, room="Quetzalcoatl's Hall")
    s = play(rs, s, Fight(key), Wield(("Tommy Gun",), (), False))
    return _result([(s.head.m == 9, f"a pool of {s.head.m} dice")])


def combat_one() -> tuple[bool, str]:
    """First Example: Christopher (Dexterity 5 + a +2 token) with the Thompson against the Living Moai-Man,
    with Temple and Hadji and a Tomb's Eye in the room: -2 Courage; 4 + 7 + 1 (outnumber) = 12 dice; 1, 1, 1,
    2, 3, 3, 3, 4, 5, 5, 6, 6 are 3 successes and 2 criticals (4s count with the Thompson); no damage taken;
    Armor 2 blocks 2: 3 damage."""
    rs = ruleset(3, companions_adjust=-5)
    s = ready(rs, ["Christopher St. George", "James T. Temple", "Hadji Singh"])
    s = s.with_adventurer(0, bonuses=(("dexterity", 2),))
    s, moai = creature(rs, s, "Living Moai-Man", "Tomb's Entrance")
    s, _ = creature(rs, s, "Tomb's Eye", "Tomb's Entrance")
    courage, health = s.adventurer(0).courage, s.adventurer(0).health
    s = play(rs, s, Fight(moai), Wield(("Thompson Submachine Gun",), (), False))
    pool = s.head.m
    s = play(rs, s, Roll(), faces(1, 1, 1, 2, 3, 3, 3, 4, 5, 5, 6, 6), Accept())
    adv = s.adventurer(0)
    return _result([(adv.courage == courage - 2, f"Courage {courage} -> {adv.courage}"),
                    (pool == 12, f"a pool of {pool} dice (11 + 1 outnumber)"),
                    (adv.held("Thompson Submachine Gun").turned, "the Thompson is turned sideways"),
                    (adv.health == health, "he takes no damage"),
                    (s.creature(moai).damage == 3, f"the Living Moai-Man takes {s.creature(moai).damage} damage")])


def combat_two() -> tuple[bool, str]:
    """Second Example: Temple alone against the Carnivorous Scarabs (4 Swarm tokens): -2 Courage; M1A1 +5
    and Dexterity 4: 9 dice; 1 Audacity; 1, 2, 2, 3, 3, 4, 4, 5, 6: 3 successes and 1 critical; Combat
    rating 4, no damage; Armor 1 blocks 1; 3 damage at 2 a token removes 1 token, 1 Damage token left; 3
    tokens: Combat rating 3."""
    from tombspec.model.secrets.rules.creatures import combat_rating
    rs = ruleset(2)
    s = ready(rs, ["James T. Temple", "Christopher St. George"]).with_adventurer(1, room="Quetzalcoatl's Hall")
    s, sc = creature(rs, s, "Carnivorous Scarabs", "Tomb's Entrance")
    courage, aud, health = s.adventurer(0).courage, s.adventurer(0).audacity, s.adventurer(0).health
    s = play(rs, s, Fight(sc), Wield(("M1A1 Rifle",), (), False))
    pool = s.head.m
    s = play(rs, s, Boost(), faces(1, 2, 2, 3, 3, 4, 4, 5, 6), Accept())
    c = s.creature(sc)
    adv = s.adventurer(0)
    return _result([(adv.courage == courage - 2, "Courage -2"), (pool == 9, f"a pool of {pool} dice"),
                    (adv.audacity == aud - 1, "1 Audacity spent before rolling"),
                    (adv.health == health, "no damage taken (4 successes against Combat rating 4)"),
                    (c.swarm == 3 and c.damage == 1, f"{c.swarm} Swarm tokens left with {c.damage} Damage token"),
                    (combat_rating(rs, s, c) == 3, "Combat rating now 3")])


def combat_three() -> tuple[bool, str]:
    """Third Example: Heidi's Tomb's Eye against the Keeper of the Tomb: no Courage lost; Mythos 6 + Combat
    rating 1 = 7 dice (secrets.ambiguity.combat-cvc-dice-count=seven; the text then rolls 6); 2, 2, 3, 4, 5, 5
    are 2 successes; the Tomb's Eye takes no damage; the Keeper (no Armor) takes 2."""
    out = []
    for reading, roll in (("seven", (2, 2, 2, 3, 4, 5, 5)), ("six", (2, 2, 3, 4, 5, 5))):
        rs = ruleset(2, cvc_dice=reading)
        s = ready(rs, ["Heidi DuPont", "James T. Temple"]).with_adventurer(1, room="Quetzalcoatl's Hall")
        s, eye = creature(rs, s, "Tomb's Eye", "Tomb's Entrance")
        s, keeper = creature(rs, s, "Keeper of the Tomb", "Tomb's Entrance")
        courage = s.adventurer(0).courage
        s = queue(rs, s, Task("command", 0, rule="secrets.combat.cvc-dice-pool"))
        s = play(rs, s, Command(eye, keeper))
        pool = s.head.m
        s = play(rs, s, Roll(), faces(*roll))
        while rs.pending(s).what == "check (post)":
            s = play(rs, s, Accept())
        out += [(pool == len(roll), f"{reading}: a pool of {pool} dice"),
                (s.creature(keeper).damage == 2 and s.creature(eye).damage == 0,
                 f"{reading}: the Keeper takes {s.creature(keeper).damage}, the Tomb's Eye {s.creature(eye).damage}"),
                (s.adventurer(0).courage == courage, f"{reading}: no Courage lost")]
    return _result(out)


def combat_four() -> tuple[bool, str]:
    """Example of Adventurer versus Adventurer Combat: a possessed O'Sullivan (Strength 5, unarmed) against
    Sinclair (Dexterity 5, a Colt 1911 +3: 8 dice, Combat rating 4); 2, 3, 5, 6, 6: 1 success and 2 criticals;
    Sinclair takes 3, O'Sullivan 1."""
    data = core_data()
    sheet = {"name": "O'Sullivan", "strength": 5, "dexterity": 3, "knowledge": 2, "mythos": 2, "movement": 4,
             "health": 9, "audacity": 3, "courage": 0, "status": ["Fully Infected"]}
    data["adventurers"] = [*data["adventurers"], sheet]
    rs = ruleset(2, board=components_from_data(data), companions_adjust=-5)
    s = ready(rs, ["O'Sullivan", "Bianca Sinclair"])
    o_health, b_health = s.adventurer(0).health, s.adventurer(1).health
    s = play(rs, s, Fight("s1"))
    from tombspec.model.secrets.actions import Brace
    s = play(rs, s, Brace(0, ("Colt 1911",), ()))         # she defends with her Colt 1911
    rating = s.combat.rating
    s = play(rs, s, Wield((), (), False))
    pool = s.head.m
    s = play(rs, s, Roll(), faces(2, 3, 5, 6, 6))
    while rs.pending(s).what == "check (post)":
        s = play(rs, s, Accept())
    return _result([(rating == 4, f"Sinclair's Combat rating {rating} (half of 8)"),
                    (pool == 5, f"O'Sullivan rolls {pool} dice (Strength 5)"),
                    (s.adventurer(1).health == b_health - 3, f"Sinclair takes {b_health - s.adventurer(1).health}"),
                    (s.adventurer(0).health == o_health - 1, f"O'Sullivan takes {o_health - s.adventurer(0).health}")])


def min_strength() -> tuple[bool, str]:
    """'Example: A card that states "Min. Strength 2" requires a Strength of 2 or more to use.'"""
    from tombspec.model.secrets.rules.items import meets_requirements
    rs = ruleset(2)
    s = ready(rs, ["Prof. Forrestal", "Christopher St. George"])     # Strength 2 and 4
    ok = meets_requirements(rs, s.adventurer(0), "Crowbar")
    s = s.with_adventurer(0, bonuses=(("strength", -1),))
    ko = meets_requirements(rs, s.adventurer(0), "Crowbar")
    return _result([(ok and not ko, f"Strength 2 may use the Crowbar ({ok}); Strength 1 may not ({ko})")])


def refreshing() -> tuple[bool, str]:
    """Example of Refreshing: the Tommy Gun, turned sideways when fired and still used, rolls its Upkeep: a 1,
    rerolled for 1 Audacity to a 4: not discarded, refreshed upright."""
    rs = ruleset(2)
    s = ready(rs, ["Christopher St. George", "James T. Temple"]).with_adventurer(0, cards=())
    s = give(rs, s, 0, "Tommy Gun")
    s, key = creature(rs, s, "Skeleton Guard", "Tomb's Entrance", damage=0)
    s = s.with_adventurer(1, room="Quetzalcoatl's Hall")
    s = play(rs, s, Fight(key), Wield(("Tommy Gun",), (), False))
    turned = s.adventurer(0).held("Tommy Gun").turned
    aud = s.adventurer(0).audacity
    from tombspec.model.secrets.rules.items import is_usable
    usable = is_usable(rs, s.adventurer(0), s.adventurer(0).held("Tommy Gun"))
    s = attrs.evolve(s, agenda=(), combat=None)
    s = queue(rs, s, Task("upkeep-roll", 0, rule="secrets.weapons.dex-upkeep-pass", target="Tommy Gun"))
    s = play(rs, s, Roll(), faces(1), Reroll("audacity"), Roll(), faces(4), Accept())
    gun = s.adventurer(0).held("Tommy Gun")
    return _result([(turned and usable, "fired, it is turned sideways and still usable"),
                    (gun is not None and not gun.turned, "the reroll to a 4 keeps it, upright again"),
                    (s.adventurer(0).audacity == aud - 1, "for 1 Audacity")])


# --------------------------------------------------------------------------------------------------
# Scenarios


def scenario_trigger() -> tuple[bool, str]:
    """Example of Scenario Trigger (The Pharaoh with the Blue Eyes): after the Exploration Effect, Scenario
    Trigger 1 (section 1.1): a Mythos check; Fail: gain 'Curse of the Tomb'."""
    rs = ruleset(2)
    s = ready(rs, ["Christopher St. George", "James T. Temple"])
    s = play(rs, s, Move(), Explore(0, -1), Drawn("Island Observatory"))
    if rs.pending(s).what == "turn the Room tile":
        s = play(rs, s, rs.legal_actions(s)[0])
    first = s.head.target
    s = play(rs, s, Roll(), faces(*([2] * s.head.m)), Accept())   # the Exploration Effect's Audacity check fails
    second = s.head.target if s.head is not None else None
    s = play(rs, s, Roll(), faces(*([2] * s.head.m)), Accept())   # the Mythos check of section 1.1 fails
    return _result([(first == "audacity" and second == "mythos", f"the Exploration Effect ({first}) before the trigger "
                                                                f"({second})"),
                    ("Curse of the Tomb" in s.adventurer(0).status, "failed: Curse of the Tomb")])


def win_and_lose() -> tuple[bool, str]:
    """The starter's conditions: kill Rhaz Azul'ahamet after he awakens (3.1) to win; lose if he moves out of
    the Tomb's Entrance, or all players die or flee after his awakening."""
    from tombspec.model.secrets.components import Op
    rs = ruleset(2)
    base = ready(rs, ["Christopher St. George", "James T. Temple"])
    s = queue(rs, base, Task("op", 0, ops=(Op("boss", name="Rhaz Azul'ahamet", room="Tomb's Entrance"),)),
              Task("op", 0, ops=(Op("flag", name="awakened"),)))
    from tombspec.model.secrets.rules.combat import harm_creatures
    won = turn.settle(rs, harm_creatures(rs, s, 0, 99, True, "test"))
    from tombspec.model.secrets.rules.tomb_phase import move_creature
    left = move_creature(rs, s, s.boss.key, "Quetzalcoatl's Hall")
    early = turn.settle(rs, harm_creatures(rs, queue(rs, base, Task("op", 0, ops=(
        Op("boss", name="Rhaz Azul'ahamet", room="Tomb's Entrance"),))), 0, 99, True, "test"))
    return _result([(won.outcome == "won", f"killing him after his awakening: {won.outcome}"),
                    (left.outcome == "lost", f"his moving out of the Tomb's Entrance: {left.outcome}"),
                    (early.outcome == "", f"killing him before the awakening is no win: {early.outcome or 'play on'}")])


EXAMPLES: dict[str, Replay] = {
    "secrets.setup.example-heidi-phd-tokens": heidi_phd_tokens,
    "secrets.adventurers.example-saving-temple": saving_temple,
    "secrets.sheet.example-full-auto": full_auto,
    "secrets.sheet.example-forestall": forestall,
    "secrets.dice.example-notation": strength_check,
    "secrets.dice.example-strength-check": strength_check,
    "secrets.adventurer-phase.example-trading": trading,
    "secrets.adventurer-phase.example-searching": searching,
    **{f"secrets.adventurer-phase.example-{n}": adventurer_phase for n in
       ("1-first-action", "2-move", "3-explore", "4-draw-level-1", "5-place", "6-standee", "7-exploration-effect",
        "8-story-effect")},
    "secrets.tomb-phase.no-legal-path-example": tomb_phase,
    "secrets.tomb-phase.example-spawn": spawn_example,
    **{f"secrets.tomb-phase.example-{n}": tomb_phase for n in
       ("draw", "1-tomb-effect", "2-move-creatures", "3-combat", "4-spawn", "5-upkeep", "6-search-token",
        "7-comet-and-marker")},
    "secrets.rooms.example-stairs-of-blood-place": stairs_of_blood,
    **{f"secrets.explore.example-{n}": exploring for n in
       ("1-find-tile", "2-exploration-effect", "3-audacity-roll", "4-scenario-symbol", "5-turn-over")},
    **{f"secrets.story.example-{n}": story_card for n in ("1-reader", "2-fail", "3-reroll")},
    "secrets.combat.example-machete-bullwhip": machete_bullwhip,
    "secrets.combat.example-tommy-gun-pool": tommy_gun_pool,
    **{f"secrets.combat.example-1-{n}": combat_one for n in
       ("setup", "courage", "weapon", "pool", "outnumber", "audacity", "roll", "resolve", "tokens")},
    **{f"secrets.combat.example-2-{n}": combat_two for n in
       ("setup", "pool", "audacity", "roll", "resolve", "swarm-damage", "rating-reduced")},
    **{f"secrets.combat.example-3-{n}": combat_three for n in ("courage", "pool", "roll", "tokens")},
    **{f"secrets.combat.example-4-{n}": combat_four for n in ("attack", "defender", "roll", "resolve")},
    "secrets.items.example-min-strength": min_strength,
    **{f"secrets.weapons.example-refresh-{n}": refreshing for n in ("use", "upkeep", "upright")},
    **{f"secrets.scenarios.example-{n}": scenario_trigger for n in ("heading", "order", "mythos-check", "curse-result")},
    "secrets.scenarios.example-win": win_and_lose,
    "secrets.scenarios.example-lose": win_and_lose,
}

