"""The whole state of a game of Tomb (or Tomb: Cryptmaster), and nothing else.

The board, the card set and the options are the ruleset's configuration, not state.  Who acts next
is read off the head of the *agenda* (:class:`Task`): the rules push what has to happen next onto it
(a decision, a chance event, or automatic bookkeeping the engine performs at once), and the engine
pops it (``rules/turn.py`` lists the task kinds).  Nothing in the state is a set or a mapping keyed by
anything but strings; hands, banks, the Inn and the dead are sorted tuples, decks are multisets
(:class:`~tombspec.model.chance.Deck`), so that equal games give equal states.

What lasts beyond one step is in ``effects`` (:mod:`tombspec.model.effects`):

Every effect has ``name``, ``rule``, ``until`` (``resolved`` unless said), ``player``, ``subject``,
``value`` and ``items``; the fields not named below are null (or empty):

=====================  ==========================================  =========================================
effect                 made by                                     what it holds
=====================  ==========================================  =========================================
``used``               ``tomb.play.once-per-turn``                 until ``turn``: ``player`` used the card
                                                                   ``items[0]`` with the holder ``subject``
                                                                   (a Character, or ``m<i>``) this Turn; a
                                                                   printed React too, whatever
                                                                   ``printed_react`` says
``free-closed``        ``tomb.free.redistribute-attached``         until ``turn``: ``player`` took an action
                                                                   other than moving Attached cards (a
                                                                   Free ``bank`` too): no more moving them
``began-at-inn``       ``tomb.treasure.attached-bank-at-inn``      the Party began its Turn at the Inn
``party-dice``         a ``party-dice`` card (Bless)               ``value`` dice of ``subject`` colour on
                                                                   every roll of ``player``'s Party, until
                                                                   the Combat ends (``turn`` outside one)
``temp-hp``            a ``temp-hp`` card (Stone Skin)             until ``turn``: ``subject`` gains
                                                                   ``value`` HP
``prevent``            a ward React (``tomb.death.abate-           ``value`` Wounds of the Wound being
                       immediately``)                              placed on ``subject`` are prevented
``rogue-roll``         ``tomb.pickpocket.rogue-rolls-skill``       the Rogue ``subject`` of ``player`` (the
                                                                   thief) rolled ``value`` successes; gone
                                                                   when the defender's roll is settled
``catching``           ``tomb.pickpocket.rogue-killed-cards-to-    ``player`` is attacking the Rogue
                       attacker``                                  ``subject`` who was caught (made when the
                                                                   catch is set up, before its roll)
``journeyman-used``    ``tomb.campaign.level-5-journeyman``        the once-per-game redraw is spent
``crypts-cleared``     ``tomb.ambiguity.end-trigger``              (end-of-round) the last card is gone
``cm-effect-used``     ``cryptmaster.presence.bystander-one-cm-    until ``raid``: a bystander ``player``
                       effect``                                    spent his one CM effect this Raid
``cm-used``            ``cryptmaster.ambiguity.different-cm-       until ``turn``: ``player`` played the CM
                       effects``                                   card ``subject``
``monster-dice``       ``cryptmaster.presence.cm-effects``         until ``raid``: Monster ``subject``
                                                                   rolls ``value`` more dice; ``items``:
                                                                   (Attribute, colour)
``trap-tn``            ``cryptmaster.presence.cm-effects``         until ``raid``: the Trap ``subject``'s
                                                                   Target Numbers are ``value`` higher
``cursed-this-raid``   ``cryptmaster.curse.reveal-and-attach``     until ``raid``: a curse was revealed
``dispelled``          ``cryptmaster.free.dispel-curse-limit``     until ``turn``: ``player`` tried to dispel
                                                                   a curse: ``subject`` is
                                                                   ``"<Character>|<curse>"``
``free-used``          ``cryptmaster.card-text.free``              until ``turn``: ``player`` took the Free
                                                                   Action ``subject``
``hired``              ``cryptmaster.mercenary.one-character``     until ``turn``: ``player`` hired the
                                                                   mercenary ``subject``
``fallen-mercenary``   ``cryptmaster.death.mercenary-returns``     the mercenary ``subject`` of ``player``
                                                                   died with ``items`` Attached
``battled``            ``cryptmaster.combat.alternate-until``      until ``raid``: ``player`` took a Battle
                                                                   Action
``passed``             ``cryptmaster.ambiguity.combat-passing``    until ``turn``: ``player`` passed in a
                                                                   Combat
``pvp-combat``         ``cryptmaster.death.pillage-pile``          until ``turn``: ``player`` attacks the
                                                                   Party of seat ``value`` (``subject``:
                                                                   ``"defender"``; ``"fled"`` once the
                                                                   defender fled, ``"attacker-fled"``
                                                                   once the attacker did)
``overlord-defeated``  ``cryptmaster.overlord.game-ends-on-        until ``game``: the overlord is defeated
                       defeat``
=====================  ==========================================  =========================================
"""

