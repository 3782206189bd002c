"""What holds in every reachable state of Tomb: Cryptmaster, beyond Tomb's invariants (which its
ruleset checks too, in Cryptmaster's words), and the z3 proof obligations over its numeric cores:
Tomb's (Wounds and Hit Points, XP and banking, dice, Movement) plus the ten-card limit of a Draw and the
five-member limit of a Recruit with its Pariah.
"""

from __future__ import annotations

from typing import Any

from ..numeric import all_, if_
from ..ruleset import Violation
from ..tomb import invariants as tomb
from ..tomb.state import TombState, loadout_facts, members_facts
from .rules.attachments import breaches_of, compute_may_draw, is_cursed


def violations(rs: Any, state: TombState) -> list[Violation]:
    out: list[Violation] = []
    checked = rs.__dict__.get("_checked_cryptmaster")
    if checked is None:
        checked = rs._checked_cryptmaster = tomb.Checked()
    parties, effects = state.parties, state.effects
    # the Parties' checks read the Parties and the effects (and the task, only where a restriction is
    # broken): not again for the very Parties and effects that all passed with no restriction broken
    if parties is not checked.all_parties or effects is not checked.all_given:
        if _parties_hold(rs, state, checked, out):
            checked.all_parties, checked.all_given = parties, effects
    if state.overlord is not None and state.overlord_crypt is not None:
        placed = sum(1 for c in state.crypts for h in c.cards if h.card == state.overlord)
        if state.raid is not None:
            placed += sum(1 for h in state.raid.cards if h.card == state.overlord)
        fighting = state.raid is not None and any(m.card == state.overlord and not m.dead for m in state.raid.monsters)
        banked = any(state.overlord in p.bank for p in state.parties)
        if placed + fighting + banked != 1:
            out.append(Violation("cryptmaster.overlord.placement", "the Overlord is not in one place"))
    return out


def _parties_hold(rs: Any, state: TombState, checked: tomb.Checked, out: list[Violation]) -> bool:
    """Each Party's checks: its attachment restrictions (fix-by-discarding, allowed-types), mercenaries
    hired this turn, no Characters once out.  Appends what breaks to ``out``; returns whether nothing
    broke and no restriction is broken (a broken one is excused while a window, roll or Wound is
    resolved: the task is read then)."""
    found = len(out)
    clean = True
    effects = state.effects
    for p, party in enumerate(state.parties):
        # the very Party that passed every check below with nothing broken: not again, unless a
        # mercenary in it reads the effects and these are others (``_PASSED`` holds no mercenary)
        seen = checked.parties.get(id(party))
        if seen is not None and seen[0] is party and (seen[1] is _PASSED or seen[1] == effects):
            continue
        before = len(out)
        # the checks that read the Party's Characters alone: not again for the very Characters that passed them
        if checked.party_passed(party.characters, ()):
            bad_of, cm_card = (), False
        else:
            bad_of, cm_card = _restrictions(rs, state, p, party)
            if not bad_of and not cm_card:
                checked.pass_party(party.characters, ())
            else:
                clean = False
        for i, ch in enumerate(party.characters):
            bad = bad_of[i] if bad_of else ()
            if bad and state.task is not None and state.task.kind not in ("window", "roll", "wound-apply", "dismiss-move"):
                out.append(Violation("cryptmaster.attach.fix-by-discarding",
                                     f"{ch.name} holds {bad[0]} against the attachment restrictions"))
            if ch.owner is not None and not any(e.name == "hired" and e.subject == ch.name for e in state.effects):
                out.append(Violation("cryptmaster.mercenary.one-character",
                                     f"{ch.name} serves player {p} as a mercenary outside a raid's turn"))
        if party.out and party.characters:
            out.append(Violation("cryptmaster.pvp.elimination", f"player {p} is out but has Characters"))
        if cm_card:
            out.append(Violation("cryptmaster.attach.allowed-types", f"player {p} has a cryptmaster card attached"))
        if not bad_of and not cm_card and len(out) == before:
            mercenaries = any(ch.owner is not None for ch in party.characters)
            checked.pass_party(party, effects if mercenaries else _PASSED)
    return clean and len(out) == found


#: what a Party without a mercenary passed with (its checks read neither the effects nor the task)
_PASSED = ("passed",)


