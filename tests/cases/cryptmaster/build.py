"""Build the Cryptmaster rule cases (one trace per file) from the rulebook alone.

Each case starts from a state written here: the shape is copied from a state of
`tombspec explore cryptmaster --games 1 --seed 1` (template.json, the state before its 63rd action),
and every card and Character of the example set is put in one place: those the case names where it
names them, the rest in their decks, the bag or the Crypt deck.

Run: .venv/bin/python tests/cases/cryptmaster/build.py
"""

from __future__ import annotations

import copy
import json
import pathlib
from collections import Counter

from tombspec.model.ruleset import get_ruleset

HERE = pathlib.Path(__file__).parent
RS = get_ruleset("cryptmaster")
BOARD = RS.describe()["board"]
TEMPLATE = json.loads((HERE / "template.json").read_text())["state"]
DECKS = ["prayer", "spell", "item", "tactics", "cryptmaster"]
RULEBOOK = pathlib.Path("/work/shared/rulebooks/tomb-cryptmaster.txt")
TEXT = RULEBOOK.read_text() if RULEBOOK.exists() else None

INN_TOTAL = {d: Counter() for d in DECKS}
for c in BOARD["cards"]["cards"]:
    INN_TOTAL[c["deck"]][c["name"]] += c.get("count", 1)
CRYPT_TOTAL = Counter()
for c in BOARD["cards"]["crypt"]:
    if not c.get("overlord"):
        CRYPT_TOTAL[c["name"]] += c.get("count", 1)
CHARS = [c["name"] for c in BOARD["cards"]["characters"]]
INN_DECK_OF = {n: d for d in DECKS for n in INN_TOTAL[d]}


def counts(counter):
    return {"counts": sorted([n, k] for n, k in counter.items() if k > 0)}


def char(name, attached=(), wounds=0, owner=None, actions=0):
    return {"actions": actions, "attached": list(attached), "name": name, "owner": owner,
            "wounds": wounds}


def party(chars, hand=(), bank=(), bank_xp=0, location="inn"):
    return {"bank": sorted(bank), "bank_xp": bank_xp, "characters": list(chars), "crypt_hand": [],
            "hand": sorted(hand), "location": location, "out": False}


def task(kind, player, rule):
    return {"card": None, "deck": None, "items": [], "kind": kind, "player": player, "rule": rule,
            "subject": None, "value": 0}


def turn_agenda(p):
    up = "cryptmaster.upkeep.steps-in-order"
    return [task("turn", p, "tomb.turn.free-actions-then-one-standard")] + [
        task(k, p, up) for k in ("pay-mercenaries", "refill", "dismiss-extra", "cleanup",
                                 "tomb-empty", "end-turn")]


def state(current, parties, crypts=None, inn=(), effects=(), turn=10, discards=None,
          crypt_discard=(), ids="abcdfg"):
    """A turn-phase state; every card not placed by the case goes to its deck."""
    s = copy.deepcopy(TEMPLATE)
    s["agenda"] = turn_agenda(current)
    s["current"] = current
    s["turn"] = turn
    s["parties"] = parties
    s["effects"] = list(effects)
    if crypts is None:
        crypts = {"a": ["Giant Rat"], "b": ["Skeleton"], "c": ["Ghoul"], "d": ["Skeleton", "Golden Chalice"],
                  "f": ["Giant Rat", "Jeweled Dagger"], "g": ["Pit of Spikes"]}
    s["crypts"] = [{"cards": [{"card": c, "known": []} for c in crypts.get(i, [])], "id": i}
                   for i in ids]
    used_crypt = Counter()
    used_inn = Counter()
    used_chars = Counter()
    for c in s["crypts"]:
        for x in c["cards"]:
            used_crypt[x["card"]] += 1
    used_crypt.update(crypt_discard)
    disc = {d: Counter() for d in DECKS}
    for d, cards in (discards or {}).items():
        disc[d].update(cards)
        used_inn.update(cards)
    for p in parties:
        for n in p["bank"]:
            used_crypt[n] += 1
        for n in p["hand"]:
            (used_inn if n in INN_DECK_OF else used_crypt)[n] += 1
        for ch in p["characters"]:
            used_chars[ch["name"]] += 1
            for n in ch["attached"]:
                (used_inn if n in INN_DECK_OF else used_crypt)[n] += 1
    s["inn"] = sorted(inn)
    used_chars.update(inn)
    assert all(v == 1 for v in used_chars.values()), used_chars
    s["pool"] = counts(Counter({n: 1 for n in CHARS if n not in used_chars}))
    s["dead"] = []
    s["drawn"] = []
    decks = []
    for d in DECKS:
        rest = INN_TOTAL[d] - Counter({n: used_inn[n] for n in INN_TOTAL[d]}) - disc[d]
        for n in INN_TOTAL[d]:
            assert used_inn[n] + disc[d][n] <= INN_TOTAL[d][n], n
        decks.append(counts(rest))
    s["decks"] = decks
    s["discards"] = [counts(disc[d]) for d in DECKS]
    for n, k in used_crypt.items():
        assert k <= CRYPT_TOTAL[n], (n, k)
    s["crypt_deck"] = counts(CRYPT_TOTAL - used_crypt)
    s["crypt_discard"] = counts(Counter(crypt_discard))
    s["raid"] = None
    s["roll"] = None
    s["scores"] = []
    s["winners"] = []
    s["outcome"] = None
    return s


def A(kind, **kw):
    return dict(kind=kind, **kw)


def line(action, error=None, project=None, player=None):
    x = {"action": action}
    if player is not None:
        x["player"] = player
    if error:
        x["error"] = {"rule": error}
    if project:
        x["project"] = project
    return x


CASES = {}


def case(name, rule, quotes, note, options=None, board=None):
    def deco(fn):
        CASES[name] = (rule, quotes, note, options, board, fn)
        return fn
    return deco


def write(name, rule, quotes, note, options, board, st, lines):
    if TEXT is not None:
        flat = " ".join(TEXT.split())
        for q in quotes:
            assert " ".join(q.split()) in flat, f"{name}: quote not verbatim: {q!r}"
    header = {"trace": "tombspec", "version": 1, "game": "cryptmaster", "options": options or {},
              "state": st, "note": note, "x-rule": rule, "x-quote": quotes}
    if board is not None:
        header["board"] = board
    with open(HERE / f"{name}.jsonl", "w") as f:
        f.write(json.dumps(header) + "\n")
        for ln in lines:
            f.write(json.dumps(ln) + "\n")


