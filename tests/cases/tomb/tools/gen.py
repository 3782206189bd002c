"""Build the raid cases of tests/cases/tomb/ (written from the rulebook; see each header's note)."""
import copy, json, sys
from base import *
OUT = sys.argv[1]
def P(p0chars, crypt_d, hand=None, p1=None, pool=None, decks=None, loc="7,5", crypt_a=("Giant Rat",)):
    st = state(party(p0chars, location=loc, hand=hand or []), p1 or party([ch("Grimbold")]),
               {"d": [hidden(c) for c in crypt_d], "a": [hidden(c) for c in crypt_a]}, pool=pool or {"Torvald": 1, "Wren": 1}, decks=decks)
    return complete(st)
def W(name, note, st, steps, options=None):
    write(f"{OUT}/{name}.jsonl", note, st, steps, options)
def proj(**kw): return {"project": kw}
def err(rule): return {"error": {"rule": rule}}
def add(dk, card, n=1):
    d = {k: v for k, v in dk["counts"]}; d[card] = d.get(card, 0) + n; return deck(d)
def p0_after(st, **changes):
    """The raiding Party as the rules leave it: a copy of the start with the given changes."""
    p = copy.deepcopy(st["parties"][0]); p.update(changes); return p
def chars(*cs): return list(cs)
def C(name, wounds=0, attached=(), actions=0):
    return {"actions": actions, "attached": list(attached), "name": name, "owner": None, "wounds": wounds}
HE, LE = "Hedda Ironhand", "Lady Eryne"

# 01 exact TN disarms
st = P([ch(HE), ch(LE)], ["Pit of Spikes", "Golden Chalice"])
W("raid-01-trap-exact-tn", "Traps: 'Characters assigned to Disarm a trap must roll a combined number of successes, equal to or greater than the trap's Target Number' and 'If the Trap is disarmed, the Raiding Player banks the XP from the Trap'. Pit of Spikes (Skill 3, the rulebook's own example trap): Lady Eryne rolls exactly 3 successes: disarmed, banked, nobody wounded.", st,
  [A("raid"), A("announce", card="Pit of Spikes", player=1), A("disarm", characters=[LE]),
   A("roll", proj(parties=[p0_after(st, location="crypt:d", bank=["Pit of Spikes"]), st["parties"][1]]), green=0, blue=3, red=0)])

# 02 one short fails: each Character one Wound, trap discarded
st = P([ch(HE), ch(LE)], ["Pit of Spikes", "Golden Chalice"])
W("raid-02-trap-one-short", "Traps: 'If he fails, each member of his party suffers one Wound each' and 'The Trap is then placed into the Crypt Card Discard Pile.' Pit of Spikes (Skill 3): 2 successes, one short: every Character suffers one Wound, nothing is banked, the Trap goes to the Crypt discard pile.", st,
  [A("raid"), A("announce", card="Pit of Spikes", player=1), A("disarm", characters=[LE]),
   A("roll", proj(parties=[p0_after(st, location="crypt:d", characters=[C(HE, 1), C(LE, 1)]), st["parties"][1]],
                  crypt_discard=add(st["crypt_discard"], "Pit of Spikes")), green=0, blue=2, red=0)])

# 03 trap failure kills at exactly HP; replacement to the Inn
st = P([ch(HE), ch(LE, wounds=2)], ["Pit of Spikes", "Golden Chalice"])
W("raid-03-trap-kills-at-hp", "Death: 'When a Character or Monster suffers a number of Wounds equal to or greater than its Hit Point total, it is killed' and 'If a Character ever dies, the dead Character is removed from play, and a new Character is drawn from the Character Pool and placed in the Inn.' Lady Eryne (HP 3) with 2 Wounds fails Pit of Spikes; its one Wound brings her to exactly 3: she dies, Hedda keeps one Wound, a Character from the Pool goes to the Inn.", st,
  [A("raid"), A("announce", card="Pit of Spikes", player=1), A("disarm", characters=[LE]),
   A("roll", green=0, blue=0, red=0),
   A("draw", proj(parties=[p0_after(st, location="crypt:d", characters=[C(HE, 1)]), st["parties"][1]],
                  inn=["Wren"], dead=sorted(st["dead"] + [LE]), pool=deck({"Torvald": 1})), card="Wren")])

