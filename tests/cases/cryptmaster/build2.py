"""Build the second batch of Cryptmaster rule cases (60 upward) from the rulebook alone.

Targets: the Raid as Cryptmaster changes it (curses, traps, monsters' spells and prayers, fleeing, the
wiped-out party, treasure), a mercenary's death and return, Dismiss Extra Members, Player vs. Player,
Overlords and Cursed treasures.  The helpers (state shape, every card in one place) are build.py's.

Run: .venv/bin/python tests/cases/cryptmaster/build2.py
"""

from __future__ import annotations

import copy
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import build as B  # noqa: E402
from build import A, BOARD, char, counts, line, party, state  # noqa: E402

CASES = {}


def case(name, rule, quotes, note, options=None, board=None):
    def deco(fn):
        CASES[name] = (rule, quotes, note, options, board, fn)
        return fn
    return deco


HEDDA, ALDOUS, KADIN, ERYNE = "Hedda Ironhand", "Brother Aldous", "Kadin", "Lady Eryne"

# A board like the shipped one, whose crypt a holds up to four cards (a raid of every kind of card), and
# a card set with one Cursed treasure (the example set has a Cursed item only).
BIG = copy.deepcopy(BOARD)
BIG["board"]["name"] = "halls-big-a"
BIG["board"]["note"] = "The shipped board with crypt a holding four cards (built for these cases)."
for c in BIG["crypts"]:
    if c["id"] == "a":
        c["capacity"] = 4
BIG["cards"]["crypt"].append({"name": "Idol of Woe", "type": "treasure", "xp": 4, "keywords": ["cursed"],
                              "text": "Cursed treasure (invented for these cases): only XP."})
B.CRYPT_TOTAL["Idol of Woe"] = 1


def raid3(p0_chars, a_cards, p0_hand=(), p1_loc="inn", p2_loc="inn", p2_chars=None, crypts=None, **kw):
    """P0 on door A (2,2) of crypt a (symbol L: the CM is P1)."""
    ps = [party(p0_chars, hand=p0_hand, location="2,2"),
          party([char("Grimbold")], location=p1_loc),
          party(p2_chars or [char("Torvald")], location=p2_loc)]
    cr = {"a": a_cards, "b": ["Skeleton"]}
    if crypts:
        cr.update(crypts)
    return big(state(0, ps, crypts=cr, **kw)), ps


def big(st):
    """Put the Idol of Woe (BIG's extra card) in the crypt deck unless the case placed it."""
    return st   # build.state counts it (B.CRYPT_TOTAL below); write_all strips it for the shipped board


def crypt_project(st, cid, cards, known=(1,)):
    """Crypt cid holding cards, known to the CM who looked at them (P1 by default)."""
    out = copy.deepcopy(st["crypts"])
    for c in out:
        if c["id"] == cid:
            c["cards"] = [{"card": x, "known": list(known)} for x in cards]
    return out


def returned(st, hidden, revealed, cid="a", revealed_first=False):
    """Crypt cid after a raid: unrevealed cards known to the CM (P1), revealed monsters to everyone."""
    out = copy.deepcopy(st["crypts"])
    for c in out:
        if c["id"] == cid:
            h = [{"card": x, "known": [1]} for x in hidden]
            r = [{"card": x, "known": [0, 1, 2]} for x in revealed]
            c["cards"] = r + h if revealed_first else h + r   # the order in a crypt is no rule
    return out


Q_CURSE1 = "First, the CM reveals each curse and attaches it to a member of the raiding party."
Q_CURSE2 = ("As each curse is attached, the party may make an immediate Holiness check to attempt to lift the "
            "curse. If successful, the curse is banked.")
Q_REMAINS = "Otherwise, it remains on the character until the character dies, the curse is lifted, or an effect moves it."
Q_CLEAVE = ("After all curses are resolved, the party may choose to return to the door of the crypt, ending the "
            "turn. Return all remaining crypt cards to the crypt face down.")


@case("60-curse-check-fails-curse-remains", "cryptmaster.curse.remains", [Q_CURSE1, Q_CURSE2, Q_REMAINS],
      "Crypt a: Curse of Weakness (Holiness TN 2) and a Giant Rat. The CM attaches the curse to Hedda; the "
      "party's check (Aldous's two blue dice) rolls one success, one short: the curse stays on Hedda.",
      board=BIG)
def _():
    st, ps = raid3([char(HEDDA), char(ALDOUS)], ["Curse of Weakness", "Giant Rat"])
    after = copy.deepcopy(ps)
    after[0]["characters"] = [char(HEDDA, ["Curse of Weakness"]), char(ALDOUS)]
    after[0]["location"] = "crypt:a"
    return st, [line(A("raid")), line(A("done")),
                line(A("curse", card="Curse of Weakness", character=HEDDA)),
                line(A("continue")),
                line(A("roll", green=0, blue=1, red=0), project={"parties": after})]


@case("61-curse-leave-returns-to-door", "cryptmaster.curse.may-leave", [Q_CLEAVE],
      "After the only curse stays on Hedda, the party returns to the door: the turn ends (P1 is next), the "
      "Giant Rat goes back into crypt a and the party stands on door A (2,2), the curse still attached.",
      board=BIG)