from __future__ import annotations

from typing import Any

import attrs

from ..chance import Deck
from ..codec import canonical_order, encoded_once
from ..draft import evolver, with_field
from ..effects import Effect
from ..options import _counters
from ..traceability import _recorders


@canonical_order
@attrs.frozen(slots=False)
class Task:
    """One entry of the agenda: what happens next, for whom, about what."""

    kind: str
    player: int | None = None
    subject: str | None = None      # a Character, a Monster index, a Crypt id, a trigger ...
    card: str | None = None
    deck: str | None = None
    value: int = 0
    items: tuple[str, ...] = ()
    rule: str = ""                  # the catalog rule that queued it


@canonical_order
@attrs.frozen(slots=False)
class Character:
    """A Character in an Adventuring Party."""

    name: str
    wounds: int = 0
    attached: tuple[str, ...] = ()  # Attached cards, in the order they were Attached
    actions: int = 0                # Battle Actions used this Combat Round: every Party's Characters reset to 0 when a Raid's Combat begins (even with no Monster left to fight) and at each new Round; a Raid's end leaves it
    owner: int | None = None        # Cryptmaster: the home player of a Mercenary (None: this party's)


@canonical_order
@attrs.frozen(slots=False)
class Party:
    """A player's Adventuring Party and what the player holds."""

    characters: tuple[Character, ...] = ()
    location: str = "inn"           # "inn", or a board node (a space id, "crypt:a" during a Raid)
    hand: tuple[str, ...] = ()      # Inn cards in hand, sorted (hidden from the others)
    bank: tuple[str, ...] = ()      # banked cards, sorted
    bank_xp: int = 0                # XP banked without a card (Cryptmaster mercenary rewards)
    crypt_hand: tuple[str, ...] = ()  # the Crypt cards held while filling the Tomb, sorted
    out: bool = False               # Cryptmaster PvP: eliminated

    def character(self, name: str) -> Character | None:
        for c in self.characters:
            if c.name == name:
                return c
        return None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.characters)


@canonical_order
@attrs.frozen(slots=False)
class Hidden:
    """A face-down Crypt card and the players who know what it is."""

    card: str                       # its name: the state holds it, face down or not (the oracle compares it)
    known: tuple[int, ...] = ()     # the seats that know it, sorted: none for a card dealt from the deck; its placer (Fill the Tomb); every seat for a card back from a Raid (and Cryptmaster's Overlord); a seat added by a peek (Keziah's Orb), which changes nothing else


@canonical_order
@attrs.frozen(slots=False)
class Crypt:
    """A Crypt of the Tomb and its face-down cards: in the order placed while the Tomb is filled; once
    a Raid returns cards to it, all of them sorted (by card, then who knows it)."""

    id: str
    cards: tuple[Hidden, ...] = ()


@canonical_order
@attrs.frozen(slots=False)
class Monster:
    """A revealed Monster in a Raid (or a Traitor)."""

    card: str
    wounds: int = 0
    attached: tuple[str, ...] = ()
    actions: int = 0
    dead: bool = False


@canonical_order
@attrs.frozen(slots=False)
class Raid:
    """A Raid in progress."""

    crypt: str
    door: str                       # the Door the Party raided from; "" for Another Way In (leaving then goes to the Crypt's first Door)
    cm: int | None                  # the Crypt Master (None: nobody; Solitaire: the player himself)
    cards: tuple[Hidden, ...] = ()  # the Crypt's cards not yet revealed, sorted (the CM knows them)
    early: tuple[str, ...] = ()     # Monsters revealed early (Komodo), still to join the Combat
    trap: str | None = None         # the Trap announced and being resolved
    disarmers: tuple[str, ...] = ()
    results: tuple[int, ...] = ()   # successes rolled against the Trap's Target Numbers so far
    traps_announced: int = 0
    monsters: tuple[Monster, ...] = ()
    treasures: tuple[str, ...] = ()  # Treasures handed to the Raiding Player, not yet Banked/Attached
    stage: str = "enter"            # enter | curses | traps | monsters | combat | treasure | done
    round: int = 0
    side: str = ""                  # whose Battle Action is next: "cm" or "raider"
    resolved: int = 0               # Crypt cards resolved: +1 a Trap disarmed, a Treasure Banked or Attached, a Monster killed, a curse lifted (Cryptmaster mercenary XP)
    overlord_killed: bool = False


