"""The order of the legality checks, read from the model's source (``checks/oracle/checkorder.py``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tombspec.checks.oracle.checkorder import check_order, procedures, read_checks, rules_of, to_markdown
from tombspec.model.errors import IllegalAction
from tombspec.model.ruleset import get_ruleset, registered_games
from tombspec.model.traceability import require

LIMIT = 9


def _small(n: int) -> bool:
    """Below the limit."""
    return n < LIMIT


def toy_rule(s: Any, n: int) -> str | None:
    """The rule ``n`` breaks."""
    if n < 0:
        return "toy.count.not-negative"      # counted from zero
    elif n == 0:
        return None
    else:
        half = n // 2
        if not _small(half):
            return "toy.count.limit"
    require(n % 2 == 0, "toy.count.even")
    return None if s else "toy.count.needs-state"


def test_a_chain_reads_as_the_code_nests_it() -> None:
    chain = read_checks(toy_rule)
    steps = chain["checks"]
    assert [s["kind"] for s in steps] == ["if", "else if", "otherwise", "refuse", "answer"]
    assert steps[0]["text"] == "n < 0" and steps[0]["body"][0] == {
        "kind": "refuse", "text": "", "line": steps[0]["body"][0]["line"], "rules": ["toy.count.not-negative"],
        "comment": "counted from zero"}
    assert steps[1]["body"][0]["kind"] == "legal"
    assert steps[2]["body"][0]["kind"] == "let" and steps[2]["body"][0]["text"] == "half = n // 2"
    inner = steps[2]["body"][1]
    assert inner["kind"] == "if" and inner["text"] == "not _small(half)" and inner["body"][0]["rules"] == ["toy.count.limit"]
    assert steps[3]["unless"] and steps[3]["text"] == "n % 2 == 0" and steps[3]["rules"] == ["toy.count.even"]
    assert steps[4]["rules"] == ["toy.count.needs-state"]
    # every rule the chain may name, in order; the helpers it calls with their docstrings and returns;
    # the constants they read
    assert rules_of(steps) == ["toy.count.not-negative", "toy.count.limit", "toy.count.even", "toy.count.needs-state"]
    assert chain["rules"] == rules_of(steps)
    assert chain["doc"] == "The rule ``n`` breaks."
    assert chain["helpers"] == [] and chain["constants"] == []     # the test's own helpers are not the model's
    md = "\n".join(to_markdown([chain]))
    assert "- if `n < 0`:\n  - **refused** for `toy.count.not-negative`  *(counted from zero)*" in md
    assert "unless `n % 2 == 0`: **refused** for `toy.count.even`" in md


def test_the_lines_point_at_the_source() -> None:
    import inspect

    lines, first = inspect.getsourcelines(toy_rule)
    chain = read_checks(toy_rule)
    first_if = chain["checks"][0]
    assert lines[first_if["line"] - first].strip() == "if n < 0:"


@pytest.mark.parametrize("game", registered_games())
def test_every_game_lists_the_order_of_its_checks(game: str) -> None:
    rs = get_ruleset(game)
    chains = check_order(rs)
    assert chains, f"{game} lists no refusal checks"
    catalog = rs.catalog()
    named = [r for c in chains for r in c["rules"]]
    assert named
    unknown = sorted({r for r in named if r not in catalog})
    assert unknown == [], f"{game}: the checks name rules the catalog does not hold: {unknown}"
    for chain in chains:
        assert chain["checks"], chain["name"]
    for what, rule in type(rs).refusal_rules.items():
        assert rule in catalog, (what, rule)


def _raiders_probes(rs: Any, state: Any) -> list[Any]:
    from tombspec.model.raiders.actions import Boost, Move, MoveTo, Place, Prepare, Rest, Spend, Stay, UsePortal

    spaces = list(rs.board.spaces)
    out: list[Any] = [Move(), Prepare(), Rest(), UsePortal(), Stay(), Boost(0), Boost(9)]
    here = state.raiders[state.current].position
    near = rs.board.neighbours(here) if here in rs.board.spaces else spaces[:3]
    for sid in [*near, spaces[0]]:
        for face in ("heads", "tails", "natural", "free", "sideways"):
            for k in (0, 1, 3):
                out.append(MoveTo(sid, face, k))
        out.append(Place(sid))
    for face in ("heads", "tails", "sideways"):
        for k in (-1, 0, 1, 2, 5):
            out.append(Spend(k, face))
            out.append(Spend(k, face, target="opponent"))
    return out


RAIDERS_CONFIGS = [
    # a forced move (a failed Move roll after a stay, pulled by two spaces) is too rare to wait for here
    ({"special_tiles": True, "boss_tie_break": "current-player-chooses"},
     {"action", "move-to", "spend", "place", "boss-choice", "attack-defender", "attack-attacker"}),
    ({"audacity_advanced": True}, {"action", "boost", "attack-boost-defender", "attack-boost-attacker"}),
]


@pytest.mark.parametrize(("options", "phases"), RAIDERS_CONFIGS)
def test_every_raiders_refusal_names_a_rule_its_checks_list(options: dict, phases: set[str]) -> None:
    """The chains are the whole story: every rule the model refuses a decision for (and every other rule
    it lists as broken) is named by a check in them, or is the rule an effect of the state carries (the
    probes are made by the player who acts, so the turn rule is never the answer)."""
    from tombspec.model.raiders.rules.turn import GAME_OVER_RULES

    from tombspec.model.play import make_policy, next_move
    rs = get_ruleset("raiders", options=options)
    allowed = {r for c in check_order(rs) for r in c["rules"]} | set(GAME_OVER_RULES.values())
    rng = random.Random(7)
    policy = make_policy("coverage")
    probed: set[str] = set()
    refused = 0
    for _ in range(40):
        state = rs.initial_state()
        for _ in range(3000):
            move = next_move(rs, state, rng, policy)
            if move is None:
                break
            action, me = move
            if me is not None and (state.phase not in probed or rng.random() < 0.2):
                probed.add(state.phase)
                legal = rs.legal_actions(state, me)
                for probe in _raiders_probes(rs, state):
                    if probe in legal:
                        continue
                    try:
                        rs.step(state, probe, me)
                    except IllegalAction as exc:
                        refused += 1
                        carried = {e.rule for e in state.effects}
                        for rule in (exc.rule_id, *exc.also):
                            assert rule in allowed | carried, (state.phase, probe, rule)
                    else:
                        raise AssertionError(f"{probe!r} is not listed legal yet was accepted")
            state = rs.step(state, action, me)
        if probed >= phases:
            break
    assert probed >= phases, sorted(probed)
    assert refused > 500


def test_the_raiders_procedures_are_read_whole() -> None:
    """What the game does by itself is printed whole (no cut after the last refusal): the Boss's move ends
    with where it stands, and every space of its path traps."""
    rs = get_ruleset("raiders")
    chains = {c["name"]: c for c in procedures(rs)}
    assert {"apply_turn_start", "apply_landing", "apply_boss_move", "_continue", "first_steps", "begin_roll",
            "apply_five_or_six", "begin_attack", "apply_grail_holder_killed", "_after_boss"} <= set(chains)
    killed = "\n".join(to_markdown([chains["apply_grail_holder_killed"]]))
    assert killed.index("let `d.grail = None`") < killed.index("apply_gain_grail(rs, d, other)")
    assert not any(c["then_applied"] for c in chains.values())
    texts = "\n".join(to_markdown([chains["_continue"]]))
    assert "for each `space in path[1:]`:" in texts and "apply_trap(d, space)" in texts
    assert "let `d.boss = path[-1]`" in texts


def toy_procedure(s: Any, todo: list[int]) -> int | None:
    """A toy procedure: a ``while`` loop, a local function, an import, a bare return and a None."""
    import math

    def small(n: int) -> bool:
        return n < LIMIT
    while todo:
        n = todo.pop()
        if not small(n):
            return None
        if n == 0:
            return
    return math.floor(s)


def test_a_procedure_reads_as_steps_not_as_checks() -> None:
    """Read whole, a ``while`` is a loop of its own, a local function is shown with its steps, an import is
    left out, and a return is no verdict on an action (``**legal**`` is for the checks)."""
    text = "\n".join(to_markdown([read_checks(toy_procedure, whole=True)]))
    assert "- while `todo`:" in text and "for each `todo`" not in text
    assert "- with the local function `small(n: int)`:\n  - answer `n < LIMIT`" in text
    assert "import" not in text.split("\n\n", 2)[2]
    assert "    - answer `None`" in text and "    - **stop** (nothing more is done)" in text
    assert "**legal**" not in text
    # read as checks (not whole), the same returns keep their meaning there
    assert "**legal**" in "\n".join(to_markdown([read_checks(toy_procedure)]))


def _procedures(game: str) -> dict[str, dict[str, Any]]:
    """``game``'s procedures by name (a name listed twice, as Cryptmaster's and Tomb's ``raid_tasks``: by
    ``module.name``), each checked to be read whole."""
    chains = procedures(get_ruleset(game))
    assert chains and not any(c["then_applied"] for c in chains)
    names = [c["name"] for c in chains]
    return {(f"{c['module'].split('.')[2]}.{c['name']}" if names.count(c["name"]) > 1 else c["name"]): c
            for c in chains}


def _printed(chain: dict[str, Any]) -> str:
    return "\n".join(to_markdown([chain]))


def test_the_egypt_procedures_are_read_whole() -> None:
    """Egypt's settling, turns, arrivals and the ceiling are printed whole: the next turn is a monster turn
    for a seat whose hero died, and the ceiling's pharaoh and crystal fall down a column (a ``while`` loop,
    not a ``for``)."""
    chains = _procedures("egypt")
    assert {"settle", "next_turn", "start_hero_turn", "handle_arrive", "handle_encounter", "handle_engage",
            "collapse", "apply_statues", "check_end", "apply_hook", "reveal", "destroy", "apply_boots_window"} \
        <= set(chains)
    assert "if `read(rs.options, 'hook_targets') == 'chest-hazard-hero' or token.face_up`:" in \
        _printed(chains["apply_hook"])
    assert "- let `s = next_turn(rs, s)`" in _printed(chains["settle"])
    nxt = _printed(chains["next_turn"])
    assert "else if `h.status == DEAD or read(rs.options, 'leaving_the_tomb') == 'escaped-play-monsters'`:" in nxt
    assert "let `s = monster_turn.start_monster_turn(rs, s)`" in nxt
    assert "  - while `below is not None`:" in _printed(chains["collapse"])
    # a procedure's `return None` is no verdict on an action
    end = _printed(chains["check_end"])
    assert "answer `None`" in end and "**legal**" not in end


def test_the_tomb_procedures_are_read_whole() -> None:
    """Tomb's task engine and its automatic tasks are printed whole: ``advance`` runs an automatic task and
    goes on, and a turn's end passes play clockwise."""
    chains = _procedures("tomb")
    assert {"advance", "run_turn_start", "run_raid_begin", "run_traps", "run_battle", "run_raid_end",
            "run_end_turn"} <= set(chains)
    adv = _printed(chains["advance"])
    assert "  - if `k.mode == AUTO`:\n    - let `state = k.run(rs, state, t)`" in adv
    end = _printed(chains["run_end_turn"])
    assert "let `state = check_all_deaths(rs, state)`" in end
    # the next turn begins for the next player clockwise: the Task named where it is made (one value for each
    # player, shared: ``turn_start_task``), and what it is told beside the procedure
    assert "answer `push(state, turn_start_task(rs.next_player(state, p)))`" in end
    assert '- `turn_start_task`: ``Task("turn-start", player, rule="tomb.setup.clockwise")``: play passes clockwise' in end