# 04 combined successes of two disarmers
st = P([ch(HE), ch(LE)], ["Crushing Walls", "Golden Chalice"])
W("raid-04-trap-combined", "Traps: 'Characters assigned to Disarm a trap must roll a combined number of successes, equal to or greater than the trap's Target Number'. Crushing Walls (Characters 2, Attack 3): Hedda and Eryne disarm together; 3 successes in all (neither has 3 alone is not needed: they are combined) disarm it and it is banked.", st,
  [A("raid"), A("announce", card="Crushing Walls", player=1), A("disarm", characters=[HE, LE]),
   A("roll", proj(parties=[p0_after(st, location="crypt:d", bank=["Crushing Walls"]), st["parties"][1]]), green=1, blue=1, red=1)])

# 05 more disarmers than the trap allows
st = P([ch(HE), ch(LE)], ["Pit of Spikes", "Golden Chalice"])
W("raid-05-trap-too-many-disarmers", "Traps: the CM tells 'the Raiding Player how many Characters may attempt to disarm the trap'; the example: 'Characters: 1 ... Only one Character may Disarm this trap.' Two Characters picked for Pit of Spikes (Characters 1) are refused; one is accepted.", st,
  [A("raid"), A("announce", card="Pit of Spikes", player=1),
   A("disarm", err("tomb.trap.example-one-disarmer"), characters=[HE, LE]),
   A("disarm", characters=[LE])])

# 06 nobody disarming
st = P([ch(HE), ch(LE)], ["Pit of Spikes", "Golden Chalice"])
W("raid-06-trap-no-disarmer", "Traps: 'The Raiding Adventuring Party selects which Characters will Disarm the trap. Characters assigned to Disarm a trap must roll ...'. Assigning no Character at all is refused (the trap names how many 'may attempt'; at least one attempts).", st,
  [A("raid"), A("announce", card="Pit of Spikes", player=1),
   A("disarm", err("tomb.trap.party-selects-disarmers"), characters=[])])

# 07 two Target Numbers, each met separately (recorded: trap-multiple-target-numbers each-separately)
st = P([ch("Kadin"), ch("Mirin Faithbringer")], ["Glyph of Binding", "Golden Chalice"])
W("raid-07-trap-two-tns", "Traps: successes 'equal to or greater than the trap's Target Number or Numbers'. Glyph of Binding (Magic 2, Holiness 1): Magic roll 2 (meets 2) but Holiness roll 0 (misses 1): failed under tomb.ambiguity.trap-multiple-target-numbers = each-separately (default); summed would be 2 < 3 as well. Failure: each Character one Wound (Mirin's ward passed).", st,
  [A("raid"), A("announce", card="Glyph of Binding", player=1), A("disarm", characters=["Kadin", "Mirin Faithbringer"]),
   A("roll", green=0, blue=2, red=0), A("roll", green=0, blue=0, red=0),
   A("pass"), A("pass", proj(parties=[p0_after(st, location="crypt:d", characters=[C("Kadin", 1), C("Mirin Faithbringer", 1)]), st["parties"][1]]))])

# 08 Komodo: +1 TN
st = P([ch(HE), ch(LE)], ["Pit of Spikes", "Komodo"])
W("raid-08-komodo-tn", "Komodo: 'Reveal this Card when the first Trap in this Crypt is announced. All Traps in this Crypt gain +1 TN to disarm.' Pit of Spikes (Skill 3) becomes 4: Eryne's 3 successes now fail, every Character suffers one Wound and nothing is banked.", st,
  [A("raid"), A("announce", card="Pit of Spikes", player=1), A("disarm", characters=[LE]),
   A("roll", proj(parties=[p0_after(st, location="crypt:d", characters=[C(HE, 1), C(LE, 1)]), st["parties"][1]]), green=0, blue=3, red=0)])

# 09 leave after a trap: back to the Door, cards back face down, turn ends
st = P([ch(HE), ch(LE)], ["Pit of Spikes", "Skeleton"])
W("raid-09-leave-after-trap", "Traps: 'After any Trap has been resolved, the Raiding Player may choose to leave the Crypt ... If so, move the Adventuring Party Marker back to the Crypt Door. All remaining Crypt Cards are returned face down into the Crypt.' Eryne disarms Pit of Spikes, the Party leaves: it stands on the Door (7,5) with the Trap banked, the Skeleton is back in Crypt d, known only to the CM, and the turn passes.", st,
  [A("raid"), A("announce", card="Pit of Spikes", player=1), A("disarm", characters=[LE]),
   A("roll", green=0, blue=3, red=0),
   A("leave", proj(parties=[p0_after(st, bank=["Pit of Spikes"]), st["parties"][1]], current=1,
                   crypts=[{"cards": [hidden("Giant Rat")], "id": "a"}, {"cards": [], "id": "b"}, {"cards": [], "id": "c"},
                           {"cards": [hidden("Skeleton")], "id": "d"}, {"cards": [], "id": "f"}]))])