@canonical_order
@attrs.frozen(slots=False)
class Roll:
    """A roll being made: the dice of one pool, the reason, and the successes once rolled.

    It is set up (``successes`` null) before it is rolled, so that a React may change it first
    (Weaken), and it keeps its successes while an after-roll React may change them (Kama); a storm
    (Fireball) is *one* roll of ``times`` x the caster's dice.  What each field holds, by ``purpose``
    (``player``: whose roll; a field not named is null, or 0 for ``value``): ``heal``: nothing more;
    ``pickpocket`` (the Rogue's Skill): ``subject`` the Rogue, ``target`` the defending Character,
    ``card`` the card to steal; ``defend`` (the target's Skill, ``player`` the target player):
    ``subject`` the defender, ``target`` the Character robbed, ``card`` the card, ``value`` the thief's
    seat; ``catch``: ``subject`` the catcher, ``target`` the Rogue, ``value`` the thief's seat;
    ``contest-monster`` (Elithe; ``player`` the CM): ``subject`` ``m<i>``, ``target`` the Character,
    ``card`` the Attribute; ``contest-character``: ``subject`` the Character, ``card`` the Attribute,
    ``value`` the Monster's successes, ``target`` the Monster ``m<i>`` (under contested_tie = re-roll
    only, to roll again on a tie); ``monster-attack`` (``player`` the CM): ``subject`` ``m<i>``,
    ``target`` the Character attacked; ``character-attack``: ``subject`` the Character, ``target``
    ``m<i>`` (in PvP: the Character attacked); ``disarm``: ``subject`` the Attribute (null for
    summed Target Numbers); ``volley`` (Throwing Daggers) and ``storm`` (Fireball): ``subject`` the
    holder; ``ward``: ``subject`` the holder, ``target`` the Character the Wound is placed on,
    ``value`` the Target Number, ``card`` the Wounds it prevents, as text (``"1"``); Cryptmaster's
    ``dispel`` and ``curse-check``: ``subject`` the Character, ``card`` the curse, ``value`` its Target
    Number."""

    purpose: str                    # order | heal | pickpocket | defend | catch | disarm | attack | ...
    player: int                     # whose roll
    dice: tuple[int, int, int]      # green, blue, red dice rolled
    auto: int = 0                   # automatic successes (raised past Red)
    subject: str | None = None      # who rolls (a Character, or "m<i>" for Monster i)
    target: str | None = None       # who suffers it
    successes: tuple[int, int, int] | None = None
    value: int = 0                  # what the roll needs (a TN), or carries (a first roll's successes)
    card: str | None = None         # the card whose effect rolls