def _():
    st, ps = raid3([char(HEDDA), char(ALDOUS)], ["Curse of Weakness", "Giant Rat"])
    after = copy.deepcopy(ps)
    after[0]["characters"] = [char(HEDDA, ["Curse of Weakness"]), char(ALDOUS)]
    return st, [line(A("raid")), line(A("done")),
                line(A("curse", card="Curse of Weakness", character=HEDDA)),
                line(A("continue")),
                line(A("roll", green=0, blue=1, red=0)),
                line(A("leave"), project={"parties": after, "current": 1,
                                          "crypts": crypt_project(st, "a", ["Giant Rat"])})]


@case("62-two-curses-each-checked", "cryptmaster.curse.holiness-check", [Q_CURSE1, Q_CURSE2],
      "Two curses: each is attached and checked in turn. Curse of Weakness (TN 2) is lifted with two "
      "successes and banked; Mark of Doom (TN 3) gets two successes of Aldous's two dice and stays on Aldous.",
      board=BIG)
def _():
    st, ps = raid3([char(HEDDA), char(ALDOUS)], ["Curse of Weakness", "Mark of Doom", "Giant Rat"])
    after = copy.deepcopy(ps)
    after[0]["characters"] = [char(HEDDA), char(ALDOUS, ["Mark of Doom"])]
    after[0]["bank"] = ["Curse of Weakness"]
    after[0]["location"] = "crypt:a"
    return st, [line(A("raid")), line(A("done")),
                line(A("curse", card="Curse of Weakness", character=HEDDA)),
                line(A("continue")),
                line(A("roll", green=0, blue=2, red=0)),
                line(A("curse", card="Mark of Doom", character=ALDOUS)),
                line(A("continue")),
                line(A("roll", green=0, blue=2, red=0), project={"parties": after})]


Q_TRAP_TN = ("If the raider meets or exceeds the TN for each listed attribute, he succeeds in disarming the trap, "
             "and it is added to the party's XP bank!")
Q_TRAP_FAIL = "Otherwise, the raider fails, and he suffers the failure effects listed on the trap. The trap is then discarded."
Q_TRAP_CHOOSE = "The raider chooses who will roll the dice attempting to disarm the trap."
Q_TRAP_READ = ("The CM reads the first and second lines of the trap, telling the raider how many characters must "
               "attempt to disarm the trap and what attribute or attributes will be required to disarm.")
Q_TRAP_LEAVE = ("After each trap, before any further cards are revealed, the raider may return to the door of the "
                "crypt and immediately end the turn. Return all remaining crypt cards to the crypt face down.")


@case("63-trap-disarmed-exactly-tn", "cryptmaster.trap.disarmed", [Q_TRAP_TN, Q_TRAP_CHOOSE],
      "Pit of Spikes (Characters 1, Skill 3): Lady Eryne (three blue Skill dice) rolls exactly three: disarmed, "
      "the trap goes to P0's bank and nobody is wounded.", board=BIG)
def _():
    st, ps = raid3([char(HEDDA), char(ERYNE)], ["Pit of Spikes", "Giant Rat"])
    after = copy.deepcopy(ps)
    after[0]["bank"] = ["Pit of Spikes"]
    after[0]["location"] = "crypt:a"
    return st, [line(A("raid")), line(A("done")),
                line(A("announce", card="Pit of Spikes")),
                line(A("disarm", characters=[ERYNE])),
                line(A("roll", green=0, blue=3, red=0), project={"parties": after})]


@case("64-trap-one-short-fails", "cryptmaster.trap.failed", [Q_TRAP_TN, Q_TRAP_FAIL],
      "Pit of Spikes, two successes against TN 3: failed; each character of the raiding party suffers one "
      "wound, and the trap is discarded (not banked).", board=BIG)
def _():
    st, ps = raid3([char(HEDDA), char(ERYNE)], ["Pit of Spikes", "Giant Rat"])
    after = copy.deepcopy(ps)
    after[0]["characters"] = [char(HEDDA, wounds=1), char(ERYNE, wounds=1)]
    after[0]["location"] = "crypt:a"
    return st, [line(A("raid")), line(A("done")),
                line(A("announce", card="Pit of Spikes")),
                line(A("disarm", characters=[ERYNE])),
                line(A("roll", green=0, blue=2, red=0),
                     project={"parties": after, "crypt_discard": counts(Counter(["Pit of Spikes"]))})]


@case("65-trap-too-many-disarmers", "cryptmaster.trap.cm-reads", [Q_TRAP_READ, Q_TRAP_CHOOSE],
      "Pit of Spikes says Characters: 1: two characters may not attempt it together (refused); one may.",
      board=BIG)
def _():
    st, ps = raid3([char(HEDDA), char(ERYNE)], ["Pit of Spikes", "Giant Rat"])
    return st, [line(A("raid")), line(A("done")),
                line(A("announce", card="Pit of Spikes")),
                line(A("disarm", characters=[ERYNE, HEDDA]), error="cryptmaster.trap.cm-reads"),
                line(A("disarm", characters=[ERYNE]))]


@case("66-trap-leave-returns-cards", "cryptmaster.trap.may-leave", [Q_TRAP_LEAVE],
      "After the disarmed Pit of Spikes the raider returns to the door: the turn ends, the Giant Rat and the "
      "Golden Chalice go back into crypt a, the trap stays banked.", board=BIG)
