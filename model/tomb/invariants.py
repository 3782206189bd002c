"""What holds in every reachable state of Tomb (and of Tomb: Cryptmaster, whose ruleset adds its own).

Each invariant is named after the catalog rule it follows from.  The numeric ones are written over
``tombspec.model.numeric`` and proved inductively by ``tombspec.checks.proofs`` with z3 over the very
transition cores the model runs (``PROOF_VARIABLES``, ``proof_init``, ``PROOF_INVARIANTS``,
``PROOF_TRANSITIONS``): Wounds and Hit Points, XP and banking, the Party size, Movement, raising and
lowering the dice, the Campaign levels.
"""

from __future__ import annotations

from typing import Any

from ..numeric import all_, implies, not_
from ..ruleset import Violation
from .board import INN
from .cards import INN_DECKS
from .rules.campaign import compute_level
from .rules.cards import BASE_MOVEMENT, _traits, attached_conflicts, character_hp, compute_movement, monster_hp
from .rules.end import compute_score
from .rules.rolling import compute_lower, compute_raise
from .rules.wounds import compute_wounds
from .state import TombState, loadout_facts


# Numeric invariants: functions of numbers, for ints and z3 terms alike -------------------------------------

def inv_wounds(wounds: Any, hp: Any, alive: Any) -> Any:
    """Wounds are never negative, and a living Character has fewer Wounds than Hit Points
    (tomb.death.killed-at-hit-points)."""
    return all_(wounds >= 0, implies(alive, wounds < hp))


def inv_party(size: Any, limit: Any) -> Any:
    """An Adventuring Party holds at most its maximum (tomb.party.size-one-to-five)."""
    return all_(size >= 0, size <= limit)


def inv_score(banked: Any, attached: Any, score: Any) -> Any:
    """The score is the banked XP plus the Attached Treasures' XP (tomb.end.total-xp)."""
    return score == compute_score(banked, attached)


def inv_dice(green: Any, blue: Any, red: Any, auto: Any, fails: Any, total: Any) -> Any:
    """Raising and lowering replace dice "by an equal number": none is made or lost
    (tomb.dice.raise-type, tomb.dice.lower-type)."""
    return all_(green >= 0, blue >= 0, red >= 0, auto >= 0, fails >= 0, green + blue + red + auto + fails == total)


def inv_level(level: Any) -> Any:
    return all_(level >= 1, level <= 10)


# State invariants ---------------------------------------------------------------------------------------
# Checked after every step, each cheaply: a state shares with the one before it every value the step
# did not change (a Party, a deck, a Crypt), so what depends on one such value alone is computed again
# only when it changed.  The ruleset keeps, by identity and with strong references, the Parties' Characters
# that passed their checks (a new Party value is itself checked again: its own checks are cheap, and one
# seldom comes back), the last state's Parties that all passed, and the card and Character counts of the
# last state where every one was in its place (``Checked``); nothing is kept from a state that breaks an
# invariant.

#: the tasks during which a Party may hold more Characters than its limit, until it dismisses them
_OVERFLOW_TASKS = frozenset(("overflow", "dismiss-extra"))


