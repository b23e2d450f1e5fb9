"""The rules reference: every table, weapon, house rule, ruling, tactics profile and dice purpose
of a ruleset, read from its data files, as plain sections that ``narrator rules`` prints as rich
tables and ``python -m narrator.reference --write docs`` writes as Markdown (``docs/``).

Nothing here is typed in twice: the numbers come from the rulesets' TOML data files
(``narrator/rulesets/*/data/``), the rulings and house-rule texts from their ``rulings.toml``,
the tactics profiles from the tactics modules' docstrings. Every section carries its source.

May import: narrator.rulesets.*, narrator.scenario (for the Violence dice purposes).
"""

from __future__ import annotations

import re
import sys
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

RULESETS = ("boothill", "violence")
TITLES = {"boothill": "Boot Hill", "violence": "Violence"}

SOURCES = {
    "000": "the Boot Hill gunfight chapter (3rd edition): combat and shootout turns, Tables 1-14",
    "001": "fragments of the same Boot Hill chapter, which clarify and complete it",
    "003": "the Violence rules: a minimal d20 gunfight ruleset",
}
"""The rule texts the sources name, by number (``000 l.39`` = line 39 of text 000)."""

_RENAME = (
    (re.compile(r"000_f05c5ef385f1db5a\.txt"), "000"),
    (re.compile(r"001_415c40fca5e431da\.txt"), "001"),
    (re.compile(r"003_32799f579e8f48cd\.txt"), "003"),
    (re.compile(r"errata Violence"), "narrator's Violence rulings"),
    (re.compile(r"errata (B\d+)"), r"ruling \1"),
    (re.compile(r"errata \"Attributes\""), "ruling on attributes"),
)


def cite(source: str) -> str:
    """A data file's ``source`` as a reader of narrator's docs can follow it: the rule texts by
    number (000, 001, 003, see ``SOURCES``), rulings by their id in this reference."""
    for pattern, repl in _RENAME:
        source = pattern.sub(repl, source)
    return source


@dataclass
class Section:
    """One table of the reference.

    Attributes:
        key: the topic name it is looked up by (``weapons``, ``misfires``).
        title: its heading.
        columns: column headings.
        rows: one list of cell texts per row, as long as ``columns``.
        source: where its numbers come from (already ``cite``d).
        note: a paragraph shown before the table ("" for none).
        group: the topic it belongs to (``tables`` for every rules table).
    """

    key: str
    title: str
    columns: list[str]
    rows: list[list[str]]
    source: str = ""
    note: str = ""
    group: str = ""


@dataclass
class Reference:
    """A ruleset's whole reference: a principle paragraph and its sections, in order."""

    ruleset: str
    principle: str
    sections: list[Section] = field(default_factory=list)

    def topics(self) -> dict[str, str]:
        """Topic name -> what it shows: the groups first, then every section by its own key."""
        out: dict[str, str] = {}
        for s in self.sections:
            if s.group and s.group not in out:
                out[s.group] = TOPIC_HELP.get(s.group, s.group)
        for s in self.sections:
            out.setdefault(s.key, s.title)
        return out

    def select(self, topic: str) -> list[Section]:
        """The sections of a topic (a group or one section's key); [] when there is none."""
        return [s for s in self.sections if topic in (s.group, s.key)]


TOPIC_HELP = {
    "weapons": "every weapon: ranges, reload, speed, skill, capacity",
    "tables": "every rules table, with its source",
    "house-rules": "the named house-rule options and the GM rulings a scenario may give",
    "rulings": "how narrator reads the rules where the texts disagree or are silent",
    "tactics": "the tactics profiles that decide undeclared intents",
    "dice": "the dice purposes a scenario may script, and who rolls them",
}


@cache
def _toml(package: str, name: str) -> dict:
    text = resources.files(package).joinpath("data").joinpath(name).read_text("utf-8")
    return tomllib.loads(text)


def _text(s: str) -> str:
    return " ".join(s.split())


def _profiles(doc: str | None) -> list[list[str]]:
    """``* ``name``: text`` bullets of a tactics module's docstring as [name, text] rows."""
    rows = []
    for m in re.finditer(r"^\* ``(\w+)``: (.*?)(?=^\*|^\S|\Z)", doc or "", re.M | re.S):
        rows.append([m.group(1), _text(m.group(2)).replace("``", "")])
    return rows