def _():
    st, ps = raid3([char(HEDDA), char(ERYNE)], ["Pit of Spikes", "Giant Rat", "Golden Chalice"])
    after = copy.deepcopy(ps)
    after[0]["bank"] = ["Pit of Spikes"]
    return st, [line(A("raid")), line(A("done")),
                line(A("announce", card="Pit of Spikes")),
                line(A("disarm", characters=[ERYNE])),
                line(A("roll", green=0, blue=3, red=0)),
                line(A("leave"), project={"parties": after, "current": 1,
                                          "crypts": crypt_project(st, "a", ["Giant Rat", "Golden Chalice"])})]


Q_DIES = "If a character ever has at least as many wounds as he has hit points, he dies and is discarded."
Q_REPL = "Whenever a character dies, another character is added to the Inn from the character bag."


@case("67-trap-kill-fewest-attack", "cryptmaster.death.replacement-to-inn", [Q_TRAP_FAIL, Q_DIES, Q_REPL],
      "Unholy Light (Skill 4; failure: the member with the fewest Attack dice dies). Eryne rolls three: failed. "
      "Aldous (two Attack dice) has fewer than Hedda (three) and Eryne (three): he dies, his Lantern is "
      "discarded, and a character from the bag (Wren) is added to the Inn.", board=BIG)
def _():
    st, ps = raid3([char(HEDDA), char(ERYNE), char(ALDOUS, ["Lantern"])], ["Unholy Light", "Giant Rat"])
    after = copy.deepcopy(ps)
    after[0]["characters"] = [char(HEDDA), char(ERYNE)]
    after[0]["location"] = "crypt:a"
    return st, [line(A("raid")), line(A("done")),
                line(A("announce", card="Unholy Light")),
                line(A("disarm", characters=[ERYNE])),
                line(A("roll", green=0, blue=3, red=0)),
                line(A("draw", card="Wren"), project={"parties": after, "inn": ["Wren"]})]


Q_MAGIC = ("If any monsters have magic dice, each such monster draws and attaches one spell, in addition to any "
           "dictated by the card's or crypt's text.")
Q_HOLY = ("Likewise, if any monsters have holiness dice, each such monster draws and attaches one prayer, in "
          "addition to any dictated by the card's or crypt's text.")


def monsters_of(card, attached, wounds=0, dead=False, actions=0):
    return {"actions": actions, "attached": list(attached), "card": card, "dead": dead, "wounds": wounds}


@case("68-cultist-draws-two-spells", "cryptmaster.monster.magic-draws-spell", [Q_MAGIC],
      "The Cultist has a magic die AND card text 'When revealed, draw a Spell and attach it': it draws one "
      "spell for its magic dice in addition to the one its text dictates: two spells attached.", board=BIG)
def _():
    st, ps = raid3([char(HEDDA), char(ALDOUS)], ["Cultist"])
    return st, [line(A("raid")), line(A("done")),
                line(A("draw", card="Fireball")),
                line(A("draw", card="Mending")),
                line(A("pass"))]


@case("69-shade-priest-spell-and-prayer", "cryptmaster.monster.holiness-draws-prayer", [Q_MAGIC, Q_HOLY],
      "The Shade Priest has magic and holiness dice: it draws and attaches one spell and one prayer.", board=BIG)
def _():
    st, ps = raid3([char(HEDDA), char(ALDOUS)], ["Shade Priest"])
    return st, [line(A("raid")), line(A("done")),
                line(A("draw", card="Fireball")),
                line(A("draw", card="Bless")),
                line(A("pass"))]


Q_DEF = ("2. A defending character or monster that has not yet used a battle action during this combat round uses "
         "a battle action, if able.")
Q_RAIDSIDES = "During a raid, the CM and monsters are the defenders and the raider is the attacker."


@case("70-cm-acts-first", "cryptmaster.combat.defender-acts", [Q_RAIDSIDES, Q_DEF],
      "The monsters are the defenders and act first in each round: the raider's attack before the CM has "
      "acted (or passed) is refused.", board=BIG)
def _():
    st, ps = raid3([char(HEDDA), char(ALDOUS)], ["Giant Rat"])
    return st, [line(A("raid")), line(A("done")),
                line(A("attack", character=HEDDA, monster="m0"), player=0, error="cryptmaster.combat.defender-acts")]


Q_MDIES = ("If a monster ever has at least as many wounds as it has hit points, it dies and is immediately added "
           "the raider's XP bank.")
Q_MATT = "Discard all cards attached to the monster when it dies, including treasure."


@case("71-monster-dies-attachments-discarded", "cryptmaster.death.monster-attachments-discarded", [Q_MDIES, Q_MATT],
      "The Cultist (2 HP) with its two spells: Hedda rolls exactly two hits: it dies, goes to P0's bank, and both "
      "spells go to the spell discard pile.", board=BIG)