def violations(rs: Any, state: TombState) -> list[Violation]:
    out: list[Violation] = []
    checked = checked_of(rs)
    checking_hp = rs.options.hit_point_changes != "only-on-wound"
    overflowing = False
    for t in state.agenda:
        if t.kind in _OVERFLOW_TASKS:
            overflowing = True
            break
    overflowing = overflowing or rs.party_may_overflow(state)
    effects = state.effects
    temp_hp = checked.temp_hp if effects is checked.effects else checked.read_temp_hp(effects)
    parties = state.parties
    # the very Parties that all passed, with the same temporary Hit Points, reading and levels: no Party
    # is checked again (the limits read the levels)
    given = (temp_hp, overflowing, state.levels)
    if parties is not checked.all_parties or checked.all_given != given:
        passed = True
        limits = checked.limits           # each Party's limit, worked out once for the very levels
        if limits is None or limits[0] is not state.levels or len(limits[1]) != len(parties):
            limits = checked.limits = (state.levels, tuple([rs.party_limit(state, p) for p in range(len(parties))]))
        # the Parties of the last state whose Parties all passed, if it read what this one reads
        before = checked.all_parties if checked.all_given == given and checked.all_parties is not None and \
            len(checked.all_parties) == len(parties) else None
        for p, party in enumerate(parties):
            if before is not None and before[p] is party:
                continue          # the very Party, in its place, passed with the very same given
            limit = limits[1][p]
            found = len(out)
            if not overflowing and not inv_party(len(party.characters), limit):
                out.append(Violation("tomb.party.size-one-to-five", f"player {p}'s Party has {len(party.characters)} Characters (at most {limit})"))
            if party.location != INN and party.location not in rs.board.spaces:
                out.append(Violation("tomb.move.orthogonal", f"player {p}'s Party is on {party.location!r}, not on the board"))
            kept_sorted = list(party.hand) == sorted(party.hand) and list(party.bank) == sorted(party.bank)
            if not kept_sorted:
                out.append(Violation("tomb.banking.kept-separate", f"player {p}'s hand or bank is not kept sorted"))
            # the Characters' checks: not again for the very Characters that passed them
            if checked.party_passed(party.characters, temp_hp) or _characters_hold(rs, state, p, party, checking_hp, out,
                                                                                    checked, temp_hp):
                checked.pass_party(party.characters, temp_hp)
                if len(out) == found:
                    continue      # (a Party's own checks, cheap, are made again whenever it is another value)
            passed = False        # a Party kept for a second look (or broken)
        if passed:
            checked.all_parties, checked.all_given = parties, given
    raid = state.raid
    if raid is not None:
        for i, m in enumerate(raid.monsters):
            if not m.dead and (m.wounds < 0 or m.wounds >= monster_hp(rs, state, i)):
                out.append(Violation("tomb.death.killed-at-hit-points", f"Monster {m.card} has {m.wounds} Wounds"))
        if raid.cm == state.current and rs.num_players > 1 and not rs.cm_may_be_raider():
            out.append(Violation("tomb.raid.crypt-master", "the Raiding Player is his own Crypt Master"))
    out += _conservation(rs, state, checked)
    if state.outcome is not None and state.agenda:
        out.append(Violation(rs.end_rule(), "the game is over but the agenda is not empty"))
    if state.outcome is None and not state.agenda:
        out.append(Violation(rs.end_rule(), "nothing is next, yet the game is not over"))
    return out


def _characters_hold(rs: Any, state: TombState, p: int, party: Any, checking_hp: bool, out: list[Violation],
                     checked: "Checked | None" = None, temp_hp: Any = ()) -> bool:
    """The checks of a Party's Characters, which read them alone (and the temporary Hit Points): traits,
    Wounds below Hit Points.  Appends what breaks to ``out``; returns whether they hold for good, so
    that the very same Characters need no check again: not after a Violation, nor with a Character at
    or past his Hit Points (a death pending may excuse him now, not later), nor with a trait conflict
    (``rs.conflict_allowed`` reads the state).  One Character's checks read him, how many are in his
    Party (a card may give Hit Points for each other) and the temporary Hit Points alone: a Character
    that held for good is not checked again while he is the very same value among as many
    (``checked``)."""
    again = False
    found = len(out)
    if rs.game == "tomb" and rs.options.multi_trait == "counts-each":
        over = _over_traited(rs, party.characters)
        if over:
            out.append(Violation("tomb.attach.excess-traited-items-discarded",
                                 f"player {p}'s Party holds more {over[0]} cards than Characters"))
    size = len(party.characters)
    for ch in party.characters:
        # what his checks read beside him: his Party's size and his own temporary Hit Points (another
        # Character's lapsing asks nothing of him)
        given = (size, tuple([v for s, v in temp_hp if s == ch.name]) if temp_hp else ())
        if checked is not None and checked.character_passed(ch, given):
            continue
        before, was_again = len(out), again
        again = False
        hp = character_hp(rs, state, p, ch.name)
        below = inv_wounds(ch.wounds, hp, True)
        if ch.wounds < 0 or (checking_hp and state.task is not None and not below and not _deaths_pending(state)):
            out.append(Violation("tomb.death.killed-at-hit-points",
                                 f"{ch.name} has {ch.wounds} Wounds and {hp} Hit Points"))
        again = checking_hp and not below
        for card in attached_conflicts(rs, ch.attached):
            again = True
            if not rs.conflict_allowed(state, p, ch, card):
                out.append(Violation(rs.trait_rule(), f"{ch.name} holds {card} beside another card of its trait"))
        if checked is not None and not again and len(out) == before:
            checked.pass_character(ch, given)
        again = again or was_again
    return not again and len(out) == found