def _num(v: object) -> str:
    if isinstance(v, float):
        return f"{v:g}" if v >= 1 else ("1 foot" if abs(v - 1 / 3) < 1e-9 else f"{v:g}")
    return str(v)


def _signed(v: int) -> str:
    """A modifier with its sign: +4, -2, 0."""
    return f"{v:+d}" if v else "0"


def _words(key: str) -> str:
    return key.replace("_", " ")


def _rulings(rulings: dict) -> list[Section]:
    out = [Section("rulings", "Rulings", ["id", "ruling"],
                   [[r["id"], f"{r['title']}. {_text(r['text'])} (Settles: {r['settles']}.)"]
                    for r in rulings["ruling"]], group="rulings")]
    return out


def _dice(rulings: dict, purposes: tuple[str, ...], example: str) -> Section:
    missing = set(purposes) ^ set(rulings["dice"])
    if missing:  # pragma: no cover - caught by the reference test
        raise AssertionError(f"dice purposes and rulings.toml [dice] differ: {sorted(missing)}")
    return Section("dice", "Dice purposes", ["purpose", "who rolls, and what for"],
                   [[p, rulings["dice"][p]] for p in purposes], group="dice",
                   note="Scripted dice are given under `dice:`, by character (or side) and "
                        f"purpose: `{example}`. Each value "
                        "is used once, in order, for the next roll of that purpose; the rest "
                        "are rolled from the seed.")


def boothill() -> Reference:
    """The Boot Hill reference: weapons (Table 14), Tables 1-13, house rules, rulings B1-B18,
    tactics profiles and dice purposes."""
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
        cite("000_f05c5ef385f1db5a.txt Table 14; capacities errata B16; misfire rows errata B5"),
        note=(f"range: the upper bounds of short/long/extreme in yards (point blank is "
              f"{tables.point_blank_yards():g} yards or less; a pistol's hipshots and fanned "
              f"shots use at most {hs}/{hl}/{he}, ruling B1). reload: rounds per combat turn "
              f"(1/3: one every three turns; n/a: not in a fight). speed: Table 6 class. "
              f"wound: added to the severity roll. The misfires table names each weapon's row. "
              f"holds: rounds loaded when full (ruling B16). Other names a scenario may use: "
              + "; ".join(f"{w['type']}: {', '.join(w['aliases'])}"
                          for w in weapons_file["weapon"] if w["aliases"]) + "."),
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
             "thrown weapon, yards (ruling B18 i).")):
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
        note="All off by default: a scenario's `house_rules:` turns them on, and the write-up "
             "names each where it changes a roll. `narrator run --profile tables` ignores them.",
        group="house-rules"))
    ref.sections.append(Section(
        "gm-rulings", "GM rulings (rulings:)", ["ruling", "what it does"],
        [[g["name"], g["text"]] for g in rulings["gm_ruling"]], "",
        note="A ruling applies to one turn (`turn: N`) or the whole fight, with a `why:` the "
             "write-up shows: `rulings: [{turn: 1, range_band: {between: [Jake, Dutch], band: "
             "long}, why: the street is longer than it looks}]`.", group="house-rules"))
    ref.sections.extend(_rulings(rulings))
    ref.sections.append(Section(
        "tactics", "Tactics profiles (tactics:)", ["profile", "what he does"],
        _profiles(tactics.__doc__), "",
        note="A character with a profile and no declared intent for a turn gets one from his "
             "profile; a declared intent always wins. \"Badly hurt\" is wound points above "
             "half of STR.", group="tactics"))
    ref.sections.append(_dice(rulings, PURPOSES, "dice: {Dutch: {to_hit: [4], location: [16]}}"))
    return ref


def violence() -> Reference:
    """The Violence reference: weapons, the rule numbers, rulings V1-V6, tactics profiles and
    dice purposes."""
    from narrator.rulesets.violence import tables, tactics
    from narrator.scenario.violence import PURPOSES

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
             "profile; a declared intent always wins. Everyone reloads when his guns are empty.",
        group="tactics"))
    ref.sections.append(_dice(rulings, PURPOSES, "dice: {Dutch: {to_hit: [4], injury: [7]}}"))
    return ref


def reference(ruleset: str) -> Reference:
    """The reference of ``ruleset`` (one of ``RULESETS``).

    Raises:
        KeyError: an unknown ruleset.
    """
    return {"boothill": boothill, "violence": violence}[ruleset]()