def _():
    st, ps = raid3([char(HEDDA), char(ALDOUS)], ["Cultist"])
    after = copy.deepcopy(ps)
    after[0]["bank"] = ["Cultist"]
    after[0]["location"] = "crypt:a"
    after[0]["characters"] = [char(HEDDA, actions=1), char(ALDOUS)]
    disc = [counts(Counter()) for _ in B.DECKS]
    disc[1] = counts(Counter(["Fireball", "Mending"]))
    return st, [line(A("raid")), line(A("done")),
                line(A("draw", card="Fireball")),
                line(A("draw", card="Mending")),
                line(A("pass")),
                line(A("attack", character=HEDDA, monster="m0")),
                line(A("roll", green=0, blue=2, red=0), project={"parties": after, "discards": disc})]


Q_FLEE_RET = "If the party dies or flees, return all remaining crypt cards face down to the crypt."
Q_FLEE = "Return to the Inn (Flee) — Turn/Battle: Move your party to the Inn ignoring your current location and movement."


@case("72-flee-returns-monster-and-treasure", "cryptmaster.monster.party-dies-or-flees", [Q_FLEE, Q_FLEE_RET],
      "Hedda wounds the Skeleton once, then the party flees: it goes to the Inn, the Skeleton and the unrevealed "
      "Golden Chalice go back into crypt a; the turn ends.", board=BIG)
def _():
    st, ps = raid3([char(HEDDA), char(ALDOUS)], ["Skeleton", "Golden Chalice"])
    after = copy.deepcopy(ps)
    after[0]["location"] = "inn"
    after[0]["characters"] = [char(HEDDA, actions=1), char(ALDOUS)]
    return st, [line(A("raid")), line(A("done")),
                line(A("pass")),
                line(A("attack", character=HEDDA, monster="m0")),
                line(A("roll", green=0, blue=1, red=0)),
                line(A("flee"), project={"current": 1, "crypts": returned(st, ["Golden Chalice"], ["Skeleton"])})]


Q_WIPED = ("IF AT ANY TIME THERE ARE NO SURVIVING MEMBERS OF THE PARTY IN THE CRYPT, THE RAID ENDS AND ALL "
           "REMAINING CRYPT CARDS ARE RETURNED TO THE CRYPT FACE DOWN.")
Q_REFILL = ("Refill Slain Parties — If your party has no characters in it at the end of any player's turn: 1. Move "
            "your party token to the Inn. 2. Draw one character from the character Bag and add it to your party.")


@case("73-wiped-out-raid-ends-refill", "cryptmaster.raid.wiped-out", [Q_WIPED, Q_REPL, Q_REFILL],
      "Lady Eryne (3 HP) alone raids the Ghoul and takes three wounds: she dies (Wren to the Inn); no one is left "
      "in the crypt, so the raid ends and the Ghoul and the Golden Chalice return to crypt a; at the end of the "
      "turn the empty party moves to the Inn and draws a character (Sable).", board=BIG)
def _():
    st, ps = raid3([char(ERYNE)], ["Ghoul", "Golden Chalice"])
    after = copy.deepcopy(ps)
    after[0]["location"] = "inn"
    after[0]["characters"] = [char("Sable")]
    return st, [line(A("raid")), line(A("done")),
                line(A("monster-attack", monster="m0")),
                line(A("target", character=ERYNE)),
                line(A("roll", green=1, blue=1, red=1)),
                line(A("draw", card="Wren")),
                line(A("draw", card="Sable"), project={"parties": after, "inn": ["Wren"], "current": 1,
                                                       "crypts": returned(st, ["Golden Chalice"], ["Ghoul"], revealed_first=True)})]


Q_TREAS = ("At this time, the raider has a choice to make with each individual treasure card. It may be immediately "
           "banked, safe until the end of the game but of no further use, or it may be attached to a surviving "
           "member of the raiding party where it can be used until it is banked later or lost due to its bearer's "
           "untimely demise.")
Q_KEYWORD = B.Q_KEYWORD


@case("74-treasure-second-weapon-refused", "cryptmaster.attach.one-per-keyword", [Q_TREAS, Q_KEYWORD],
      "After the Giant Rat dies, the Jeweled Dagger (weapon) may not be attached to Hedda, who holds a Battle Axe "
      "(weapon): refused; it may go to Aldous; the Golden Chalice is banked.", board=BIG)
def _():
    st, ps = raid3([char(HEDDA, ["Battle Axe"]), char(ALDOUS)], ["Giant Rat", "Jeweled Dagger", "Golden Chalice"])
    after = copy.deepcopy(ps)
    after[0]["characters"] = [char(HEDDA, ["Battle Axe"], actions=1), char(ALDOUS, ["Jeweled Dagger"])]
    after[0]["bank"] = ["Giant Rat", "Golden Chalice"]
    after[0]["location"] = "crypt:a"
    return st, [line(A("raid")), line(A("done")),
                line(A("pass")),
                line(A("attack", character=HEDDA, monster="m0")),
                line(A("roll", green=0, blue=1, red=0)),
                line(A("attach", card="Jeweled Dagger", character=HEDDA), error="cryptmaster.attach.one-per-keyword"),
                line(A("attach", card="Jeweled Dagger", character=ALDOUS)),
                line(A("bank", card="Golden Chalice", character=None), project={"parties": after})]


Q_MDIED = ("If the mercenary died during the raid, it is returned to the original player alive at the end of the "
           "turn with all cards it had attached at the time of death, and enough wounds such that one more would "
           "kill it.")
Q_MPAID = "The player still receives the XP and card rewards in exchange for loaning the mercenary."
Q_DESIG = ("The raiding player may designate a mercenary to help disarm a trap, take a blow from a monster, and "
           "take an action during a combat round.")


