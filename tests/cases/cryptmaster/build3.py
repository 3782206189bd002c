"""Build the third batch of Cryptmaster rule cases (100 upward) from the rulebook alone.

Targets: the cryptmaster deck (how, when and by whom its cards are played, discarded after use, never
attached, counted as Inn cards), upkeep at the end of another player's turn (Refill Slain Parties, a
refilled wizard's spell, Cleanup's reshuffle), the Pariah recruited with his class card, a room of the
Tomb, Heal's party roll, and the opposed roll of Pickpocket (ties to the defender).  The helpers (state
shape, every card in one place) are build.py's and build2.py's.

Run: .venv/bin/python tests/cases/cryptmaster/build3.py
"""

from __future__ import annotations

import copy
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import build as B  # noqa: E402
import build2 as B2  # noqa: E402
from build import A, char, counts, line, party, state  # noqa: E402

CASES = {}


def case(name, rule, quotes, note, options=None, board=None):
    def deco(fn):
        CASES[name] = (rule, quotes, note, options, board, fn)
        return fn
    return deco


HEDDA, ALDOUS, KADIN, ERYNE = B2.HEDDA, B2.ALDOUS, B2.KADIN, B2.ERYNE


def cm_use(card, target=None, player=None, error=None, project=None):
    return line({"kind": "use-card", "card": card, "holder": "cm", "target": target}, player=player,
                error=error, project=project)


def cm_discard(*cards):
    disc = [counts(Counter()) for _ in B.DECKS]
    disc[4] = counts(Counter(cards))
    return disc


def raid_a(a_cards, p1_hand=(), p2_hand=(), p2_loc="3,2", p0_chars=None, board=None):
    """P0 on door A (2,2) of crypt a (symbol L: the CM is P1, on 5,2); P2 a bystander on 3,2 by default."""
    ps = [party(p0_chars or [char(HEDDA), char(ERYNE)], location="2,2"),
          party([char("Grimbold")], hand=p1_hand, location="5,2"),
          party([char("Torvald")], hand=p2_hand, location=p2_loc)]
    return state(0, ps, crypts={"a": a_cards, "b": ["Skeleton"]}), ps


Q_CMCARDS = ("The CM may use actions and effects on monsters present, and may also use effects on his own characters "
             "and cards that have the \"CM\" identifier. Also, he may use any number of cryptmaster cards that he has "
             "in hand. Discard cryptmaster cards after use.")
Q_NOLIMIT = "There is no limit on the number of different CM effects the cryptmaster may use during a raid."
Q_BYSTANDER = ("Other players with parties in the Tomb, who do not have mercenaries present and are not the raider or "
               "CM, may each use one CM effect per raid.")
Q_PRESENCE = ("The raiding player and any players with mercenaries present may play cards from their hand and effects "
              "attached to the characters present in the raid, except those reserved for the cryptmaster. (Such "
              "effects are labeled \"CM\".)")
Q_TRAP_TN = "If the raider meets or exceeds the TN for each listed attribute, he succeeds in disarming the trap"
Q_TRAP_FAIL = "Otherwise, the raider fails, and he suffers the failure effects listed on the trap. The trap is then discarded."
Q_ALLOWED = "Only curses, spells, prayers, items, tactics, and treasure may ever be attached to a character."
Q_CMDECK = ("Cryptmaster Cards — When a party raids a crypt, sometimes fate intervenes to make the party's life harder – "
            "or shorter! And sometimes, the cryptmaster helps fate along. Cryptmaster cards have a grey border and back.")
Q_INNTYPES = "There are five different types of Inn cards."


@case("100-cm-card-raises-trap-tn", "cryptmaster.presence.cryptmaster-cards", [Q_CMCARDS, Q_TRAP_TN, Q_TRAP_FAIL],
      "The CM (P1) plays Hidden Mechanism ('the announced trap gains +1 TN') on Pit of Spikes (Skill 3): it goes "
      "to the cryptmaster discard pile; Lady Eryne's three successes no longer meet TN 4: the trap fails, each "
      "character suffers a wound, the trap is discarded.")