# ---------------------------------------------------------------- the cases
Q_EQUIP = "Equip — Free: Any number of times per turn, you may attach a card from your hand to a character in your party."
Q_SHARE = "Share — Free: Any number of times per turn, you may move any non-Cursed attached card between characters in your party."
Q_KEYWORD = 'A character may not have multiples of the same keyword attached (such as two "weapon", or two "armor"), with the exception of the "cursed" keyword.'
Q_SPELL = "Spells may only be attached to characters with at least one die of magic."
Q_PRAYER = "Prayers may only be attached to characters with at least one die of holiness."
Q_NOLIMIT = "There is no explicit limit to the number of cards that may be attached to a single character."
Q_BANK = "Bank — Free: If you are in the Inn, you may Bank any attached non-Cursed treasure. These are added to your XP bank used to determine your score at the end of the game."
Q_REST = "Rest — Free: If you are in the Inn, you may remove all wound tokens from your party. You may also visit the local bishop at the Inn, who will remove and discard any curses you no longer want attached to your party."
Q_REST_NOT = "(This does not apply to Cursed treasures or characters – only to true curses, with the brown borders.)"
Q_DISPEL = "Dispel Curse — Free: Once per curse per turn, you may attempt to dispel a curse by succeeding at a combined roll with your whole party using the attribute and TN listed on the curse. Add any dispelled curses to your XP bank."
Q_TN = "If a roll has a TN, it is successful if there are at least as many successes as the target number."
Q_FREE = "Free — You may use any number of different Free actions at the beginning of your turn."
Q_ONCE = "ALL ACTIONS ARE ONCE PER TURN."
Q_DRAW = "Draw — Turn: If you are in the Inn and have fewer than ten Inn cards in your hand and party, you may draw two Inn cards. The cards may be drawn from any deck or pair of decks in the Inn."
Q_FIGHTER = "For each Fighter in your party, one Item does not count against the party limit of ten cards."
Q_INNHAND = "Over the course of the game you may draw Inn cards into your hand and attach them to your characters."
Q_RECRUIT = "Recruit — Turn: If you are in the Inn and have fewer than five characters in your party, you may recruit one character from the Inn."
Q_CLASS = "When you recruit a wizard draw one spell. When you recruit a cleric draw one prayer. If a character has more than one class, draw cards from each appropriate deck."
Q_PARIAH = "If there are one or more Pariahs in the Inn, you must recruit one of them in addition to your first choice. If this would take you above five party members, you may only recruit the pariah."
Q_MOVE = "Move — Turn: Move up to ten spaces in the Tomb. If you are in the Inn, start from the Tomb entrance. Otherwise start from your current location."
Q_EMPTY = "When a crypt has no cards, it is considered a hallway space for card effects and movement."
Q_EMPTY_COST = "Moving into or out of an empty crypt costs 1 point of movement."
Q_END = "Is the Tomb empty? — If there are no crypt cards in the Tomb the game ends."
Q_SCORE = "Each player adds up all XP in their XP bank as well as any attached treasure and curses."
Q_WIN = "The player with the most XP wins. In case of a tie, the tied player with the most XP attached to the party wins."
Q_INVITE = "You may invite any player or players with a party in the Tomb, except the CM, to assist in the raid."
Q_L = 'An "L" indicates one player to the left, an "R" is one player to the right'
Q_FROMHAND = "When you use an action from your hand, you must immediately attach it to a character and then apply all the action's effects."
Q_USESPELL = "A CHARACTER MUST HAVE AT LEAST ONE DIE OF MAGIC TO USE A SPELL."


def others(loc1="5,2", loc2="inn"):
    """Players 1 and 2: one fighter each (no cards)."""
    return [party([char("Grimbold")], location=loc1), party([char("Torvald")], location=loc2)]


def p0(chars, hand=(), bank=(), bank_xp=0, location="inn"):
    return party(chars, hand=hand, bank=bank, bank_xp=bank_xp, location=location)


def with_chars(st, p, chars, location=None, hand=None, bank=None, bank_xp=None):
    ps = copy.deepcopy(st["parties"])
    ps[p]["characters"] = chars
    if location is not None:
        ps[p]["location"] = location
    if hand is not None:
        ps[p]["hand"] = sorted(hand)
    if bank is not None:
        ps[p]["bank"] = sorted(bank)
    if bank_xp is not None:
        ps[p]["bank_xp"] = bank_xp
    return ps


HEDDA, ALDOUS, KADIN = "Hedda Ironhand", "Brother Aldous", "Kadin"


@case("01-equip-spell-needs-magic", "cryptmaster.attach.spells-need-magic", [Q_EQUIP, Q_SPELL],
      "Equip a spell (Fireball) to a fighter with no magic die: refused; to the wizard: accepted.")
def _():
    st = state(0, [p0([char(HEDDA), char(KADIN)], hand=["Fireball"])] + others())
    after = with_chars(st, 0, [char(HEDDA), char(KADIN, ["Fireball"])], hand=[])
    return st, [line(A("equip-cards")),
                line(A("equip", card="Fireball", character=HEDDA), error="cryptmaster.attach.spells-need-magic"),
                line(A("equip", card="Fireball", character=KADIN), project={"parties": after})]


@case("02-equip-prayer-needs-holiness", "cryptmaster.attach.prayers-need-holiness", [Q_EQUIP, Q_PRAYER],
      "Equip a prayer (Bless) to the wizard (magic, no holiness): refused; to the cleric: accepted.")
def _():
    st = state(0, [p0([char(KADIN), char(ALDOUS)], hand=["Bless"])] + others())
    after = with_chars(st, 0, [char(KADIN), char(ALDOUS, ["Bless"])], hand=[])
    return st, [line(A("equip-cards")),
                line(A("equip", card="Bless", character=KADIN), error="cryptmaster.attach.prayers-need-holiness"),
                line(A("equip", card="Bless", character=ALDOUS), project={"parties": after})]