@case("75-mercenary-dies-returns-wounded", "cryptmaster.mercenary.died-returns", [Q_DESIG, Q_MDIED, Q_MPAID],
      "P2 lends Wren (3 HP, a Lantern). The raider has Wren take the Ghoul's blow: three wounds, she dies (a "
      "replacement, Sable, goes to the Inn). Hedda kills the Ghoul. P2 still gets 1 XP (a monster killed) and "
      "two hand cards; Wren returns to P2 alive with her Lantern and 2 wounds (one more would kill her).",
      board=BIG)
def _():
    st, ps = raid3([char(HEDDA), char(ALDOUS)], ["Ghoul"], p0_hand=["Bless", "Fireball"],
                   p2_chars=[char("Torvald"), char("Wren", ["Lantern"])], p2_loc="6,2")
    after = copy.deepcopy(ps)
    after[0]["characters"] = [char(HEDDA, actions=1), char(ALDOUS)]
    after[0]["hand"] = []
    after[0]["bank"] = ["Ghoul"]
    after[0]["location"] = "crypt:a"
    after[2]["characters"] = [char("Torvald"), char("Wren", ["Lantern"], wounds=2)]
    after[2]["hand"] = ["Bless", "Fireball"]
    after[2]["bank_xp"] = 1
    return st, [line(A("raid")), line(A("hire", player=2)), line(A("lend", character="Wren")), line(A("done")),
                line(A("monster-attack", monster="m0")),
                line(A("target", character="Wren")),
                line(A("roll", green=1, blue=1, red=1)),
                line(A("draw", card="Sable")),
                line(A("attack", character=HEDDA, monster="m0")),
                line(A("roll", green=0, blue=2, red=1)),
                line(A("pay", cards=["Bless", "Fireball"]), project={"parties": after, "inn": ["Sable"]})]


Q_DISMISS = ("Dismiss Extra Members — If you have more than five characters (or monsters acting as characters) in "
             "your party you must discard characters until you have five in your party.")
Q_DMOVE = ("You must move all attached cards to your other characters before discarding a character. This may move "
           "Cursed cards.")
Q_DPARIAH = "You may not discard Pariahs or Cursed cards if you have any non-Cursed cards of the same type in your party."
GRIST = "Grist the Outcast"
SIX = [char(HEDDA), char(ALDOUS), char(KADIN), char("Roderic"), char("Wulfric"), char(GRIST)]


def six_state(chars):
    return state(0, [party(chars, location="inn"), party([char("Grimbold")], location="5,2"),
                     party([char("Torvald")], location="inn")])


@case("76-dismiss-pariah-refused", "cryptmaster.upkeep.dismiss-pariahs-last", [Q_DISMISS, Q_DPARIAH],
      "Six characters at the end of the turn, one a Pariah (Grist): the Pariah may not be discarded while "
      "non-Pariah characters remain (refused); Roderic is dismissed and five remain.")
def _():
    st = six_state(SIX)
    after = copy.deepcopy(st["parties"])
    after[0]["characters"] = [c for c in SIX if c["name"] != "Roderic"]
    after[0]["location"] = "2,3"
    return st, [line(A("move")), line(A("move-to", to="2,3")),
                line(A("dismiss", character=GRIST), error="cryptmaster.upkeep.dismiss-pariahs-last"),
                line(A("dismiss", character="Roderic"), project={"parties": after, "current": 1})]


@case("77-dismiss-moves-cursed-card", "cryptmaster.upkeep.dismiss-move-attachments", [Q_DISMISS, Q_DMOVE],
      "Hedda holds Blade of Ruin (Cursed weapon) and is dismissed: her cards must move first, and the Cursed "
      "card may move: it goes to Kadin; Hedda is discarded (no replacement to the Inn: dismissed-are-dead, "
      "no-replacement).")
def _():
    chars = [char(HEDDA, ["Blade of Ruin"])] + SIX[1:]
    st = six_state(chars)
    return st, [line(A("move")), line(A("move-to", to="2,3")),
                line(A("dismiss", character=HEDDA)),
                line(A("move-card", card="Blade of Ruin", frm=HEDDA, to=KADIN),
                     project={"parties": [party([char(ALDOUS), char(KADIN, ["Blade of Ruin"])] + SIX[3:], location="2,3"),
                                          st["parties"][1], st["parties"][2]], "current": 1})]


PVP = {"pvp": True}
Q_NORET = ("Special Rules — Once a party enters the Tomb, it may never return to the Inn for any reason. Effects that "
           "would send a party to the Inn instead move the party up to 20 spaces away from its current location.")
Q_MEET = "A party ending its movement at the same location within the Tomb as another party attacks the other party."
Q_PVPSIDES = "During party versus party combat, the player initiating the attack is the attacker, and the other player is the defender."
Q_KILL = 'All players in the Tomb can perform the action: "Turn: Discard at least 10 XP from your bank: Kill a character in the Tomb."'
Q_ELIM = ("If all characters within a party die, that party is eliminated and the player is out of the game. If only "
          "one player remains in the game, that player wins.")