def _():
    st, ps = raid_a(["Pit of Spikes"], p1_hand=["Hidden Mechanism"])
    after = copy.deepcopy(ps)
    after[0]["characters"] = [char(HEDDA, wounds=1), char(ERYNE, wounds=1)]
    after[0]["location"] = "crypt:a"
    after[1]["hand"] = []
    return st, [line(A("raid")), line(A("done")), line(A("announce", card="Pit of Spikes")),
                cm_use("Hidden Mechanism", project={"discards": cm_discard("Hidden Mechanism")}),
                line(A("disarm", characters=[ERYNE])),
                line(A("roll", green=0, blue=3, red=0),
                     project={"parties": after, "crypt_discard": counts(Counter(["Pit of Spikes"]))})]


@case("101-cm-two-different-cards", "cryptmaster.presence.cm-no-limit", [Q_CMCARDS, Q_NOLIMIT],
      "When the monsters are revealed the CM plays Falling Rocks (Hedda suffers a wound) and then Ambush, a "
      "different CM effect, on the Skeleton: both are allowed and both discarded.")
def _():
    st, ps = raid_a(["Skeleton"], p1_hand=["Ambush", "Falling Rocks"], p2_loc="inn")
    after = copy.deepcopy(ps)
    after[0]["characters"] = [char(HEDDA, wounds=1), char(ERYNE)]
    after[0]["location"] = "crypt:a"
    after[1]["hand"] = []
    return st, [line(A("raid")), line(A("done")),
                cm_use("Falling Rocks", target=HEDDA),
                cm_use("Ambush", target="m0", project={"parties": after,
                                                       "discards": cm_discard("Ambush", "Falling Rocks")})]


@case("102-cm-same-card-twice-refused", "cryptmaster.presence.cm-no-limit", [Q_NOLIMIT],
      "'no limit on the number of DIFFERENT CM effects': the CM holds two Falling Rocks; after the first, the "
      "second (the same effect) is refused in the same raid (cryptmaster.ambiguity.different-cm-effects, "
      "once-each, the default).")
def _():
    st, ps = raid_a(["Skeleton"], p1_hand=["Falling Rocks", "Falling Rocks"], p2_loc="inn")
    return st, [line(A("raid")), line(A("done")),
                cm_use("Falling Rocks", target=HEDDA),
                cm_use("Falling Rocks", target=ERYNE, error="cryptmaster.presence.cm-no-limit")]


@case("103-bystander-one-cm-effect", "cryptmaster.presence.bystander-one-cm-effect", [Q_BYSTANDER],
      "P2's party is in the Tomb (3,2), neither raider, CM nor lender: after the CM passes, P2 plays one "
      "cryptmaster card (Falling Rocks on Lady Eryne); it is discarded.")
def _():
    st, ps = raid_a(["Skeleton"], p1_hand=["Ambush"], p2_hand=["Falling Rocks"])
    after = copy.deepcopy(ps)
    after[0]["characters"] = [char(HEDDA), char(ERYNE, wounds=1)]
    after[0]["location"] = "crypt:a"
    after[2]["hand"] = []
    return st, [line(A("raid")), line(A("done")),
                line(A("pass"), player=1),
                cm_use("Falling Rocks", target=ERYNE, player=2,
                       project={"parties": after, "discards": cm_discard("Falling Rocks")})]


@case("104-bystander-second-cm-effect-refused", "cryptmaster.presence.bystander-one-cm-effect", [Q_BYSTANDER],
      "ONE CM effect per raid: P2 (in the Tomb) plays Hidden Mechanism on the trap; when the monster is revealed "
      "in the same raid, his Falling Rocks is refused.", board=B2.BIG)
