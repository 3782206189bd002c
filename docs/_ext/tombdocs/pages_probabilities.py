"""Probability tables and charts, computed exactly (``fractions.Fraction``) from ``tombspec.model.dice``."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tombspec.model.egypt import dice as egypt_dice
from tombspec.model.raiders import dice as raiders_dice
from tombspec.model.secrets import dice as secrets_dice
from tombspec.model.tomb import dice as tomb_dice

from tombspec.checks.games.egypt import probability as egypt_probability
from tombspec.checks.games.raiders import probability as raiders_probability
from tombspec.checks.games.secrets import probability as secrets_probability
from tombspec.checks.games.tomb import probability as tomb_probability

from . import md, plot
from .facts import Facts

IMG = "img"
SECRETS_POOLS = range(1, 16)
SECRETS_DIFFICULTIES = range(1, 7)
TOMB_TARGETS = range(1, 8)
PENNIES = range(1, 7)
AUDACITY = range(0, 3)
TOMB_COLOURS_MPL = {"green": "#2e8b57", "blue": "#1f5fbf", "red": "#c0392b"}


def _img(name: str, alt: str) -> str:
    return f"```{{image}} {IMG}/{name}\n:alt: {alt}\n:width: 100%\n```\n"


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def _pf(p: Fraction) -> str:
    """Exact fraction and percentage."""
    return f"{_frac(p)} ({md.percent(p)})" if 0 < p < 1 else _frac(p)


# --------------------------------------------------------------------------------------------------
# Secrets of the Lost Tomb


def secrets(facts: Facts, files: dict[str, Any]) -> str:
    tables = {}
    for widened in (False, True):
        table = secrets_probability.check_table(SECRETS_POOLS, SECRETS_DIFFICULTIES, widened=widened)
        tables[widened] = [[table[n][d] for d in SECRETS_DIFFICULTIES] for n in SECRETS_POOLS]
    fig, axes = plot.figure(1, 2, figsize=(10, 3.8), sharey=True)
    for ax, widened in zip(axes, (False, True)):
        for j, d in enumerate(SECRETS_DIFFICULTIES):
            ax.plot(list(SECRETS_POOLS), [float(row[j]) for row in tables[widened]], marker="o", ms=3,
                    label=f"difficulty {d}")
        ax.set_title("successes on 4, 5, 6 (Audacity spent)" if widened else "successes on 5, 6")
        ax.set_xlabel("dice in the pool")
        ax.set_xticks(list(SECRETS_POOLS))
    axes[0].set_ylabel("chance to pass")
    axes[1].legend(loc="lower right", fontsize=8)
    files[f"{IMG}/secrets-dice-check.png"] = plot.png(fig)

    def table(widened: bool) -> str:
        return md.table(["pool", *(f"({d})" for d in SECRETS_DIFFICULTIES)],
                        [[str(n), *(md.percent(p) for p in row)] for n, row in zip(SECRETS_POOLS, tables[widened])],
                        raw=True, classes="tomb-numbers")

    return (
        "## Secrets of the Lost Tomb: dice checks\n\n"
        f"A dice check rolls a pool of dice and passes when the successes are at least its difficulty "
        f"({md.ref('secrets.dice.success-condition')}); 5s and 6s are successes "
        f"({md.ref('secrets.dice.important-numbers')}). Spending 1 Audacity before the roll counts 4s, 5s and "
        f"6s ({md.ref('secrets.dice.audacity-before-roll')}). Each die shows 1 to 6, each on two of its twelve "
        f"sides, so a die succeeds with probability {_frac(secrets_dice.SECRETS_SUCCESS)}, or "
        f"{_frac(secrets_dice.SECRETS_SUCCESS_WIDENED)} with Audacity. Computed by "
        f"{md.pyref('tombspec.model.secrets.dice.secrets_check')} (through "
        f"{md.pyref('tombspec.checks.games.secrets.probability.check_table')}) for pools of 1 to 15 dice and "
        "difficulties 1 to 6.\n\n"
        + _img("secrets-dice-check.png", "Chance to pass a Secrets dice check by pool size and difficulty")
        + "\n### Without Audacity\n\n" + table(False)
        + "\n### With Audacity spent before the roll\n\n" + table(True)
    )


# --------------------------------------------------------------------------------------------------
# Tomb and Tomb: Cryptmaster


def _pool_name(pool: dict[str, int]) -> str:
    return " + ".join(f"{k} {c}" for c, k in pool.items() if k) or "no dice rolled"


def tomb(facts: Facts, files: dict[str, Any]) -> str:
    fig, axes = plot.figure(1, 3, figsize=(11, 3.5), sharey=True)
    sizes = range(1, 8)
    for ax, tn in zip(axes, (1, 2, 3)):
        for colour in tomb_dice.TOMB_COLOURS:
            ax.plot(list(sizes), [float(tomb_dice.tomb_roll({colour: n}, tn)) for n in sizes], marker="o", ms=3,
                    color=TOMB_COLOURS_MPL[colour], label=colour)
        ax.set_title(f"Target Number {tn}")
        ax.set_xlabel("dice of one colour")
    axes[0].set_ylabel("chance of at least TN successes")
    axes[2].legend(loc="lower right")
    files[f"{IMG}/tomb-dice.png"] = plot.png(fig)

    table = tomb_probability.target_table(TOMB_TARGETS)
    rows = [[name, *(md.percent(row[tn]) for tn in TOMB_TARGETS)] for name, row in table.items()]
    mixed = {"green": 1, "blue": 1, "red": 1}
    shift_rows = []
    for steps in (-2, -1, 0, 1, 2):
        shifted, auto_s, auto_f = tomb_dice.tomb_shift(mixed, steps)
        label = {0: "as rolled"}.get(steps, f"{'raised' if steps > 0 else 'lowered'} {abs(steps)}")
        shift_rows.append([label, _pool_name(shifted)
                           + (f", {auto_s} automatic success{'es' if auto_s > 1 else ''}" if auto_s else "")
                           + (f", {auto_f} automatic failure{'s' if auto_f > 1 else ''}" if auto_f else ""),
                           *(md.percent(tomb_dice.tomb_roll(mixed, tn, steps)) for tn in (1, 2, 3))])
    return (
        "## Tomb and Tomb: Cryptmaster: tomb dice\n\n"
        f"Tomb dice are ten-sided: green shows the axe (a success) on 3 faces, blue on 5, red on 7 "
        f"({md.ref('tomb.dice.success-chances')}, {md.ref('tomb.dice.axe-is-success')}). A roll succeeds "
        f"with at least its Target Number of axes ({md.ref('tomb.dice.target-number')}). Computed by "
        f"{md.pyref('tombspec.model.tomb.dice.tomb_roll')}; *Tomb: Cryptmaster* uses the same dice.\n\n"
        + _img("tomb-dice.png", "Chance of at least TN successes for green, blue and red tomb dice")
        + f"\n### Pools against Target Numbers 1 to {max(TOMB_TARGETS)}\n\n"
        f"Pools of one colour and a few mixes ({md.pyref('tombspec.checks.games.tomb.probability.target_table')}; "
        "\"2g+1b+3r\" is two green, one blue and three red dice):\n\n"
        + md.table(["pool", *(f"TN {tn}" for tn in TOMB_TARGETS)], rows, raw=True, classes="tomb-numbers")
        + "\n### Raising and lowering the dice type\n\n"
        f"Raising turns green into blue and blue into red, and red dice become automatic successes "
        f"({md.ref('tomb.dice.raise-type')}, {md.ref('tomb.dice.raise-red-automatic-success')}); lowering "
        f"goes the other way, and green dice become automatic failures "
        f"({md.ref('tomb.dice.lower-type')}, {md.ref('tomb.dice.lower-green-automatic-failure')}). "
        f"For a pool of one die of each colour ({md.pyref('tombspec.model.tomb.dice.tomb_shift')}):\n\n"
        + md.table(["dice type", "pool rolled", "TN 1", "TN 2", "TN 3"], shift_rows, raw=True)
    )


# --------------------------------------------------------------------------------------------------
# Raiders of the Lost Tomb


def raiders(facts: Facts, files: dict[str, Any]) -> str:
    counts = range(0, 7)
    heads_rows = [[str(n), *(_frac(dict(raiders_dice.pennies(n)).get(k, Fraction(0))) if k <= n else "" for k in counts)]
                  for n in PENNIES]
    shown_rows = []
    for n in PENNIES:
        chances = raiders_probability.number_chances(n)
        shown_rows.append([str(n), *(_frac(chances[k]) if k in chances else "" for k in counts)])
    readings = ("either-number", "heads-only")
    passing = {r: {(n, a): raiders_probability.five_or_six(n, a, either_number=r == "either-number")
                   for n in PENNIES for a in AUDACITY} for r in readings}
    pass_rows = [[str(n), *(_pf(passing[r][(n, a)]) for r in readings for a in AUDACITY)] for n in PENNIES]

    fig, axes = plot.figure(1, 2, figsize=(10, 3.6), sharey=True)
    width = 0.27
    for ax, r in zip(axes, readings):
        for i, a in enumerate(AUDACITY):
            ax.bar([n + (i - 1) * width for n in PENNIES], [float(passing[r][(n, a)]) for n in PENNIES],
                   width=width, label=f"{a} Audacity spent")
        ax.set_title(f"reading {r}")
        ax.set_xlabel("pennies held")
        ax.set_xticks(list(PENNIES))
    axes[0].set_ylabel("chance of a 5 or 6")
    axes[0].legend(loc="upper left", fontsize=8)
    files[f"{IMG}/raiders-five-or-six.png"] = plot.png(fig)

    fig, ax = plot.figure(figsize=(8, 3.4))
    for n in PENNIES:
        ax.plot(list(range(n + 1)), [float(p) for _, p in raiders_dice.pennies(n)], marker="o", ms=3, label=f"{n} penn{'y' if n == 1 else 'ies'}")
    ax.set_xlabel("Heads")
    ax.set_ylabel("chance")
    ax.legend(fontsize=8)
    files[f"{IMG}/raiders-pennies.png"] = plot.png(fig)

    return (
        "## Raiders of the Lost Tomb: pennies\n\n"
        f"A Raider rolls their pennies and counts the Heads and the Tails ({md.ref('raiders.move.roll')}); each "
        f"penny is fair. Computed by {md.pyref('tombspec.model.raiders.dice.pennies')}.\n\n"
        + _img("raiders-pennies.png", "Distribution of the number of Heads for 1 to 6 pennies")
        + "\n### The number of Heads\n\n"
        + md.table(["pennies", *(f"{k} Heads" for k in counts)], heads_rows, raw=True, classes="tomb-numbers")
        + "\n### Each number shown (as Heads or as Tails)\n\n"
        "A Move matches a space's number with the Heads or the Tails (" + md.ref("raiders.move.number-match")
        + "), so the chance that a roll *shows* a number counts both ("
        + md.pyref("tombspec.checks.games.raiders.probability.number_chances") + "):\n\n"
        + md.table(["pennies", *(f"shows {k}" for k in counts)], shown_rows, raw=True, classes="tomb-numbers")
        + "\n### Passing an Encounter: a 5 or 6\n\n"
        f"To pass an Encounter a Raider must roll a 5 or 6 ({md.ref('raiders.encounter.pass-on-five-or-six')}); "
        f"each Audacity discarded alters the roll by 1 ({md.ref('raiders.audacity.alter-roll')}). Whether the "
        f"Tails number counts is open ({md.ref('raiders.ambiguity.five-or-six')}); the model's default reading "
        f"is {md.code('either-number')}. Computed by "
        f"{md.pyref('tombspec.checks.games.raiders.probability.five_or_six')}, which the findings share; the finding "
        f"{md.fref('raiders.never.five-or-six-with-few-pennies')} follows from the first column.\n\n"
        + _img("raiders-five-or-six.png", "Chance to roll a 5 or 6 by pennies held and Audacity spent")
        + "\n" + md.table(["pennies", *(f"{r}, {a} Audacity" for r in readings for a in AUDACITY)], pass_rows,
                          raw=True, classes="tomb-numbers")
    )


# --------------------------------------------------------------------------------------------------
# Monsters of Egypt


def egypt(facts: Facts, files: dict[str, Any]) -> str:
    layout = egypt_dice.EGYPT_DEFAULT_LAYOUT
    dist = dict(egypt_dice.egypt_die(layout))
    fig, ax = plot.figure(figsize=(7, 3.2))
    ax.bar(list(egypt_dice.EGYPT_RESULTS), [float(dist.get(r, 0)) for r in egypt_dice.EGYPT_RESULTS], color="#b8860b")
    ax.set_ylabel("chance")
    ax.set_title(f"the die under the layout {layout}")
    files[f"{IMG}/egypt-die.png"] = plot.png(fig)

    rows = []
    for name in egypt_dice.EGYPT_LAYOUTS:
        d = egypt_probability.die_table(name)
        rows.append([md.code(name) + (" (default)" if name == layout else ""),
                     *(_pf(d[r]) if r in d else "0" for r in egypt_dice.EGYPT_RESULTS)])
    text = (
        "## Monsters of Egypt: the die\n\n"
        f"Combat rolls the one die and applies its result ({md.ref('egypt.combat.roll')}): Attack, Melee, "
        "Melee/Ranged, 2 or 3. The rulebook names five results for six faces and never says which is printed "
        f"twice ({md.ref('egypt.ambiguity.die-faces')}). {md.pyref('tombspec.model.egypt.dice.egypt_die')} takes a "
        f"face layout; {md.pyref('tombspec.model.egypt.dice.EGYPT_DEFAULT_LAYOUT')} is {md.code(layout)}.\n\n"
    )
    cat = facts.catalogs.get("egypt")
    if cat is not None and "egypt.ambiguity.die-faces" in cat:
        amb = cat.ambiguity("egypt.ambiguity.die-faces")
        readings = {r.id for r in amb.readings}
        if amb.default != layout:
            text += (f"Note: the catalog's default reading of that question is {md.code(amb.default)}, not "
                     f"{md.code(layout)}; ")
        unknown = [n for n in egypt_dice.EGYPT_LAYOUTS if n not in readings]
        if unknown:
            text += ("the layouts " + ", ".join(md.code(n) for n in unknown) + " are not readings the catalog "
                     "lists; ")
        if amb.default != layout or unknown:
            text += "the two disagree, and the table shows what the dice module computes.\n\n"
    return (text + _img("egypt-die.png", "The Egypt die's results under the default layout")
            + "\n" + md.table(["layout", *egypt_dice.EGYPT_RESULTS], rows, raw=True, classes="tomb-numbers"))


def pages(facts: Facts) -> dict[str, Any]:
    files: dict[str, Any] = {}
    body = "\n".join(section(facts, files) for section in (secrets, tomb, raiders, egypt))
    head = ("# Probabilities\n\n"
            "The chances the rules depend on, computed exactly with fractions from "
            f"each game's dice module ({md.pyref('tombspec.model.dice', short=False)} and {md.code('tombspec.model.<game>.dice')}: the same distributions the models use at their "
            "chance points) when the documentation is built, through "
            f"{md.pyref('tombspec.checks.games', short=False)}, which {md.code('tombspec prob GAME')} and the "
            "findings use too. Tables show percentages rounded to one decimal where the exact fractions would be "
            "unreadable (0 and 100% are exact; <0.1% and >99.9% are not quite); the functions named (or the "
            "command) give them exactly.\n\n"
            "```{doctest}\n>>> from tombspec.model.secrets.dice import secrets_check\n"
            ">>> from tombspec.model.tomb.dice import tomb_roll\n"
            ">>> secrets_check(4, 2)            # 4 dice, difficulty 2\nFraction(11, 27)\n"
            ">>> tomb_roll({\"red\": 2}, 2)       # two red dice, TN 2\nFraction(49, 100)\n```\n\n")
    files["probabilities.md"] = head + body
    return files