Q_PILLAGE = "Whenever a character dies during PvP combat all his attached cards are added to the pillage pile."
Q_PVPRES = ("During PvP Combat — If there are no defenders, the attacker claims all pillage. Otherwise, the defender "
            "claims all pillage.")


def pvp_state(p0_loc="2,3", p1_loc="5,2", p2_loc="8,2", p0_bank=(), p1_chars=None, p0_chars=None):
    return state(0, [party(p0_chars or [char(HEDDA), char(ALDOUS)], bank=p0_bank, location=p0_loc),
                     party(p1_chars or [char("Grimbold")], location=p1_loc),
                     party([char("Torvald")], location=p2_loc)])


@case("78-pvp-return-to-inn-moves-instead", "cryptmaster.pvp.no-return-to-inn", [Q_NORET],
      "PvP: Return to the Inn from the Tomb moves the party up to 20 spaces instead; the Inn itself is refused "
      "as the destination, a hallway space accepted.", options=PVP)
def _():
    st = pvp_state()
    after = copy.deepcopy(st["parties"])
    after[0]["location"] = "1,3"
    return st, [line(A("return-to-inn")),
                line(A("move-to", to="inn"), error="cryptmaster.pvp.no-return-to-inn"),
                line(A("move-to", to="1,3"), project={"parties": after})]


@case("79-pvp-meeting-defender-first", "cryptmaster.combat.pvp-sides", [Q_MEET, Q_PVPSIDES, B.Q_MOVE, Q_DEF],
      "PvP: P0 ends its move on P1's space and attacks P1: P0 is the attacker, P1 the defender, and the "
      "defender acts first: P0's attack before P1 has acted is refused.", options=PVP)
def _():
    st = pvp_state()
    return st, [line(A("move")), line(A("move-to", to="5,2")),
                line(A("target", character="1")),
                line(A("attack", character=HEDDA, monster="p1"), player=0, error="cryptmaster.combat.defender-acts")]


@case("80-pvp-pillage-elimination-last-player", "cryptmaster.pvp.last-player-wins", [Q_PILLAGE, Q_PVPRES, Q_ELIM],
      "PvP, two players: P0 (Hedda) meets P1 (Wren alone, 3 HP, a Lantern). Wren has no attack die and passes; "
      "Hedda rolls three hits: Wren dies, her Lantern goes to the pillage pile, P1 is eliminated, there are no "
      "defenders so the attacker claims the pillage (an Inn card: to P0's hand), and P0, the last player, wins.",
      options={"pvp": True, "players": 2})
def _():
    st = state(0, [party([char(HEDDA)], location="2,3"), party([char("Wren", ["Lantern"])], location="5,2")])
    return st, [line(A("move")), line(A("move-to", to="5,2")),
                line(A("target", character="1")),
                line(A("pass")),
                line(A("attack", character=HEDDA, monster="p1")),
                line(A("target", character="Wren")),
                line(A("roll", green=0, blue=2, red=1)),
                line(A("draw", card="Sable"), project={"winners": [0], "outcome": "last-player"})]


@case("81-pvp-kill-needs-ten-xp", "cryptmaster.pvp.kill-for-xp", [Q_KILL],
      "PvP: P0's bank holds 8 XP (Ghoul 3, Golden Chalice 3, Skeleton 2): discarding it all is less than 10: "
      "Kill is refused.", options=PVP)
def _():
    st = pvp_state(p0_bank=["Ghoul", "Golden Chalice", "Skeleton"])
    return st, [line(A("kill", character="Grimbold", cards=["Ghoul", "Golden Chalice", "Skeleton"]),
                     error="cryptmaster.pvp.kill-for-xp")]


@case("82-pvp-kill-with-eleven", "cryptmaster.pvp.kill-for-xp", [Q_KILL, Q_REPL, Q_ELIM],
      "PvP: P0 discards Ghoul, Golden Chalice, Golden Chalice and Skeleton (11 XP, at least 10) and kills "
      "Grimbold, P1's only character: a replacement (Sable) goes to the Inn and P1 is out of the game.",
      options=PVP)
def _():
    bank = ["Ghoul", "Golden Chalice", "Golden Chalice", "Skeleton"]
    st = pvp_state(p0_bank=bank)
    # the Kill names the victim; the cards discarded follow, one spend-bank each (the protocol's order), then done
    return st, [line(A("kill", character="Grimbold")),
                *[line(A("spend-bank", card=c)) for c in ["Skeleton", "Ghoul", "Golden Chalice", "Golden Chalice"]],
                line(A("done")),
                line(A("draw", card="Sable"), project={"inn": ["Sable"]})]


@case("83-pvp-kill-not-at-inn", "cryptmaster.pvp.kill-for-xp", [Q_KILL],
      "PvP: the target must be a character in the Tomb: Torvald's party is still at the Inn: refused.",
      options=PVP)
def _():
    bank = ["Ghoul", "Golden Chalice", "Golden Chalice", "Skeleton"]
    st = pvp_state(p0_bank=bank, p2_loc="inn")
    return st, [line(A("kill", character="Torvald", cards=bank), error="cryptmaster.pvp.kill-for-xp")]


@case("84-pvp-kill-from-inn-refused", "cryptmaster.pvp.kill-for-xp", [Q_KILL],
      "PvP: only players in the Tomb may use Kill: P0's party is at the Inn: refused.", options=PVP)