#: the fields over 100 bytes of the digest's encoding that keep their value from one step to the next
#: more often than not (measured on 10 uniform games of each: the Parties about half the steps, the
#: decks, the Pool and the Crypts nineteen in twenty or more): encoded once per value (codec.encoded_once:
#: the digest of every state 1.45x faster in Tomb, 1.3x in Cryptmaster).  Not the agenda (it changes every
#: step) nor the effects (half the steps, and small); the Parties' items one by one cost more than they save
@encoded_once("parties", "pool", "crypts", "crypt_deck", "crypt_discard", "decks", "discards")
@canonical_order
@attrs.frozen(slots=False)
class TombState:
    agenda: tuple[Task, ...]
    current: int                            # whose turn it is
    parties: tuple[Party, ...]
    crypts: tuple[Crypt, ...]
    pool: Deck                              # the Character Pool (the bag)
    decks: tuple[Deck, ...]                 # the Inn decks, in the order of cards.INN_DECKS
    crypt_deck: Deck
    inn: tuple[str, ...] = ()               # Characters at the Inn, sorted
    discards: tuple[Deck, ...] = ()         # the Inn decks' discard piles (same order)
    crypt_discard: Deck = Deck()            # the Crypt Card Discard Pile
    dead: tuple[str, ...] = ()              # the Character discard pile, sorted
    drawn: tuple[str, ...] = ()             # Characters drawn at the Inn, to choose from, sorted; the rest go to the Inn after the kept Character's class cards are drawn
    first_player: int | None = None         # Player One
    order_rolls: tuple[int, ...] = ()       # the order-of-play roll of each player (-1: not rolling)
    raid: Raid | None = None
    roll: Roll | None = None
    wounds_due: tuple[str, ...] = ()        # Wounds being placed one by one (targets so far)
    pillage: tuple[str, ...] = ()           # Cryptmaster: the pillage pile
    overlord: str | None = None             # Cryptmaster Overlords variant: the overlord card
    overlord_crypt: str | None = None
    overlord_wounds: int = 0                # ... its Wounds and Attached cards, which last
    overlord_attached: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    turn: int = 0                           # turns begun so far
    levels: tuple[int, ...] = ()            # Campaign: each player's level for this game
    tally: tuple[int, ...] = ()             # Campaign: each player's XP carried in
    winners: tuple[int, ...] = ()
    outcome: str | None = None              # "crypts-emptied" | "no-characters" | "overlord" | ...
    scores: tuple[int, ...] = ()

    @property
    def task(self) -> Task | None:
        return self.agenda[0] if self.agenda else None

    def party(self, player: int) -> Party:
        return self.parties[player]

    def with_party(self, player: int, **changes: object) -> "TombState":
        parties = list(self.parties)
        parties[player] = evolve(parties[player], **changes)
        return evolve(self, parties=tuple(parties))

    def crypt(self, cid: str) -> Crypt:
        for c in self.crypts:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def with_crypt(self, cid: str, **changes: object) -> "TombState":
        return evolve(self, crypts=tuple(evolve(c, **changes) if c.id == cid else c for c in self.crypts))

    def owner_of(self, name: str) -> int | None:
        """The player whose Party holds Character ``name`` (None if no Party does)."""
        for p, party in enumerate(self.parties):
            if party.character(name) is not None:
                return p
        return None


_CLASSES = (Task, Character, Party, Hidden, Crypt, Monster, Raid, Roll, TombState)
#: ``attrs.evolve`` for the classes above: one ``__dict__`` copy for each whose ``__init__`` only
#: stores its fields, model/draft.py's ``replacer`` for the others
_copy = evolver(*_CLASSES)
_FIELDS = frozenset(attrs.fields_dict(TombState))

# One state per step ---------------------------------------------------------------------------------------
# A step (``rules/turn.py`` ``apply``) copies the state it is given once, into its *draft*: a TombState
# nobody else has seen, which the step's rules then change in place (``evolve``, ``with_agenda`` and the
# state's ``with_party``/``with_crypt`` assign to the draft's fields and hand the draft back) instead of
# copying the 29 fields of the state again at each change; the step hands the draft out as its frozen
# result once it is done.  Every other value (a Party, a Character, a Task, a state that is not the
# step's draft) is copied as ever, so a state outside a step is never changed.

_draft: Any = None


def draft_of(state: TombState) -> TombState:
    """The step's draft: a copy of ``state`` that the step's rules change in place until
    :func:`release` (one copy per step, model/draft.py's discipline for a state the rules write as
    ``state = evolve(state, ...)``)."""
    global _draft
    data = state.__dict__.copy()
    draft = object.__new__(TombState)
    object.__setattr__(draft, "__dict__", data)
    _draft = draft
    return draft


def release() -> None:
    """The step is over: its draft is a frozen state from now on (nothing changes it again)."""
    global _draft
    _draft = None


def evolve(value: Any, /, **changes: Any) -> Any:
    """``attrs.evolve`` for Tomb's values: the step's draft changed in place (and handed back), any
    other value copied with ``changes``."""
    if value is _draft and value is not None:
        if not _FIELDS.issuperset(changes):
            raise TypeError(f"TombState has no field {', '.join(sorted(set(changes) - _FIELDS))}")
        value.__dict__.update(changes)       # existing keys: the canonical order is kept
        return value
    return _copy(value, **changes)


def with_agenda(state: TombState, agenda: tuple[Task, ...]) -> TombState:
    """``evolve(state, agenda=agenda)`` (the agenda's one-field change, the most frequent of a step)."""
    if state is _draft:
        state.__dict__["agenda"] = agenda
        return state
    return with_field(state, "agenda", agenda)