def _restrictions(rs: Any, state: TombState, p: int, party: Any) -> tuple[tuple[list[str], ...], bool]:
    """What breaks the attachment restrictions in ``player``'s Party, which reads its Characters alone: each
    Character's non-Cursed breaches (empty when none has one), and whether a cryptmaster card is
    Attached.  A fact of the Party's loadout (who is in it and what each holds: ``breaches`` reads
    their member facts: ``breaches_of``, the rest the cards), worked out once for each (``state.loadout_facts``)."""
    facts = loadout_facts(rs, party.characters)
    got = facts.get("restrictions")
    if got is None:
        found: list[list[str]] = []           # each Character's non-Cursed breaches, his facts looked up once
        for ch, known in zip(party.characters, members_facts(rs, party.characters)):
            bad = breaches_of(rs, state, p, ch.name, known)
            found.append([c for c in bad if not is_cursed(rs, c)] if bad else [])
        bad_of = tuple(found)
        cm_card = any(rs.cards.card(c).deck == "cryptmaster" for ch in party.characters for c in ch.attached
                      if rs.cards.is_inn(c))
        got = facts["restrictions"] = ((bad_of if any(bad_of) else ()), cm_card)
    return got


# Proof obligations -------------------------------------------------------------------------------------------

PROOF_VARIABLES = {**tomb.PROOF_VARIABLES, "cards": int, "exempt": int, "before": int, "pariahs": int}


def proof_init(v: dict[str, Any]) -> Any:
    """Tomb's initial values; a party starts with no Inn cards and no exempt Items (``before``: the
    counted cards before the last Draw, none yet); Pariahs in the Inn 0 or 1."""
    return all_(tomb.proof_init(v), v["cards"] == 0, v["exempt"] == 0, v["before"] == 0,
                v["pariahs"] >= 0, v["pariahs"] <= 1)


def _draw(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    return compute_may_draw(v["cards"], v["exempt"]), {"cards": v["cards"] + 2, "before": v["cards"] - v["exempt"]}


def _recruit(v: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """Recruit: one character, plus a Pariah when there is room for both; with room for one only, the
    Pariah alone (cryptmaster.recruit.pariah-only-over-five)."""
    both = v["pariahs"] >= 1
    gained = if_(both, if_(v["size"] + 2 <= 5, 2, 1), 1)
    return v["size"] < 5, {"size": v["size"] + gained}


#: Tomb's transitions (but Campaign Play, which Cryptmaster has not), Cryptmaster's Draw and Recruit, and
#: every other change of the Inn cards a party holds: cards come by Draw, by a class card at Recruit, by
#: Pickpocket or a claim; they go by a discard; one Item per Fighter does not count.
PROOF_TRANSITIONS: dict[str, tuple[tuple[str, ...], Any]] = {
    **{k: val for k, val in tomb.PROOF_TRANSITIONS.items() if k not in ("recruit", "campaign-game")},
    "draw": (("cryptmaster.draw.draw-two", "cryptmaster.draw.ten-card-limit", "cryptmaster.draw.fighter-items"), _draw),
    "class-card": (("cryptmaster.recruit.class-cards",), lambda v: (True, {"cards": v["cards"] + 1})),
    "steal-or-claim": (("cryptmaster.pickpocket.success", "cryptmaster.pickpocket.claimed-cards"),
                       lambda v: (True, {"cards": v["cards"] + 1})),
    "discard-inn-card": (("cryptmaster.attach.discard-only-when-told",), lambda v: (
        v["cards"] > 0, {"cards": v["cards"] - 1})),
    "gain-fighter": (("cryptmaster.draw.fighter-items",), lambda v: (True, {"exempt": v["exempt"] + 1})),
    "lose-fighter": (("cryptmaster.draw.fighter-items",), lambda v: (v["exempt"] > 0, {"exempt": v["exempt"] - 1})),
    "recruit": (("cryptmaster.recruit.recruit-one", "cryptmaster.recruit.pariah",
                 "cryptmaster.recruit.pariah-only-over-five"), _recruit),
}

PROOF_INVARIANTS: dict[str, Any] = {
    **{("cryptmaster.death.character-dies" if k == "tomb.death.killed-at-hit-points" else
        "cryptmaster.recruit.five-character-limit" if k == "tomb.party.size-one-to-five" else
        "cryptmaster.upkeep.final-score" if k == "tomb.end.total-xp" else
        "cryptmaster.rolls.dice-pool" if k == "tomb.dice.raise-type" else
        "cryptmaster.move.up-to-ten" if k == "tomb.move.max-movement" else k): inv
       for k, inv in tomb.PROOF_INVARIANTS.items() if k != "tomb.campaign.levels"},
    # the ten-card limit gates the Draw (gate-only): a Draw never starts from ten or more counted cards
    "cryptmaster.draw.ten-card-limit": lambda v: all_(v["cards"] >= 0, v["exempt"] >= 0, v["before"] < 10),
}
PROOF_INVARIANTS["cryptmaster.recruit.five-character-limit"] = lambda v: all_(v["size"] >= 0, v["size"] <= 5)
