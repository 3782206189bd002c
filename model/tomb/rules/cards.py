"""The Card Types: what a card is, who may cast or Attach it, the one-card-per-trait limit, and what
Attached cards give a Character (Hit Points, Movement).  Also the bookkeeping of "each card may only
be used once per Turn" and of the actions a player may use now (Actions and Effects).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import attrs

from ...effects import TURN, Effect, add
from ...traceability import _recorders, implements
from ..cards import LIMITED_TRAITS, CardEffect, CryptCard, InnCard
from ..state import Character, Party, TombState, evolve, loadout_facts, member_facts, members_facts, remembering
from .rolling import has_die

#: tomb.ambiguity.trait-by-name = name-implies: the words of a card's name that give it a trait.
NAME_TRAITS = {"shield": "shield", "sword": "weapon", "axe": "weapon", "dagger": "weapon", "daggers": "weapon",
               "kama": "weapon", "mace": "weapon", "spear": "weapon", "bow": "bow", "helm": "helm",
               "helmet": "helm", "glove": "glove", "gloves": "glove", "gauntlets": "glove", "armor": "armor",
               "mail": "armor", "plate": "armor"}


#: the most entries a table of values made once (``memo_table(..., bounded=True)``) holds before it is
#: started afresh: it keeps a long run's memory flat, and a value made again is equal to the one dropped
BOUND = 65536


def memo_table(rs: Any, name: str, bounded: bool = False) -> dict[Any, Any]:
    """The ruleset's remembered table ``name`` (facts of its cards and board, never of a state);
    ``bounded``: started afresh once it holds ``BOUND`` entries."""
    table = rs.memo.get(name)
    if table is None or (bounded and len(table) >= BOUND):
        table = rs.memo[name] = {}
    return table


def card_type(rs: Any, card: str) -> str:
    """item, prayer, spell, tactics, cryptmaster (Inn cards), treasure, curse, monster or trap."""
    types = rs.memo.get("types")
    kind = None if types is None else types.get(card)
    if kind is None:
        c = rs.cards.card(card)
        kind = memo_table(rs, "types")[card] = c.deck if isinstance(c, InnCard) else c.type
    return kind


def card_of(rs: Any, card: str) -> InnCard | CryptCard:
    return rs.cards.card(card)


@implements("tomb.ambiguity.trait-by-name")
def traits_of(rs: Any, card: str) -> tuple[str, ...]:
    """The limited traits (Armor, Bow, Glove, Helm, Shield, Weapon) a card carries."""
    return _traits(rs, card)


def _traits(rs: Any, card: str) -> tuple[str, ...]:
    memo = rs.memo
    key = ("traits", card)
    got = memo.get(key)
    if got is None:
        got = memo[key] = _compute_traits(rs, card)
    return got


def _compute_traits(rs: Any, card: str) -> tuple[str, ...]:
    c = rs.cards.card(card)
    traits = [t for t in c.traits if t in LIMITED_TRAITS]
    if rs.options.trait_by_name == "name-implies":
        for word in re.findall(r"[a-z]+", card.lower()):
            t = NAME_TRAITS.get(word)
            if t and t not in traits:
                traits.append(t)
    return tuple(traits)


def _counted(rs: Any, card: str) -> bool:
    """Whether ``card`` counts toward the trait limit (tomb.ambiguity.trait-limit-scope)."""
    scope = rs.options.trait_scope
    kind = card_type(rs, card)
    if scope == "one-traited-item":
        return kind == "item"
    if scope == "items-and-treasures-only":
        return kind in ("item", "treasure")
    return True


@implements("tomb.attach.one-card-per-trait", "tomb.attach.one-special-trait-item", "tomb.attach.no-limit-other-items",
            "tomb.attach.one-item-or-treasure-per-trait", "tomb.ambiguity.trait-limit-scope",
            "tomb.ambiguity.multi-trait-card")
def is_trait_conflict(rs: Any, held: Iterable[str], card: str) -> bool:
    """Whether Attaching ``card`` beside the cards ``held`` breaks the one-card-per-trait limit (in
    whatever order they were Attached: remembered by the traited cards held, sorted).  A card that
    counts toward no trait (most) conflicts with nothing, and nothing conflicts with cards that count
    toward none: read off a table of each card's counted traits (``_counted_traits``), no sort."""
    limited = _counted_traits(rs)
    mine = limited.get(card)
    if mine is None:
        mine = _count_traits(rs, limited, card)
    if not mine:
        return False
    # the answer for the very cards held (a tuple, in their order) and the card, kept beside (no sort)
    table = memo_table(rs, "conflict-held", bounded=True)
    direct = (held, card) if type(held) is tuple else None
    if direct is not None:
        got = table.get(direct)
        if got is not None:
            return got
    traited = []
    for h in held:
        t = limited.get(h)
        if t is None:
            t = _count_traits(rs, limited, h)
        if t:
            traited.append(h)
    if not traited:
        got = False
    else:
        key = ("conflict", tuple(sorted(traited)), card)
        memo = rs.memo
        got = memo.get(key)
        if got is None:
            got = memo[key] = _conflict(rs, key[1], card)
    if direct is not None:
        table[direct] = got
    return got