def remembering() -> bool:
    """Whether a fact worked out now may be remembered and a remembered one used: not while a recording
    notes the rules exercised (``traceability.recording``) nor while the option readings consulted are
    counted (``options.counting_reads``): then every fact is worked out, so that what it reads is seen."""
    return not _recorders and not _counters


def loadout_facts(rs: Any, characters: tuple[Character, ...]) -> dict[Any, Any]:
    """The memo of pure facts about a Party's *loadout* under the ruleset ``rs``: which Characters it
    has, in order, and the cards Attached to each (not their Wounds, actions or owners).  What a
    Character may hold, cast or use, and with which dice, is such a fact.  Kept on the ruleset, never
    pickled: by the loadout's value (``_loadout_facts``), reached from a Characters tuple by identity
    (``_loadouts``, holding the tuple itself so that its id cannot be reused); each table is replaced
    whole when full; the last one reached is kept beside them (``_last_loadout``).  While a recording notes the rules exercised (``traceability.recording``) nothing
    is remembered: every fact is worked out, so that the rules it reads are noted."""
    if _recorders:
        return {}
    last = rs._last_loadout      # one step asks the same Party's again and again (None in a new ruleset)
    if last is not None and last[0] is characters:
        return last[1]
    table = rs.__dict__.get("_loadouts")
    if table is None or len(table) >= 1024:
        table = rs._loadouts = {}
    entry = table.get(id(characters))
    if entry is not None and entry[0] is characters:
        rs._last_loadout = entry
        return entry[1]
    by_value = rs.__dict__.get("_loadout_facts")
    if by_value is None or len(by_value) >= 4096:
        by_value = rs._loadout_facts = {}
    key = tuple((c.name, c.attached) for c in characters)
    facts = by_value.get(key)
    if facts is None:
        facts = by_value[key] = {}
    table[id(characters)] = rs._last_loadout = (characters, facts)
    return facts


def members_facts(rs: Any, characters: tuple[Character, ...]) -> list[dict[Any, Any]]:
    """Each Character's ``member_facts``, in the order of ``characters`` (kept as a fact of the loadout:
    a loop over the Party's Characters looks them up once)."""
    facts = loadout_facts(rs, characters)
    got = facts.get("members")
    if got is None:
        if _recorders:
            return [{} for _ in characters]         # (member_facts remembers nothing while recording)
        # every member's facts in one pass: the names, the table by value and the reading looked up once
        names = facts.get("names")
        if names is None:
            names = facts["names"] = tuple(c.name for c in characters)
        by_value = rs.__dict__.get("_member_facts")
        if by_value is None or len(by_value) >= 8192:
            by_value = rs._member_facts = {}
        everyone = tuple(c.attached for c in characters) if rs.options.casters == "party-caster" else None
        got = []
        for ch in characters:
            name = ch.name
            mine = facts.get(("member", name))
            if mine is None:
                mine = facts[("member", name)] = by_value.setdefault(
                    (names, name, ch.attached if everyone is None else everyone), {})
            got.append(mine)
        facts["members"] = got
    return got


def member_facts(rs: Any, characters: tuple[Character, ...], name: str) -> dict[Any, Any]:
    """The memo of pure facts about the Character ``name`` of a Party (of ``characters``): who is in
    the Party (their classes may give him dice) and what he holds, not what the others hold.  What he
    may hold or cast, and with which dice, is such a fact: shared by every loadout where only the
    others' cards differ (a card moved between two Characters leaves the others' facts standing);
    under casters = party-caster who may cast reads every member's dice, so the others' cards count.
    Kept as ``loadout_facts`` is (``_member_facts``, by value)."""
    facts = loadout_facts(rs, characters)
    got = facts.get(("member", name))
    if got is None:
        if _recorders:
            return {}
        names = facts.get("names")
        if names is None:
            names = facts["names"] = tuple(c.name for c in characters)
        me = next((c for c in characters if c.name == name), None)
        by_value = rs.__dict__.get("_member_facts")
        if by_value is None or len(by_value) >= 8192:
            by_value = rs._member_facts = {}
        held = None if me is None else me.attached
        if rs.options.casters == "party-caster":     # who may cast reads every member's dice, so their cards
            held = tuple(c.attached for c in characters)
        got = facts[("member", name)] = by_value.setdefault((names, name, held), {})
    return got


@attrs.frozen
class TombSetup:
    """What carries over from one game of a Campaign to the next: each player's XP tally."""

    tally: tuple[int, ...]