# 10 Unholy Light: the fewest Attack dice, Attached dice counted
st = P([ch(LE), ch("Kadin", attached=["Mkono-Djarat"]), ch("Slayer the Unkind", attached=["Teleport"]), ch("Grimbold")], ["Unholy Light", "Golden Chalice"],
       p1=party([ch("Torvald")]), pool={"Wren": 1, "Ember": 1})
disc = copy.deepcopy(st["discards"]); disc[1] = add(disc[1], "Teleport")
W("raid-10-unholy-light-fewest", "Example of Play: 'the member of the party with the fewest Attack dice dies. Kadin only has one printed Attack die, but gets three more from his Attached sword — so he is safe ... Slayer only has one. Slayer dies heinously and goes to the discard pile, taking the Attached spell with him. A new Character is added to the Inn from the Character Pool.' Eryne (3 dice) fails Unholy Light (Skill 4); Kadin has 3 with Mkono-Djarat, Grimbold 3, Slayer 1: Slayer dies, Teleport is discarded.", st,
  [A("raid"), A("announce", card="Unholy Light", player=1), A("disarm", characters=[LE]),
   A("roll", green=0, blue=3, red=0),
   A("draw", proj(parties=[p0_after(st, location="crypt:d", characters=[C(LE), C("Kadin", 0, ["Mkono-Djarat"]), C("Grimbold")]), st["parties"][1]],
                  discards=disc, inn=["Ember"], crypt_discard=add(st["crypt_discard"], "Unholy Light")), card="Ember")])

# 11 the CM begins the Battle Actions
st = P([ch(HE), ch(LE)], ["Skeleton", "Golden Chalice"])
W("raid-11-cm-acts-first", "Monsters: 'Battle Actions. Beginning with the CM, the CM and the Raiding Player take turns performing Battle Actions'. A Character's Attack before any Monster has acted is refused; the CM's Monster Attack is accepted.", st,
  [A("raid"), A("continue"),
   A("attack", err("tomb.combat.alternate-battle-actions"), player=0, character=HE, monster="m0"),
   A("monster-attack", player=1, monster="m0")])

# 12 a Monster's Attack kills at exactly HP (Attached HP counted)
st = P([ch(HE), ch(LE, attached=["Leather Armor"])], ["Brine Spawn", "Golden Chalice"])
disc = copy.deepcopy(st["discards"]); disc[2] = add(disc[2], "Leather Armor")
W("raid-12-monster-kills-exact", "Battle Actions for Monsters: 'The CM rolls ... inflicting one Wound for each success on the Target Character'; Death: Wounds 'equal to or greater than its Hit Point total' kill, 'Dead Characters are removed from play and all of their Attached Cards are discarded'. Eryne (HP 3, +1 from Leather Armor = 4) suffers 3 Wounds and lives; the next round she suffers 1 more (4 = HP): dead, the Armor discarded, a replacement to the Inn.", st,
  [A("raid"), A("continue"), A("monster-attack", player=1, monster="m0"), A("target", character=LE),
   A("roll", proj(parties=[p0_after(st, location="crypt:d", characters=[C(HE), C(LE, 3, ["Leather Armor"])]), st["parties"][1]]), green=0, blue=2, red=1),
   A("attack", character=HE, monster="m0"), A("roll", green=0, blue=0, red=0),
   A("attack", character=LE, monster="m0"), A("roll", green=0, blue=0, red=0),
   A("monster-attack", player=1, monster="m0"), A("target", character=LE),
   A("roll", green=0, blue=1, red=0),
   A("draw", proj(discards=disc, inn=["Wren"], dead=sorted(st["dead"] + [LE])), card="Wren")])

