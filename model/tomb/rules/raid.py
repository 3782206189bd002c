"""Raid: the Crypt Master (the L/R symbol on the Crypt Door), the Raid's order (Traps, Monsters,
Treasures), the Traps one by one in the CM's order with their secret Target Numbers, and leaving.
"""

from __future__ import annotations

from typing import Any

from ...effects import COMBAT, RAID, expire
from ...traceability import implements, note
from ..actions import Announce, Continue, Disarm, Draw, Leave, Target
from ..board import INN
from ..state import Crypt, Hidden, Raid, Roll, Task, TombState, evolve
from .agenda import AUTO, CHANCE, DECIDE, drop_until, legal, outcome, pop, push, replace, task, why
from .death import discard_cards
from .rolling import deck_draw, combined_pool, dice_count
from .standard_actions import disarm_choices, start_roll
from .wounds import assign_tasks, wounds_then_death


def card_type(rs: Any, card: str) -> str:
    return rs.cards.crypt[card].type


def start_raid(rs: Any, state: TombState, player: int, door: str | None, crypt: str | None) -> TombState:
    """Raid the Crypt of ``door`` (or, by a card, ``crypt`` from beside it)."""
    cid = crypt if crypt is not None else rs.board.doors[door or ""]
    return push(state, Task("raid-begin", player, cid, card=door or "", rule="tomb.raid.on-crypt-door"))


@task("raid-begin", AUTO, "tomb.raid.on-crypt-door")
@implements("tomb.raid.on-crypt-door", "tomb.raid.empty-crypt-ends-turn", "tomb.raid.resolution-order")
def run_raid_begin(rs: Any, state: TombState, t: Task) -> TombState:
    """"If the Crypt is empty, the acting Player's Turn ends. Otherwise, the appropriate Player ...
    becomes the Crypt Master (CM) and draws the face down cards from the Crypt"; Raids are resolved in
    the order Traps, Monsters, Treasures."""
    state = pop(state)
    cid = t.subject or ""
    if not state.crypt(cid).cards:
        note("tomb.raid.empty-crypt-ends-turn")
        return state
    from .reacts import window_task

    player = t.player
    assert player is not None
    return push(state, *rs.raid_tasks(state, player, cid, t.card or ""))


def raid_tasks(rs: Any, state: TombState, player: int, cid: str, door: str) -> list[Task]:
    """The steps of a Raid: Reacts before entering, the CM looks and the Party goes in, the stages,
    the end."""
    from .reacts import window_task

    stages = [Task(kind, player, cid, rule="tomb.raid.resolution-order") for kind in rs.raid_stages()]
    return [window_task(player, "before-entering-crypt"),
            Task("raid-enter", player, cid, card=door, rule="tomb.raid.crypt-master"),
            *stages, Task("raid-end", player, cid, rule="tomb.raid.resolution-order")]


@task("raid-enter", AUTO, "tomb.raid.crypt-master")
@implements("tomb.raid.crypt-master", "tomb.raid.cm-role", "tomb.ambiguity.crypt-master-identity")
def run_raid_enter(rs: Any, state: TombState, t: Task) -> TombState:
    """The CM draws the Crypt's cards and looks at them, showing no one; the Party goes in."""
    state = pop(state)
    player = t.player
    assert player is not None
    cid = t.subject or ""
    door = t.card or ""
    cm = rs.crypt_master(state, player, cid, door)
    crypt = state.crypt(cid)
    looks = {cm} if cm is not None and not solo_secret(rs) else set()
    seen = tuple(sorted((evolve(h, known=tuple(sorted(set(h.known) | looks))) for h in crypt.cards),
                        key=lambda h: (h.card, h.known)))
    raid = Raid(cid, door, cm, cards=seen, stage="traps")
    state = state.with_crypt(cid, cards=())
    state = evolve(state, raid=raid)
    return state.with_party(player, location=rs.board.crypts[cid].node)


@implements("tomb.ambiguity.solo-hidden-information")
def solo_secret(rs: Any) -> bool:
    """Solitaire, read-first-lines: the player, who handles the Crypt himself, learns a Trap's Target
    Number and failure only once he has rolled, and picks a face-down Trap without knowing it."""
    return rs.options.solitaire and rs.options.solo_secrets == "read-first-lines"


