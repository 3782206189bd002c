"""A hypothesis RuleBasedStateMachine over Raiders: one @rule per kind of action, the invariants as
@invariant, note() for the trace (the DieHard pattern of Hypothesis, from DieHard.tla)."""

from __future__ import annotations

from hypothesis import note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tombspec.model import codec
from tombspec.model.raiders import Raiders
from tombspec.model.raiders.actions import (Boost, Move, MoveTo, Place, Prepare, Rest, Spend, Stay,
                                            UsePortal)
from tombspec.model.raiders.options import RaidersOptions
from tombspec.model.raiders.rules.objective import compute_max_pennies

CONFIGS = [Raiders(), Raiders(RaidersOptions(special_tiles=True, audacity_advanced=True), "special"),
           Raiders(RaidersOptions(five_or_six="heads-only", grail_holder_killed="nobody-wins"), "small"),
           Raiders(RaidersOptions(penny_cap="no-cap", audacity_cap="shared-six"), "large")]


class RaidersMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.rs: Raiders = CONFIGS[0]
        self.state = self.rs.initial_state()

    @rule(config=st.integers(0, len(CONFIGS) - 1))
    @precondition(lambda self: self.state.phase == "coin-toss")
    def choose_configuration(self, config: int) -> None:
        self.rs = CONFIGS[config]
        self.state = self.rs.initial_state()
        note(f"configuration {config}: {self.rs.options}, board {self.rs.board.name}")

    def _decide(self, data: st.DataObject, kinds: tuple[type, ...]) -> None:
        legal = [a for a in self.rs.legal_actions(self.state) if isinstance(a, kinds)]
        if not legal:
            return
        action = data.draw(st.sampled_from(legal))
        note(f"{self.state.phase}: player {self.rs.pending(self.state).player} {action}")
        self.state = self.rs.step(self.state, action)

    def _not_over(self) -> bool:
        return not self.rs.is_terminal(self.state)

    @precondition(lambda self: self.rs.is_terminal(self.state))
    @rule()
    def new_game(self) -> None:
        note(f"game over: {self.state.outcome}, winner {self.state.winner}; a new game")
        self.state = self.rs.initial_state()

    @precondition(lambda self: not self.rs.is_terminal(self.state) and self.rs.pending(self.state).is_chance)
    @rule(data=st.data())
    def chance(self, data: st.DataObject) -> None:
        outcomes = self.rs.chance_outcomes(self.state)
        outcome = data.draw(st.sampled_from([o for o, _ in outcomes]))
        note(f"chance {self.rs.pending(self.state).what}: {outcome}")
        self.state = self.rs.step(self.state, outcome)

    @precondition(lambda self: self.state.phase == "action")
    @rule(data=st.data())
    def take_an_action(self, data: st.DataObject) -> None:
        self._decide(data, (Move, Prepare, Rest, UsePortal))

    @precondition(lambda self: self.state.phase == "move-to")
    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        self._decide(data, (MoveTo, Stay))

    @precondition(lambda self: self.state.phase in ("spend", "attack-defender", "attack-attacker"))
    @rule(data=st.data())
    def spend_audacity(self, data: st.DataObject) -> None:
        self._decide(data, (Spend,))

    @precondition(lambda self: self.state.phase in ("boost", "attack-boost-defender", "attack-boost-attacker"))
    @rule(data=st.data())
    def boost(self, data: st.DataObject) -> None:
        self._decide(data, (Boost,))

    @precondition(lambda self: self.state.phase in ("place", "forced-move"))
    @rule(data=st.data())
    def place(self, data: st.DataObject) -> None:
        self._decide(data, (Place,))

    @invariant()
    def model_invariants_hold(self) -> None:
        assert self.rs.violations(self.state) == []

    @invariant()
    def penny_and_audacity_bounds(self) -> None:
        capped = self.rs.options.penny_cap == "six"
        for p, r in enumerate(self.state.raiders):
            assert r.audacity >= 0
            if not r.killed:
                assert r.pennies >= 1
                if capped:
                    assert r.pennies <= compute_max_pennies(self.state.grail == p)

    @invariant()
    def at_most_one_grail_holder_and_it_lives(self) -> None:
        if self.state.phase not in ("coin-toss", "over"):
            assert self.state.grail in (0, 1) and not self.state.raider(self.state.grail).killed

    @invariant()
    def boss_track(self) -> None:
        assert 0 <= self.state.boss_track <= 8
        assert (self.state.boss is None) == (self.state.boss_track > 0)

    @invariant()
    def positions_on_the_board(self) -> None:
        for r in self.state.raiders:
            assert r.position is None or r.position in self.rs.board.spaces
        assert self.state.boss is None or self.state.boss in self.rs.board.spaces

    @invariant()
    def state_round_trips(self) -> None:
        assert self.rs.decode_state(codec.loads(codec.dumps(self.rs.encode_state(self.state)))) == self.state


RaidersMachine.TestCase.settings = settings(stateful_step_count=120)
TestRaidersMachine = RaidersMachine.TestCase
