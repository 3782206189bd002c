"""Exploration: random and greedy complete games (:mod:`.games`), on one core or many, and the
exhaustive bounded search over a model's states (:mod:`.bounded`)."""

from .games import POLICIES, ExploreReport, Problem, explore, explore_configurations, play

__all__ = ["POLICIES", "ExploreReport", "Problem", "explore", "explore_configurations", "play"]