def _():
    bank = ["Ghoul", "Golden Chalice", "Golden Chalice", "Skeleton"]
    st = pvp_state(p0_bank=bank, p0_loc="inn")
    return st, [line(A("kill", character="Grimbold", cards=bank), error="cryptmaster.pvp.kill-for-xp")]


OVL = {"overlords": True}
TYRANT = "The Bone Tyrant"
Q_PROT = ("The overlord may not be damaged, discarded, or otherwise destroyed while there are any unresolved crypt "
          "cards other than treasures in the same crypt.")
Q_PERS = ("Any wounds suffered by the overlord and cards attached to the overlord during any combat remain until the "
          "overlord dies, or special effects cause them to be removed. This includes curses and Inn cards.")
Q_OEND = "Special Rules — The game ends when the overlord is defeated, even if other crypt cards remain in the Tomb."
Q_OEND2 = "Alternately, if all crypts except the one containing the overlord are empty, the game ends."
Q_OMERC = "If the raiding party kills an Overlord, each mercenary's player gains 5 XP."


def ovl_state(a_cards, wounds=0, attached=(), crypts=None, p2_loc="inn", p0_chars=None, p0_hand=(), p0_bank=()):
    ps = [party(p0_chars or [char(HEDDA), char(ALDOUS)], hand=p0_hand, bank=p0_bank, location="2,2"),
          party([char("Grimbold")], location="inn"),
          party([char("Torvald")], location=p2_loc)]
    cr = {"a": [c for c in a_cards if c != TYRANT], "b": ["Skeleton"]}
    if crypts is not None:
        cr = crypts
    st = big(state(0, ps, crypts=cr))
    for c in st["crypts"]:
        if c["id"] == "a":
            c["cards"].append({"card": TYRANT, "known": [0, 1, 2]})
    st["overlord"] = TYRANT
    st["overlord_crypt"] = "a"
    st["overlord_wounds"] = wounds
    if attached:
        # the prayer the Tyrant drew in an earlier raid: out of the discard pile, on the overlord
        d = Counter(dict(st["decks"][0]["counts"])) - Counter(attached)
        st["decks"][0] = counts(d)
        st["overlord_attached"] = list(attached)
    return st, ps


@case("85-overlord-protected-by-living-monster", "cryptmaster.overlord.protected", [Q_PROT],
      "Crypt a: a Giant Rat and the overlord (The Bone Tyrant; it draws a prayer for its holiness die). While the "
      "rat lives the overlord may not be damaged: Hedda's three hits on it leave it unwounded.",
      options=OVL, board=BIG)
def _():
    st, ps = ovl_state(["Giant Rat"])
    raid = {"cards": [], "cm": 1, "crypt": "a", "disarmers": [], "door": "2,2", "early": [],
            "monsters": [monsters_of("Giant Rat", [], actions=1), monsters_of(TYRANT, ["Bless"])],
            "overlord_killed": False, "resolved": 0, "results": [], "round": 1, "side": "cm", "stage": "combat",
            "trap": None, "traps_announced": 0, "treasures": []}
    return st, [line(A("raid")), line(A("done")),
                line(A("draw", card="Bless")),
                line(A("pass")),
                line(A("attack", character=HEDDA, monster="m1")),
                line(A("roll", green=0, blue=2, red=1), project={"raid": raid, "overlord_wounds": 0})]


@case("86-overlord-keeps-wounds-and-prayer", "cryptmaster.overlord.persistent", [Q_PERS, Q_PROT, Q_FLEE_RET],
      "Crypt a: the overlord and a Golden Chalice (a treasure does not protect it). It draws Bless on reveal; "
      "Hedda deals three wounds; the party flees. The overlord keeps its 3 wounds and its Bless.",
      options=OVL, board=BIG)
def _():
    st, ps = ovl_state(["Golden Chalice"])
    return st, [line(A("raid")), line(A("done")),
                line(A("draw", card="Bless")),
                line(A("pass")),
                line(A("attack", character=HEDDA, monster="m0")),
                line(A("roll", green=0, blue=2, red=1)),
                line(A("flee"), project={"overlord_wounds": 3, "overlord_attached": ["Bless"]})]


@case("87-overlord-defeated-game-ends", "cryptmaster.overlord.game-ends-on-defeat", [Q_OEND, Q_OMERC, B.Q_MERC_XP],
      "The overlord (8 HP) has 7 wounds from earlier raids; crypt b still holds a Skeleton. P2 lends Torvald. "
      "Hedda deals one wound: the overlord dies (to P0's bank, 10 XP) and the game ends at this turn's upkeep. "
      "P2 gains 5 XP for the overlord and 1 XP for the monster killed.", options=OVL, board=BIG)
def _():
    st, ps = ovl_state([], wounds=7, attached=["Bless"], p2_loc="6,2", p0_hand=["Fireball", "Mending"])
    return st, [line(A("raid")), line(A("hire", player=2)), line(A("lend", character="Torvald")), line(A("done")),
                line(A("draw", card="Weaken")),
                line(A("pass")),
                line(A("attack", character=HEDDA, monster="m0")),
                line(A("roll", green=0, blue=1, red=0)),
                line(A("pay", cards=["Fireball", "Mending"]), project={"outcome": "overlord", "scores": [10, 0, 6]})]