# 13 Monster killed at exactly HP, banked; Wounds carry across rounds; Treasure then
st = P([ch(HE), ch(LE)], ["Skeleton", "Golden Chalice"])
W("raid-13-monster-killed-treasure", "Death: 'Dead Monster Cards are immediately Banked.'; Treasure Cards: 'Once all of the Traps and Monsters are defeated ... the Raiding Player receives all of the Treasure Cards' and 'must immediately be Banked or Attached'. The Skeleton (HP 2) takes 1 Wound in round 1 and 1 in round 2 (Wounds stay on a Monster): killed and banked; Golden Chalice is then Banked too.", st,
  [A("raid"), A("continue"), A("monster-attack", player=1, monster="m0"), A("target", character=LE),
   A("roll", green=0, blue=0, red=0), A("attack", character=HE, monster="m0"), A("roll", green=0, blue=1, red=0),
   A("attack", character=LE, monster="m0"), A("roll", green=0, blue=0, red=0),
   A("monster-attack", player=1, monster="m0"), A("target", character=LE), A("roll", green=0, blue=0, red=0),
   A("attack", character=LE, monster="m0"), A("roll", green=1, blue=0, red=0),
   A("bank", proj(current=1), card="Golden Chalice", character=None)])

# 14 Sir Guerin ignores green successes
st = P([ch(HE), ch(LE)], ["Sir Guerin", "Golden Chalice"])
W("raid-14-sir-guerin-green", "Sir Guerin: 'Sir Guerin only suffers wounds from Blue or Red dice.' (HP 4). Eryne hits with 2 Green and 1 Blue (1 Wound), Hedda with 2 Blue (2 Wounds): 3 Wounds, not 4 (green ignored), so he is alive and not banked (and, everyone having acted, a new Round has reset the Characters).", st,
  [A("raid"), A("continue"), A("monster-attack", player=1, monster="m0"), A("target", character=HE),
   A("roll", green=0, blue=0, red=0),
   A("attack", character=LE, monster="m0"), A("roll", green=2, blue=1, red=0),
   A("attack", character=HE, monster="m0"),
   A("roll", proj(parties=[p0_after(st, location="crypt:d", characters=[C(HE, 0), C(LE, 0)]), st["parties"][1]]), green=0, blue=2, red=0)])

# 15 a Character acts once per Combat Round
st = P([ch(HE), ch(LE)], ["Skeleton", "Golden Chalice"])
W("raid-15-act-once", "Monsters: 'Each Monster and each Adventuring Party member may act once per combat Round.' After the Monster acts and Hedda attacks, Hedda attacking again in the same Round is refused; Eryne may.", st,
  [A("raid"), A("continue"), A("monster-attack", player=1, monster="m0"), A("target", character=HE),
   A("roll", green=0, blue=0, red=0), A("attack", character=HE, monster="m0"), A("roll", green=0, blue=0, red=0),
   A("attack", err("tomb.combat.act-once-per-round"), character=HE, monster="m0"),
   A("attack", character=LE, monster="m0")])

# 16 Double-Bladed Sword: one extra action
st = P([ch(HE, attached=["Double-Bladed Sword"]), ch(LE)], ["Skeleton", "Golden Chalice"])
W("raid-16-double-bladed-sword", "Double-Bladed Sword (Item, Weapon): 'Perform one extra combat action each Combat Round'. Hedda holding it attacks twice in one Round; the second Attack's Wound kills the Skeleton (HP 2), banked.", st,
  [A("raid"), A("continue"), A("monster-attack", player=1, monster="m0"), A("target", character=HE),
   A("roll", green=0, blue=0, red=0), A("attack", character=HE, monster="m0"), A("roll", green=0, blue=1, red=0),
   A("attack", character=HE, monster="m0"), A("roll", green=0, blue=1, red=0),
   A("bank", proj(current=1), card="Golden Chalice", character=None)])

# 17 Flee
st = P([ch(HE), ch(LE)], ["Crusher", "Golden Chalice"], decks={"item": {"Kama": 1, "Battle Axe": 1}})
disc = copy.deepcopy(st["discards"]); disc[2] = add(disc[2], "Kama")
W("raid-17-flee", "Flee: 'The Raiding Player may choose to immediately return the Adventuring Party to the Inn. All remaining Monster and Treasure Cards are returned face down into the Crypt. Any Inn Cards drawn for the Monsters ... are discarded, and any Wounds inflicted on the Monsters are removed.' and 'The Player's turn ends.' Crusher draws Kama; Crusher hits Hedda for 2; Eryne flees: the Party is at the Inn with Hedda's 2 Wounds (healed only when a Turn begins there), Crusher and the Chalice are back in Crypt d, Kama in the Item discard pile, the turn passes.", st,
  [A("raid"), A("continue"), A("draw", card="Kama"), A("monster-attack", player=1, monster="m0"), A("target", character=HE),
   A("roll", green=0, blue=1, red=1), A("pass", player=1),
   A("flee", proj(current=1, discards=disc,
                  crypts=[{"cards": [hidden("Giant Rat")], "id": "a"}, {"cards": [], "id": "b"}, {"cards": [], "id": "c"},
                          {"cards": [hidden("Crusher", (0, 1)), hidden("Golden Chalice")], "id": "d"}, {"cards": [], "id": "f"}]))])

