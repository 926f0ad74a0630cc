"""Evaluation: checking figures against tasks, scores, reports, runs over task sets."""

from geoverify.evaluation.check import check, check_scene
from geoverify.evaluation.report import Report
from geoverify.evaluation.scores import Scores, compute_scores

__all__ = ["Report", "Scores", "check", "check_scene", "compute_scores"]