def _over_traited(rs: Any, characters: Any) -> list[str]:
    """The traits a Party's cards carry more of than it has Characters (a fact of its loadout)."""
    facts = loadout_facts(rs, characters)
    over = facts.get("over-traited")
    if over is None:
        traited = _counted(t for ch in characters for c in ch.attached for t in _traits(rs, c))
        over = facts["over-traited"] = [t for t, n in traited.items() if n > len(characters)]
    return over


def _deaths_pending(state: TombState) -> bool:
    return any(t.kind in ("wound-apply", "wound-window", "window", "roll", "assign-wound", "apply-assigned")
               for t in state.agenda)


class Checked:
    """What the invariants keep from the states that passed them, on the ruleset (never in the state):
    the Parties that passed their own checks (by identity, with what else they read then), and the
    card and Character counts of the last state whose cards and Characters were each in one place.
    Each is replaced whole, one assignment at a time (threads may share a ruleset); never pickled."""

    LIMIT = 512           # Parties remembered, at most (then forgotten all at once)
    CHARACTERS = 2048     # Characters remembered, at most

    def __init__(self) -> None:
        self.parties: dict[int, tuple[Any, tuple[Any, ...]]] = {}
        self.characters: dict[int, tuple[Any, tuple[Any, ...]]] = {}
        self.counts: Tally | None = None           # the cards and the people (``_conservation``)
        self.all_parties: Any = None              # a state's Parties that all passed, with what they read
        self.all_given: Any = None
        self.effects: Any = None                  # the last effects read, and their temporary Hit Points
        self.limits: Any = None                   # the levels last read, and each Party's limit under them
        self.temp_hp: tuple[Any, ...] = ()

    def read_temp_hp(self, effects: Any) -> tuple[Any, ...]:
        """The temporary Hit Points among ``effects`` (remembered for the very same effects)."""
        temp_hp = tuple((e.subject, e.value) for e in effects if e.name == "temp-hp")
        self.effects, self.temp_hp = effects, temp_hp
        return temp_hp

    def character_passed(self, ch: Any, given: Any) -> bool:
        seen = self.characters.get(id(ch))
        return seen is not None and seen[0] is ch and seen[1] == given

    def pass_character(self, ch: Any, given: Any) -> None:
        if len(self.characters) >= self.CHARACTERS:
            self.characters = {}
        self.characters[id(ch)] = (ch, given)

    def party_passed(self, party: Any, given: Any) -> bool:
        """Whether ``party`` (a Party, or a Party's Characters) passed, the very value, ``given`` the
        same (the other values its checks read: the temporary Hit Points, ...)."""
        seen = self.parties.get(id(party))
        return seen is not None and seen[0] is party and seen[1] == given

    def pass_party(self, party: Any, given: Any) -> None:
        if len(self.parties) >= self.LIMIT:
            self.parties = {}
        self.parties[id(party)] = (party, given)


def checked_of(rs: Any) -> Checked:
    checked = rs.__dict__.get("_checked")
    if checked is None:
        checked = rs._checked = Checked()
    return checked


def _expected(rs: Any) -> tuple[dict[str, int], frozenset[str]]:
    got = rs.memo.get("expected-cards")
    if got is None:
        cards = rs.cards
        expected: dict[str, int] = {}
        for c in cards.inn.values():
            if c.deck in rs.inn_decks:
                expected[c.name] = expected.get(c.name, 0) + c.count
        for c in cards.crypt.values():
            if not c.overlord:
                expected[c.name] = expected.get(c.name, 0) + c.count
        got = rs.memo["expected-cards"] = (expected, frozenset(cards.characters))
    return got


# Where the cards and the Characters are: the places of a state, each a value counted on its own -----------