def _():
    st, ps = raid_a(["Wards of Peril", "Skeleton"], p2_hand=["Hidden Mechanism", "Falling Rocks"])
    return st, [line(A("raid")), line(A("done")), line(A("announce", card="Wards of Peril")),
                cm_use("Hidden Mechanism", player=2),
                line(A("disarm", characters=[ERYNE])),
                line(A("roll", green=0, blue=3, red=0)),
                line(A("continue")),
                cm_use("Falling Rocks", target=ERYNE, player=2,
                       error="cryptmaster.presence.bystander-one-cm-effect")]


@case("105-bystander-at-inn-no-cm-effect", "cryptmaster.presence.bystander-one-cm-effect", [Q_BYSTANDER],
      "Only players 'with parties in the Tomb': P2's party is at the Inn, so his Falling Rocks may not be played "
      "in P0's raid (the CM passes, and combat begins).")
def _():
    st, ps = raid_a(["Skeleton"], p1_hand=["Ambush"], p2_hand=["Falling Rocks"], p2_loc="inn")
    return st, [line(A("raid")), line(A("done")),
                line(A("pass"), player=1),
                cm_use("Falling Rocks", target=ERYNE, player=2,
                       error="cryptmaster.presence.bystander-one-cm-effect")]


@case("106-raider-may-not-play-cm-card", "cryptmaster.presence.raider-and-mercenaries", [Q_PRESENCE],
      "The raider may play cards from his hand 'except those reserved for the cryptmaster': P0 holds Falling "
      "Rocks; in the monsters' window it is not his to play.")
def _():
    st, ps = raid_a(["Skeleton"], p1_hand=["Ambush"], p2_loc="inn")
    ps2 = copy.deepcopy(st["parties"])
    ps2[0]["hand"] = ["Falling Rocks"]
    st2 = state(0, ps2, crypts={"a": ["Skeleton"], "b": ["Skeleton"]})
    return st2, [line(A("raid")), line(A("done")),
                 cm_use("Falling Rocks", target="Grimbold", player=0,
                        error="cryptmaster.presence.raider-and-mercenaries")]


@case("107-lender-no-cm-effect", "cryptmaster.presence.bystander-one-cm-effect", [Q_BYSTANDER, Q_PRESENCE],
      "P2 lends Torvald as a mercenary: a player with a mercenary present is not a bystander and may not play "
      "a card reserved for the cryptmaster (Falling Rocks).")
def _():
    st, ps = raid_a(["Skeleton"], p1_hand=["Ambush"], p2_hand=["Falling Rocks"])
    return st, [line(A("raid")), line(A("hire", player=2)), line(A("lend", character="Torvald")), line(A("done")),
                line(A("pass"), player=1),
                cm_use("Falling Rocks", target=ERYNE, player=2,
                       error="cryptmaster.presence.bystander-one-cm-effect")]


@case("108-equip-cm-card-refused", "cryptmaster.attach.allowed-types", [B.Q_EQUIP, Q_ALLOWED],
      "A cryptmaster card is none of the six attachable kinds: Equip of Ambush to Hedda is refused.")
def _():
    st = state(0, [party([char(HEDDA), char(KADIN)], hand=["Ambush", "Battle Axe"])] + B.others())
    return st, [line(A("equip-cards")),
                line(A("equip", card="Ambush", character=HEDDA), error="cryptmaster.attach.allowed-types")]


@case("109-cm-cards-count-toward-ten", "cryptmaster.draw.ten-card-limit", [B.Q_DRAW, Q_INNTYPES],
      "Cryptmaster cards are the fifth type of Inn card: nine Inn cards and one Ambush in hand make ten; Draw is "
      "refused (cryptmaster.ambiguity.cryptmaster-cards-as-inn-cards, inn-cards).")
def _():
    hand = ["Bless", "Weaken", "Fireball", "Stone Skin", "Mending", "Feint", "Old Map", "Divine Favor", "Ambush"]
    st = state(0, [party([char(KADIN, ["Teleport"]), char(ALDOUS)], hand=hand)] + B.others())
    return st, [line(A("draw-from", deck="item"), error="cryptmaster.draw.ten-card-limit")]