@case("03-equip-second-weapon", "cryptmaster.attach.one-per-keyword", [Q_EQUIP, Q_KEYWORD],
      "Hedda holds a Battle Axe (weapon); a second Battle Axe to her is refused, to Kadin accepted.")
def _():
    st = state(0, [p0([char(HEDDA, ["Battle Axe"]), char(KADIN)], hand=["Battle Axe"])] + others())
    after = with_chars(st, 0, [char(HEDDA, ["Battle Axe"]), char(KADIN, ["Battle Axe"])], hand=[])
    return st, [line(A("equip-cards")),
                line(A("equip", card="Battle Axe", character=HEDDA), error="cryptmaster.attach.one-per-keyword"),
                line(A("equip", card="Battle Axe", character=KADIN), project={"parties": after})]


@case("04-equip-cursed-weapon-is-still-weapon", "cryptmaster.attach.one-per-keyword", [Q_EQUIP, Q_KEYWORD],
      "Blade of Ruin is 'weapon' and 'cursed': the cursed exception exempts only the cursed keyword, so it "
      "cannot join a Battle Axe (weapon) on Hedda.")
def _():
    st = state(0, [p0([char(HEDDA, ["Battle Axe"]), char(KADIN)], hand=["Blade of Ruin"])] + others())
    return st, [line(A("equip-cards")),
                line(A("equip", card="Blade of Ruin", character=HEDDA), error="cryptmaster.attach.one-per-keyword")]


@case("05-equip-two-rings-no-keyword", "cryptmaster.attach.no-count-limit", [Q_EQUIP, Q_NOLIMIT],
      "Ring of Magic has no keyword: a second ring on the same wizard is allowed.")
def _():
    st = state(0, [p0([char(HEDDA), char(KADIN, ["Ring of Magic"])], hand=["Ring of Magic"])] + others())
    after = with_chars(st, 0, [char(HEDDA), char(KADIN, ["Ring of Magic", "Ring of Magic"])], hand=[])
    return st, [line(A("equip-cards")),
                line(A("equip", card="Ring of Magic", character=KADIN), project={"parties": after})]


@case("06-equip-second-light", "cryptmaster.attach.one-per-keyword", [Q_EQUIP, Q_KEYWORD],
      "Lantern and Hooded Lantern share the keyword 'light' (not one of the two the text names): refused.")
def _():
    st = state(0, [p0([char(HEDDA, ["Lantern"]), char(KADIN)], hand=["Hooded Lantern"])] + others())
    return st, [line(A("equip-cards")),
                line(A("equip", card="Hooded Lantern", character=HEDDA), error="cryptmaster.attach.one-per-keyword")]


@case("07-share-cursed-refused", "cryptmaster.free.share", [Q_SHARE],
      "Share moves only non-Cursed cards: Blade of Ruin (Cursed) may not move from Hedda to Aldous.")
def _():
    # a Lantern that may move, so that Share is open at all
    st = state(0, [p0([char(HEDDA, ["Blade of Ruin", "Lantern"]), char(ALDOUS)])] + others())
    return st, [line(A("redistribute")),
                line(A("move-card", card="Blade of Ruin", frm=HEDDA, to=ALDOUS), error="cryptmaster.free.share")]


@case("08-share-spell-to-nonmagic", "cryptmaster.attach.spells-need-magic", [Q_SHARE, Q_SPELL],
      "Share keeps the attachment restrictions: Kadin's Fireball may not move to Hedda (no magic).")
def _():
    # a Lantern that may move, so that Share is open at all
    st = state(0, [p0([char(HEDDA), char(KADIN, ["Fireball", "Lantern"])])] + others())
    return st, [line(A("redistribute")),
                line(A("move-card", card="Fireball", frm=KADIN, to=HEDDA), error="cryptmaster.attach.spells-need-magic")]


@case("09-share-in-the-tomb", "cryptmaster.free.share", [Q_SHARE],
      "Share has no place condition: in a hallway of the Tomb the Battle Axe moves from Hedda to Kadin, "
      "and again back (any number of times per turn).")
def _():
    st = state(0, [p0([char(HEDDA, ["Battle Axe"]), char(KADIN)], location="2,3")] + others())
    mid = with_chars(st, 0, [char(HEDDA), char(KADIN, ["Battle Axe"])])
    return st, [line(A("redistribute")),
                line(A("move-card", card="Battle Axe", frm=HEDDA, to=KADIN), project={"parties": mid}),
                line(A("redistribute")),
                line(A("move-card", card="Battle Axe", frm=KADIN, to=HEDDA), project={"parties": st["parties"]})]


@case("10-bank-at-inn", "cryptmaster.free.bank", [Q_BANK],
      "At the Inn an attached Golden Chalice is banked: off the character, into the bank.")
def _():
    st = state(0, [p0([char(HEDDA, ["Golden Chalice", "Battle Axe"]), char(KADIN)])] + others())
    after = with_chars(st, 0, [char(HEDDA, ["Battle Axe"]), char(KADIN)], bank=["Golden Chalice"])
    return st, [line(A("bank", card="Golden Chalice", character=HEDDA), project={"parties": after})]


@case("11-bank-in-tomb-refused", "cryptmaster.free.bank", [Q_BANK],
      "Bank needs the Inn: in a hallway it is refused.")
def _():
    st = state(0, [p0([char(HEDDA, ["Golden Chalice"]), char(KADIN)], location="2,3")] + others())
    return st, [line(A("bank", card="Golden Chalice", character=HEDDA), error="cryptmaster.free.bank")]


@case("12-bank-item-refused", "cryptmaster.free.bank", [Q_BANK],
      "Bank takes a treasure only: an attached item (Battle Axe) cannot be banked, even at the Inn.")
def _():
    st = state(0, [p0([char(HEDDA, ["Battle Axe"]), char(KADIN)])] + others())
    return st, [line(A("bank", card="Battle Axe", character=HEDDA), error="cryptmaster.free.bank")]


@case("13-rest-heals-and-removes-curse", "cryptmaster.free.rest-curses", [Q_REST],
      "Rest at the Inn: every wound goes, and the curse named goes to the discard; the other curse stays.")