def _counted_traits(rs: Any) -> dict[str, tuple[str, ...]]:
    """Each card's traits that count toward the limit (empty: the card counts toward none), worked out
    once for every card of the ruleset's set (``rs.memo``)."""
    table = rs.memo.get("counted-traits")
    if table is None:
        table = {}
        for name in (*rs.cards.inn, *rs.cards.crypt):
            _count_traits(rs, table, name)
        rs.memo["counted-traits"] = table
    return table


def _count_traits(rs: Any, table: dict[str, tuple[str, ...]], card: str) -> tuple[str, ...]:
    got = table[card] = _traits(rs, card) if _counted(rs, card) else ()
    return got


def attached_conflicts(rs: Any, attached: tuple[str, ...]) -> tuple[str, ...]:
    """The cards of ``attached`` (a Character's, in the order Attached) that conflict with those
    Attached before them, among the cards the game limits (``rs.trait_limited``): remembered by the
    very tuple's value (``rs.memo``), unless a recording notes the rules read."""
    if not attached:
        return ()
    key = ("attached-conflicts", attached)
    memo = rs.memo
    got = memo.get(key) if remembering() else None
    if got is None:
        got = tuple(card for i, card in enumerate(attached)
                    if rs.trait_limited(card) and is_trait_conflict(rs, attached[:i], card))
        if remembering():
            memo[key] = got
    return got


def _conflict(rs: Any, held: tuple[str, ...], card: str) -> bool:
    if not _counted(rs, card) or not _traits(rs, card):
        return False
    others = [h for h in held if _counted(rs, h) and _traits(rs, h)]
    if not others:
        return False
    scope = rs.options.trait_scope
    if scope == "one-traited-item":
        return True                    # at most one traited Item at all
    cards = [_traits(rs, h) for h in others] + [_traits(rs, card)]
    if rs.options.multi_trait == "counts-each":
        used: set[str] = set()
        for ts in cards:
            if used & set(ts):
                return True
            used |= set(ts)
        return False
    return not _matching(cards)


def _matching(cards: list[tuple[str, ...]]) -> bool:
    """counts-once: can every card count against one of its traits, no trait twice? (backtracking)"""
    def go(i: int, used: frozenset[str]) -> bool:
        if i == len(cards):
            return True
        return any(go(i + 1, used | {t}) for t in cards[i] if t not in used)

    return go(0, frozenset())


@implements("tomb.cards.prayer-caster", "tomb.cards.spell-caster", "tomb.cards.spells-need-magic-die",
            "tomb.cards.prayers-need-holiness-die", "tomb.ambiguity.caster-requirements")
def is_caster(rs: Any, state: TombState, player: int, name: str, deck: str) -> bool:
    """May Character ``name`` cast (use) a card of ``deck``?  Prayers: a Cleric or a Character with a
    Holiness die; Spells: a Wizard or a Character with a Magic die (dice-required: the die only;
    party-caster: any Character while his Party has such a one). Tactics and Items: anyone."""
    if deck not in ("prayer", "spell"):
        return True
    attribute, cls = ("holiness", "cleric") if deck == "prayer" else ("magic", "wizard")
    if rs.options.casters == "party-caster":
        return any(rs.cards.characters[c.name].has(cls) or has_die(rs, state, player, c.name, attribute)
                   for c in state.parties[player].characters)
    if rs.options.casters != "dice-required" and rs.cards.characters[name].has(cls):
        return True
    return has_die(rs, state, player, name, attribute)


@implements("tomb.cards.prayer-needs-cleric-in-party", "tomb.cards.spell-needs-wizard-in-party")
def party_can_cast(rs: Any, state: TombState, player: int, deck: str) -> bool:
    return any(is_caster(rs, state, player, c.name, deck) for c in state.parties[player].characters)