@case("110-draw-a-cryptmaster-card", "cryptmaster.draw.any-decks", [B.Q_DRAW],
      "'from any deck or pair of decks in the Inn': the cryptmaster deck lies on the Inn board; P0 draws Ambush "
      "and a Bless, both into his hand.")
def _():
    st = state(0, [party([char(HEDDA), char(ALDOUS)])] + B.others())
    after = copy.deepcopy(st["parties"])
    after[0]["hand"] = ["Ambush", "Bless"]
    return st, [line(A("draw-from", deck="cryptmaster")), line(A("draw", card="Ambush")),
                line(A("draw-from", deck="prayer")), line(A("draw", card="Bless"), project={"parties": after})]


Q_REFILL = ("Refill Slain Parties — If your party has no characters in it at the end of any player's turn: 1. Move "
            "your party token to the Inn. 2. Draw one character from the character Bag and add it to your party.")
Q_KEEPS = "When a party dies or is otherwise emptied, that player's banked XP and hand are unaffected."


@case("111-refill-at-end-of-another-turn", "cryptmaster.upkeep.refill-slain-parties", [Q_REFILL, Q_KEEPS],
      "P1's party is empty in the Tomb (5,2) at the end of P0's turn: at that upkeep P1's token goes to the Inn "
      "and draws Grimbold (a fighter: no class card); his bank and hand stay.")
def _():
    ps = [party([char(HEDDA), char(ALDOUS)], location="inn"),
          party([], hand=["Bless"], bank=["Giant Rat"], location="5,2"),
          party([char("Torvald")], location="inn")]
    st = state(0, ps)
    after = copy.deepcopy(ps)
    after[0]["location"] = "2,3"
    after[1]["characters"] = [char("Grimbold")]
    after[1]["location"] = "inn"
    return st, [line(A("move")), line(A("move-to", to="2,3")),
                line(A("draw", card="Grimbold"), project={"parties": after})]


Q_CLASS = B.Q_CLASS


@case("112-refill-wizard-draws-spell", "cryptmaster.ambiguity.refill-class-cards", [Q_REFILL, Q_CLASS],
      "A refilled party draws Kadin (a wizard): under cryptmaster.ambiguity.refill-class-cards = yes (the "
      "default) he draws one spell, which goes to P1's hand.")
def _():
    ps = [party([char(HEDDA), char(ALDOUS)], location="inn"),
          party([], location="5,2"),
          party([char("Torvald")], location="inn")]
    st = state(0, ps)
    after = copy.deepcopy(ps)
    after[0]["location"] = "2,3"
    after[1]["characters"] = [char(KADIN)]
    after[1]["location"] = "inn"
    after[1]["hand"] = ["Fireball"]
    return st, [line(A("move")), line(A("move-to", to="2,3")),
                line(A("draw", card=KADIN)),
                line(A("draw", card="Fireball"), project={"parties": after})]


BERTA = "Mad Berta"


@case("113-pariah-wizard-draws-spell", "cryptmaster.recruit.class-cards", [B.Q_RECRUIT, Q_CLASS, B.Q_PARIAH],
      "Mad Berta, a Pariah wizard, waits in the Inn: P0 recruits Hamish (a fighter), must recruit Berta too, and "
      "as she is a recruited wizard he draws one spell.")
def _():
    st = state(0, [party([char(HEDDA), char(ALDOUS)])] + B.others(), inn=["Hamish the Bold", BERTA])
    after = copy.deepcopy(st["parties"])
    after[0]["characters"] = [char(HEDDA), char(ALDOUS), char("Hamish the Bold"), char(BERTA)]
    after[0]["hand"] = ["Stone Skin"]
    return st, [line(A("recruit", character="Hamish the Bold")),
                line(A("recruit", character=BERTA)),
                line(A("draw", card="Stone Skin"), project={"parties": after, "inn": []})]