def crypt_master(rs: Any, state: TombState, raider: int, cid: str, door: str) -> int | None:
    """"the appropriate Player (determined by the symbol on the Crypt Door — L for Left, R for Right)
    becomes the Crypt Master" (relative-to-raider: L is the player to his left, the next clockwise;
    with two players the opponent; in Solitaire the player runs the Crypt himself)."""
    n = rs.num_players
    if n == 1:
        return raider
    info = rs.board.crypts[cid]
    symbol = info.symbol(door) if door else info.cm
    step = 1 if symbol == "L" else -1
    if rs.options.react_direction == "opposite":
        step = -step
    return (raider + step) % n


@implements("tomb.solo.usual-raid-order", "tomb.raid.resolution-order")
def raid_stages(rs: Any) -> list[str]:
    return ["traps", "monsters", "treasure"]


def raid_cards(state: TombState, kind: str, rs: Any) -> list[str]:
    raid = state.raid
    assert raid is not None
    return [h.card for h in raid.cards if rs.cards.crypt[h.card].type == kind]


def take_card(state: TombState, card: str) -> TombState:
    """Take one ``card`` out of the Raid's face-down cards."""
    raid = state.raid
    assert raid is not None
    cards = list(raid.cards)
    for i, h in enumerate(cards):
        if h.card == card:
            del cards[i]
            break
    return evolve(state, raid=evolve(raid, cards=tuple(cards)))


# Traps -----------------------------------------------------------------------------------------------------

@task("traps", AUTO, "tomb.trap.repeat-until-none")
@implements("tomb.trap.repeat-until-none", "tomb.raid.traps-before-monsters", "tomb.trap.own-rules")
def run_traps(rs: Any, state: TombState, t: Task) -> TombState:
    """"This process repeats until no Traps remain in the Crypt"; all Traps before any Monster."""
    raid = state.raid
    if raid is None or not raid_cards(state, "trap", rs):
        return pop(state)
    cm = raid.cm if raid.cm is not None else t.player
    announce = ("trap-choose" if rs.options.solo_trap_order == "first-lines-known" else "trap-pick") \
        if solo_secret(rs) else "trap-announce"
    return push(state, Task(announce, cm, rule="tomb.trap.cm-orders-traps"),
                *rs.trap_announced_tasks(state, t.player),
                Task("trap-disarmers", t.player, rule="tomb.trap.party-selects-disarmers"),
                Task("trap-rolls", t.player, rule="tomb.trap.combined-successes"),
                Task("trap-resolve", t.player, rule="tomb.trap.combined-successes"))


@task("trap-announce", DECIDE, "tomb.trap.cm-orders-traps", what="announce a Trap")
@implements("tomb.trap.cm-orders-traps", "tomb.trap.count-hidden", "tomb.trap.cm-reads-first-lines",
            "tomb.trap.tn-and-failure-secret", "tomb.trap.tn-secret-for-risk", "tomb.solo.traps-any-order",
            "tomb.monster.example-komodo")
def apply_trap_announce(rs: Any, state: TombState, t: Task, action: Announce, player: int) -> TombState:
    """"The CM decides the order of the Traps, revealing each in turn" and reads how many Characters may
    disarm it and with which Attribute, not its Target Number nor its failure.  When the first Trap is
    announced, a Monster such as Komodo is revealed (its text is automatic)."""
    state = take_card(pop(state), action.card)
    raid = state.raid
    assert raid is not None
    first = raid.traps_announced == 0
    early = list(raid.early)
    if first:
        for h in list(raid.cards):
            c = rs.cards.crypt[h.card]
            if c.type == "monster" and any(e.kind == "trap-tn-bonus" for e in c.effects):
                note("tomb.monster.example-komodo")
                state = take_card(state, h.card)
                early.append(h.card)
    raid = state.raid
    assert raid is not None
    state = evolve(state, raid=evolve(raid, trap=action.card, traps_announced=raid.traps_announced + 1,
                                                  early=tuple(early), results=(), disarmers=()))
    return state


