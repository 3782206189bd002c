"""tombspec.spec: the rule catalogs (data) and their loader.

>>> from tombspec.spec import load_catalog
>>> raiders = load_catalog("raiders")
>>> raiders.rule("raiders.attack.ties-to-defender").kind
'transition'
"""

from .catalog import (
    AMBIGUITY_KINDS,
    RULE_KINDS,
    Ambiguity,
    Catalog,
    Component,
    Reading,
    Rule,
    Section,
    Table,
    catalog_games,
    load_all,
    load_catalog,
    load_catalog_file,
)
from .errors import CatalogError, InvalidInput, TombspecError
from .rulebooks import find_quote, normalise, rulebook_text, rulebooks_dir

__all__ = [
    "AMBIGUITY_KINDS", "RULE_KINDS", "Ambiguity", "Catalog", "CatalogError", "Component",
    "InvalidInput", "Reading", "Rule", "Section", "Table", "TombspecError", "catalog_games",
    "find_quote", "load_all", "load_catalog", "load_catalog_file", "normalise", "rulebook_text",
    "rulebooks_dir",
]