def test_the_cryptmaster_procedures_are_read_whole() -> None:
    """Cryptmaster lists Tomb's engine and tasks with its own (the Hire, the Curses, the upkeep), Tomb's
    rule ids told in Cryptmaster's: a Raid begins with the Hire, and the upkeep refills an emptied party."""
    chains = _procedures("cryptmaster")
    assert {"advance", "run_turn_start", "cryptmaster.raid_tasks", "tomb.raid_tasks", "run_curses",
            "end_of_turn_tasks", "run_pay_mercenaries", "run_refill", "run_tomb_empty", "run_end_turn"} <= set(chains)
    assert "Task('hire', player, cid, card=door, rule='cryptmaster.mercenary.invite')" in \
        _printed(chains["cryptmaster.raid_tasks"])
    assert "let `state = state.with_party(q, location=INN)`" in _printed(chains["run_refill"])
    assert not [r for c in chains.values() for r in c["rules"] if r.startswith("tomb.")]


def test_the_secrets_procedures_are_read_whole() -> None:
    """Secrets' settling and its Tomb Phase are printed whole: the Tomb Phase queues its seven steps, and a
    creature heads for the nearest adventurers, ties to the most Soul Shards."""
    chains = _procedures("secrets")
    assert {"resolutions", "_end_turn_run", "start_tomb_phase", "_move_creatures_run", "nearest_targets",
            "_spawn_run", "_upkeep_run", "_end_round_run"} <= set(chains)
    start = _printed(chains["start_tomb_phase"])
    assert "'tomb-effect', 'move-creatures', 'initiate-combat', 'spawn', 'upkeep', 'search-tokens', 'comet'" in start
    assert "let `most = max((state.seats[s].adventurer.shards for s in nearest))`" in _printed(chains["nearest_targets"])
    assert "**stop** (nothing more is done)" in _printed(chains["resolutions"])