def _():
    st = state(0, [p0([char(HEDDA, ["Curse of Weakness"], wounds=3), char(ALDOUS, ["Mark of Doom"], wounds=1)])]
               + others())
    after = with_chars(st, 0, [char(HEDDA), char(ALDOUS, ["Mark of Doom"])])
    return st, [line(A("rest", curses=["Curse of Weakness"]),
                     project={"parties": after, "crypt_discard": counts(Counter(["Curse of Weakness"]))})]


@case("14-rest-not-cursed-item", "cryptmaster.free.rest-not-cursed-cards", [Q_REST, Q_REST_NOT],
      "The bishop removes only true curses: naming Blade of Ruin (a Cursed item) is refused.")
def _():
    st = state(0, [p0([char(HEDDA, ["Blade of Ruin"], wounds=1), char(ALDOUS)])] + others())
    return st, [line(A("rest", curses=["Blade of Ruin"]), error="cryptmaster.free.rest-not-cursed-cards")]


@case("15-rest-outside-inn", "cryptmaster.free.rest-wounds", [Q_REST],
      "Rest needs the Inn: in a hallway it is refused.")
def _():
    st = state(0, [p0([char(HEDDA, wounds=2), char(ALDOUS)], location="2,3")] + others())
    return st, [line(A("rest", curses=[]), error="cryptmaster.free.rest-wounds")]


@case("16-rest-twice", "cryptmaster.card-text.free", [Q_FREE, Q_ONCE],
      "Any number of DIFFERENT free actions, each once per turn: a second Rest in the same turn is refused.")
def _():
    st = state(0, [p0([char(HEDDA, wounds=2), char(ALDOUS)])] + others())
    after = with_chars(st, 0, [char(HEDDA), char(ALDOUS)])
    return st, [line(A("rest", curses=[]), project={"parties": after}),
                line(A("rest", curses=[]), error="cryptmaster.card-text.free")]
MAREN = "Sister Maren"


@case("17-dispel-exactly-tn", "cryptmaster.free.dispelled-curse-banked", [Q_DISPEL, Q_TN],
      "Curse of Weakness (Holiness, TN 2); the party's only holiness is Aldous's two blue dice; two successes "
      "exactly meet the TN: the curse leaves Hedda and goes to the bank.")
def _():
    st = state(0, [p0([char(HEDDA, ["Curse of Weakness"]), char(ALDOUS)])] + others())
    after = with_chars(st, 0, [char(HEDDA), char(ALDOUS)], bank=["Curse of Weakness"])
    return st, [line(A("dispel-curse", card="Curse of Weakness", character=HEDDA)),
                line(A("roll", green=0, blue=2, red=0), project={"parties": after})]


@case("18-dispel-one-short-then-again", "cryptmaster.free.dispel-curse-limit", [Q_DISPEL, Q_TN],
      "One success against TN 2 fails: the curse stays; a second attempt at the same curse this turn is refused.")
def _():
    st = state(0, [p0([char(HEDDA, ["Curse of Weakness"]), char(ALDOUS)])] + others())
    return st, [line(A("dispel-curse", card="Curse of Weakness", character=HEDDA)),
                line(A("roll", green=0, blue=1, red=0), project={"parties": st["parties"]}),
                line(A("dispel-curse", card="Curse of Weakness", character=HEDDA),
                     error="cryptmaster.free.dispel-curse-limit")]


@case("19-dispel-two-curses-same-turn", "cryptmaster.free.dispel-curse-limit", [Q_DISPEL],
      "Once PER CURSE per turn: after failing against one curse the party may still try the other one.")
def _():
    st = state(0, [p0([char(HEDDA, ["Curse of Weakness"]), char(ALDOUS, ["Mark of Doom"])])] + others())
    after = with_chars(st, 0, [char(HEDDA, ["Curse of Weakness"]), char(ALDOUS)], bank=["Mark of Doom"])
    return st, [line(A("dispel-curse", card="Curse of Weakness", character=HEDDA)),
                line(A("roll", green=0, blue=0, red=0)),
                line(A("dispel-curse", card="Mark of Doom", character=ALDOUS)),
                # Mark of Doom: TN 3, but the party has only two holiness dice: three successes are impossible
                line(A("roll", green=0, blue=2, red=0), project={"parties": st["parties"]})]


@case("20-dispel-combined-whole-party", "cryptmaster.free.dispel-curse", [Q_DISPEL],
      "A combined roll of the whole party, in the Tomb (Dispel has no place condition): Aldous (2 blue) and "
      "Maren (2 green, 1 red) roll together; 1+1+1 successes meet Mark of Doom's TN 3.")
def _():
    st = state(0, [p0([char(HEDDA, ["Mark of Doom"]), char(ALDOUS), char(MAREN)], location="2,3")] + others())
    after = with_chars(st, 0, [char(HEDDA), char(ALDOUS), char(MAREN)], bank=["Mark of Doom"])
    return st, [line(A("dispel-curse", card="Mark of Doom", character=HEDDA)),
                line(A("roll", green=1, blue=1, red=1), project={"parties": after})]


@case("21-dispel-impossible-roll", "cryptmaster.rolls.dice-pool", [Q_DISPEL, "Before making a roll, add up the character's printed dice plus any bonuses in the specified attributes."],
      "The whole party rolls only Aldous's two blue dice: three blue successes cannot be rolled (refused "
      "at the chance point).")
def _():
    st = state(0, [p0([char(HEDDA, ["Curse of Weakness"]), char(ALDOUS)])] + others())
    return st, [line(A("dispel-curse", card="Curse of Weakness", character=HEDDA)),
                line(A("roll", green=0, blue=3, red=0), error="cryptmaster.rolls.dice-pool")]


NINE = ["Bless", "Weaken", "Fireball", "Stone Skin", "Mending", "Feint", "Old Map"]  # 7 in hand


@case("22-draw-with-nine", "cryptmaster.draw.ten-card-limit", [Q_DRAW, Q_INNHAND],
      "Nine Inn cards (seven in hand, two attached): fewer than ten, so Draw is allowed, and both drawn "
      "cards go to the hand (eleven after).")
