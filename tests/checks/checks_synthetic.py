"""Small synthetic catalogs for the detector tests: build typed catalog objects directly."""

from __future__ import annotations

from typing import Any

from tombspec.spec.catalog import Ambiguity, Catalog, Component, Reading, Rule, Section, Table

GAME = "syn"


def rule(name: str, quote: str, *, kind: str = "transition", title: str | None = None, section: str = "rules",
         summarises: tuple[str, ...] = (), line: int | None = None, same_as: str | None = None) -> Rule:
    return Rule(f"{GAME}.{section}.{name}", GAME, title or quote[:60], section, kind, quote,
                summarises=summarises, same_as=same_as, line=line)


def table(name: str, columns: tuple[str, ...], rows: list[tuple[Any, ...]], *, title: str = "A chart",
          quote: str = "a chart", section: str = "rules") -> Table:
    return Table(f"{GAME}.{section}.{name}", GAME, title, section, quote, columns, tuple(rows))


def component(name: str, kind: str, shown: str, quote: str, **attributes: Any) -> Component:
    return Component(f"{GAME}.component.{name}", GAME, kind, shown, "rules", quote, (), attributes)


def catalog(rules: list[Rule] = (), tables: list[Table] = (), components: list[Component] = (),
            ambiguities: list[Ambiguity] = (), sections: list[tuple[str, str]] = (("rules", "Rules"),),
            game: str = GAME) -> Catalog:
    return Catalog(game, "Synthetic", "no-such-rulebook-synthetic.txt", "<test>",
                   tuple(Section(i, t) for i, t in sections), tuple(rules), tuple(tables), tuple(components),
                   tuple(ambiguities))


def ambiguity(name: str, rules: tuple[str, ...]) -> Ambiguity:
    return Ambiguity(f"{GAME}.ambiguity.{name}", GAME, "A question", "ambiguity", rules, "Which?",
                     (Reading("one", "the one"), Reading("other", "the other")), "one")