@task("trap-pick", CHANCE, "tomb.solo.traps-any-order", what="a face-down Trap")
def chance_trap_pick(rs: Any, state: TombState, t: Task) -> Any:
    """Solitaire (read-first-lines): the player takes the Traps "in any order you see fit", but face
    down, so the next is any of them, each as likely (blind-pick); under first-lines-known, any of those
    whose first two lines he chose (``t.subject``), each as likely."""
    from ...chance import Deck, draw

    traps = raid_cards(state, "trap", rs)
    if t.subject is not None:
        traps = [c for c in traps if first_lines(rs, c) == t.subject]
    return deck_draw(Deck.of(traps)) if traps else None


def first_lines(rs: Any, card: str) -> str:
    """A Trap's first two lines as the Raiding Player hears them: how many Characters may disarm it
    and with which Attribute(s) (``trap:<characters>:<attribute>+...``; the Target Numbers too under
    ``trap_line`` = read-aloud), as ``observe`` shows an announced Trap."""
    c = rs.cards.crypt[card]
    attributes = "+".join(a for a, _ in c.disarm)
    if rs.options.trap_line == "read-aloud":
        attributes = "+".join(f"{a}{tn}" for a, tn in c.disarm)
    return f"trap:{c.characters}:{attributes}"


@task("trap-choose", DECIDE, "tomb.solo.traps-any-order", what="choose a Trap by its first lines")
@implements("tomb.ambiguity.solo-trap-order", "tomb.solo.traps-any-order")
def apply_trap_choose(rs: Any, state: TombState, t: Task, action: Announce, player: int) -> TombState:
    """Solitaire (read-first-lines) under ``solo_trap_order`` = first-lines-known: the player reads the
    first two lines of every Trap left and chooses which to resolve next ("Resolve Traps in any order
    you see fit"): ``Announce`` names those lines (``first_lines``); which of the Traps that read so it
    is stays hidden until he has rolled, so it is drawn among them, each as likely."""
    note("tomb.ambiguity.solo-trap-order")
    return replace(state, Task("trap-pick", t.player, action.card, rule="tomb.solo.traps-any-order"))


@legal("trap-choose")
def legal_trap_choose(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Announce(lines) for lines in sorted({first_lines(rs, c) for c in raid_cards(state, "trap", rs)})]


@outcome("trap-pick")
def apply_trap_pick(rs: Any, state: TombState, t: Task, action: Any, player: None) -> TombState:
    return apply_trap_announce(rs, state, t, Announce(action.card), t.player)


@legal("trap-announce")
def legal_trap_announce(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Announce(c) for c in sorted(set(raid_cards(state, "trap", rs)))]


def trap_bonus(rs: Any, state: TombState) -> int:
    """+TN on this Crypt's Traps from revealed Monsters such as Komodo ("All Traps in this Crypt gain
    +1 TN to disarm") and CM effects."""
    raid = state.raid
    assert raid is not None
    bonus = 0
    for name in (*raid.early, *(m.card for m in raid.monsters)):
        for e in rs.cards.crypt[name].effects:
            if e.kind == "trap-tn-bonus":
                bonus += e.value
    # a CM effect raises the Trap announced when it was played (its ``subject``)
    bonus += sum(e.value or 0 for e in state.effects if e.name == "trap-tn" and e.subject in (None, raid.trap))
    return bonus


@task("trap-disarmers", DECIDE, "tomb.trap.party-selects-disarmers", what="choose who disarms")
@implements("tomb.trap.party-selects-disarmers", "tomb.trap.example-one-disarmer", "tomb.ambiguity.trap-characters-count")
def apply_trap_disarmers(rs: Any, state: TombState, t: Task, action: Disarm, player: int) -> TombState:
    """"The Raiding Adventuring Party selects which Characters will Disarm the trap" (up to the trap's
    number of Characters)."""
    raid = state.raid
    assert raid is not None
    return evolve(pop(state), raid=evolve(raid, disarmers=action.characters))