def can_attach(rs: Any, state: TombState, player: int, name: str, card: str) -> str | None:
    """The rule that forbids Attaching ``card`` to Character ``name`` of ``player``'s Party, or None."""
    me = state.parties[player].character(name)
    if me is None:
        return "tomb.treasure.unbanked-attached-in-party"
    kind = card_type(rs, card)
    if kind == "prayer" and not is_caster(rs, state, player, name, "prayer"):
        return "tomb.cards.prayer-caster"
    if kind == "spell" and not is_caster(rs, state, player, name, "spell"):
        return "tomb.cards.spell-caster"
    if is_trait_conflict(rs, me.attached, card):
        return "tomb.attach.one-card-per-trait"
    return None


def attach_fact(rs: Any, state: TombState, player: int, name: str, card: str, rule: Any,
                facts: dict[Any, Any] | None = None) -> str | None:
    """``rule(rs, state, player, name, card)``, the game's ``can_attach``: it reads who is in
    ``player``'s Party and what ``name`` holds alone (hence which dice he has), so its answer is a fact
    of them, worked out once for each (``state.member_facts``; ``facts``: those member facts, when the
    caller has them)."""
    if facts is None:
        facts = member_facts(rs, state.parties[player].characters, name)
    key = ("can-attach", card)
    if key in facts:
        return facts[key]
    got = facts[key] = rule(rs, state, player, name, card)
    return got


_UNKNOWN = object()


def may_attach(rs: Any, state: TombState, player: int, name: str, facts: dict[Any, Any], card: str) -> bool:
    """Whether ``rs.can_attach(state, player, name, card)`` allows it, read from ``facts`` (the member
    facts of ``name``, where the game's ``can_attach`` keeps its answers: ``attach_fact``) when known:
    for a loop over many cards and Characters, each Character's facts looked up once."""
    got = facts.get(("can-attach", card), _UNKNOWN)
    if got is _UNKNOWN:
        got = rs.can_attach(state, player, name, card, facts)
    return got is None


@implements("tomb.ambiguity.monster-attachments")
def monster_can_hold(rs: Any, held: Iterable[str], card: str) -> bool:
    """A Monster holds Inn cards like a Character (same-as-characters: the trait limit applies)."""
    if rs.options.monster_attachments == "no-limits":
        return True
    return not is_trait_conflict(rs, held, card)


# What Attached cards give -------------------------------------------------------------------------------

def attached_cards(ch: Character) -> tuple[str, ...]:
    return ch.attached


@implements("tomb.treasure.example-bruntors-shield")
def character_hp(rs: Any, state: TombState, player: int, name: str) -> int:
    """A Character's Hit Points: printed, plus his Attached cards' HP, plus his temporary HP."""
    party = state.parties[player]
    facts = member_facts(rs, party.characters, name)     # his printed and Attached HP: a fact of him and his Party
    hp = facts.get("hp")
    if hp is None:
        me = party.character(name)
        hp = rs.cards.characters[name].hp
        for att in (me.attached if me is not None else ()):
            c = rs.cards.card(att)
            hp += c.hp if isinstance(c, InnCard) else c.hp_bonus
            for e in c.effects:
                if e.kind == "hp-per-other-character":
                    hp += e.value * (len(party.characters) - 1)
        facts["hp"] = hp
    for e in state.effects:
        if e.name == "temp-hp" and e.subject == name:
            hp += e.value or 0
    return hp


def monster_hp(rs: Any, state: TombState, index: int) -> int:
    raid = state.raid
    assert raid is not None
    m = raid.monsters[index]
    hp = rs.cards.crypt[m.card].hp
    for att in m.attached:
        c = rs.cards.card(att)
        hp += c.hp if isinstance(c, InnCard) else c.hp_bonus
    return hp


@implements("tomb.move.max-movement")
def compute_movement(base: Any, bonus: Any) -> Any:
    """"The maximum Movement of an Adventuring Party is ten squares, plus any bonus movement"."""
    return base + bonus


BASE_MOVEMENT = 10


def movement_bonus(rs: Any, party: Party) -> int:
    """The bonus movement due to Characters, Item Cards, or Treasure in the Party (a fact of its
    loadout: ``state.loadout_facts``)."""
    facts = loadout_facts(rs, party.characters)
    bonus = facts.get("movement")
    if bonus is None:
        bonus = facts["movement"] = _movement_bonus(rs, party)
    return bonus


def _movement_bonus(rs: Any, party: Party) -> int:
    bonus = 0
    for ch in party.characters:
        bonus += rs.cards.characters[ch.name].movement
        for att in ch.attached:
            bonus += rs.cards.card(att).movement
    return bonus


def party_movement(rs: Any, state: TombState, player: int) -> int:
    return compute_movement(BASE_MOVEMENT, movement_bonus(rs, state.parties[player]))