def _():
    st = state(0, [p0([char(HEDDA, ["War Banner"]), char(KADIN, ["Teleport"]), char(ALDOUS)], hand=NINE)]
               + others())
    after = with_chars(st, 0, [char(HEDDA, ["War Banner"]), char(KADIN, ["Teleport"]), char(ALDOUS)],
                       hand=NINE + ["Second Wind", "Healing Light"])
    return st, [line(A("draw-from", deck="tactics")), line(A("draw", card="Second Wind")),
                line(A("draw-from", deck="prayer")),
                line(A("draw", card="Healing Light"), project={"parties": after})]


@case("23-draw-with-ten-refused", "cryptmaster.draw.ten-card-limit", [Q_DRAW],
      "Ten Inn cards (eight in hand, two attached; the fighter holds no item): Draw is refused.")
def _():
    st = state(0, [p0([char(HEDDA, ["War Banner"]), char(KADIN, ["Teleport"]), char(ALDOUS)],
                      hand=NINE + ["Divine Favor"])] + others())
    return st, [line(A("draw-from", deck="item"), error="cryptmaster.draw.ten-card-limit")]


@case("24-draw-fighter-item-exempt", "cryptmaster.draw.fighter-items", [Q_DRAW, Q_FIGHTER],
      "Ten Inn cards, one of them an Item (Battle Axe), and one Fighter (Hedda): the item does not count, "
      "nine count, Draw is allowed.")
def _():
    st = state(0, [p0([char(HEDDA, ["Battle Axe"]), char(KADIN, ["Teleport"]), char(ALDOUS)],
                      hand=NINE + ["Divine Favor"])] + others())
    return st, [line(A("draw-from", deck="spell")), line(A("draw", card="Fireball"))]


@case("25-draw-one-fighter-one-item", "cryptmaster.draw.fighter-items", [Q_DRAW, Q_FIGHTER],
      "Eleven Inn cards, two of them Items, but only one Fighter: only one item is exempt, ten count: refused.")
def _():
    st = state(0, [p0([char(HEDDA, ["Battle Axe"]), char(KADIN, ["Ring of Magic"]), char(ALDOUS)],
                      hand=NINE + ["Divine Favor", "Teleport"])] + others())
    return st, [line(A("draw-from", deck="spell"), error="cryptmaster.draw.ten-card-limit")]


@case("26-draw-crypt-cards-do-not-count", "cryptmaster.draw.ten-card-limit", [Q_DRAW],
      "Nine Inn cards plus an attached treasure and an attached curse (crypt cards, not Inn cards): Draw allowed.")
def _():
    st = state(0, [p0([char(HEDDA, ["War Banner", "Golden Chalice"]), char(KADIN, ["Teleport", "Mark of Doom"]),
                       char(ALDOUS)], hand=NINE)] + others())
    return st, [line(A("draw-from", deck="item")), line(A("draw", card="Lantern"))]


@case("27-draw-in-tomb-refused", "cryptmaster.draw.draw-two", [Q_DRAW],
      "Draw needs the Inn: in a hallway it is refused.")
def _():
    st = state(0, [p0([char(HEDDA), char(KADIN)], location="2,3")] + others())
    return st, [line(A("draw-from", deck="item"), error="cryptmaster.draw.draw-two")]


@case("28-recruit-wizard-draws-spell", "cryptmaster.recruit.class-cards", [Q_RECRUIT, Q_CLASS],
      "Recruiting a wizard draws one spell into the hand.")
def _():
    st = state(0, [p0([char(HEDDA), char(ALDOUS)])] + others(), inn=["Magister Thule", "Roderic"])
    after = with_chars(st, 0, [char(HEDDA), char(ALDOUS), char("Magister Thule")], hand=["Mending"])
    return st, [line(A("recruit", character="Magister Thule")),
                line(A("draw", card="Mending"), project={"parties": after, "inn": ["Roderic"]})]


@case("29-recruit-multiclass-draws-both", "cryptmaster.recruit.multi-class", [Q_RECRUIT, Q_CLASS],
      "Aurelia Dawnstar is cleric and wizard: one spell and one prayer are drawn to the hand.")
def _():
    st = state(0, [p0([char(HEDDA)])] + others(), inn=["Aurelia Dawnstar", "Roderic"])
    after = with_chars(st, 0, [char(HEDDA), char("Aurelia Dawnstar")], hand=["Mending", "Bless"])
    return st, [line(A("recruit", character="Aurelia Dawnstar")),
                line(A("draw", card="Bless")),
                line(A("draw", card="Mending"), project={"parties": after})]


FIVE = [char(HEDDA), char(ALDOUS), char(KADIN), char("Roderic"), char("Wulfric")]


@case("30-recruit-five-refused", "cryptmaster.recruit.five-character-limit", [Q_RECRUIT],
      "Five characters already: Recruit is refused.")
def _():
    st = state(0, [p0(FIVE)] + others(), inn=["Magister Thule"])
    return st, [line(A("recruit", character="Magister Thule"), error="cryptmaster.recruit.five-character-limit")]


@case("31-recruit-four-pariah-only", "cryptmaster.recruit.pariah-only-over-five", [Q_RECRUIT, Q_PARIAH],
      "Four characters and a Pariah in the Inn: a first choice plus the Pariah would make six, so only the "
      "Pariah may be recruited (the fighter choice is refused, the Pariah accepted).")
def _():
    st = state(0, [p0(FIVE[:4])] + others(), inn=["Grist the Outcast", "Hamish the Bold"])
    after = with_chars(st, 0, FIVE[:4] + [char("Grist the Outcast")])
    return st, [line(A("recruit", character="Hamish the Bold"), error="cryptmaster.recruit.pariah-only-over-five"),
                line(A("recruit", character="Grist the Outcast"), project={"parties": after, "inn": ["Hamish the Bold"]})]


@case("32-recruit-pariah-in-addition", "cryptmaster.recruit.pariah", [Q_RECRUIT, Q_PARIAH],
      "Three characters, a Pariah in the Inn: the first choice (a fighter) and then the Pariah as well.")
def _():
    st = state(0, [p0(FIVE[:3])] + others(), inn=["Grist the Outcast", "Hamish the Bold", "Roderic"])
    after = with_chars(st, 0, FIVE[:3] + [char("Hamish the Bold"), char("Grist the Outcast")])
    return st, [line(A("recruit", character="Hamish the Bold")),
                line(A("recruit", character="Grist the Outcast"), project={"parties": after, "inn": ["Roderic"]})]
