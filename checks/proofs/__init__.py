"""Proofs and constraints (z3): the inductive obligations over each model's numeric cores
(:mod:`.obligations`) and the engine of the structural constraints (:mod:`.constraints`).  Answers are
three-valued: proved / holds, counterexample / violated, or unknown (never reported as proved)."""

from .obligations import COUNTEREXAMPLE, PROVED, UNKNOWN, Proof, obligations, prove, prove_all, prove_game

__all__ = ["COUNTEREXAMPLE", "PROVED", "UNKNOWN", "Proof", "obligations", "prove", "prove_all", "prove_game"]
