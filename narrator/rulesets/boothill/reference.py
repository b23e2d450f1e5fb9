"""The Boot Hill rules reference: weapons (Table 14), Tables 1-13, house rules, rulings, tactics
profiles and dice purposes, read from the data files (``narrator rules boothill``).

May import: narrator.reference, narrator.dice, narrator.rulesets.boothill.*.
"""

from __future__ import annotations

from narrator.reference import (Reference, Section, _dice, _num, _profiles, _rulings, _signed,
                                _text, _toml, _words)
from narrator.reference import cite as _cite


def cite(source: str) -> str:
    """A data file's ``source`` for readers (``narrator.reference.cite`` with Boot Hill's own)."""
    from narrator import ruleset as registry

    return _cite(source, registry.get("boothill").citations)


def _cancellable() -> str:
    """The names a ``cancel_modifier`` ruling takes (``tables.cancellable_modifiers``), as a
    sentence for the GM rulings table."""
    from narrator.rulesets.boothill import tables

    aliases = ", ".join(f"{a} for {k}" for a, k in tables.CANCEL_ALIASES.items())
    return (" The modifier is one of: " + ", ".join(tables.cancellable_modifiers())
            + f" (also {aliases}). Table 2's 0 rows (short, size_normal) have nothing to "
            "cancel and are refused.")