LONG = copy.deepcopy(BOARD)
LONG["board"] = {"name": "long-hall", "side": "A long hall (built for these cases)",
                 "note": "Built for the cases: a hallway of twelve spaces beside one long crypt with two doors.",
                 "rows": ["################",
                          "#E.A..........A#",
                          "#B#aaaaaaaaaaaa#",
                          "#b##############",
                          "################"]}
LONG["crypts"] = [{"capacity": 2, "cm": "L", "id": "a", "name": "The Long Crypt"},
                  {"capacity": 1, "cm": "R", "id": "b", "name": "The Side Crypt"}]
LONG["rooms"] = []
LONG["hazards"] = []


def long_state(a_cards, location="inn"):
    return state(0, [p0([char(HEDDA), char(KADIN)], location=location)] + others(loc1="2,1"),
                 crypts={"a": a_cards, "b": ["Skeleton"]}, ids="ab")


@case("33-move-ten-from-inn", "cryptmaster.move.start-point", [Q_MOVE],
      "From the Inn the count starts at the Tomb entrance E (1,1): the hallway space (11,1) is ten spaces "
      "away and is reached (default reading of entering-from-inn: the entrance itself is free).", board=LONG)
def _():
    st = long_state(["Giant Rat"])
    after = with_chars(st, 0, st["parties"][0]["characters"], location="11,1")
    return st, [line(A("move")), line(A("move-to", to="11,1"), project={"parties": after})]


@case("34-move-eleven-refused", "cryptmaster.move.up-to-ten", [Q_MOVE],
      "(12,1) is eleven spaces from the entrance: beyond ten, refused.", board=LONG)
def _():
    st = long_state(["Giant Rat"])
    return st, [line(A("move")), line(A("move-to", to="12,1"), error="cryptmaster.move.up-to-ten")]


@case("35-move-through-empty-crypt", "cryptmaster.move.empty-crypt-cost", [Q_EMPTY, Q_EMPTY_COST],
      "Crypt a is empty, so it is a hallway space: entrance (0), (2,1) 1, door (3,1) 2, into the crypt 3, "
      "out at the far door (14,1) 4: reached, though thirteen spaces away by the hallway.", board=LONG)
def _():
    st = long_state([])
    after = with_chars(st, 0, st["parties"][0]["characters"], location="14,1")
    return st, [line(A("move")), line(A("move-to", to="14,1"), project={"parties": after})]


@case("36-move-not-through-full-crypt", "cryptmaster.move.up-to-ten", [Q_MOVE, Q_EMPTY],
      "Crypt a holds a card: it is no hallway, so the far door (14,1) is thirteen spaces away: refused.",
      board=LONG)
def _():
    st = long_state(["Giant Rat"])
    return st, [line(A("move")), line(A("move-to", to="14,1"), error="cryptmaster.move.up-to-ten")]


@case("37-move-into-empty-crypt", "cryptmaster.tomb.empty-crypt-is-hallway", [Q_EMPTY, Q_EMPTY_COST],
      "On the default board, from door A (2,2): crypt a is empty and may be entered by a Move; crypt b "
      "(one card) may not.")
def _():
    st = state(0, [p0([char(HEDDA), char(KADIN)], location="2,2")] + others(),
               crypts={"a": [], "b": ["Skeleton"], "c": ["Ghoul"]})
    after = with_chars(st, 0, st["parties"][0]["characters"], location="crypt:a")
    return st, [line(A("move")), line(A("move-to", to="crypt:b"), error="cryptmaster.tomb.empty-crypt-is-hallway"),
                line(A("move-to", to="crypt:a"), project={"parties": after})]


def end_state(p0_att, p0_bank, p0_xp, p1_att, p1_bank, p1_xp, p2_bank=(), p2_xp=0):
    ps = [party([char(HEDDA, p0_att), char(KADIN)], hand=["Bless", "Fireball"], bank=p0_bank, bank_xp=p0_xp,
                location="2,3"),
          party([char("Grimbold", p1_att)], bank=p1_bank, bank_xp=p1_xp, location="5,2"),
          party([char("Torvald")], bank=p2_bank, bank_xp=p2_xp, location="inn")]
    return state(0, ps, crypts={})


@case("38-end-score-and-tiebreak", "cryptmaster.upkeep.tie-break", [Q_END, Q_SCORE, Q_WIN],
      "The Tomb is empty: the game ends at upkeep. P0: bank Skeleton 2 + 1 token + attached Golden Chalice 3 "
      "= 6 (3 attached); P1: bank Giant Rat 1 + Ghoul 3 + attached Jeweled Dagger 2 = 6 (2 attached); "
      "P2: 4 tokens. Inn cards in hand and items score nothing. Tie 6-6: P0 has more XP attached and wins.")
def _():
    st = end_state(["Golden Chalice", "Battle Axe"], ["Skeleton"], 1, ["Jeweled Dagger"], ["Giant Rat", "Ghoul"], 0,
                   p2_xp=4)
    return st, [line(A("move")), line(A("move-to", to="2,2"), project={"scores": [6, 6, 4], "winners": [0]})]


@case("39-end-full-tie-shared", "cryptmaster.upkeep.tie-break", [Q_WIN],
      "A tie in total and in attached XP: the text is silent; recorded as final-tie, default shared.")
def _():
    st = end_state(["Golden Chalice"], ["Skeleton"], 0, ["Golden Chalice"], ["Giant Rat"], 1)
    return st, [line(A("move")), line(A("move-to", to="2,2"), project={"scores": [5, 5, 0], "winners": [0, 1]})]


@case("40-end-attached-curse-scores", "cryptmaster.upkeep.final-score", [Q_SCORE],
      "An attached curse counts its XP in the score (Mark of Doom, printed -3 in the example set): "
      "P0 bank Ghoul 3 + Golden Chalice attached 3 + Mark of Doom -3 = 3; P1 bank Skeleton 2 = 2.")
def _():
    st = end_state(["Golden Chalice", "Mark of Doom"], ["Ghoul"], 0, [], ["Skeleton"], 0)
    return st, [line(A("move")), line(A("move-to", to="2,2"), project={"scores": [3, 2, 0], "winners": [0]})]