@case("114-pariah-first-choice-counts", "cryptmaster.recruit.pariah", [B.Q_PARIAH],
      "Two Pariahs in the Inn (Grist, Berta): P0's first choice is Grist, a Pariah, which is 'one of them': no "
      "second recruit follows (cryptmaster.ambiguity.pariah-first-choice, pariah-first-counts); the turn ends.")
def _():
    st = state(0, [party([char(HEDDA), char(ALDOUS)])] + B.others(), inn=["Grist the Outcast", BERTA])
    after = copy.deepcopy(st["parties"])
    after[0]["characters"] = [char(HEDDA), char(ALDOUS), char("Grist the Outcast")]
    return st, [line(A("recruit", character="Grist the Outcast"),
                     project={"parties": after, "inn": [BERTA], "current": 1})]


Q_ROOMS = ("Along with crypts, some boards have smaller special rooms marked on them. These have no special doorways "
           "and hold no crypt cards. They contain special instructions for parties that stop within.")


@case("115-move-into-room", "cryptmaster.tomb.rooms", [Q_ROOMS, B.Q_MOVE],
      "The Reliquary Room (room:1, at 9,2) lies beside door G (8,2): from the Inn (entrance 1,2) it is eight spaces; the "
      "party stops within it (rooms-entry = ordinary-spaces). Its instructions are text only.")
def _():
    st = state(0, [party([char(HEDDA), char(ALDOUS)])] + B.others())
    after = copy.deepcopy(st["parties"])
    after[0]["location"] = "room:1"
    return st, [line(A("move")), line(A("move-to", to="room:1"), project={"parties": after})]


Q_RAIDDOOR = "Raid a Crypt — Turn: If you are on a crypt door, you may raid the adjacent crypt."
Q_ROOMS2 = "These are not considered hallway spaces for any purpose."


@case("116-no-raid-from-room", "cryptmaster.raid.raid-a-crypt", [Q_RAIDDOOR, Q_ROOMS2],
      "A party in the Reliquary Room (room:1, at 9,2), next to Chapel of Ash's door but not on it, may not raid.")
def _():
    st = state(0, [party([char(HEDDA), char(ALDOUS)], location="room:1")] + B.others())
    return st, [line(A("raid"), error="cryptmaster.raid.raid-a-crypt")]


Q_HEAL = ("Heal — Turn: If you have at least one cleric in your party, make a party holiness roll. For each success, "
          "remove one wound from your party.")
Q_PARTYROLL = "If an effect calls for a party roll, then all members of the party roll that attribute and the successes are added together."


@case("117-heal-needs-a-cleric", "cryptmaster.heal.party-holiness-roll", [Q_HEAL],
      "Pell the Quiet (a rogue) has a holiness die but the party has no cleric: Heal is refused.")
def _():
    st = state(0, [party([char(HEDDA, wounds=2), char("Pell the Quiet")], location="2,3")] + B.others())
    return st, [line(A("heal"), error="cryptmaster.heal.party-holiness-roll")]


@case("118-heal-party-roll", "cryptmaster.heal.remove-wounds", [Q_HEAL, Q_PARTYROLL],
      "A party holiness roll: Aldous (2 blue) and Pell (a rogue, 1 green) all roll; 1 green + 2 blue successes "
      "remove three wounds, which the healing player takes from Hedda (healer-chooses).")
def _():
    st = state(0, [party([char(HEDDA, wounds=3), char(ALDOUS, wounds=1), char("Pell the Quiet")],
                         location="2,3")] + B.others())
    after = copy.deepcopy(st["parties"])
    after[0]["characters"] = [char(HEDDA), char(ALDOUS, wounds=1), char("Pell the Quiet")]
    return st, [line(A("heal")), line(A("roll", green=1, blue=2, red=0)),
                line(A("heal-wound", character=HEDDA)), line(A("heal-wound", character=HEDDA)),
                line(A("heal-wound", character=HEDDA), project={"parties": after})]