def reference() -> Reference:
    """The Boot Hill reference: weapons (Table 14) and hand-to-hand weapons (B19), Tables 1-13,
    house rules, rulings B1-B19 and BN1-BN5, tactics profiles and dice purposes."""
    from narrator.dice import PURPOSES
    from narrator.rulesets.boothill import tables, tactics

    pkg = "narrator.rulesets.boothill"
    rulings = _toml(pkg, "rulings.toml")
    weapons_file = _toml(pkg, "table14_weapons.toml")
    ref = Reference("boothill", _text(rulings["principle"]))
    rows = []
    for t in tables.weapon_types():
        w = tables.weapons()[t]
        reload = "n/a" if w.reload is None else str(w.reload)
        rows.append([w.type, f"{w.short}/{w.long}/{w.extreme}", reload, w.speed,
                     _signed(w.wound_modifier), w.skill, str(w.capacity)])
    hs, hl, he = tables.hipshot_ranges()
    ref.sections.append(Section(
        "weapons", "Weapons (Table 14)",
        ["type", "range", "reload", "speed", "wound", "skill", "holds"], rows,
        cite("000_f05c5ef385f1db5a.txt Table 14; capacities ruling B16; misfire rows ruling B5"),
        note=(f"range: the upper bounds of short/long/extreme in yards (point blank is "
              f"{tables.point_blank_yards():g} yards or less; a pistol's hipshots and fanned "
              f"shots use at most {hs}/{hl}/{he}, ruling B1). reload: rounds per combat turn "
              f"(1/3: one every three turns; n/a: not in a fight). speed: Table 6 class. "
              f"wound: added to the severity roll. The misfires table names each weapon's row. "
              f"holds: rounds loaded when full (ruling B16). Other names a scenario may use: "
              + "; ".join(f"{w['type']}: {', '.join(w['aliases'])}"
                          for w in weapons_file["weapon"] if w["aliases"]) + "."),
        group="weapons"))
    hh = tables.hand_to_hand()
    mrows = []
    for t in ["fists"] + tables.melee_types():
        w = tables.fists() if t == "fists" else tables.weapons()[t]
        hurt = (f"bruise d6{_signed(w.bruise_bonus) if w.bruise_bonus else ''}"
                if w.damage == "bruise" else f"wound {_signed(w.wound_modifier)}")
        mrows.append([w.type, w.skill, hurt, "yes" if w.must_draw else "no", w.speed])
    ref.sections.append(Section(
        "hand-to-hand", "Hand-to-hand weapons (ruling B19)",
        ["type", "skill", "damage", "drawn", "speed"], mrows, cite(hh["reach"]["source"]),
        note=(f"Reach {_num(hh['reach']['yards'])} yards. A combat turn holds "
              f"{hh['timing']['combat_turn_actions']} blows or grapples; in a shootout turn a "
              f"blow takes {hh['timing']['blow_counts']} counts and a grapple (breaking free, a "
              f"throw) {hh['timing']['grapple_counts']}. Chance to hit: COO + skill; "
              f"{_signed(hh['chance']['against_held'])} against a held man, a held man "
              f"{_signed(hh['chance']['held_strikes'])} to strike, "
              f"{_signed(hh['chance']['held_breaks_free'])} to break free, "
              f"{_signed(hh['chance']['held_fires_pistol'])} to fire a pistol. Bruise: d6 plus "
              f"the weapon's bonus, {_signed(hh['bruise']['strength_bonus'])} for STR "
              f"{hh['bruise']['strength_from']} or more; a {hh['bruise']['knockdown_roll']} "
              f"knocks the man down; a throw d6 {_signed(hh['throw']['bruise_modifier'])}. "
              f"wound: a blade's modifier on the severity roll. drawn: drawn before the first "
              f"blow, as a pistol (a strike with a gun is a gun-butt blow with it). Other "
              f"names a scenario may use: "
              + "; ".join(f"{w['type']}: {', '.join(w['aliases'])}"
                          for w in hh["weapon"] if w["aliases"]) + "."),
        group="weapons"))
    combat, wounds = tables.combat(), tables.wounds()
    c = combat["chance_to_hit"]
    ref.sections.append(Section(
        "chance", "Chance to hit (Tables 1 and 4)", ["shot", "chance to hit"],
        [[k, c[k]] for k in ("careful", "steady", "hip", "fanned")], cite(c["source"]),
        note="COO/2 rounds up, COO/4 down (ruling B2). Only careful shots in a combat turn.",
        group="tables"))
    m = combat["hit_modifiers"]
    ref.sections.append(Section(
        "modifiers", "Chance-to-hit modifiers (Table 2 = Table 8)", ["modifier", "value"],
        [[_words(k), _signed(v)] for k, v in m.items() if k != "source"], cite(m["source"]),
        note="Added to the chance to hit; each wound counts (ruling B3). A walking or crawling "
             "target gives 0.", group="tables"))
    mc, ms = combat["movement_combat"], combat["movement_shootout"]
    gaits = list(mc["foot"]) + [g for g in mc["mounted"] if g not in mc["foot"]]
    ref.sections.append(Section(
        "movement", "Movement (Tables 3 and 7), yards per turn",
        ["gait", "combat on foot", "combat mounted", "shootout on foot", "shootout mounted"],
        [[g, _num(mc["foot"].get(g, "-")), _num(mc["mounted"].get(g, "-")),
          _num(ms["foot"].get(g, "-")), _num(ms["mounted"].get(g, "-"))] for g in gaits],
        cite(f"{mc['source']}; {ms['source']}"),
        note=f"Through a door -{mc['door']} yards, a window -{mc['window']} yards and a "
             f"Coordination check; mounting, dismounting, standing up, jumping down a story: "
             f"half the allowance; terrible footing halves the distance (ruling B12).",
        group="tables"))
    a = combat["shootout_actions"]
    ref.sections.append(Section(
        "counts", "Shootout actions (Table 5), counts", ["action", "counts"],
        [[_words(k), str(v)] for k, v in a.items() if k != "source"], cite(a["source"]),
        note="A shootout turn is 6 counts; an action happens on the count where it ends "
             "(ruling B13). At most one careful, two steady, three hip or six fanned shots "
             "(001 l.16).", group="tables"))
    sp = combat["speed_modifiers"]
    srows = [[_words(k), _signed(v)] for k, v in sp.items() if k not in ("source", "weapon")]
    srows += [[f"weapon {k}", _signed(v)] for k, v in sp["weapon"].items()]
    ref.sections.append(Section(
        "speed", "Speed modifiers (Table 6)", ["modifier", "speed"], srows, cite(sp["source"]),
        note="Speed is COO plus these; it orders shooters within a count (ruling B14).",
        group="tables"))
    p = wounds["pellets"]
    ref.sections.append(Section(
        "pellets", "Shotgun pellets (Table 9)", ["d6", "short", "long", "extreme"],
        [[str(i + 1), str(p["short"][i]), str(p["long"][i]), str(p["extreme"][i])]
         for i in range(6)], cite(p["source"]),
        note=f"Pellets that strike; point blank uses short. A scattergun also threatens "
             f"everyone within {p['scatter_radius']['long']} yards (long) or "
             f"{p['scatter_radius']['extreme']} yards (extreme) of the target (ruling B9).",
        group="tables"))
    mf = wounds["misfires"]
    mrows = []
    for row, bands in mf.items():
        if row == "source":
            continue
        lo, parts = 1, []
        for result, top in bands:
            parts.append(f"{lo}-{top} {result}" if lo != top else f"{lo} {result}")
            lo = top + 1
        users = [t for t in tables.weapon_types() if tables.weapons()[t].misfire == row]
        mrows.append([_words(row), ", ".join(parts), ", ".join(users) or "-"])
    ref.sections.append(Section(
        "misfires", "Misfires (Table 10)", ["row", "d20", "weapons"], mrows, cite(mf["source"]),
        note="Rolled after a natural 20 with a firearm (ruling B4). A weapon's row is in the "
             "weapons table (ruling B5).", group="tables"))
    lc = wounds["locations"]
    lrows, lo = [], 1
    for loc, top in lc["rows"]:
        lrows.append([f"{lo}-{top}" if lo != top else str(lo), _words(loc)])
        lo = top + 1
    ref.sections.append(Section(
        "locations", "Wound locations (Table 11)", ["d20", "location"], lrows, cite(lc["source"]),
        note="Shifted by the shooter's aim before the roll (ruling B6).", group="tables"))
    sv = wounds["severity"]
    ref.sections.append(Section(
        "severity", "Wound severity (Table 12)", ["modified d6", "wound"],
        [[f"{sv['scratch_max']} or less", "scratch (no wound points)"],
         [f"{sv['scratch_max'] + 1} to {sv['light_max']}", "light"],
         [f"{sv['light_max'] + 1} to {sv['serious_max']}", "serious"],
         [f"{sv['serious_max'] + 1} or more", "mortal"]], cite(sv["source"]),
        note=f"d6 {_signed(sv['chest_or_head'])} for the chest or head, "
             f"{_signed(sv['arm_or_leg'])} "
             f"for an arm or a leg, plus the weapon's wound modifier, minus light cover "
             f"(ruling B7).", group="tables"))
    lm = wounds["location_modifiers"]
    ref.sections.append(Section(
        "aim", "Wound location modifiers (Table 13)", ["shot", "short", "long", "extreme"],
        [[shot] + [("0" if n == 0 else "skill" if n == d else f"skill x {n}/{d}")
                   for n, d in (lm[shot][b] for b in ("short", "long", "extreme"))]
         for shot in ("careful", "steady", "hip", "fanned")], cite(lm["source"]),
        note="The most a shooter may shift the location roll, rounded down; point blank "
             "counts as short (ruling B6).", group="tables"))
    dy = wounds["dying"]
    ref.sections.append(Section(
        "dying", "Mortal wounds: time left", ["STR minus the Strength roll", "time left"],
        [[f"0 to {dy['turns_max']}", "one or two more turns (d6: 1-3 one, 4-6 two)"],
         [f"{dy['turns_max'] + 1} to {dy['minutes_max']}", "several minutes"],
         [f"{dy['minutes_max'] + 1} or more", "hours to days"]], cite(dy["source"]),
        note="After a failed Luck check and a made Strength check (ruling B8).", group="tables"))
    for key, title, note in (
            ("jumping", "Jumping (001)", "A significant jump is a Coordination check; above "
             "the height given, a Luck check too (ruling B18 g)."),
            ("bad_footing", "Bad footing (001)", "Gaits that call for a Coordination check on "
             "really bad footing (ruling B18 g)."),
            ("thrown_weapons", "Thrown weapons", "How near a character must come to pick up a "
             "thrown weapon, yards (ruling B18 i)."),
            ("cover", "Cover: a shooter at arm's length", "A man's cover covers nothing "
             "against a shooter at the same landmark or within these yards of him: nothing "
             "stands between them (ruling BN7).")):
        sec = combat.get(key)
        if sec:
            ref.sections.append(Section(
                key.replace("_", "-"), title, ["number", "value"],
                [[_words(k), ", ".join(v) if isinstance(v, list) else _num(v)]
                 for k, v in sec.items() if k != "source"], cite(sec["source"]), note=note,
                group="tables"))
    ref.sections.append(Section(
        "house-rules", "House-rule options (house_rules:)",
        ["option", "default", "values", "what it does"],
        [[h["name"], h["default"], h["values"], f"{_text(h['text'])} Used by the {h['needs']}."]
         for h in rulings["house_rule"]], "narrator's rulings; 000 worked examples",
        note="Each option's default (the column below) reads the rules as narrator's "
             "default profile does: the tables, and for tactics_retry ruling B18(h). A "
             "scenario's `house_rules:` sets the ones it changes, and the write-up names each "
             "where it changes a roll. `narrator run --profile tables` ignores them (every "
             "option at its default).",
        group="house-rules"))
    ref.sections.append(Section(
        "gm-rulings", "GM rulings (rulings:)", ["ruling", "what it does"],
        [[g["name"], g["text"] + (_cancellable() if g["name"] == "cancel_modifier" else "")]
         for g in rulings["gm_ruling"]], "",
        note="A ruling applies to one turn (`turn: N`) or the whole fight, with a `why:` the "
             "write-up shows: `rulings: [{turn: 1, range_band: {between: [Jake, Dutch], band: "
             "long}, why: the street is longer than it looks}]`.", group="house-rules"))
    ref.sections.extend(_rulings(rulings))
    ref.sections.append(Section(
        "tactics", "Tactics profiles (tactics:)", ["profile", "what he does"],
        _profiles(tactics.__doc__), "",
        note="A character with a profile and no declared intent for a turn gets one from his "
             "profile; a declared intent always wins. \"Badly hurt\" is wound points above "
             "half of STR. Every profile shoots first at a man within point blank range who "
             "can fire at him and is not running away, then at the men still in the fight "
             "before one who runs away or has no gun to fire; takes no shot whose chance to "
             "hit is 1 or less (a natural 1 at best) while he has a better one, closing in "
             "or holding his fire when he has none; reloads an empty gun before closing in "
             "on men out of reach; and, keeping to cover (all but aggressive), waits in it at "
             "night while it sees nobody. A man who runs away is harder to hit (Table 2): "
             "every profile counts that in when the man's own profile makes him run. A move "
             "is declared at the gait the man's wounds allow (a serious leg wound: a walk; "
             "both legs: a crawl, and no shot while crawling in a combat turn) and at a walk "
             "when his wounded run would take him no farther (ruling BN2).", group="tactics"))
    ref.sections.append(_dice(rulings, PURPOSES, "dice: {Dutch: {to_hit: [4], location: [16]}}"))
    return ref