@case("41-tomb-not-empty-no-end", "cryptmaster.upkeep.tomb-empty-game-ends", [Q_END],
      "One card left in one crypt: the game goes on to the next player's turn.")
def _():
    st = end_state([], ["Ghoul"], 0, [], ["Skeleton"], 0)
    st["crypts"][5]["cards"] = [{"card": "Pit of Spikes", "known": []}]
    st["crypt_deck"] = counts(Counter({n: k for n, k in st["crypt_deck"]["counts"]}) - Counter(["Pit of Spikes"]))
    return st, [line(A("move")), line(A("move-to", to="2,2"), project={"scores": [], "winners": [], "current": 1})]


def raid_state(p2_loc="6,2", p0_hand=("Bless", "Fireball")):
    ps = [party([char(HEDDA), char(ALDOUS)], hand=p0_hand, location="2,2"),
          party([char("Grimbold")], location="5,2"),
          party([char("Torvald")], location=p2_loc)]
    return state(0, ps, crypts={"a": ["Giant Rat"], "b": ["Skeleton"]})


@case("42-hire-not-the-cm", "cryptmaster.mercenary.invite", [Q_INVITE, Q_L],
      "P0 raids crypt a (door 'L': the CM is P1, one to the left, play going clockwise P0, P1, P2). P1 is "
      "the CM and may not be invited; P2, in the Tomb, may.")
def _():
    st = raid_state()
    return st, [line(A("raid")), line(A("hire", player=1), error="cryptmaster.mercenary.invite"),
                line(A("hire", player=2))]


@case("43-hire-not-from-inn", "cryptmaster.mercenary.invite", [Q_INVITE],
      "P2's party is at the Inn, not in the Tomb: it may not be invited.")
def _():
    st = raid_state(p2_loc="inn")
    return st, [line(A("raid")), line(A("hire", player=2), error="cryptmaster.mercenary.invite")]


@case("44-use-spell-from-hand-attaches", "cryptmaster.card-text.attach-when-used-from-hand", [Q_FROMHAND, Q_USESPELL],
      "Mending (Turn: remove up to two wounds) used from the hand: Hedda (no magic) may not use it; Kadin "
      "does, it is attached to him and Hedda loses two wounds.")
def _():
    st = state(0, [p0([char(HEDDA, wounds=3), char(KADIN)], hand=["Mending"])] + others())
    after = with_chars(st, 0, [char(HEDDA, wounds=1), char(KADIN, ["Mending"])], hand=[])
    return st, [line(A("use-card", card="Mending", holder=HEDDA, target=HEDDA),
                     error="cryptmaster.inn-cards.spell-needs-magic"),
                line(A("use-card", card="Mending", holder=KADIN, target=HEDDA), project={"parties": after})]

Q_MERC_XP = ("At the end of the raid, each player with a mercenary present receives 1 XP for each Tomb card "
             "successfully resolved during the raid.")
Q_PAY = ("If you have any characters in your party you must give each mercenary's player either two cards of "
         "your choice from your hand, or one card of their choice from your attached cards.")
Q_NOFLEE = "However, the mercenary may not choose to flee. Only regular raiding characters have that option."
Q_CURSE = ("First, the CM reveals each curse and attaches it to a member of the raiding party. As each curse is "
           "attached, the party may make an immediate Holiness check to attempt to lift the curse. If successful, "
           "the curse is banked.")


@case("45-mercenary-paid-and-xp", "cryptmaster.mercenary.xp-per-card", [Q_INVITE, Q_MERC_XP, Q_PAY],
      "P0 raids crypt a (one Giant Rat) with P2's Torvald as mercenary; the CM (P1) passes, Hedda kills the "
      "rat; P2 gets 1 XP (one monster killed), Torvald returns to P2, and P0 pays two hand cards to P2.")
def _():
    st = raid_state()
    return st, [line(A("raid")), line(A("hire", player=2)), line(A("lend", character="Torvald")),
                line(A("done")), line(A("pass")),
                line(A("attack", character=HEDDA, monster="m0")),
                line(A("roll", green=0, blue=1, red=0)),
                line(A("pay", cards=["Bless", "Fireball"]),
                     project={"parties": [
                         party([char(HEDDA, actions=1), char(ALDOUS)], hand=[], bank=["Giant Rat"],
                               location="crypt:a"),
                         party([char("Grimbold")], location="5,2"),
                         party([char("Torvald")], hand=["Bless", "Fireball"], bank_xp=1, location="6,2")]})]


@case("46-mercenary-may-not-flee", "cryptmaster.mercenary.no-flee", [Q_NOFLEE],
      "The raider designates the mercenary Torvald to act; his controller (P2) may not choose to flee.")
def _():
    st = raid_state()
    return st, [line(A("raid")), line(A("hire", player=2)), line(A("lend", character="Torvald")),
                line(A("done")), line(A("pass")),
                line(A("target", character="Torvald")),
                line(A("flee"), error="cryptmaster.mercenary.no-flee")]


@case("47-curse-lifted-in-raid", "cryptmaster.curse.lifted-banked", [Q_CURSE],
      "Crypt a holds only Curse of Weakness (Holiness TN 2): the CM attaches it to Hedda; the party's "
      "holiness check (Aldous's two blue dice) rolls two successes: the curse is banked.")
def _():
    ps = [party([char(HEDDA), char(ALDOUS)], location="2,2"),
          party([char("Grimbold")], location="inn"),
          party([char("Torvald")], location="inn")]
    st = state(0, ps, crypts={"a": ["Curse of Weakness"], "b": ["Skeleton"]})
    return st, [line(A("raid")), line(A("done")),
                line(A("curse", card="Curse of Weakness", character=HEDDA)),
                line(A("continue")),
                line(A("roll", green=0, blue=2, red=0)),
                line(A("continue"),
                     project={"parties": [party([char(HEDDA), char(ALDOUS)], bank=["Curse of Weakness"],
                                                location="crypt:a"),
                                          ps[1], ps[2]]})]

Q_TRAIT = "If a player has a character with the Mercenary trait, it may assist in the raid without being invited."
Q_RESOLVED = ("(i.e. trap successfully disarmed, monster killed, Treasure attached or banked by the player, and "
              "curse dispelled during the raid.)")


