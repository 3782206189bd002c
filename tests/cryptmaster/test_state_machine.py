"""A hypothesis RuleBasedStateMachine over Cryptmaster: one @rule per kind of action (decisions by their
kind, chance outcomes by their randomiser), the invariants as @invariant, note() for the trace."""

from __future__ import annotations

import random

from hypothesis import note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tombspec.model import codec
from tombspec.model.cryptmaster import Cryptmaster
from tombspec.model.tomb.actions import CHANCE_TYPES
from tombspec.model.tomb.rules.cards import character_hp

CONFIGS = [Cryptmaster(), Cryptmaster({"players": 2}), Cryptmaster({"players": 4, "overlords": True}),
           Cryptmaster({"players": 3, "pvp": True}),
           Cryptmaster({"players": 5, "ten_card_limit": "hard-cap", "once_per_turn": "everything"})]
DECISIONS = [cls for cls in Cryptmaster.action_types.values() if cls not in CHANCE_TYPES]


class CryptmasterMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.rs = CONFIGS[0]
        self.state = self.rs.initial_state()
        self.steps = 0

    @precondition(lambda self: self.steps == 0)
    @rule(config=st.integers(0, len(CONFIGS) - 1))
    def choose_configuration(self, config: int) -> None:
        self.rs = CONFIGS[config]
        self.state = self.rs.initial_state()
        note(f"configuration {config}: {self.rs.describe()['options']}")

    def _legal_of(self, kind: type) -> list:
        pending = self.rs.pending(self.state)
        if not pending.is_decision:
            return []
        return [a for a in self.rs.legal_actions(self.state, pending.actors[0]) if type(a) is kind]

    @precondition(lambda self: self.rs.pending(self.state).is_chance)
    @rule(data=st.data())
    def chance(self, data: st.DataObject) -> None:
        dist = self.rs.chance(self.state)
        outcomes = [o for o, _ in dist.support()] if dist.size <= 4096 else [dist.sample(random.Random(0))]
        outcome = data.draw(st.sampled_from(outcomes))
        note(f"chance {self.state.task.kind}: {outcome}")
        self.state = self.rs.step(self.state, outcome)
        self.steps += 1

    @precondition(lambda self: self.rs.is_terminal(self.state))
    @rule()
    def new_game(self) -> None:
        note(f"game over: {self.state.outcome}, scores {self.state.scores}, winners {self.state.winners}")
        self.state = self.rs.initial_state()

    @invariant()
    def model_invariants_hold(self) -> None:
        assert self.rs.violations(self.state) == []

    @invariant()
    def parties_and_wounds_within_limits(self) -> None:
        for p, party in enumerate(self.state.parties):
            if self.state.task is not None and self.state.task.kind not in ("dismiss-extra", "dismiss-move", "window", "assign-wound",
                                                                            "wound-apply"):
                assert len([c for c in party.characters if c.owner is None]) <= 5 or self.state.raid is not None
            for c in party.characters:
                assert c.wounds >= 0
                if self.state.task is not None and self.state.task.kind not in ("window", "assign-wound", "wound-apply"):
                    assert c.wounds < character_hp(self.rs, self.state, p, c.name)
            assert not (party.out and party.characters)

    @invariant()
    def somebody_can_always_act(self) -> None:
        pending = self.rs.pending(self.state)
        if pending.is_decision:
            assert self.rs.legal_actions(self.state, pending.actors[0])
        elif pending.is_chance:
            assert self.rs.chance(self.state).size > 0

    @invariant()
    def state_round_trips(self) -> None:
        assert self.rs.decode_state(codec.loads(codec.dumps(self.rs.encode_state(self.state)))) == self.state


def _decision_rule(kind: type):
    @precondition(lambda self: bool(self._legal_of(kind)))
    @rule(data=st.data())
    def take(self, data: st.DataObject) -> None:
        legal = self._legal_of(kind)
        action = data.draw(st.sampled_from(legal))
        player = self.rs.pending(self.state).actors[0]
        note(f"{self.state.task.kind}: player {player} {action}")
        self.state = self.rs.step(self.state, action, player)
        self.steps += 1

    take.__name__ = f"decide_{kind.kind.replace('-', '_')}"
    return take


for _kind in DECISIONS:
    setattr(CryptmasterMachine, f"decide_{_kind.kind.replace('-', '_')}", _decision_rule(_kind))

CryptmasterMachine.TestCase.settings = settings(stateful_step_count=150)
TestCryptmasterMachine = CryptmasterMachine.TestCase