# 18 no Flee outside Combat
st = P([ch(HE), ch(LE)], ["Pit of Spikes", "Skeleton"])
W("raid-18-no-flee-at-trap", "Return to the Inn (Flee): 'During Combat, the Adventuring Party may Flee from a Crypt to the Inn. This can only be done as a Character Battle Action.' After a Trap (no Combat yet) a Flee is refused; leaving to the Door is the Trap step's way out.", st,
  [A("raid"), A("announce", card="Pit of Spikes", player=1), A("disarm", characters=[LE]),
   A("roll", green=0, blue=3, red=0),
   A("flee", err("tomb.flee.battle-action-only"))])

# 19 the whole Party killed
st = P([ch(LE, attached=["Leather Armor"])], ["Brine Spawn", "Golden Chalice"])
disc = copy.deepcopy(st["discards"]); disc[2] = add(disc[2], "Leather Armor")
W("raid-19-party-wiped", "Death: 'If an entire Adventuring Party is killed ..., all cards Attached to Adventuring Party members are discarded. The Adventuring Party Marker is returned to the Inn, and the Player draws a new Character from the Character Pool to start a new Adventuring Party. The Player's turn ends.'; The Raid Begins: 'If the Adventuring Party ... dies ..., unrevealed cards are returned face down into the Crypt'. Eryne alone dies to Brine Spawn: Armor discarded, her replacement to the Inn, a new Character starts the Party at the Inn, the Crypt's cards go back, the turn passes.", st,
  [A("raid"), A("continue"), A("monster-attack", player=1, monster="m0"), A("target", character=LE),
   A("roll", green=0, blue=3, red=1), A("draw", card="Torvald"),
   A("draw", proj(current=1, discards=disc, inn=["Torvald"], parties=[party([C("Wren")], location="inn"), st["parties"][1]]), card="Wren")])

# 20 Raid only from a Crypt Door
st = P([ch(HE), ch(LE)], ["Skeleton", "Golden Chalice"], loc="6,5")
W("raid-20-raid-off-door", "Raid: 'If an Adventuring Party is standing on a Crypt Door at the start of a Turn, they may Raid the Crypt.' A Party on a Hallway Space (6,5) beside Door D may not Raid.", st,
  [A("raid", err("tomb.raid.on-crypt-door"))])

# 21 empty Crypt
st = P([ch(HE), ch(LE)], [])
W("raid-21-empty-crypt", "Raid: 'If the Crypt is empty, the acting Player's Turn ends.' Raiding empty Crypt d ends the turn: the next player is current, nothing else changes.", st,
  [A("raid", proj(current=1, crypts=st["crypts"]))])

# 22 Treasure: must be Banked or Attached; trait limit
st = P([ch(HE, attached=["Iron Helm"]), ch(LE)], ["Crown of the Overseer"])
W("raid-22-treasure-choice", "Treasure Cards: 'Treasure Cards must immediately be Banked or Attached.' and the trait limit 'no Character may Attach more than one Item or Treasure each with the following traits — Armor, Bow, Glove, Helm, Shield, Weapon'. With no Traps or Monsters the Crown (Helm) is received at once: 'done' is refused, Attaching it to Hedda (Iron Helm) is refused, Attaching it to Eryne is accepted and ends the turn.", st,
  [A("raid"),
   A("done", err("tomb.treasure.bank-or-attach-immediately")),
   A("attach", err("tomb.attach.one-item-or-treasure-per-trait"), card="Crown of the Overseer", character=HE),
   A("attach", proj(current=1), card="Crown of the Overseer", character=LE)])

# 23 each new round begins with the CM again
st = P([ch(HE), ch(LE)], ["Skeleton", "Golden Chalice"])
W("raid-23-new-round-cm-first", "Battle Actions: 'Beginning with the CM ...' and 'A new Combat Round begins once all of the Characters and Monsters have acted. When a new Combat Round begins all Characters and Monsters \"reset\"'; the example: 'Brine Spawn attacks first again'. After round 1, a Character's Attack is refused (the CM begins round 2), the Skeleton attacks again.", st,
  [A("raid"), A("continue"), A("monster-attack", player=1, monster="m0"), A("target", character=HE),
   A("roll", green=0, blue=0, red=0), A("attack", character=HE, monster="m0"), A("roll", green=0, blue=0, red=0),
   A("attack", character=LE, monster="m0"), A("roll", green=0, blue=0, red=0),
   A("attack", err("tomb.combat.alternate-battle-actions"), player=0, character=HE, monster="m0"),
   A("monster-attack", player=1, monster="m0")])

