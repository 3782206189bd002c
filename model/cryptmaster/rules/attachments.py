"""Basic Rules of Adventuring: Attachments, Rolls/Attributes and the card text definitions that decide
who may hold and use a card (Tomb: Cryptmaster's changes to Tomb's one-card-per-trait and casters).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...tomb.rules.cards import card_type
from ...tomb.rules.death import check_all_deaths, discard_cards
from ...tomb.rules.rolling import has_die
from ...tomb.rules.wounds import update_character
from ...tomb.state import TombState, loadout_facts, member_facts, members_facts, remembering
from ...traceability import _recorders, implements

ATTACHABLE = ("curse", "spell", "prayer", "item", "tactics", "treasure")
CURSED = "cursed"


def keywords(rs: Any, card: str) -> tuple[str, ...]:
    """A card's keywords (Tomb's traits are keywords too), lower case."""
    return tuple(rs.cards.card(card).traits)


@implements("cryptmaster.ambiguity.cursed-versus-curses")
def is_cursed(rs: Any, card: str) -> bool:
    """A Cursed card: the "cursed" keyword (keyword-only), or also a brown curse (curses-too).  A fact
    of the card and the reading: remembered (``rs.memo``, while ``state.remembering``)."""
    key = ("cursed", card)
    got = rs.memo.get(key)
    if got is None:
        got = CURSED in keywords(rs, card) or (rs.options.cursed_curses == "curses-too" and
                                               card_type(rs, card) == "curse")
        if remembering():
            rs.memo[key] = got
    return got


@implements("cryptmaster.attach.one-per-keyword")
def keyword_clash(rs: Any, held: Iterable[str], card: str) -> bool:
    """"A character may not have multiples of the same keyword attached (such as two "weapon", or two
    "armor"), with the exception of the "cursed" keyword."""
    table = rs.memo.get("clash-keywords") if remembering() else {}   # each card's, by card
    if table is None:
        table = rs.memo["clash-keywords"] = {}
    mine = table.get(card)
    if mine is None:
        mine = _clash_keywords(rs, table, card)
    if not mine:
        return False
    for h in held:
        theirs = table.get(h)
        if theirs is None:
            theirs = _clash_keywords(rs, table, h)
        if not mine.isdisjoint(theirs):
            return True
    return False


def _clash_keywords(rs: Any, table: dict[str, frozenset[str]], card: str) -> frozenset[str]:
    """A card's keywords that may not be doubled (all but "cursed"): a fact of the card, kept in
    ``table`` (``rs.memo["clash-keywords"]``, by card; a table of its own while ``remembering`` says no)."""
    got = table[card] = frozenset(k for k in keywords(rs, card) if k != CURSED)
    return got


@implements("cryptmaster.attach.attachable", "cryptmaster.attach.allowed-types", "cryptmaster.attach.prayers-need-holiness",
            "cryptmaster.attach.spells-need-magic", "cryptmaster.inn-cards.prayer-needs-holiness",
            "cryptmaster.inn-cards.spell-needs-magic", "cryptmaster.attach.no-count-limit",
            "cryptmaster.inn-cards.items-anyone", "cryptmaster.inn-cards.tactics-anyone")
def can_attach(rs: Any, state: TombState, player: int, name: str, card: str) -> str | None:
    """The Cryptmaster rule that forbids Attaching ``card`` to ``name``, or None: only curses, spells,
    prayers, items, tactics and treasure; a prayer needs a die of holiness on that character, a spell a
    die of magic; no two attachments with one keyword (cursed excepted); no count limit."""
    me = state.parties[player].character(name)
    if me is None:
        return "cryptmaster.cards.treasure-never-in-hand"
    kind = card_type(rs, card)
    if kind not in ATTACHABLE:
        return "cryptmaster.attach.allowed-types"
    if kind == "prayer" and not has_die(rs, state, player, name, "holiness"):
        return "cryptmaster.attach.prayers-need-holiness"
    if kind == "spell" and not has_die(rs, state, player, name, "magic"):
        return "cryptmaster.attach.spells-need-magic"
    if keyword_clash(rs, me.attached, card):
        return "cryptmaster.attach.one-per-keyword"
    return None


def breaches(rs: Any, state: TombState, player: int, name: str) -> list[str]:
    """The cards Attached to ``name`` that break a restriction (each judged against the cards
    Attached before it): a fact of who is in the Party and what he holds (his dice, his cards:
    ``state.member_facts``)."""
    return list(breaches_of(rs, state, player, name, member_facts(rs, state.parties[player].characters, name)))


def breaches_of(rs: Any, state: TombState, player: int, name: str, facts: dict[Any, Any]) -> tuple[str, ...]:
    """``breaches``, read from (and kept in) ``facts``, the member facts of ``name`` (for a loop over the
    Party's Characters: each one's facts looked up once, ``state.members_facts``)."""
    got = facts.get("breaches")
    if got is None:
        got = facts["breaches"] = tuple(_breaches(rs, state, player, name))
    return got


def breaching(rs: Any, state: TombState, player: int) -> bool:
    """Whether a card Attached in ``player``'s Party breaks a restriction (``breaches`` of any of its
    Characters): a fact of the loadout, worked out once for each (``state.loadout_facts``)."""
    characters = state.parties[player].characters
    facts = loadout_facts(rs, characters)
    got = facts.get("breaching")
    if got is None:
        got = False
        for ch, known in zip(characters, members_facts(rs, characters)):
            if breaches_of(rs, state, player, ch.name, known):
                got = True
                break
        if not _recorders:
            facts["breaching"] = got
    return got


def _breaches(rs: Any, state: TombState, player: int, name: str) -> list[str]:
    me = state.parties[player].character(name)
    if me is None:
        return []
    out = []
    for i, card in enumerate(me.attached):
        kind = card_type(rs, card)
        bad = kind not in ATTACHABLE or keyword_clash(rs, me.attached[:i], card) or \
            (kind == "prayer" and not has_die(rs, state, player, name, "holiness")) or \
            (kind == "spell" and not has_die(rs, state, player, name, "magic"))
        if bad:
            out.append(card)
    return out


@implements("cryptmaster.attach.fix-by-moving", "cryptmaster.attach.fix-by-discarding",
            "cryptmaster.attach.discard-only-when-told", "cryptmaster.ambiguity.unfixable-restrictions")
def fix_restrictions(rs: Any, state: TombState, player: int) -> TombState:
    """"If you ever fail to meet the above restrictions you must move non-Cursed attachments to other
    characters in your party until all restrictions are met. If you cannot do this, you must discard the
    minimum number of non-Cursed cards": each breaching non-Cursed card moves to the first character who
    may hold it, else it is discarded (one card per breach, the fewest); Cursed breaches are tolerated
    (tolerated) or discarded too (discard-cursed).  Then Death is checked again: a card that left may
    have raised its holder's Hit Points."""
    for _ in range(20):
        changed = False
        if not breaching(rs, state, player):
            break                      # (no card of the Party breaks a restriction: nothing to move)
        for ch in state.parties[player].characters:
            for card in breaches(rs, state, player, ch.name):
                if is_cursed(rs, card) and rs.options.unfixable == "tolerated":
                    continue
                attached = list(ch.attached)
                attached.remove(card)
                state = update_character(state, player, ch.name, attached=tuple(attached))
                target = None if is_cursed(rs, card) else next(
                    (o.name for o in state.parties[player].characters
                     if o.name != ch.name and can_attach(rs, state, player, o.name, card) is None), None)
                if target is not None:
                    other = state.parties[player].character(target)
                    assert other is not None
                    state = update_character(state, player, target, attached=(*other.attached, card))
                else:
                    state = discard_cards(rs, state, (card,))
                changed = True
                break
            if changed:
                break
        if not changed:
            break
    # a card moved or discarded that raised its holder's Hit Points may leave him at his total: Death is
    # checked again (tomb.ambiguity.hit-point-changes, dies-when-exceeded); every card leaving a Character
    # (paid, stolen, discarded over the limit, lifted) comes through here
    return check_all_deaths(rs, state)