@legal("trap-disarmers")
def legal_trap_disarmers(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    raid = state.raid
    assert raid is not None and raid.trap is not None
    most = rs.cards.crypt[raid.trap].characters
    if rs.options.one_character_rolls == "strict-one":
        most = 1
    return [Disarm(c) for c in disarm_choices(rs.disarmer_names(state, player), most, rs.trap_must_use_all())]


def disarmer_names(rs: Any, state: TombState, player: int) -> tuple[str, ...]:
    return state.parties[player].names


@why("trap-disarmers")
def why_trap_disarmers(rs: Any, state: TombState, t: Task, action: Any, player: int) -> str:
    if isinstance(action, Disarm) and state.raid and state.raid.trap:
        if len(action.characters) > rs.cards.crypt[state.raid.trap].characters:
            return "tomb.trap.example-one-disarmer"
    return "tomb.trap.party-selects-disarmers"


@task("trap-rolls", AUTO, "tomb.trap.combined-successes")
@implements("tomb.trap.combined-successes", "tomb.ambiguity.trap-multiple-target-numbers")
def run_trap_rolls(rs: Any, state: TombState, t: Task) -> TombState:
    """"Characters assigned to Disarm a trap must roll a combined number of successes ... rolling dice
    equal to the value of the appropriate Attribute" (each Target Number its own roll, each-separately;
    or one roll of all the Attributes against their sum, summed)."""
    state = pop(state)
    raid = state.raid
    assert raid is not None and raid.trap is not None
    player = t.player
    assert player is not None
    trap = rs.cards.crypt[raid.trap]
    names = raid.disarmers
    if rs.options.trap_tns == "summed" and len(trap.disarm) > 1:
        pool = None
        for attr, _ in trap.disarm:
            p = combined_pool(rs, state, player, names, attr)
            pool = p if pool is None else pool + p
        assert pool is not None
        return start_roll(state, Roll("disarm", player, pool.dice, pool.auto))
    groups = rs.disarm_groups(state, names)
    if len(groups) == 1:                                       # one combined roll per Attribute
        tasks = [Task("trap-roll", player, attr, rule="tomb.trap.combined-successes") for attr, _ in trap.disarm]
    else:                                                      # each group its own roll per Attribute
        tasks = [Task("trap-roll", player, attr, items=g, rule="tomb.trap.combined-successes")
                 for attr, _ in trap.disarm for g in groups]
    return push(state, *tasks)


@task("trap-roll", AUTO, "tomb.trap.combined-successes")
def run_trap_roll(rs: Any, state: TombState, t: Task) -> TombState:
    raid = state.raid
    assert raid is not None and t.player is not None
    pool = combined_pool(rs, state, t.player, t.items or raid.disarmers, t.subject or "skill")
    return start_roll(pop(state), Roll("disarm", t.player, pool.dice, pool.auto, subject=t.subject))


def disarm_roll_done(rs: Any, state: TombState, roll: Roll, total: int) -> TombState:
    raid = state.raid
    assert raid is not None
    return evolve(state, raid=evolve(raid, results=(*raid.results, total)))


@implements("tomb.trap.combined-successes", "tomb.trap.example-disarm-roll", "tomb.dice.target-number")
def is_disarmed(rs: Any, state: TombState) -> bool:
    """At least the Target Number of successes on each roll (each TN raised by Komodo-like effects)."""
    raid = state.raid
    assert raid is not None and raid.trap is not None
    trap = rs.cards.crypt[raid.trap]
    bonus = trap_bonus(rs, state)
    tns = [tn + bonus for _, tn in trap.disarm]
    if rs.options.trap_tns == "summed" and len(tns) > 1:
        return sum(raid.results) >= sum(tns)
    groups = len(rs.disarm_groups(state, raid.disarmers))
    if groups > 1:                                             # each group's roll against its Attribute's TN
        tns = [tn for tn in tns for _ in range(groups)]
    return len(raid.results) == len(tns) and all(r >= tn for r, tn in zip(raid.results, tns))


@task("trap-resolve", AUTO, "tomb.trap.combined-successes")
@implements("tomb.trap.disarmed-banked", "tomb.trap.failure-consequence", "tomb.trap.failed-discarded",
            "tomb.trap.example-failure", "tomb.ambiguity.traps-defeated", "tomb.trap.may-leave-after-trap")
def run_trap_resolve(rs: Any, state: TombState, t: Task) -> TombState:
    """Disarmed: "the Raiding Player banks the XP from the Trap". Failed: the CM reveals it and its
    Failure consequences fall on the Raiding Party; the Trap is then discarded.  Then the Raiding
    Player may leave."""
    state = pop(state)
    raid = state.raid
    assert raid is not None and raid.trap is not None
    player = t.player
    assert player is not None
    trap = rs.cards.crypt[raid.trap]
    ok = is_disarmed(rs, state)
    state = evolve(state, raid=evolve(raid, trap=None, resolved=raid.resolved + (1 if ok else 0)))
    if ok:
        note("tomb.trap.disarmed-banked")
        state = rs.bank_disarmed_trap(state, player, trap.name)
        return push(state, Task("trap-leave", player, rule="tomb.trap.may-leave-after-trap"))
    note("tomb.trap.failed-discarded")
    state = discard_cards(rs, state, (trap.name,))
    failure = rs.trap_failure_tasks(state, player, trap)
    after = Task("trap-blocked", player, rule="tomb.ambiguity.traps-defeated") \
        if rs.options.traps_defeated == "disarmed" else Task("trap-leave", player, rule="tomb.trap.may-leave-after-trap")
    return push(state, *failure, after)


@implements("tomb.trap.failure-consequence", "tomb.trap.example-failure", "tomb.ambiguity.wound-assignment",
            "tomb.ambiguity.kill-fewest-tie")
def trap_failure_tasks(rs: Any, state: TombState, player: int, trap: Any) -> list[Task]:
    """The failure effect of ``trap`` (an effect kind) on the Raiding Party."""
    f = trap.failure
    if f is None or f.kind in ("nothing", "text"):
        return []
    party = state.parties[player]
    if f.kind == "wound-each":
        out: list[Task] = []
        for c in party.characters:
            out += wounds_then_death(player, c.name, f.value, "tomb.trap.example-failure")
        return out
    if f.kind == "wound-party":
        chooser = player
        if rs.options.wound_assignment == "only-attacks" and state.raid is not None and state.raid.cm is not None:
            chooser = state.raid.cm
        return list(assign_tasks(chooser, f.value, "party", "tomb.trap.failure-consequence", owner=player))
    if f.kind == "kill-fewest":
        counts = {c.name: dice_count(rs, state, player, c.name, f.attribute or "attack") for c in party.characters}
        if not counts:
            return []
        low = min(counts.values())
        tied = tuple(n for n, k in counts.items() if k == low)
        return [Task("kill-fewest", player, items=tied, rule="tomb.trap.failure-consequence")]
    return []


@task("kill-fewest", AUTO, "tomb.trap.failure-consequence")
def run_kill_fewest(rs: Any, state: TombState, t: Task) -> TombState:
    """The Character with the fewest dice dies; on a tie the Raiding Player picks among the tied
    (raiding-player-chooses), all the tied die (all-tied-die), or the CM, who "announces the 'Failure'
    consequences of the Trap", picks (crypt-master-chooses; the Raiding Player where there is no CM)."""
    state = pop(state)
    tied = [n for n in t.items if state.parties[t.player].character(n) is not None]  # type: ignore[arg-type]
    if not tied:
        return state
    if len(tied) == 1 or rs.options.kill_fewest_tie == "all-tied-die":
        for n in tied:
            if state.parties[t.player].character(n) is not None:  # type: ignore[arg-type]
                state = rs.kill_character(state, t.player, n)
        return state
    chooser = t.player
    if rs.options.kill_fewest_tie == "crypt-master-chooses" and state.raid is not None and state.raid.cm is not None:
        chooser = state.raid.cm
    owner = None if chooser == t.player else str(t.player)          # the CM chooses for the Raiding Player
    return push(state, Task("kill-choose", chooser, owner, items=tuple(tied), rule="tomb.ambiguity.kill-fewest-tie"))


def _kill_owner(t: Task, player: int) -> int:
    """Whose Character dies: the Raiding Player's (``t.subject`` when the CM chooses, else the chooser)."""
    return int(t.subject) if t.subject is not None else player


@task("kill-choose", DECIDE, "tomb.ambiguity.kill-fewest-tie", what="who dies")
def apply_kill_choose(rs: Any, state: TombState, t: Task, action: Target, player: int) -> TombState:
    return rs.kill_character(pop(state), _kill_owner(t, player), action.character)


@legal("kill-choose")
def legal_kill_choose(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    owner = _kill_owner(t, player)
    return [Target(n) for n in t.items if state.parties[owner].character(n) is not None]


@task("trap-leave", DECIDE, "tomb.trap.may-leave-after-trap", what="press on or leave")
@implements("tomb.trap.may-leave-after-trap", "tomb.trap.leave-to-crypt-door", "tomb.trap.leave-returns-cards",
            "tomb.ambiguity.leave-vs-flee")
def apply_trap_leave(rs: Any, state: TombState, t: Task, action: Any, player: int) -> TombState:
    """"After any Trap has been resolved, the Raiding Player may choose to leave the Crypt ... move the
    Adventuring Party Marker back to the Crypt Door. All remaining Crypt Cards are returned face down"."""
    state = pop(state)
    if isinstance(action, Leave):
        return leave_crypt(rs, state, player)
    return state


@legal("trap-leave")
def legal_trap_leave(rs: Any, state: TombState, t: Task, player: int) -> list[Any]:
    return [Continue(), Leave()]


@task("trap-blocked", AUTO, "tomb.ambiguity.traps-defeated")
def run_trap_blocked(rs: Any, state: TombState, t: Task) -> TombState:
    """traps-defeated = disarmed: a failed Trap blocks the Raid; the Party goes back to the Door."""
    return leave_crypt(rs, pop(state), t.player)  # type: ignore[arg-type]


def leave_crypt(rs: Any, state: TombState, player: int) -> TombState:
    """Leaving before Combat: to the Crypt Door (door-before-combat), or to the Inn (always-inn)."""
    raid = state.raid
    if raid is None:
        return state
    door = raid.door or rs.board.crypts[raid.crypt].doors[0]
    to_inn = rs.options.leave_vs_flee == "always-inn"
    state = abort_raid(rs, state, "left")
    state = state.with_party(player, location=INN if to_inn else door)
    if to_inn:
        from .treasure import arrive_at_inn

        state = arrive_at_inn(rs, state, player)
    return state


@implements("tomb.raid.abort-returns-unrevealed", "tomb.trap.leave-returns-cards", "tomb.flee.remaining-cards-returned",
            "tomb.flee.monster-inn-cards-discarded", "tomb.flee.monster-wounds-removed",
            "tomb.ambiguity.returned-revealed-cards")
def abort_raid(rs: Any, state: TombState, why: str) -> TombState:
    """The Party flees, dies or leaves: the cards still in the Raid go back face down into the Crypt
    (only the CM knows the unrevealed ones; a revealed Monster is known to all); Inn cards drawn for
    the Monsters are discarded and their Wounds removed (all-remaining: revealed but undefeated
    Monsters return too; unrevealed-only: they are discarded)."""
    raid = state.raid
    if raid is None:
        return state
    everyone = tuple(range(rs.num_players))
    back = list(raid.cards)
    revealed = [*raid.early, *(m.card for m in raid.monsters if not m.dead)]
    for m in raid.monsters:
        if not m.dead and rs.keeps_on_return(state, m):
            state = rs.persist_monster(state, m)
        else:
            state = discard_cards(rs, state, m.attached)
    if rs.options.returned_cards == "all-remaining":
        back += [Hidden(c, everyone) for c in revealed]
    else:
        state = discard_cards(rs, state, tuple(revealed))
    back += [Hidden(c, everyone) for c in raid.treasures]
    crypt = state.crypt(raid.crypt)
    state = state.with_crypt(raid.crypt, cards=tuple(sorted((*crypt.cards, *back), key=lambda h: (h.card, h.known))))
    state = evolve(state, raid=None, roll=None, wounds_due=(), effects=expire(state.effects, COMBAT, RAID))
    return drop_until(state, "raid-end", keep=False)


@task("raid-end", AUTO, "tomb.raid.resolution-order")
@implements("tomb.ambiguity.raid-is-one-turn")
def run_raid_end(rs: Any, state: TombState, t: Task) -> TombState:
    """The Raid is over (the whole Raid is the Party's Standard Action: its Turn ends next)."""
    state = pop(state)
    if state.raid is not None:
        raid = state.raid
        crypt = state.crypt(raid.crypt)
        left = [*raid.cards, *(Hidden(c, tuple(range(rs.num_players))) for c in raid.treasures)]
        if left:
            state = state.with_crypt(raid.crypt, cards=tuple(sorted((*crypt.cards, *left), key=lambda h: (h.card, h.known))))
        state = evolve(state, raid=None, roll=None, effects=expire(state.effects, COMBAT, RAID))
        state = rs.after_raid(state, t.player, raid)
    return rs.check_end(state)