# 24 alternation while both sides have actors
st = P([ch(HE), ch(LE)], ["Skeleton", "Giant Rat"])
W("raid-24-alternate", "Battle Actions: 'the CM and the Raiding Player take turns performing Battle Actions until all living Monsters and Adventuring Party members have acted.' After the Skeleton and then Hedda, it is the CM's turn (the Giant Rat has not acted): Eryne's Attack is refused, the Rat's accepted.", st,
  [A("raid"), A("continue"), A("monster-attack", player=1, monster="m0"), A("target", character=HE),
   A("roll", green=0, blue=0, red=0), A("attack", character=HE, monster="m1"), A("roll", green=0, blue=0, red=0),
   A("attack", err("tomb.combat.alternate-battle-actions"), player=0, character=LE, monster="m0"),
   A("monster-attack", player=1, monster="m1")])

# 25 Stone Skin ends with the Turn (recorded: hit-point-changes dies-when-exceeded)
st = P([ch(HE), ch(LE), ch("Slayer the Unkind")], ["Brine Spawn"], hand=["Stone Skin"])
W("raid-25-stone-skin-ends", "Stone Skin: 'React: Before entering a Crypt, one Character gains +2 HP until the end of the Turn'; Wounds: a Character 'can suffer more Wounds than it has Hit Points'. Eryne (HP 3+2) survives 4 Wounds in the Raid; when the Turn ends her HP is 3 with 4 Wounds: killed under tomb.ambiguity.hit-point-changes = dies-when-exceeded (default). Brine Spawn is killed (3 Wounds = HP 3) and banked.", st,
  [A("raid"), A("use-card", card="Stone Skin", holder="Slayer the Unkind", target=LE), A("continue"),
   A("monster-attack", player=1, monster="m0"), A("target", character=LE),
   A("roll", green=0, blue=2, red=2),
   A("attack", character=HE, monster="m0"), A("roll", green=0, blue=2, red=1),
   A("draw", proj(inn=["Wren"], dead=sorted(st["dead"] + [LE])), card="Wren")])

# 26 Bless: one more Red die on the Party's rolls this combat
st = P([ch(HE), ch("Mirin Faithbringer")], ["Skeleton", "Golden Chalice"], hand=["Bless"])
W("raid-26-bless-red-die", "Example of Play: Mirin 'casts Bless, giving the Party one additional Red Die for the rest of its rolls this combat. The Prayer Card Attaches to Mirin'; Play a Card: 'one Character plays the Card for his Battle Action'. Mirin casts it; Hedda (Attack 2 Blue, 1 Red) then rolls 2 Blue and 2 Red: 2 Red successes are possible and kill the Skeleton (HP 2).", st,
  [A("raid"), A("continue"), A("monster-attack", player=1, monster="m0"), A("target", character=HE),
   A("roll", green=0, blue=0, red=0),
   A("use-card", card="Bless", holder="Mirin Faithbringer", target=None),
   A("attack", character=HE, monster="m0"),
   A("roll", green=0, blue=0, red=2),
   A("bank", proj(current=1), card="Golden Chalice", character=None)])

# 27 Weaken removes one die of each colour
st = P([ch(HE), ch("Mirin Faithbringer")], ["Brine Spawn", "Golden Chalice"], hand=["Weaken"])
W("raid-27-weaken", "Weaken: 'React: Before a Monster attacks, remove one die of each color from its Attack roll'. Brine Spawn (3 Blue, 3 Red) weakened rolls 2 Blue, 2 Red: 3 Blue successes cannot be rolled (refused), 2 and 2 can: Hedda (HP 6) suffers 4 Wounds.", st,
  [A("raid"), A("continue"), A("monster-attack", player=1, monster="m0"), A("target", character=HE),
   A("use-card", card="Weaken", holder="Mirin Faithbringer", target=None),
   A("roll", err("tomb.dice.attribute-named"), green=0, blue=3, red=0),
   A("roll", green=0, blue=2, red=2), A("pass"),
   A("attack", proj(parties=[p0_after(st, location="crypt:d", hand=[], characters=[C(HE, 4, actions=1), C("Mirin Faithbringer", 0, ["Weaken"])]), st["parties"][1]]), character=HE, monster="m0")])

