"""The Violence rules reference: weapons, the rule numbers, rulings, tactics profiles and dice
purposes, read from the data files (``narrator rules violence``).

May import: narrator.reference, narrator.rulesets.violence.*.
"""

from __future__ import annotations

from narrator.reference import (Reference, Section, _dice, _num, _profiles, _rulings, _signed,
                                _text, _toml, _words)
from narrator.reference import cite as _cite


def cite(source: str) -> str:
    """A data file's ``source`` for readers (``narrator.reference.cite`` with Violence's own)."""
    from narrator import ruleset as registry

    return _cite(source, registry.get("violence").citations)


def reference() -> Reference:
    """The Violence reference: weapons, the rule numbers, rulings V1-V6, tactics profiles and
    dice purposes."""
    from narrator.rulesets.violence import tables, tactics
    from narrator.rulesets.violence.scenario import PURPOSES

    pkg = "narrator.rulesets.violence"
    rulings = _toml(pkg, "rulings.toml")
    wfile = _toml(pkg, "weapons.toml")
    ref = Reference("violence", _text(rulings["principle"]))
    rows = []
    for t in tables.weapon_types():
        w = tables.weapons()[t]
        rows.append([w.type, w.kind, str(w.capacity) if w.is_gun else "-",
                     w.calibre if w.is_gun else "-", _signed(w.melee),
                     ", ".join(w.aliases) or "-"])
    ref.sections.append(Section(
        "weapons", "Weapons", ["type", "kind", "holds", "calibre", "melee", "also called"], rows,
        cite("003 l.58-60 (capacities), l.20-22 (calibres), l.44 (melee bonuses)"),
        note="holds: rounds loaded when full. calibre: the injury roll's bonus (see calibres). "
             "melee: the bonus in a melee (a longer reach +3, a shorter weapon +2). Where the "
             "text gives no calibre, narrator's choice is: "
             + "; ".join(f"{w['type']}: {cite(w['source'])}" for w in wfile["weapon"]
                         if "not given" in w["source"]) + ".",
        group="weapons"))
    data = tables.rules()
    for key, sec in data.items():
        if key == "calibre":
            rows = [[k, _signed(v["close"]), _signed(v["medium"]), _signed(v["long"])]
                    for k, v in sec.items() if k != "source"]
            ref.sections.append(Section("calibres", "Calibre bonus to the injury roll",
                                        ["calibre", "close", "medium", "long"], rows,
                                        cite(sec["source"]), group="tables"))
            continue
        rows = [[_words(k), _num(v)] for k, v in sec.items() if k != "source"]
        ref.sections.append(Section(key.replace("_", "-"), _words(key).capitalize(),
                                    ["number", "value"], rows, cite(sec["source"]),
                                    group="tables"))
    ref.sections.append(Section(
        "house-rules", "House rules and GM rulings", ["option", "what it does"],
        [["bands", "Upper bounds of close and medium range in yards: "
                   "bands: {close: 10, medium: 50}."],
         ["range_band ruling", "Fixes the band between two characters or sides: "
                               "rulings: [{range_band: {between: [A, B], band: long}}]."]],
        "narrator's Violence rulings",
        note="Violence has no house-rule options; a scenario may change the range bands.",
        group="house-rules"))
    ref.sections.extend(_rulings(rulings))
    ref.sections.append(Section(
        "tactics", "Tactics profiles (tactics:)", ["profile", "what he does"],
        _profiles(tactics.__doc__), "",
        note="A character with a profile and no declared intent for a round gets one from his "
             "profile; a declared intent always wins. Everyone reloads when his guns are empty. "
             "A profile's melee is announced to kill (003 l.38; the loser is left Down, and the "
             "Down make the after-fight death roll), the lawman's and the coward's to subdue; a "
             "fights_to written for the man holds instead.",
        group="tactics"))
    ref.sections.append(_dice(rulings, PURPOSES, "dice: {Dutch: {to_hit: [4], injury: [7]}}"))
    return ref
