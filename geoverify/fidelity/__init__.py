"""Reference fidelity: mine the relations a reference figure shows and score candidates on them."""

from geoverify.fidelity.mine import MinedFigure, MiningTolerances, mine_scene
from geoverify.fidelity.relations import RELATION_TYPES, Relation, parse_relation_id

__all__ = ["MinedFigure", "MiningTolerances", "RELATION_TYPES", "Relation", "mine_scene", "parse_relation_id"]