# 28 Throwing Daggers kill on reveal; a dead Monster does not act
st = P([ch(HE, attached=["Throwing Daggers"]), ch(LE)], ["Giant Rat", "Skeleton"])
W("raid-28-daggers-dead-monster", "Throwing Daggers: 'React: When Monsters are revealed, roll three Green dice. For each success, inflict one wound on one Monster.'; Death: 'Dead Monster Cards are immediately Banked'; Battle Actions 'until all living Monsters ... have acted'. One success kills the Giant Rat (HP 1) before Combat: banked at once; the dead Rat may not attack, the Skeleton may.", st,
  [A("raid"), A("continue"), A("use-card", card="Throwing Daggers", holder=HE, target=None),
   A("roll", green=1, blue=0, red=0),
   A("assign-wound", proj(parties=[p0_after(st, location="crypt:d", bank=["Giant Rat"]), st["parties"][1]]), target="m0"),
   A("monster-attack", err("tomb.combat.alternate-battle-actions"), player=1, monster="m0"),
   A("monster-attack", player=1, monster="m1")])

# 29 raised Skill: Red automatic, promoted dice rolled (recorded: raise-which-red-automatic previously-red)
st = P([ch("Dread", attached=["Lucky Charm"]), ch(HE)], ["Pit of Spikes", "Golden Chalice"])
W("raid-29-raised-skill", "The Basics: 'Any time an effect raises the Tomb Dice type ..., Green Tomb Dice are replaced by an equal number of Blue Tomb Dice, and Blue Tomb Dice are replaced by an equal number of Red Tomb Dice. All Red Tomb Dice become automatic successes.' and Traps: the roll includes 'Items, Treasures, and other effects'. Dread (Skill 2 Green, 2 Blue, 2 Red) with Lucky Charm (+1 Blue, raised): 2 Red are automatic, 2 Blue and 3 Red are rolled (tomb.ambiguity.raise-which-red-automatic = previously-red); no Green die is left, so a Green success is refused; 1 rolled success + 2 automatic = 3 disarms Pit of Spikes.", st,
  [A("raid"), A("announce", card="Pit of Spikes", player=1), A("disarm", characters=["Dread"]),
   A("roll", err("tomb.dice.attribute-named"), green=1, blue=0, red=0),
   A("roll", proj(parties=[p0_after(st, location="crypt:d", bank=["Pit of Spikes"]), st["parties"][1]]), green=0, blue=0, red=1)])

# 30 redistribution refused mid-Raid
st = P([ch(HE, attached=["Battle Axe"]), ch(LE)], ["Skeleton", "Golden Chalice"])
W("raid-30-no-moving-cards", "Free Actions: 'Players may not move Cards while they are resolving Crypt Encounters (Traps, Monsters, etc.).' At the Raiding Player's Battle Action, a redistribution is refused.", st,
  [A("raid"), A("continue"), A("monster-attack", player=1, monster="m0"), A("target", character=HE),
   A("roll", green=0, blue=0, red=0),
   A("redistribute", err("tomb.free.no-moving-cards-in-encounters"))])

# 31 Bruntor's Shield: a death lowers another's Hit Points (recorded: hit-point-changes dies-when-exceeded)
st = P([ch(LE, wounds=3, attached=["Bruntor's Shield"]), ch("Slayer the Unkind")], ["Brine Spawn", "Golden Chalice"], pool={"Torvald": 1, "Wren": 1, "Ember": 1})
W("raid-31-bruntor-chain-death", "Bruntor's Shield: 'This Character gains +1 HP for each other Character in your Party.'; Death: killed with Wounds 'equal to or greater than its Hit Point total'. Eryne (HP 3 + 1 = 4) lives with 3 Wounds; Brine Spawn kills Slayer (3 Wounds, HP 3), so Eryne's HP falls to 3 = her Wounds: she is killed too (tomb.ambiguity.hit-point-changes = dies-when-exceeded, the default), the Shield discarded, the Party wiped: two replacements to the Inn, a new Character starts the Party at the Inn, the turn passes.", st,
  [A("raid"), A("continue"), A("monster-attack", player=1, monster="m0"), A("target", character="Slayer the Unkind"),
   A("roll", green=0, blue=2, red=1),
   A("draw", card="Ember"), A("draw", card="Torvald"),
   A("draw", proj(current=1, inn=["Ember", "Torvald"], parties=[party([C("Wren")], location="inn"), st["parties"][1]]), card="Wren")])