def extra_actions(rs: Any, ch: Character) -> int:
    """Double-Bladed Sword: extra combat actions each Combat Round."""
    n = 0
    for att in ch.attached:
        for e in rs.cards.card(att).effects:
            if e.kind == "extra-battle-action":
                n += e.value
    for e in rs.cards.characters[ch.name].effects:
        if e.kind == "extra-battle-action":
            n += e.value
    return n


# Once per Turn --------------------------------------------------------------------------------------------

@implements("tomb.play.once-per-turn", "tomb.ambiguity.printed-react-once-per-turn")
def is_used(rs: Any, state: TombState, player: int, holder: str, card: str) -> bool:
    """Whether ``card`` (used by ``holder``) has been used this Turn.  An ability printed on a
    Character (``card == holder``) is limited only with the reading all-cards."""
    if card == holder and rs.options.printed_react == "inn-cards-only":
        return False
    return any(e.name == "used" and e.player == player and e.subject == holder and e.items == (card,)
               for e in state.effects)


def mark_used(state: TombState, player: int, holder: str, card: str) -> TombState:
    return evolve(state, effects=add(state.effects, Effect("used", "tomb.play.once-per-turn", until=TURN,
                                                                 player=player, subject=holder, items=(card,))))


# The actions a player may use ----------------------------------------------------------------------------

@attrs.frozen
class Usable:
    """An action ``effect`` of ``card`` that Character ``holder`` may use; ``source`` says where the
    card is: "hand", "attached" or "printed" (on the Character himself)."""

    card: str
    holder: str
    effect: CardEffect
    source: str


def _timing_ok(effect: CardEffect, timing: str) -> bool:
    if effect.timing == timing:
        return True
    return effect.timing == "turn-battle" and timing in ("turn", "battle")


@implements("tomb.actions.battle", "tomb.actions.turn", "tomb.actions.react", "tomb.actions.turn-battle",
            "tomb.actions.meet-requirements", "tomb.cards.tactics-any-character")
def usable_actions(rs: Any, state: TombState, player: int, timing: str, trigger: str | None = None,
                   holders: Iterable[str] | None = None) -> list[Usable]:
    """The card actions of ``timing`` (and ``trigger``) that ``player``'s Characters may use now:
    printed on them, on cards Attached to them, or (Prayers, Spells, Tactics) from the hand by any
    Character who may cast it.  Text-only effects are never usable (the model cannot act on them)."""
    party = state.parties[player]
    names = None if holders is None else tuple(holders)
    # what the loadout and the hand offer is a fact of them alone; what was used this Turn is not
    facts = loadout_facts(rs, party.characters)
    key = ("usable", party.hand, timing, trigger, names)
    offered = facts.get(key)
    if offered is None:
        offered = facts[key] = tuple(_offered(rs, state, player, timing, trigger, names))
    if not _recorders:
        for e in state.effects:
            if e.name == "used":
                break
        else:
            return list(offered)      # nothing used this Turn (while recording, is_used is asked all the same)
    return [u for u in offered if not is_used(rs, state, player, u.holder, u.card)]


def _offered(rs: Any, state: TombState, player: int, timing: str, trigger: str | None,
             holders: tuple[str, ...] | None) -> list[Usable]:
    """``usable_actions`` before the cards used this Turn are left out: each Character's own (printed
    on him and on his Attached cards: ``_own_offers``), then each card of the hand, for each Character
    who may use it (a fact of him: ``_may_use``)."""
    party = state.parties[player]
    chars = party.characters
    out: list[Usable] = []
    own = memo_table(rs, "own-offers", bounded=True)          # (``_own_offers``' table, looked up once)
    for ch in chars:
        if holders is None or ch.name in holders:
            got = own.get((ch.name, ch.attached, timing, trigger))
            out += got if got is not None else _own_offers(rs, ch, timing, trigger)
    hand = party.hand
    if not hand:
        return out
    # each card's offers are a fact of the loadout: a hand that changed works out its new cards alone
    loadout = loadout_facts(rs, chars)
    facts: list[Any] | None = None
    for card in (sorted(set(hand)) if len(hand) > 1 else hand):
        effects = _hand_effects(rs, card, timing, trigger)
        if not effects:                # the card offers nothing then: no Character's facts asked
            continue
        key = ("hand-offers", card, timing, trigger, holders)
        offers = loadout.get(key)
        if offers is None:
            if facts is None:
                facts = list(members_facts(rs, chars)) if holders is None else \
                    [member_facts(rs, chars, ch.name) if ch.name in holders else None for ch in chars]
            users = tuple([ch.name for ch, known in zip(chars, facts)
                           if known is not None and _may_use(rs, state, player, ch.name, known, card)])
            offers = loadout[key] = _hand_offers(rs, card, timing, trigger, effects, users)
        out += offers
    return out