Q_PICK1 = ("Make a contested skill roll between your rogue and the defending character. If you succeed, you may attach "
           "one item or treasure from the other party to your rogue. If you fail, the defending character may make "
           "an attack roll inflicting one wound per success on your rogue.")
Q_OPPOSED = ("Opposed — Two rolls are made in opposition, whichever roll has more successes wins. Ties go to the "
             "\"defending\" roll by default (whoever did not initiate the action).")
DREAD, DUKAT = "Dread", "Captain Dukat"


def pick_state(dread_wounds=0, dread_cards=()):
    return state(0, [party([char(DREAD, dread_cards, wounds=dread_wounds), char(HEDDA)], location="2,3"),
                     party([char(DUKAT, ["Battle Axe"])], location="5,2"),
                     party([char("Torvald")], location="inn")])


@case("119-pickpocket-tie-to-defender", "cryptmaster.rolls.opposed-ties", [Q_PICK1, Q_OPPOSED],
      "Dread (skill 2/2/2) against Captain Dukat (skill 1/3/1): two successes each, a tie: it goes to the "
      "defending roll, the theft fails and Dukat's attack roll (two successes) wounds Dread twice.")
def _():
    st = pick_state()
    after = copy.deepcopy(st["parties"])
    after[0]["characters"] = [char(DREAD, wounds=2), char(HEDDA)]
    return st, [line(A("pickpocket")),
                line({"kind": "steal", "card": None, "character": "", "player": 1, "rogue": DREAD}),
                line(A("defend", character=DUKAT)),
                line(A("roll", green=1, blue=1, red=0)),
                line(A("roll", green=0, blue=2, red=0)),
                line(A("continue")),
                line(A("roll", green=1, blue=1, red=0), project={"parties": after})]


@case("120-pickpocket-rogue-dies-cards-claimed", "cryptmaster.pickpocket.claimed-cards",
      [Q_PICK1, "If your rogue dies, the other player claims all cards attached to the rogue. Treasures and curses "
                "must immediately be attached to party members, and Inn cards go to the player's hand."],
      "Dread (4 HP, 3 wounds) fails; one hit kills him: Dukat's player claims his Lantern (an Inn card: to P1's "
      "hand) and his Golden Chalice (a treasure: attached to Dukat); a new character (Roderic) joins the Inn.")
def _():
    st = pick_state(dread_wounds=3, dread_cards=["Lantern", "Golden Chalice"])
    after = copy.deepcopy(st["parties"])
    after[0]["characters"] = [char(HEDDA)]
    after[1]["characters"] = [char(DUKAT, ["Battle Axe", "Golden Chalice"])]
    after[1]["hand"] = ["Lantern"]
    return st, [line(A("pickpocket")),
                line({"kind": "steal", "card": None, "character": "", "player": 1, "rogue": DREAD}),
                line(A("defend", character=DUKAT)),
                line(A("roll", green=0, blue=0, red=0)),
                line(A("roll", green=0, blue=1, red=0)),
                line(A("continue")),
                line(A("roll", green=1, blue=0, red=0)),
                line(A("attach", card="Golden Chalice", character=DUKAT), project={"parties": after}),
                line(A("draw", card="Roderic"), project={"inn": ["Roderic"], "dead": [DREAD]})]


def write_all(only=None):
    for name, (rule, quotes, note, options, board, fn) in sorted(CASES.items()):
        if only and not name.startswith(only):
            continue
        st, lines = fn()
        if board is None:   # the shipped board's card set has no Idol of Woe
            st["crypt_deck"]["counts"] = [x for x in st["crypt_deck"]["counts"] if x[0] != "Idol of Woe"]
        B.write(name, rule, quotes, note, options, board, st, lines)
    print(len(CASES), "cases written")


if __name__ == "__main__":
    write_all(sys.argv[1] if len(sys.argv) > 1 else None)