def _counted(names: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for n in names:
        out[n] = out.get(n, 0) + 1
    return out


def _decks(decks: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for d in decks:
        for c, n in d.counts:
            out[c] = out.get(c, 0) + n
    return out


def _deck(deck: Any) -> dict[str, int]:
    return _decks((deck,))






def _crypt_cards(crypts: Any) -> dict[str, int]:
    return _counted(h.card for crypt in crypts for h in crypt.cards)




#: the tasks that hold a card between a draw and its placing (``card``), and those that hold several (``items``)
_CARD_TASKS = frozenset(("attach", "journeyman", "curse-attach"))
_ITEMS_TASKS = frozenset(("loot", "give"))
_HOLDING_TASKS = _CARD_TASKS | _ITEMS_TASKS




def _raid_cards(raid: Any) -> dict[str, int]:
    if raid is None:
        return {}
    names = [*(h.card for h in raid.cards), *raid.early, *raid.treasures]
    if raid.trap is not None:
        names.append(raid.trap)
    for m in raid.monsters:
        if not m.dead:
            names.append(m.card)
        names += m.attached
    return _counted(names)










# Both counts in one: each place counted once for its cards and its Characters, a Character counted
# under ``(PERSON, name)`` (never a card's name), so that a step's changed places are looked for once

PERSON = "character"


def _agenda_all(agenda: Any) -> dict[Any, int]:
    """The cards an agenda's tasks hold between a draw and its placing, and (as people) the Characters
    awaiting a Squire's decision."""
    out: dict[Any, int] = {}
    for t in agenda:
        kind = t.kind
        if kind in _HOLDING_TASKS:
            if kind in _CARD_TASKS:
                if t.card:
                    out[t.card] = out.get(t.card, 0) + 1
            else:
                for c in t.items:
                    out[c] = out.get(c, 0) + 1
        elif kind == "squire" and t.subject:
            key = (PERSON, t.subject)
            out[key] = out.get(key, 0) + 1
    return out


def _effects_all(effects: Any) -> dict[Any, int]:
    """The cards and (as people) the Characters of the fallen mercenaries among the effects."""
    out: dict[Any, int] = {}
    for e in effects:
        if e.name == "fallen-mercenary":
            for c in e.items:
                out[c] = out.get(c, 0) + 1
            if e.subject:
                key = (PERSON, e.subject)
                out[key] = out.get(key, 0) + 1
    return out


def _pool_people(deck: Any) -> dict[Any, int]:
    """The Characters of the Pool (``_deck``, as people)."""
    out: dict[Any, int] = {}
    for c, n in deck.counts:
        key = (PERSON, c)
        out[key] = out.get(key, 0) + n
    return out


def _people(names: Any) -> dict[Any, int]:
    """``_counted`` of Characters' names, as people."""
    out: dict[Any, int] = {}
    for n in names:
        key = (PERSON, n)
        out[key] = out.get(key, 0) + 1
    return out


def _party_all(characters: Any) -> dict[Any, int]:
    """The cards Attached to a Party's Characters, and (as people) the Characters themselves."""
    out: dict[Any, int] = {}
    for ch in characters:
        for c in ch.attached:
            out[c] = out.get(c, 0) + 1
        key = (PERSON, ch.name)
        out[key] = out.get(key, 0) + 1
    return out


def _same_all(characters: Any, old: Any) -> bool:
    """Whether two Parties' Characters are the very same names holding the very same Attached cards
    (Characters whose Wounds or actions changed)."""
    return len(characters) == len(old) and all(x.attached is y.attached and x.name == y.name
                                               for x, y in zip(characters, old))


#: every card is somewhere, once: decks, discards, hands, Crypts, Raid, Parties, banks, Monsters (and the
#: Overlord's, outside these); every Character too: the Pool, the Inn, the dead, those drawn, a Squire's
#: decision, a fallen mercenary, a Party.  Each of the state's own places: its field, and how it is
#: counted (a field of cards and Characters counted by one function for both)
_ALL_PLACES = (("decks", _decks), ("discards", _decks), ("crypt_deck", _deck), ("crypt_discard", _deck),
               ("crypts", _crypt_cards), ("pillage", _counted), ("effects", _effects_all), ("agenda", _agenda_all),
               ("raid", _raid_cards), ("pool", _pool_people), ("inn", _people), ("dead", _people),
               ("drawn", _people))
_PARTY_ALL_PLACES = (("hand", _counted), ("bank", _counted), ("crypt_hand", _counted), ("characters", _party_all))

#: for a place counted by a function here, whether a new value counts as its old one (parts compared)
_SAME = {_party_all: _same_all}


class Tally:
    """Counts over the places of a state (``places``: each field of the state and how it is counted;
    ``party_places``: each field of a Party): ``counts`` each place's (the state's own, then each
    Party's in turn), ``diff`` their sum less what is expected (only what differs), ``state`` the state
    they were counted in.  ``recount`` counts again only the places whose value is not the very one of
    that state, and looks at no Party while the Parties are the very same tuple."""

    __slots__ = ("places", "party_places", "state", "counts", "diff")

    def __init__(self, places: tuple[Any, ...], party_places: tuple[Any, ...], state: Any,
                 counts: tuple[dict[str, int], ...], diff: dict[str, int]) -> None:
        self.places, self.party_places, self.state, self.counts, self.diff = places, party_places, state, counts, diff

    @classmethod
    def start(cls, places: tuple[Any, ...], party_places: tuple[Any, ...], expected: dict[str, int]) -> "Tally":
        return cls(places, party_places, None, (), {k: -n for k, n in expected.items() if n})

    def recount(self, state: TombState) -> "Tally":
        """The counts over the places of ``state``."""
        last = self.state
        if last is None or len(state.parties) != len(last.parties):   # another shape: every place afresh
            return self.recount_all(state)
        new, old = state.__dict__, last.__dict__
        counts = self.counts
        moved: list[tuple[int, dict[str, int]]] = []      # (place, its new count) where a count changed
        i = -1
        for field, counter in self.places:
            i += 1
            value = new[field]
            if value is old[field]:
                continue
            got = counter(value)
            if got != counts[i]:
                moved.append((i, got))
        parties, olds = new["parties"], old["parties"]
        if parties is not olds:
            per = self.party_places
            i = len(self.places) - 1
            for party, was in zip(parties, olds):
                if party is was:
                    i += len(per)
                    continue
                pnew, pold = party.__dict__, was.__dict__
                for field, counter in per:
                    i += 1
                    value, before = pnew[field], pold[field]
                    if value is before:
                        continue
                    same = _SAME.get(counter)
                    if same is not None and same(value, before):
                        continue      # other Characters, whose counted parts are the very same
                    got = counter(value)
                    if got != counts[i]:
                        moved.append((i, got))
        if not moved:           # the very counts: they are ``state``'s too (kept by this Tally from now on)
            self.state = state
            return self
        diff, changed = dict(self.diff), list(counts)
        for i, got in moved:
            _shift(diff, counts[i], -1)
            _shift(diff, got, 1)
            changed[i] = got
        return Tally(self.places, self.party_places, state, tuple(changed), diff)

    def recount_all(self, state: TombState) -> "Tally":
        """Every place counted afresh (the places counted here taken off first)."""
        diff = dict(self.diff)
        for got in self.counts:
            _shift(diff, got, -1)
        own = state.__dict__
        counts = tuple([*(counter(own[field]) for field, counter in self.places),
                        *(counter(party.__dict__[field]) for party in state.parties
                          for field, counter in self.party_places)])
        for got in counts:
            _shift(diff, got, 1)
        return Tally(self.places, self.party_places, state, counts, diff)


def _shift(diff: dict[str, int], counts: dict[str, int], sign: int) -> None:
    if not counts:
        return
    for k, n in counts.items():
        v = diff.get(k, 0) + sign * n
        if v:
            diff[k] = v
        else:
            diff.pop(k, None)


def _expected_all(rs: Any) -> dict[Any, int]:
    """What ``_ALL_PLACES`` hold in all: each card of the game as many times as it has copies, each
    Character once (as people)."""
    got = rs.memo.get("expected-all")
    if got is None:
        expected, everyone = _expected(rs)
        got = rs.memo["expected-all"] = {**expected, **{(PERSON, n): 1 for n in everyone}}
    return got


def _conservation(rs: Any, state: TombState, checked: Checked | None = None) -> list[Violation]:
    """Every card is somewhere, once (in the places of ``_ALL_PLACES``, and the Overlord's); every
    Character too.  Counted again only where the state differs from the last one that passed (both
    counts in one ``Tally`` over ``_ALL_PLACES``)."""
    checked = checked or checked_of(rs)
    out: list[Violation] = []
    counts = (checked.counts or Tally.start(_ALL_PLACES, _PARTY_ALL_PLACES, _expected_all(rs))).recount(state)
    loose: list[str] = []
    if state.overlord_attached and not (state.raid is not None and
                                        any(m.card == state.overlord for m in state.raid.monsters)):
        loose += state.overlord_attached   # the Overlord's cards, kept while it waits in its Crypt
    if state.overlord is not None and state.overlord_crypt is None:
        loose.append(state.overlord)       # selected, not yet placed
    extra = rs.extra_cards(state)
    both = counts.diff
    if not both and not loose and not extra:
        checked.counts = counts            # every card and everyone in one place, once
        return out
    diff = {k: v for k, v in both.items() if type(k) is str}
    if loose or extra:
        _shift(diff, _counted(loose), 1)
        _shift(diff, extra, -1)
    if diff:
        out.append(Violation("tomb.banking.never-returned", f"cards appeared or vanished: {dict(sorted(diff.items()))}"))
    people = {k[1]: v for k, v in both.items() if type(k) is not str}
    if people:
        _, everyone = _expected(rs)
        removed = rs.options.dead_destination == "removed"
        # people: a Character's count less one; anyone else's count
        dup = sorted(k for k, v in people.items() if v > (0 if k in everyone else 1))
        lost = [] if removed else sorted(k for k, v in people.items() if k in everyone and v == -1)
        stray = [k for k in people if k not in everyone]
        if dup or lost or stray:
            out.append(Violation("tomb.glossary.character-pool", f"Characters duplicated {dup} or lost {lost}"))
    if not out:
        checked.counts = counts
    return out


# The inductive proof obligations (DESIGN.md checks/: IndInit and IndNext) ------------------------------
# One Character's Wounds and Hit Points, one Party's size and limit, one Player's XP, one pool of dice,
# a Party's Movement, a Campaign level; ``transition(v) -> (guard, {variable: new value})``.

PROOF_VARIABLES = {"wounds": int, "hp": int, "alive": bool, "n": int, "size": int, "limit": int,
                   "banked": int, "attached": int, "score": int, "xp": int,
                   "green": int, "blue": int, "red": int, "auto": int, "fails": int, "total": int,
                   "all_after": bool, "bonus": int, "movement": int, "tally": int, "level": int}


def proof_init(v: dict[str, Any]) -> Any:
    """A new Character: no Wounds, at least one Hit Point; a Party starts empty (five, four or six at
    most); no XP; a roll's dice before any raise; the Movement of ten plus bonuses; a Campaign tally
    and its level."""
    return all_(v["wounds"] == 0, v["hp"] >= 1, v["alive"], v["size"] == 0,
                v["limit"] >= 4, v["limit"] <= 6, v["banked"] == 0, v["attached"] == 0, v["score"] == 0,
                v["green"] >= 0, v["blue"] >= 0, v["red"] >= 0, v["auto"] == 0, v["fails"] == 0,
                v["total"] == v["green"] + v["blue"] + v["red"], v["bonus"] >= 0,
                v["movement"] == compute_movement(BASE_MOVEMENT, v["bonus"]),
                v["tally"] >= 0, v["level"] == compute_level(v["tally"]))


def _suffer(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    w = compute_wounds(v["wounds"], v["n"])
    return all_(v["alive"], v["n"] >= 0), {"wounds": w, "alive": w < v["hp"]}


def _heal(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    return all_(v["alive"], v["wounds"] > 0), {"wounds": v["wounds"] - 1}


def _raise(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    g, b, r, a = compute_raise(v["green"], v["blue"], v["red"], v["auto"], v["all_after"])
    return True, {"green": g, "blue": b, "red": r, "auto": a}


def _lower(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    g, b, r, f = compute_lower(v["green"], v["blue"], v["red"], v["fails"], v["all_after"])
    return True, {"green": g, "blue": b, "red": r, "fails": f}


def _bank_defeated(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    banked = v["banked"] + v["xp"]
    return v["xp"] >= 0, {"banked": banked, "score": compute_score(banked, v["attached"])}


def _attach_treasure(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    attached = v["attached"] + v["xp"]
    return v["xp"] >= 0, {"attached": attached, "score": compute_score(v["banked"], attached)}


def _bank_attached(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    banked, attached = v["banked"] + v["xp"], v["attached"] - v["xp"]
    return all_(v["xp"] >= 0, v["xp"] <= v["attached"]), {"banked": banked, "attached": attached,
                                                          "score": compute_score(banked, attached)}


def _lose_attached(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    attached = v["attached"] - v["xp"]
    return all_(v["xp"] >= 0, v["xp"] <= v["attached"]), {"attached": attached,
                                                          "score": compute_score(v["banked"], attached)}


def _campaign_game(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    tally = v["tally"] + v["xp"]
    return v["xp"] >= 0, {"tally": tally, "level": compute_level(tally)}


PROOF_TRANSITIONS: dict[str, tuple[tuple[str, ...], Any]] = {
    "suffer-wounds": (("tomb.wounds.marker-placed", "tomb.wounds.full-damage-overkill",
                       "tomb.death.killed-at-hit-points"), _suffer),
    "heal-a-wound": (("tomb.heal.remove-up-to-successes", "tomb.heal.any-order"), _heal),
    "recruit": (("tomb.recruit.one-from-inn", "tomb.recruit.add-to-party"), lambda v: (
        v["size"] < v["limit"], {"size": v["size"] + 1})),
    "character-leaves": (("tomb.death.dead-character-removed",), lambda v: (
        v["size"] > 0, {"size": v["size"] - 1})),
    "raise-dice": (("tomb.dice.raise-type", "tomb.dice.raise-red-automatic-success"), _raise),
    "lower-dice": (("tomb.dice.lower-type", "tomb.dice.lower-green-automatic-failure"), _lower),
    "bank-defeated": (("tomb.banking.defeated-banked", "tomb.trap.disarmed-banked", "tomb.death.dead-monster-banked"),
                      _bank_defeated),
    "attach-treasure": (("tomb.treasure.bank-or-attach-immediately",), _attach_treasure),
    "bank-attached": (("tomb.treasure.attached-bank-at-inn", "tomb.flee.bank-on-reaching-inn"), _bank_attached),
    "lose-attached": (("tomb.death.dead-character-removed", "tomb.pickpocket.success"), _lose_attached),
    "movement-bonus": (("tomb.move.max-movement",), lambda v: (
        v["n"] >= 0, {"bonus": v["bonus"] + v["n"], "movement": compute_movement(BASE_MOVEMENT, v["bonus"] + v["n"])})),
    "campaign-game": (("tomb.campaign.running-tally", "tomb.campaign.levels"), _campaign_game),
}

PROOF_INVARIANTS: dict[str, Any] = {
    "tomb.death.killed-at-hit-points": lambda v: inv_wounds(v["wounds"], v["hp"], v["alive"]),
    "tomb.party.size-one-to-five": lambda v: inv_party(v["size"], v["limit"]),
    "tomb.end.total-xp": lambda v: all_(inv_score(v["banked"], v["attached"], v["score"]), v["banked"] >= 0,
                                        v["attached"] >= 0),
    "tomb.dice.raise-type": lambda v: inv_dice(v["green"], v["blue"], v["red"], v["auto"], v["fails"], v["total"]),
    "tomb.move.max-movement": lambda v: all_(v["movement"] >= BASE_MOVEMENT,
                                             v["movement"] == compute_movement(BASE_MOVEMENT, v["bonus"])),
    "tomb.campaign.levels": lambda v: all_(inv_level(v["level"]), v["level"] == compute_level(v["tally"])),
}

__all__ = ["PROOF_INVARIANTS", "PROOF_TRANSITIONS", "PROOF_VARIABLES", "proof_init", "violations", "not_"]
