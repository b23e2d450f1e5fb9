"""The Weird West reference (``narrator rules weird-west TOPIC``, ``docs/weird-west.md``):
weapons, every rules number with its source, rulings W1-W20 and WN1-WN29, tactics profiles and
dice purposes, all read from ``data/``.

May import: narrator.reference (its Section and Reference shapes), narrator.rulesets.weird_west.
"""

from __future__ import annotations

from narrator.reference import Reference, Section, _num, _profiles, _text, _words
from narrator.reference import cite as _cite
from narrator.rulesets.weird_west import tables, tactics
from narrator.rulesets.weird_west.ruleset import WeirdWest
from narrator.rulesets.weird_west.rolls import PURPOSES

SOURCE = ("004", "a Weird West combat chapter in the style of Deadlands Classic: action cards, "
          "Quickness, Pace, TNs and range increments, hit locations, cover, called shots, "
          "aiming, fanning, two guns, vamoosing")


CITATIONS = WeirdWest.citations


def cite(source: str) -> str:
    """A data file's ``source`` for readers: "ruled: W15" -> "ruling W15"."""
    return _cite(source, CITATIONS)


def _cell(v: object) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list):
        return ", ".join(_cell(x) for x in v)
    if isinstance(v, dict):
        return "; ".join(f"{_words(k)} {_cell(x)}" for k, x in v.items())
    return _num(v)


def _as_written(v: object) -> str:
    """A value as a scenario writes it: ``true``, ``-4``, ``[3, 4]``."""
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, list):
        return "[" + ", ".join(str(x) for x in v) + "]"
    return _num(v)


def _bounds(section: str, key: str, value: object) -> str:
    """What a house rule may set a number to, in words (``scenario._number_type``)."""
    from narrator.rulesets.weird_west import scenario as S
    if (section, key) in S.DIE_KEYS:
        return "d" + ", d".join(str(d) for d in S.DIE_KEYS[section, key])
    if isinstance(value, bool):
        return "true, false"
    if isinstance(value, list):
        return "[n, d]: n 0-16, d 1-16"
    low = 1 if (section, key) in S.AT_LEAST_ONE else -20 if value < 0 or (
        section, key) in S.SIGNED else 0
    high = S.AT_MOST.get((section, key), 0 if value < 0 else 20)
    return f"{low} to {high}"


def house_rules_rows() -> list[list[str]]:
    """One row a house-rule key: the key as a scenario writes it, the book's value, what it
    may be; the rules' numbers first (``rules.toml`` order), then the weapon fields."""
    from narrator.rulesets.weird_west import scenario as S
    rows = []
    for section, keys in S.overridable().items():
        for key, value in keys.items():
            if isinstance(value, dict):
                rows += [[f"{section}.{key}.{k}", _as_written(x), _bounds(section, key, x)]
                         for k, x in value.items()]
            else:
                rows.append([f"{section}.{key}", _as_written(value),
                             _bounds(section, key, value)])
    rows += [["weapons.TYPE.range", "the row's", "1 to 1000 yards"],
             ["weapons.TYPE.rof", "the row's", "1 to 10"],
             ["weapons.TYPE.shots", "the row's", "1 to 100"],
             ["weapons.TYPE.damage", "the row's", "NdM (3d6)"],
             ["weapons.TYPE.defense", "the row's", "0 to 10"],
             ["weapons.TYPE.action", "the row's", "single, double, lever, ..."]]
    return rows


def house_rules_section() -> Section:
    return Section(
        "house-rules", "House rules (house_rules:)", ["house rule", "the book", "may be"],
        house_rules_rows(), "ruled: W15 (a scenario may change any number of the rules and any "
        "weapon)",
        note="Every number of the rules above (each with its source in its own table) and "
             "every weapon field may be changed for one fight by the scenario's `house_rules:`, "
             "section by section: `house_rules: {aiming: {max: 4}, shootin: {light: {dim: -1}}, "
             "weapons: {colt_peacemaker: {range: 12, damage: 2d8}}}`. The write-up lists each "
             "one in force with the book's value, and the fight hash in its footer changes "
             "with them. `narrator run --profile tables` ignores them. Left out: what gives "
             "the rules their shape (the trait dice, the deck, the d20 location table, the "
             "die steps, the wound levels). `options: {melee_must_exceed: true}` is the same "
             "as `house_rules: {fightin: {must_exceed: true}}`.", group="house-rules")


def reference() -> Reference:
    """The whole Weird West reference, in the order ``docs/weird-west.md`` shows it."""
    data = tables._data("rulings.toml")
    ref = Reference("weird-west", _text(data["principle"]))
    rows = []
    for t in tables.weapon_types():
        w = tables.weapons()[t]
        dmg = "by range (W14)" if w.is_shotgun else (
            ("Str" + (f"+{w.dice}d{w.die}" if w.dice else "")) if w.strength
            else f"{w.dice}d{w.die}")
        rows.append([w.type, w.concentration, str(w.range) if w.range else "-",
                     str(w.rof) if w.is_gun else "-", str(w.shots) if w.is_gun else "-", dmg,
                     f"+{w.defense}" if w.defense else "-", ", ".join(w.aliases) or "-"])
    ref.sections.append(Section(
        "weapons", "Weapons",
        ["type", "rolled with", "range", "rof", "shots", "damage", "defence", "also called"],
        rows, cite("004 l.61, l.84, l.95; ruled: W12, W14, W15; ruled: WN7, WN9"),
        note="range: the range increment in yards (+1 to the TN for each full one). rof: shots "
             "an action. Str: the wielder's Strength dice. A scenario may change any field of a "
             "weapon it carries (`damage: 3d6`, `range: 12`, ...). Only a single-action revolver (the "
             "Colt Peacemaker, the Colt Army) can be fanned.", group="weapons"))
    for key, sec in tables.rules().items():
        rows = [[_words(k), _cell(v)] for k, v in sec.items() if k != "source"]
        ref.sections.append(Section(key.replace("_", "-"), _words(key).capitalize(),
                                    ["number", "value"], rows, cite(sec["source"]), group="tables"))
    ref.sections.append(house_rules_section())
    ref.sections.append(Section(
        "rulings", "Rulings", ["id", "ruling"],
        [[r["id"], f"{r['title']}. {_text(r['text'])} (Settles: {r['settles']}.)"]
         for r in data["ruling"]], group="rulings"))
    ref.sections.append(Section(
        "tactics", "Tactics profiles (tactics:)", ["profile", "what he does"],
        _profiles(tactics.__doc__), "",
        note="A character with a profile plays each card he has no declared action for as his "
             "profile decides; a declared action always wins. Without a profile an undeclared "
             "card is held.", group="tactics"))
    ref.sections.append(Section(
        "dice", "Dice purposes", ["purpose", "who rolls, and what for"],
        [[p, data["dice"][p]] for p in PURPOSES], group="dice",
        note="Scripted dice are given under `dice:`, by character and purpose: "
             "`dice: {Quaid: {cards: [AS, 10H], quickness: [6, 4, 3], shootin: [8, 2]}}`. Each "
             "value is used once, in order; an acing die takes the next value as its reroll."))
    return ref
