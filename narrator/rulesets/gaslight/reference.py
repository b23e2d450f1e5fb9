"""The Gaslight rules reference: guns, the rule numbers, rulings G1-G18 and narrator's readings
GN1-GN25, tactics profiles and dice purposes, read from the data files (``narrator rules
gaslight``).

May import: narrator.reference, narrator.rulesets.gaslight.*.
"""

from __future__ import annotations

from narrator.reference import Reference, Section, _dice, _num, _profiles, _rulings, _text, _toml
from narrator.reference import cite as _cite
from narrator.rulesets.gaslight.ruleset import Gaslight


def cite(source: str) -> str:
    """A data file's ``source`` for readers (``narrator.reference.cite`` with Gaslight's own)."""
    return _cite(source, Gaslight.citations)


def _cell(v: object) -> str:
    if isinstance(v, dict):
        return ", ".join(f"{k.replace('_', ' ')} {_cell(x)}" for k, x in v.items()
                         if k != "source")
    if isinstance(v, list):
        return "; ".join(_cell(x) for x in v) or "-"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, str):
        return v or "-"
    return _num(v)


def reference() -> Reference:
    """The Gaslight reference: guns, every section of ``rules.toml``, the rulings, tactics
    profiles and dice purposes."""
    from narrator.rulesets.gaslight import tactics
    from narrator.rulesets.gaslight.tables import PURPOSES, rules
    from narrator.rulesets.gaslight.weapons import make_gun, weapon_types

    pkg = "narrator.rulesets.gaslight"
    rulings = _toml(pkg, "rulings.toml")
    ref = Reference("gaslight", _text(rulings["principle"]))

    class _Spec:
        def __init__(self, t: str) -> None:
            self.type = t

    rows = []
    for t, row in weapon_types().items():
        g = make_gun(_Spec(t))
        rows.append([t, g.klass.replace("_", " "), g.form.replace("_", " "), g.calibre,
                     g.damage, str(g.capacity), f"{g.increment} ft", f"{g.fast_draw:+d}",
                     g.recoil.replace("_", " "), ", ".join(row.get("aliases", ())) or "-"])
    ref.sections.append(Section(
        "weapons", "Guns", ["type", "class", "form", "calibre", "damage", "holds", "increment",
                            "fast draw", "recoil row", "also called"], rows,
        "002 l.14-22, l.111-119, l.137-343; narrator's Gaslight ruling G9",
        note="Every field may be overridden in a scenario (class, form, calibre, cartridge, "
             "barrel, capacity, barrels, single_action); powder (black or smokeless), old, "
             "familiar, carried and hand describe the gun in hand. The period guns: "
             + "; ".join(f"{t}: {cite(r['source'])}" for t, r in weapon_types().items()) + ".",
        group="weapons"))
    for key, sec in rules().items():
        if key == "mode":
            rows = [[m, _cell({k: v for k, v in s.items() if k != "source"}), cite(s["source"])]
                    for m, s in sec.items()]
            ref.sections.append(Section("modes", "Firing modes", ["mode", "numbers", "source"],
                                        rows, "002 l.38-72, l.406-469", group="tables"))
            continue
        if key == "quick_draw":   # the rule's numbers are the drawing table's column
            drawing = rules()["drawing"]
            rows = [[carry.replace("_", " "), row["action"].replace("_", " "),
                     row["quick_draw"].replace("_", " ") or "no help"]
                    for carry, row in drawing.items() if isinstance(row, dict)]
            ref.sections.append(Section(
                "quick-draw", "Quick draw", ["carried", "draw", "with Quick Draw made"], rows,
                cite(sec["source"]) + "; the drawing table, " + cite(drawing["source"]),
                note="draw: quick, for a man with the Quick Draw skill (quick_draw: points; "
                     "without it the draw is a normal one): a d20 at or under his Adjusted "
                     "Fast Draw (DEX + quick-draw points + the gun's fast-draw adjustment); "
                     "made, the draw takes the action of the last column.",
                group="tables"))
            continue
        rows = [[k.replace("_", " "), _cell(v)] for k, v in sec.items() if k != "source"]
        ref.sections.append(Section(key.replace("_", "-"), key.replace("_", " ").capitalize(),
                                    ["entry", "value"], rows, cite(sec["source"]),
                                    group="tables"))
    ref.sections.extend(_rulings(rulings))
    ref.sections.append(Section(
        "tactics", "Tactics profiles (tactics:)", ["profile", "what he does"],
        _profiles(tactics.__doc__), "",
        note="A character with a profile and no declared intent for a round gets one from his "
             "profile; a declared intent always wins. Everyone reloads when his gun is empty.",
        group="tactics"))
    ref.sections.append(_dice(rulings, PURPOSES, "dice: {Rudd: {to_hit: [14], damage: [6]}}"))
    return ref