# 32 Flee keeps the Monster already killed
st = P([ch(HE), ch(LE)], ["Giant Rat", "Skeleton", "Golden Chalice"])
W("raid-32-flee-keeps-banked", "Death: 'Dead Monster Cards are immediately Banked'; Banking: Banked cards 'cannot ever be returned to play'; Flee: 'All remaining Monster and Treasure Cards are returned face down into the Crypt ... any Wounds inflicted on the Monsters are removed.' Hedda kills the Giant Rat and wounds nobody else; Eryne flees: the Rat stays in the bank, the Skeleton and the Chalice go back to Crypt d, the Party is at the Inn and the turn passes.", st,
  [A("raid"), A("continue"), A("monster-attack", player=1, monster="m1"), A("target", character=HE),
   A("roll", green=0, blue=0, red=0), A("attack", character=HE, monster="m0"), A("roll", green=0, blue=1, red=0),
   A("flee", proj(current=1,
                  crypts=[{"cards": [hidden("Giant Rat")], "id": "a"}, {"cards": [], "id": "b"}, {"cards": [], "id": "c"},
                          {"cards": [hidden("Golden Chalice"), hidden("Skeleton", (0, 1))], "id": "d"}, {"cards": [], "id": "f"}]))])

# 33 a disarmer without the Attribute rolls no dice; a one-Character Party wiped by a Trap
st = P([ch(HE, wounds=5)], ["Pit of Spikes", "Skeleton"])
W("raid-33-zero-dice-trap-wipe", "The Basics: 'If no number appears for an Attribute, then no dice of that color are rolled.'; Traps: failure 'each member of his party suffers one Wound each'; Death: a Party killed entirely restarts at the Inn and 'The Player's turn ends'; The Raid Begins: 'If the Adventuring Party ... dies ..., unrevealed cards are returned face down into the Crypt'. Hedda (no Skill) disarms Pit of Spikes with no dice: 0 successes, the only possible roll; her 6th Wound kills her (HP 6): replacement to the Inn, a new Character for the Party, the Skeleton back face down, the turn passes.", st,
  [A("raid"), A("announce", card="Pit of Spikes", player=1), A("disarm", characters=[HE]),
   A("roll", err("tomb.dice.attribute-named"), green=0, blue=1, red=0),
   A("roll", green=0, blue=0, red=0), A("draw", card="Torvald"),
   A("draw", proj(current=1, inn=["Torvald"], parties=[party([C("Wren")], location="inn"), st["parties"][1]],
                  crypts=[{"cards": [hidden("Giant Rat")], "id": "a"}, {"cards": [], "id": "b"}, {"cards": [], "id": "c"},
                          {"cards": [hidden("Skeleton")], "id": "d"}, {"cards": [], "id": "f"}]), card="Wren")])

# 34 a Trap kills two at once and wipes the Party: a replacement for each
st = P([ch(HE, wounds=5), ch(LE, wounds=2)], ["Pit of Spikes", "Skeleton"], pool={"Torvald": 1, "Wren": 1, "Ember": 1})
W("raid-34-trap-kills-two-wipe", "Death: 'If a Character ever dies, the dead Character is removed from play, and a new Character is drawn from the Character Pool and placed in the Inn.' and 'If an entire Adventuring Party is killed ..., the Player draws a new Character from the Character Pool to start a new Adventuring Party. The Player's turn ends.' Pit of Spikes fails; its one Wound each kills Hedda (6 of HP 6) and Eryne (3 of HP 3): two replacements go to the Inn and a third Character starts the new Party (three draws from the Pool), the Skeleton goes back, the turn passes.", st,
  [A("raid"), A("announce", card="Pit of Spikes", player=1), A("disarm", characters=[LE]),
   A("roll", green=0, blue=0, red=0), A("draw", card="Ember"), A("draw", card="Torvald"),
   A("draw", proj(current=1, inn=["Ember", "Torvald"], parties=[party([C("Wren")], location="inn"), st["parties"][1]],
                  crypts=[{"cards": [hidden("Giant Rat")], "id": "a"}, {"cards": [], "id": "b"}, {"cards": [], "id": "c"},
                          {"cards": [hidden("Skeleton")], "id": "d"}, {"cards": [], "id": "f"}]), card="Wren")])