@implements("cryptmaster.ambiguity.fighter-item-exemption")
def inn_card_count(rs: Any, state: TombState, player: int) -> tuple[int, int]:
    """The Inn cards in ``player``'s hand and party, and how many Items of them do not count (one per
    Fighter; ``fighter_items``: an Item in hand or Attached, or only an Attached one): a fact of the
    Party's loadout and hand."""
    party = state.parties[player]
    facts = loadout_facts(rs, party.characters)
    key = ("inn-card-count", party.hand)
    got = facts.get(key)
    if got is None:
        got = facts[key] = _inn_card_count(rs, party)
    return got


def _inn_card_count(rs: Any, party: Any) -> tuple[int, int]:
    attached = [a for c in party.characters for a in c.attached if rs.cards.is_inn(a)]
    cards = list(party.hand) + attached
    exempt = attached if rs.options.fighter_items == "attached-items" else cards
    items = sum(1 for c in exempt if card_type(rs, c) == "item")
    fighters = sum(1 for c in party.characters if rs.cards.characters[c.name].has("fighter"))
    return len(cards), min(items, fighters)


@implements("cryptmaster.draw.ten-card-limit", "cryptmaster.draw.fighter-items")
def compute_may_draw(count: Any, exempt: Any) -> Any:
    """"If you are in the Inn and have fewer than ten Inn cards in your hand and party, you may draw
    two Inn cards ... For each Fighter in your party, one Item does not count against the party limit"."""
    return count - exempt < 10