@case("88-overlord-others-empty-game-ends", "cryptmaster.overlord.game-ends-others-empty", [Q_OEND2],
      "Every crypt but the overlord's is empty (the overlord's also holds a Golden Chalice): the game ends at "
      "the end of the turn, though crypt cards remain.", options=OVL, board=BIG)
def _():
    st, ps = ovl_state(["Golden Chalice"], crypts={"a": ["Golden Chalice"]}, p0_bank=["Ghoul"])
    return st, [line(A("move")), line(A("move-to", to="2,3"), project={"scores": [3, 0, 0], "winners": [0]})]


IDOL = "Idol of Woe"


@case("89-bank-cursed-treasure-refused", "cryptmaster.free.bank", [B.Q_BANK],
      "At the Inn, Bank takes only non-Cursed treasure: the attached Idol of Woe (a Cursed treasure) is refused; "
      "the Golden Chalice is banked.", board=BIG)
def _():
    st = big(state(0, [party([char(HEDDA, [IDOL, "Golden Chalice"]), char(ALDOUS)])] + B.others()))
    after = copy.deepcopy(st["parties"])
    after[0]["characters"] = [char(HEDDA, [IDOL]), char(ALDOUS)]
    after[0]["bank"] = ["Golden Chalice"]
    return st, [line(A("bank", card=IDOL, character=HEDDA), error="cryptmaster.free.bank"),
                line(A("bank", card="Golden Chalice", character=HEDDA), project={"parties": after})]


@case("90-share-cursed-treasure-refused", "cryptmaster.free.share", [B.Q_SHARE],
      "Share moves only non-Cursed cards: the Idol of Woe (a Cursed treasure) may not move from Hedda to Aldous.",
      board=BIG)
def _():
    st = big(state(0, [party([char(HEDDA, [IDOL, "Lantern"]), char(ALDOUS)])] + B.others()))
    return st, [line(A("redistribute")),
                line(A("move-card", card=IDOL, frm=HEDDA, to=ALDOUS), error="cryptmaster.free.share")]


@case("91-cursed-treasure-banked-at-raid", "cryptmaster.treasure.bank-or-attach", [Q_TREAS],
      "At the end of a raid each treasure may be banked at once: the Idol of Woe (Cursed) is banked (recorded "
      "bank-cursed-treasure, answered by the text: yes-at-raid).", board=BIG)
def _():
    st, ps = raid3([char(HEDDA), char(ALDOUS)], ["Giant Rat", IDOL])
    after = copy.deepcopy(ps)
    after[0]["characters"] = [char(HEDDA, actions=1), char(ALDOUS)]
    after[0]["bank"] = ["Giant Rat", IDOL]
    after[0]["location"] = "crypt:a"
    return st, [line(A("raid")), line(A("done")),
                line(A("pass")),
                line(A("attack", character=HEDDA, monster="m0")),
                line(A("roll", green=0, blue=1, red=0)),
                line(A("bank", card=IDOL, character=None), project={"parties": after})]


@case("92-cursed-treasure-scores-attached", "cryptmaster.upkeep.final-score", [B.Q_END, B.Q_SCORE],
      "The Tomb is empty: P0 scores its bank (Ghoul 3) and the attached Idol of Woe (a Cursed treasure, 4): 7.",
      board=BIG)
def _():
    st = big(state(0, [party([char(HEDDA, [IDOL]), char(KADIN)], bank=["Ghoul"], location="2,3"),
                       party([char("Grimbold")], bank=["Skeleton"], location="5,2"),
                       party([char("Torvald")], location="inn")], crypts={}))
    return st, [line(A("move")), line(A("move-to", to="2,2"), project={"scores": [7, 2, 0], "winners": [0]})]


@case("93-dispel-cursed-treasure-refused", "cryptmaster.free.dispel-curse", [B.Q_DISPEL, B.Q_REST_NOT],
      "Dispel Curse dispels a curse (a brown card with an attribute and TN): the Idol of Woe, a Cursed treasure, "
      "is no curse: refused.", board=BIG)
def _():
    st = big(state(0, [party([char(HEDDA, [IDOL]), char(ALDOUS)])] + B.others()))
    return st, [line(A("dispel-curse", card=IDOL, character=HEDDA), error="cryptmaster.free.dispel-curse")]


OPEN: set[str] = set()     # 77 settled: the player moves a dismissed character's cards


def write_all(only=None):
    for name, (rule, quotes, note, options, board, fn) in sorted(CASES.items()):
        if only and not name.startswith(only):
            continue
        st, lines = fn()
        if board is None:   # the shipped board's card set has no Idol of Woe
            st["crypt_deck"]["counts"] = [x for x in st["crypt_deck"]["counts"] if x[0] != "Idol of Woe"]
        B.write(name, rule, quotes, note, options, board, st, lines)
        if name in OPEN:    # the model answers otherwise: kept out of the suite until settled
            src = B.HERE / f"{name}.jsonl"
            dst = B.HERE.parent / "open" / "cryptmaster" / f"{name}.jsonl"
            dst.parent.mkdir(parents=True, exist_ok=True)
            src.replace(dst)
    print(len(CASES), "cases written")


if __name__ == "__main__":
    write_all(sys.argv[1] if len(sys.argv) > 1 else None)
