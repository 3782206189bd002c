"""A hypothesis RuleBasedStateMachine over Secrets: one @rule per kind of decision, the invariants as
@invariant, note() for the trace (the DieHard pattern of Hypothesis, from DieHard.tla)."""

from __future__ import annotations

from hypothesis import note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tombspec.model import codec
from tombspec.model.secrets import Secrets
from tombspec.model.secrets import actions as A
from tombspec.model.secrets.invariants import inv_audacity, inv_courage, inv_health, inv_limit

CONFIGS = [Secrets(options={"players": 3}), Secrets(options={"players": 1}),
           Secrets(options={"players": 2, "difficulty": "hard"}, board="exercise"),
           Secrets(options={"players": 4, "courage_range": "overflow-tracked", "minus_cards": "random"}, board="exercise")]

TURN = (A.Move, A.Search, A.Fight, A.Trade, A.Barter, A.Use, A.Ability, A.Rest, A.PickUp, A.Steal, A.PlaceRope,
        A.SearchArtifact, A.RoomAction, A.Climb, A.Teleport, A.Pass, A.Drop, A.Save)
MOVING = (A.Step, A.Explore, A.Fall, A.Stop, A.Push, A.Rotate, A.PlaceAt)
DICE = (A.Boost, A.Roll, A.Reroll, A.Accept, A.Branch)
COMBAT = (A.Evade, A.Stand, A.Retreat, A.Wield, A.Brace, A.Redirect, A.Command, A.Tend)
GROUP = (A.Target, A.Next, A.Route, A.SpawnIn, A.Grant)
CARDS = (A.Keep, A.Discard, A.Take, A.Give, A.Buy, A.Service, A.Sell, A.Done, A.KeepStatus, A.Transform, A.Betray,
         A.Choose, A.Decline)


class SecretsMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.rs = CONFIGS[0]
        self.state = self.rs.initial_state()

    def _pending(self):
        return self.rs.pending(self.state)

    def _decide(self, data: st.DataObject, kinds: tuple[type, ...]) -> None:
        pending = self._pending()
        if not pending.is_decision:
            return
        player = data.draw(st.sampled_from(pending.actors))
        legal = [a for a in self.rs.legal_actions(self.state, player) if isinstance(a, kinds)]
        if not legal:
            return
        action = data.draw(st.sampled_from(legal))
        note(f"{pending.what}: seat {player} {action}")
        self.state = self.rs.step(self.state, action, player)

    @rule(config=st.integers(0, len(CONFIGS) - 1))
    @precondition(lambda self: self.state.phase == "setup" or self.rs.is_terminal(self.state))
    def new_game(self, config: int) -> None:
        self.rs = CONFIGS[config]
        self.state = self.rs.initial_state()
        note(f"configuration {config}: {self.rs.options.players} players, set {self.rs.components.name}")

    @precondition(lambda self: not self.rs.is_terminal(self.state) and self.rs.pending(self.state).is_chance)
    @rule(data=st.data())
    def chance(self, data: st.DataObject) -> None:
        dist = self.rs.chance(self.state)
        outcome = dist.sample(data.draw(st.randoms(use_true_random=False)))
        note(f"chance {self._pending().what}: {outcome}")
        self.state = self.rs.step(self.state, outcome)

    @precondition(lambda self: self.rs.pending(self.state).is_decision)
    @rule(data=st.data())
    def take_a_turn_action(self, data: st.DataObject) -> None:
        self._decide(data, TURN)

    @precondition(lambda self: self.rs.pending(self.state).is_decision)
    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        self._decide(data, MOVING)

    @precondition(lambda self: self.rs.pending(self.state).is_decision)
    @rule(data=st.data())
    def roll_the_dice(self, data: st.DataObject) -> None:
        self._decide(data, DICE)

    @precondition(lambda self: self.rs.pending(self.state).is_decision)
    @rule(data=st.data())
    def fight(self, data: st.DataObject) -> None:
        self._decide(data, COMBAT)

    @precondition(lambda self: self.rs.pending(self.state).is_decision)
    @rule(data=st.data())
    def choose_for_the_group(self, data: st.DataObject) -> None:
        self._decide(data, GROUP)

    @precondition(lambda self: self.rs.pending(self.state).is_decision)
    @rule(data=st.data())
    def handle_cards(self, data: st.DataObject) -> None:
        self._decide(data, CARDS)

    @invariant()
    def model_invariants_hold(self) -> None:
        assert self.rs.violations(self.state) == []

    @invariant()
    def courage_audacity_health_and_the_creature_limit(self) -> None:
        for seat in self.state.seats:
            adv = seat.adventurer
            if adv is not None:
                assert inv_courage(adv.courage) and inv_audacity(adv.audacity)
                assert inv_health(adv.health, adv.start_health)
        counted = sum(1 for c in self.state.creatures if self.rs.components.creatures[c.name].deck != "boss")
        alive = {c.id for c in self.state.creatures}
        forced = sum(1 for e in self.state.effects if e.name == "over-limit" and e.value in alive)
        assert inv_limit(counted, 10 + forced)

    @invariant()
    def someone_can_always_answer(self) -> None:
        pending = self._pending()
        if pending.is_decision:
            assert any(self.rs.legal_actions(self.state, p) for p in pending.actors)
        elif pending.is_chance:
            assert self.rs.chance(self.state) is not None

    @invariant()
    def state_round_trips(self) -> None:
        assert self.rs.decode_state(codec.loads(codec.dumps(self.rs.encode_state(self.state)))) == self.state


SecretsMachine.TestCase.settings = settings(stateful_step_count=80)
TestSecretsMachine = SecretsMachine.TestCase