def _hand_offers(rs: Any, card: str, timing: str, trigger: str | None, effects: tuple[CardEffect, ...],
                 users: tuple[str, ...]) -> tuple[Usable, ...]:
    """The offers of ``card`` of the hand (its ``effects`` of ``timing`` and ``trigger``) to the
    Characters ``users``, who may use it, in order: a value of these alone, shared by every loadout
    where the same Characters may use it (``rs.memo``; frozen values, no rule read)."""
    if not users:
        return ()
    memo = memo_table(rs, "hand-offers", bounded=True)
    key = (card, timing, trigger, users)
    got = memo.get(key)
    if got is None:
        got = memo[key] = tuple([Usable(card, name, e, "hand") for e in effects for name in users])
    return got


def _acting(effect: CardEffect, timing: str, trigger: str | None) -> bool:
    return effect.acts and _timing_ok(effect, timing) and (trigger is None or effect.trigger == trigger)


def _own_offers(rs: Any, ch: Character, timing: str, trigger: str | None) -> tuple[Usable, ...]:
    """The actions of ``timing`` printed on Character ``ch`` and on his Attached cards (a fact of his
    name and his cards: remembered in ``rs.memo``, while ``state.remembering``)."""
    memo = memo_table(rs, "own-offers", bounded=True)
    key = (ch.name, ch.attached, timing, trigger)
    got = memo.get(key)
    if got is None:
        out = [Usable(ch.name, ch.name, e, "printed") for e in rs.cards.characters[ch.name].effects
               if _acting(e, timing, trigger)]
        for att in ch.attached:
            out += [Usable(att, ch.name, e, "attached") for e in rs.cards.card(att).effects
                    if _acting(e, timing, trigger)]
        got = tuple(out)
        if remembering():
            memo[key] = got
    return got


def _hand_effects(rs: Any, card: str, timing: str, trigger: str | None) -> tuple[CardEffect, ...]:
    """The actions of ``timing`` a card of the hand offers (none for a CM card): a fact of the card
    alone, kept in a table by ``timing`` and ``trigger`` (``rs.memo``)."""
    table = rs.memo.get(("hand-effects", timing, trigger))
    if table is None:
        table = rs.memo[("hand-effects", timing, trigger)] = {}
    got = table.get(card)
    if got is None:
        c = rs.cards.inn.get(card)
        got = () if c is None or c.deck == "cryptmaster" else tuple(e for e in c.effects if _acting(e, timing, trigger))
        if remembering():
            table[card] = got
    return got


def _may_use(rs: Any, state: TombState, player: int, name: str, facts: dict[Any, Any], card: str) -> bool:
    """Whether Character ``name`` may use the card ``card`` from the hand: he may cast it, and Attach it
    after where it is Attached once used.  A fact of who is in his Party and what he holds (his dice:
    ``facts``, his member facts)."""
    key = ("may-use", card)
    got = facts.get(key)
    if got is None:
        c = rs.cards.inn[card]
        got = is_caster(rs, state, player, name, c.deck) and \
            not (c.after_use == "attach" and rs.can_attach(state, player, name, card, facts) is not None)
        facts[key] = got
    return got


def find_usable(rs: Any, state: TombState, player: int, timing: str, card: str, holder: str,
                trigger: str | None = None) -> Usable | None:
    for u in usable_actions(rs, state, player, timing, trigger, holders=(holder,)):
        if u.card == card and u.holder == holder:
            return u
    return None


@implements("tomb.play.inn-cards-revealed-in-front", "tomb.play.inn-cards-attached", "tomb.play.cards-reusable",
            "tomb.cards.tactics-attach-or-discard")
def after_use(rs: Any, state: TombState, player: int, use: Usable) -> TombState:
    """A card used from the hand is revealed and placed in front of (Attached to) its user, or, for
    some Tactics, discarded; it is marked used this Turn either way."""
    from .death import discard_cards
    from .wounds import update_character

    state = mark_used(state, player, use.holder, use.card)
    if use.source != "hand":
        return state
    party = state.parties[player]
    hand = list(party.hand)
    hand.remove(use.card)
    state = state.with_party(player, hand=tuple(hand))
    c = rs.cards.inn[use.card]
    if c.after_use == "discard":
        return discard_cards(rs, state, (use.card,))
    ch = state.parties[player].character(use.holder)
    assert ch is not None
    return update_character(state, player, use.holder, attached=(*ch.attached, use.card))
