"""A hypothesis RuleBasedStateMachine over Monsters of Egypt: one @rule per kind of action (chance
outcomes included), the invariants as @invariant, note() for the trace (the DieHard pattern of
Hypothesis, from DieHard.tla)."""

from __future__ import annotations

from hypothesis import note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tombspec.model import codec
from tombspec.model.egypt import Egypt
from tombspec.model.egypt.actions import ACTION_TYPES
from tombspec.model.egypt.rules.hero import MAX_LIVES, MOVEMENTS, SLOTS, carried

CONFIGS = [Egypt(board="small", options={"players": 2}),
           Egypt(board="small", options={"players": 3, "pursuit": True, "escape": True}),
           Egypt(board="small", options={"players": 1, "solo_heroes": 2, "die_faces": "attack-twice"}),
           Egypt(board="small", options={"players": 4, "neighboring_scope": "orthogonal", "after_combat": "items-still"})]
CHANCE_KINDS = {"deal", "die"}


class EgyptMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.rs: Egypt = CONFIGS[0]
        self.state = self.rs.initial_state()
        self._legal: list | None = None

    @initialize(config=st.integers(0, len(CONFIGS) - 1))
    def choose_configuration(self, config: int) -> None:
        self.rs = CONFIGS[config]
        self.state = self.rs.initial_state()
        self._legal = None
        note(f"configuration {config}: {self.rs.options.players} players, escape={self.rs.options.escape}")

    def legal(self) -> list:
        if self._legal is None:
            p = self.rs.pending(self.state)
            if p.is_chance:
                self._legal = [o for o, _ in self.rs.chance(self.state).support()]
            else:
                self._legal = self.rs.legal_actions(self.state)
        return self._legal

    def play(self, data: st.DataObject, kind: str) -> None:
        options = [a for a in self.legal() if type(a).kind == kind]
        action = data.draw(st.sampled_from(options))
        p = self.rs.pending(self.state)
        note(f"{p.what}: player {p.player} {action}")
        self.state = self.rs.step(self.state, action, p.player)
        self._legal = None

    @precondition(lambda self: self.rs.is_terminal(self.state))
    @rule()
    def new_game(self) -> None:
        note(f"game over: {self.state.outcome}, winners {self.state.winners}; a new game")
        self.state = self.rs.initial_state()
        self._legal = None

    @invariant()
    def model_invariants_hold(self) -> None:
        assert self.rs.violations(self.state) == []

    @invariant()
    def lives_slots_and_movements_within_their_limits(self) -> None:
        for h in self.state.heroes:
            assert 0 <= h.lives <= MAX_LIVES and carried(self.rs, h) <= SLOTS
            assert (h.lives >= 1) == (h.status != "dead")
        assert 0 <= self.state.turn.moves <= MOVEMENTS and 0 <= self.state.pharaoh_lives <= 3

    @invariant()
    def someone_can_always_act_until_the_end(self) -> None:
        assert self.rs.is_terminal(self.state) or self.legal()

    @invariant()
    def what_a_player_sees_hides_face_down_tokens(self) -> None:
        view = self.rs.observe(self.state, 0)
        assert all(t["name"] == "?" for p in view["piles"] for t in p["tokens"] if not t["face_up"])

    @invariant()
    def state_round_trips(self) -> None:
        assert self.rs.decode_state(codec.loads(codec.dumps(self.rs.encode_state(self.state)))) == self.state


def _rule_for(kind: str):
    @precondition(lambda self: not self.rs.is_terminal(self.state) and any(type(a).kind == kind for a in self.legal()))
    @rule(data=st.data())
    def act(self: EgyptMachine, data: st.DataObject) -> None:
        self.play(data, kind)

    act.__name__ = f"{'chance' if kind in CHANCE_KINDS else 'decide'}_{kind.replace('-', '_')}"
    return act


for _kind in ACTION_TYPES:
    setattr(EgyptMachine, _rule_for(_kind).__name__, _rule_for(_kind))

EgyptMachine.TestCase.settings = settings(stateful_step_count=120)
TestEgyptMachine = EgyptMachine.TestCase