def lookup(ruleset: str | None, topic: str | None) -> list[Section]:
    """The sections ``narrator rules [RULESET] [TOPIC]`` shows: with no ruleset, the rulesets
    and their topics; with no topic, the ruleset's topics; else the topic's tables.

    Raises:
        ValueError: an unknown ruleset or topic (the message names the nearest and the choices).
    """
    import difflib

    def unknown(what: str, word: str, choices: list[str]) -> ValueError:
        near = difflib.get_close_matches(word.lower(), choices, n=1, cutoff=0.6)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        return ValueError(f"no {what} {word!r}{hint} (one of: {', '.join(choices)})")

    if ruleset is None:
        return [Section("rulesets", "Rulesets", ["ruleset", "topics"],
                        [[rs, ", ".join(reference(rs).topics())] for rs in RULESETS],
                        note="narrator rules RULESET TOPIC, e.g. narrator rules boothill weapons")]
    if ruleset not in RULESETS:
        raise unknown("ruleset", ruleset, list(RULESETS))
    ref = reference(ruleset)
    if topic is None:
        return [Section("topics", f"{TITLES[ruleset]}: topics", ["topic", "what it shows"],
                        [[k, v] for k, v in ref.topics().items()],
                        note=f"narrator rules {ruleset} TOPIC")]
    sections = ref.select(topic.replace("_", "-"))
    if not sections:
        raise unknown("topic", topic, list(ref.topics()))
    return sections


def _cell(s: str) -> str:
    return s.replace("|", "\\|")


def markdown(ref: Reference) -> str:
    """The reference as one Markdown page (``docs/<ruleset>.md``)."""
    title = TITLES[ref.ruleset]
    out = [f"# {title}: rules reference", "",
           "<!-- Generated by `python -m narrator.reference --write docs` from the data files in "
           f"narrator/rulesets/{ref.ruleset}/data/; do not edit by hand. -->", "",
           ref.principle, "",
           f"The same tables at the command line: `narrator rules {ref.ruleset} TOPIC`, where "
           "TOPIC is " + ", ".join(f"`{t}`" for t in ref.topics()) + ".", "",
           "Sources: " + "; ".join(f"{k}: {v}" for k, v in SOURCES.items()
                                   if (k == "003") == (ref.ruleset == "violence")) +
           ". `l.N` is line N of the text.", ""]
    group = None
    for s in ref.sections:
        if s.group != group:
            group = s.group
            out += [f"## {group.replace('-', ' ').capitalize()}", ""]
        out += [f"### {s.title}", ""]
        if s.note:
            out += [s.note, ""]
        if s.key == "rulings":
            for rid, text in s.rows:
                out += [f"**{rid}.** {text}", ""]
            continue
        out.append("| " + " | ".join(s.columns) + " |")
        out.append("|" + "|".join("---" for _ in s.columns) + "|")
        out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in s.rows]
        out.append("")
        if s.source:
            out += [f"Source: {s.source}.", ""]
    return "\n".join(out).rstrip() + "\n"


def write_docs(folder: Path) -> list[Path]:
    """Write ``<ruleset>.md`` for every ruleset into ``folder``; returns the paths written."""
    paths = []
    for rs in RULESETS:
        path = folder / f"{rs}.md"
        path.write_text(markdown(reference(rs)), encoding="utf-8")
        paths.append(path)
    return paths


if __name__ == "__main__":  # python -m narrator.reference --write docs
    if len(sys.argv) != 3 or sys.argv[1] != "--write":
        sys.exit("usage: python -m narrator.reference --write FOLDER")
    for p in write_docs(Path(sys.argv[2])):
        print(p)


def print_sections(sections: list[Section], console) -> None:
    """Print sections as rich tables on ``console`` (a ``rich.console.Console``), the note above
    each and the source below; cells are plain text, never rich markup. The first column (a
    name a scenario uses) is never broken."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    for s in sections:
        table = Table(title=s.title, title_justify="left", box=box.SIMPLE_HEAD,
                      show_lines=s.key in ("rulings", "house-rules"), pad_edge=False,
                      collapse_padding=True, show_edge=False)
        for i, col in enumerate(s.columns):
            table.add_column(col, no_wrap=i == 0 or s.key == "weapons", overflow="fold")
        for row in s.rows:
            table.add_row(*(Text(c) for c in row))
        if s.note:
            console.print(Text(s.note))
        console.print(table)
        if s.source:
            console.print(Text(f"Source: {s.source}."))
        console.print()
