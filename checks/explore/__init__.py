"""Exploration: random and greedy complete games (:mod:`.games`) and bounded search over a model's
states (:mod:`.bounded`)."""

from .games import POLICIES, ExploreReport, Problem, explore, explore_configurations, play

__all__ = ["POLICIES", "ExploreReport", "Problem", "explore", "explore_configurations", "play"]