def test_a_decorator_s_names_are_not_the_function_s_constants() -> None:
    """Tomb's tasks are declared ``@task("reveal", AUTO, ...)``: AUTO is the task's mode, which the
    function's body never reads, so its chain lists no such constant."""
    chains = _procedures("tomb")
    assert chains["run_traps"]["constants"] == [], chains["run_traps"]["constants"]
    assert {c["name"] for c in chains["run_end_turn"]["constants"]} <= {"TURN"}


def test_a_table_or_set_the_checks_read_is_printed() -> None:
    """Egypt's refusal names ``REFUSED.get(kind, ...)`` and tests ``kind in MONSTER_KINDS``: the table and the
    set are printed with the function that reads them (an implementation needs every entry)."""
    from tombspec.checks.oracle.checkorder import check_order
    from tombspec.model.egypt.rules.turn import MONSTER_KINDS, REFUSED

    rs = get_ruleset("egypt")
    constants = {c["name"]: c["value"] for chain in check_order(rs) for c in chain["constants"]}
    assert constants["REFUSED"] == repr(REFUSED)
    assert constants["MONSTER_KINDS"] == repr(sorted(MONSTER_KINDS))


def test_the_ruleset_s_methods_a_chain_calls_are_answered() -> None:
    """A model function calls its ruleset's methods as ``rs.f`` (Egypt's ``rs.monster_type``, which applies
    the bat-winged reading); the guide says what each answers, from the game's own ruleset (Cryptmaster's
    ``rs.turn_start`` is not Tomb's)."""
    chains = _procedures("egypt")
    helpers = {h["name"]: h for c in chains.values() for h in c["helpers"]}
    assert "bat-winged" in helpers["rs.monster_type"]["doc"]
    tomb = {h["name"]: h for c in _procedures("tomb").values() for h in c["helpers"]}
    crypt = {h["name"]: h for c in _procedures("cryptmaster").values() for h in c["helpers"]}
    # Tomb's hook is the rules' function itself (model/tomb/__init__.py: no wrapper), so its answer is that
    # function's own return
    assert tomb["rs.turn_start"]["returns"] == "inn_heal(rs, state, player)"
    assert crypt["rs.turn_start"]["returns"] == "state"


def test_a_table_of_action_kinds_and_rules_is_printed_by_kind() -> None:
    """Cryptmaster's _REFUSED_FOR (action classes -> the rule they are refused for) was left out of the
    guide, a table of classes (the Cryptmaster implementation's L6): an action class prints as its kind,
    a table of pairs as pairs; a structure too long to read is still left out."""
    from tombspec.checks.oracle.checkorder import CONSTANT_CHARS, _constant_value
    from tombspec.model.cryptmaster.rules.turn import _REFUSED_FOR

    shown = _constant_value(_REFUSED_FOR)
    assert shown is not None and "('raid', 'cryptmaster.raid.raid-a-crypt')" in shown
    assert "(('equip-cards', 'equip'), 'cryptmaster.free.equip')" in shown
    assert _constant_value(tuple((str(i), "x" * 50) for i in range(CONSTANT_CHARS // 50))) is None