@case("48-mercenary-xp-for-lifted-curse", "cryptmaster.mercenary.resolved-cards", [Q_MERC_XP, Q_RESOLVED, Q_CURSE],
      "With P2's Torvald as mercenary, the curse of crypt a is lifted by the holiness check: a curse "
      "dispelled during the raid is a card resolved, P2 receives 1 XP.")
def _():
    ps = [party([char(HEDDA), char(ALDOUS)], hand=["Bless", "Fireball"], location="2,2"),
          party([char("Grimbold")], location="inn"),
          party([char("Torvald")], location="6,2")]
    st = state(0, ps, crypts={"a": ["Curse of Weakness"], "b": ["Skeleton"]})
    return st, [line(A("raid")), line(A("hire", player=2)), line(A("lend", character="Torvald")), line(A("done")),
                line(A("curse", card="Curse of Weakness", character=HEDDA)),
                line(A("continue")),
                line(A("roll", green=0, blue=2, red=0)),
                line(A("continue")),
                line(A("pay", cards=["Bless", "Fireball"]),
                     project={"parties": [
                         party([char(HEDDA), char(ALDOUS)], bank=["Curse of Weakness"], location="crypt:a"),
                         ps[1],
                         party([char("Torvald")], hand=["Bless", "Fireball"], bank_xp=1, location="6,2")]})]


@case("49-pay-one-hand-card-refused", "cryptmaster.upkeep.pay-mercenaries", [Q_PAY],
      "The raider holds two hand cards and an attached card: paying the mercenary's player one hand card "
      "is neither two hand cards nor an attached card of their choice: refused.")
def _():
    ps = [party([char(HEDDA, ["Battle Axe"]), char(ALDOUS)], hand=["Bless", "Fireball"], location="2,2"),
          party([char("Grimbold")], location="5,2"),
          party([char("Torvald")], location="6,2")]
    st = state(0, ps, crypts={"a": ["Giant Rat"], "b": ["Skeleton"]})
    return st, [line(A("raid")), line(A("hire", player=2)), line(A("lend", character="Torvald")),
                line(A("done")), line(A("pass")),
                line(A("attack", character=HEDDA, monster="m0")),
                line(A("roll", green=0, blue=1, red=0)),
                line(A("pay", cards=["Bless"]), error="cryptmaster.upkeep.pay-mercenaries")]


@case("50-equip-in-the-tomb", "cryptmaster.free.equip", [Q_EQUIP],
      "Equip has no place condition: in a hallway of the Tomb a Battle Axe from the hand goes to Hedda.")
def _():
    st = state(0, [p0([char(HEDDA), char(KADIN)], hand=["Battle Axe"], location="2,3")] + others())
    after = with_chars(st, 0, [char(HEDDA, ["Battle Axe"]), char(KADIN)], hand=[])
    return st, [line(A("equip-cards")),
                line(A("equip", card="Battle Axe", character=HEDDA), project={"parties": after})]


@case("51-mercenary-trait-uninvited", "cryptmaster.mercenary.trait-uninvited", [Q_TRAIT],
      "P2 (in the Tomb, not the CM) has Sellsword Jarn (Mercenary trait): the raider invites nobody, and "
      "Jarn may still join the raid.")
def _():
    ps = [party([char(HEDDA), char(ALDOUS)], hand=["Bless", "Fireball"], location="2,2"),
          party([char("Grimbold")], location="5,2"),
          party([char("Sellsword Jarn")], location="6,2")]
    st = state(0, ps, crypts={"a": ["Giant Rat"], "b": ["Skeleton"]})
    return st, [line(A("raid")), line(A("done")), line(A("lend", character="Sellsword Jarn"), player=2)]



@case("52-share-spell-and-tactic", "cryptmaster.free.share", [Q_SHARE, Q_SPELL],
      "Share moves ANY non-Cursed attached card, not items and treasures only: Kadin's Fireball goes to "
      "Magister Thule (a wizard), then Hedda's War Banner (a tactic) goes to Kadin.")
def _():
    st = state(0, [p0([char(HEDDA, ["War Banner"]), char(KADIN, ["Fireball"]), char("Magister Thule")])] + others())
    mid = with_chars(st, 0, [char(HEDDA, ["War Banner"]), char(KADIN), char("Magister Thule", ["Fireball"])])
    end = with_chars(st, 0, [char(HEDDA), char(KADIN, ["War Banner"]), char("Magister Thule", ["Fireball"])])
    return st, [line(A("redistribute")),
                line(A("move-card", card="Fireball", frm=KADIN, to="Magister Thule"), project={"parties": mid}),
                line(A("redistribute")),
                line(A("move-card", card="War Banner", frm=HEDDA, to=KADIN), project={"parties": end})]



@case("53-dispel-with-no-holiness-dice", "cryptmaster.free.dispel-curse", [Q_DISPEL],
      "A party with no holiness die may still attempt (the text sets no minimum): the combined roll has no "
      "dice, no successes, and the curse stays.")
def _():
    st = state(0, [p0([char(HEDDA, ["Curse of Weakness"]), char(KADIN)])] + others())
    return st, [line(A("dispel-curse", card="Curse of Weakness", character=HEDDA)),
                line(A("roll", green=0, blue=0, red=0), project={"parties": st["parties"]})]



@case("54-recruit-wizard-draw-not-a-prayer", "cryptmaster.recruit.class-cards", [Q_CLASS],
      "Recruiting a wizard draws a SPELL: a prayer (Bless) is no possible outcome of that draw (refused at the "
      "chance point, which is the class card's draw, not the Draw turn action).")
def _():
    st = state(0, [p0([char(HEDDA), char(ALDOUS)])] + others(), inn=["Magister Thule", "Roderic"])
    return st, [line(A("recruit", character="Magister Thule")),
                line(A("draw", card="Bless"), error="cryptmaster.recruit.class-cards")]


if __name__ == "__main__":
    for name, (rule, quotes, note, options, board, fn) in sorted(CASES.items()):
        st, lines = fn()
        write(name, rule, quotes, note, options, board, st, lines)
    print(len(CASES), "cases written")
