"""The JSON Schema of the scenario format, generated from the pydantic models, for an editor's
YAML support (completion, hover help, checking as you type).

``scenario_schema(ruleset)`` takes pydantic's schema of the ruleset's scenario model
(``Ruleset.scenario_model``) and adds what the models check elsewhere: the weapon types, tactics
profiles and dice purposes as enums, a description on the fields a GM writes most, and what the
ruleset adds itself (``Ruleset.schema``: house-rule texts...). The packaged copies
(``Ruleset.schema_path``, in each ruleset's ``schemas/``) are what a scenario's first line
names (``# yaml-language-server: $schema=...``); ``python -m narrator.schema --write``
regenerates them and a test checks they are current.

May import: pydantic (through the models), narrator.ruleset (the registry).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from narrator import ruleset as registry


def _ruleset_help() -> str:
    """``ruleset:``'s description: the default, then the other built-in rulesets."""
    names = [f"{registry.DEFAULT} (the default)"] + [n for n in registry.BUILT_IN
                                                     if n != registry.DEFAULT]
    return (", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]) + "."

FIELD_HELP = {
    ("Scenario", "title"): "The fight's title, the heading of the write-up.",
    ("Scenario", "ruleset"): _ruleset_help(),
    ("Scenario", "seed"): "Seed of the dice that are not scripted; omitted: a fresh seed, "
                          "printed in the footer.",
    ("Scenario", "description"): "The scene, told before the first turn.",
    ("Scenario", "house_rules"): "Named house-rule options: only the ones the fight changes; "
                                 "each left out keeps its default (see below).",
    ("Scenario", "night"): "A fight at night: -4 on every shot, movement halved, targets "
                           "beyond OBS yards unseen unless lit (ruling B17).",
    ("Scenario", "map"): "Landmarks by key: destinations (an intent's move: {to: KEY}) that may "
                         "give cover. "
                         "Positions are [x, y] in yards.",
    ("Scenario", "sides"): "Side name -> its characters; at least two sides.",
    ("Scenario", "side_names"): "Side name -> how the write-up names that side in prose, status "
                                "lines and initiative lines (\"the Lassiter boys\"); a side left "
                                "out goes by its key (\"lassiters\" with a Jim Lassiter among "
                                "its men: \"the Lassiters\").",
    ("Scenario", "turns"): "Declared turns in order, each with every character's intent.",
    ("Scenario", "max_turns"): "Fight this many turns at most; turns beyond the declared ones "
                               "are decided by the characters' tactics profiles.",
    ("Scenario", "dice"): "Scripted dice: {character or side: {purpose: [values]}}, used in "
                          "order before any seeded roll.",
    ("Scenario", "dice_fallback"): "When scripted dice run out: error (stop) or seeded (roll on).",
    ("Scenario", "rulings"): "Visible GM rulings, for one turn or the whole fight.",
    ("Scenario", "state"): "Written by narrator next: each character's condition after the last "
                           "resolved turn; edit it between turns.",
    ("Scenario", "bands"): "Upper bounds of close and medium range, yards.",
    ("Scenario", "groups"): "Groups by key: morale rating, leader, what a rout does. A group's "
                              "key may not be a side's name nor a character's (full) name.",
    ("Character", "name"): "Full name, as the write-up gives it the first time.",
    ("Character", "short"): "Short name used in the prose and accepted everywhere a name is. "
                            "Two short names a reader could mix up (one the start of the "
                            "other, or the same first letter and much alike: Caleb and Cole) "
                            "are not both used: the later man is told by his nickname or "
                            "surname (Martin).",
    ("Character", "at"): "Where he stands: [x, y] in yards.",
    ("Character", "weapons"): "Carried weapons; the first is the one he uses unless an intent "
                              "names another.",
    ("Character", "cover"): "Cover he is behind: a landmark key, or the cover itself.",
    ("Character", "tactics"): "A tactics profile that decides his intents in turns where he "
                              "declares none.",
    ("Character", "aim"): "Where he aims: vitals (shift the location roll up), limbs (down), "
                          "none.",
    ("Character", "drawn"): "His gun is already in his hand.",
    ("Character", "group"): "The group (groups:) he belongs to, for initiative and morale.",
    ("Character", "tags"): "Named traits, +2 on each kind of roll they list.",
    ("Character", "hidden"): "His enemies do not know where he is (lost when he fires).",
    ("WeaponSpec", "type"): "The weapon's type (see narrator rules RULESET weapons).",
    ("WeaponSpec", "name"): "A name for the write-up (\"Schofield\"); a leading \"the\", \"a\" or "
                            "\"his\" is dropped, as the write-up puts in its own (\"the Greener\": "
                            "\"The Greener booms\", \"reloads her Greener\").",
    ("WeaponSpec", "loaded"): "Rounds loaded at the start; default full.",
    ("WeaponSpec", "capacity"): "Rounds it holds, overriding the rules' figure.",
    ("WeaponSpec", "spare"): "Spare rounds carried; omitted: plenty.",
    ("Intent", "shoot"): "The target (a name), or a list of targets.",
    ("Intent", "shots"): "Combat turn: 1 or 2 careful shots. Shootout turn: the shot types in "
                         "order, e.g. [hip, hip, hip] (6 counts at most).",
    ("Intent", "draw"): "fast (a Fast Draw roll) or normal (3 counts).",
    ("Intent", "weapon"): "Type or name of a carried weapon; default: the first.",
    ("Intent", "move"): "Movement: a gait and a destination (a landmark key or [x, y]).",
    ("Intent", "reload"): "true, or the weapon to reload.",
    ("Intent", "other"): "Free text for the GM, shown in the write-up.",
    ("Intent", "snipe"): "One sniping shot at this target.",
    ("Intent", "suppress"): "Suppressing fire at a target or a list.",
    ("Intent", "melee"): "Fight this character hand to hand.",
    ("Intent", "redraw"): "After a failed fast draw: fast (try again) or normal; default fast.",
    ("Intent", "cock"): "Cock the gun first (Table 5: 1 count); a cocked gun's next shot, "
                        "not a fanned one, comes one count sooner.",
    ("Intent", "surprised"): "Shootout turn: he is surprised or completely surprised (Table "
                             "6 speed -2 or -4).",
    ("Intent", "aim"): "Where he aims this turn (vitals, limbs, none); default: his aim.",
    ("Intent", "hand"): "The hand he shoots with; his other hand than his handedness is -2.",
    ("Intent", "two_guns"): "Fire a pistol in each hand: -6 on both, -2 more on the off-hand "
                            "gun, speed -2.",
    ("Intent", "sniping"): "Shooting from a solid rest: +2 on the fight's first shot.",
    ("Intent", "clear_jam"): "Work at clearing a jammed gun (his action for the turn).",
    ("Intent", "pick_up"): "true, or a weapon's name: pick up a thrown weapon lying where he "
                           "stands after his move (his action for the turn).",
    ("Intent", "friendly_fire"): "The attack on a man of his own side is meant (a betrayal); "
                                 "without it check warns.",
    ("Intent", "to"): "With melee: subdue or kill (default: his fights_to).",
    ("MoveIntent", "gait"): "crawling, walking, evading, running (on foot), trotting or "
                            "galloping (mounted) (Table 3).",
    ("MoveIntent", "to"): "Where to: a landmark key or name, or [x, y] in yards; he goes as far "
                          "as the gait allows.",
    ("MoveIntent", "through"): "Doors and windows on the way, in order (Table 3: each costs "
                               "yards; a window a Coordination check).",
    ("MoveIntent", "stairs"): "Stairs climbed on the way (Table 3: one yard each).",
    ("MoveIntent", "mount"): "Get on his horse (Table 3).",
    ("MoveIntent", "dismount"): "Get off his horse (Table 3).",
    ("MoveIntent", "stand_up"): "Get up from prone (Table 3).",
    ("MoveIntent", "drop_prone"): "Drop prone: he counts as evading this turn (cannot shoot, "
                                  "-4 to be hit).",
    ("MoveIntent", "jump_down"): "A horse-size drop on the way: half the move (Table 3).",
    ("MoveIntent", "jump"): "A significant jump of this many feet (1-100): a Coordination "
                            "check halves the move or, failed, ends it; over 12 feet a Luck "
                            "check too.",
    ("MoveIntent", "terrible_footing"): "Bad ground: half the distance; faster than a walk on "
                                        "foot, a Coordination check or he falls prone.",
    ("MoveIntent", "delay"): "Combat turn, his side having the initiative: move after "
                             "everyone else.",
    ("Character", "pronoun"): "he, she or they, for the prose.",
    ("Character", "mounted"): "He starts on horseback.",
    ("Character", "prone"): "He starts lying prone.",
    ("Character", "handedness"): "right or left: the hand he shoots with.",
    ("Character", "size"): "very_large ... very_small: the target size modifier (Table 2).",
    ("Character", "lit"): "At night: he stands in light, so he can be seen at any range.",
    ("Character", "in_darkness"): "He starts in complete darkness: whoever he shoots at is "
                                  "completely surprised; he leaves it when he moves (unless "
                                  "to a dark landmark).",
    ("Character", "obscured"): "Hard to see (smoke, brush): -2 to hit him (Table 2).",
    ("Character", "notes"): "Free text for the GM; not in the write-up.",
    ("Character", "fights_to"): "What he announces in a melee unless his intent says: subdue "
                                "or kill. Left out: subdue, but a tactics profile's melee is "
                                "its own (the lawman and the coward subdue, the rest kill).",
    ("Landmark", "at"): "Where it is: [x, y] in yards.",
    ("Landmark", "name"): "How the write-up calls it (default: the key, in words).",
    ("Landmark", "cover"): "The cover it gives whoever stands there.",
    ("Landmark", "dark"): "The place lies in complete darkness: whoever stands there and "
                          "shoots leaves his targets completely surprised.",
    ("Turn", "kind"): "combat (6 seconds), shootout (1 second, six counts) or auto.",
    ("Turn", "intents"): "Each character's intent, keyed by name or short name.",
    ("Turn", "surprise"): "The side that caught the others by surprise: it acts first.",
    ("Turn", "resolved"): "Written by narrator next; do not edit.",
    ("Ruling", "turn"): "The turn it applies to; omitted: the whole fight.",
    ("Ruling", "why"): "The reason, shown in the write-up.",
}


def _clean(text: str) -> str:
    """A docstring as plain text: ``code`` -> `code`, paragraphs kept, lines joined."""
    text = text.replace("``", "`")
    # the rulings as the rules references name them, no outside file
    text = re.sub(r"\s*\bof errata\.md\b", "", text)
    text = re.sub(r"\berrata\b(?=\s+[\"A-Z])", "ruling", text)
    return "\n\n".join(" ".join(p.split()) for p in re.split(r"\n\s*\n", text.strip()))


def scenario_schema(ruleset: str = registry.DEFAULT) -> dict:
    """The JSON Schema (draft 2020-12) of a ``ruleset`` scenario, as a dict.

    Raises:
        KeyError: an unknown ruleset (``UnknownRuleset``).
    """
    rs = registry.get(ruleset)
    schema = rs.scenario_model().model_json_schema(by_alias=True)
    defs = schema.setdefault("$defs", {})
    top = {k: v for k, v in schema.items() if k != "$defs"}
    everything = {**defs, "Scenario": top}
    for name, d in everything.items():
        if "description" in d:
            d["description"] = _clean(d["description"])
        for field, prop in d.get("properties", {}).items():
            prop.pop("title", None)
            help_ = rs.field_help.get((name, field)) or FIELD_HELP.get((name, field))
            if help_ and "description" not in prop:
                prop["description"] = help_
    if "WeaponSpec" in defs:
        defs["WeaponSpec"]["properties"]["type"]["enum"] = list(rs.weapons())
    if "Character" in defs and "tactics" in defs["Character"]["properties"]:
        tactics = defs["Character"]["properties"]["tactics"]
        tactics["anyOf"] = [{"enum": list(rs.profiles())}, {"type": "null"}]
    if "dice" in top.get("properties", {}):
        inner = top["properties"]["dice"]["additionalProperties"]
        inner["propertyNames"] = {"enum": list(rs.dice_purposes())}
    rs.schema({**top, "$defs": defs})  # the same nested dicts: its edits land in both
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": f"narrator-{ruleset}-scenario", **top, "$defs": defs}
    schema["title"] = f"narrator {ruleset} scenario"
    return schema


def _type(prop: dict) -> str:
    """A JSON Schema property's type in a few words: ``integer 1-30``, ``[x, y]``,
    ``list of Turn``, ``careful | steady``, ``Intent``... (null left out: every such key may be
    omitted)."""
    if "$ref" in prop:
        return prop["$ref"].rsplit("/", 1)[1]
    if "anyOf" in prop:
        parts = [_type(p) for p in prop["anyOf"] if p.get("type") != "null"]
        return " or ".join(dict.fromkeys(parts))
    if "enum" in prop:
        return " | ".join(str(v) for v in prop["enum"])
    if "const" in prop:
        return str(prop["const"])
    kind = prop.get("type")
    if kind == "array":
        if "prefixItems" in prop:
            items = prop["prefixItems"]
            if len(items) == 2 and all(i.get("type") == "string" for i in items):
                return "[name, name]"  # two names (a range-band ruling's between)
            return "[x, y]" if len(items) == 2 else "list"
        return f"list of {_type(prop.get('items', {}))}"
    if kind == "object":
        inner = prop.get("additionalProperties")
        keys = prop.get("propertyNames", {}).get("enum")
        key = "purpose" if keys else "name"
        return f"{{{key}: {_type(inner)}}}" if isinstance(inner, dict) and inner else "mapping"
    lo, hi = prop.get("minimum", prop.get("exclusiveMinimum")), prop.get("maximum")
    if kind in ("integer", "number") and lo is not None and hi is not None and hi < 10**6:
        return f"{kind} {lo:g}..{hi:g}" if isinstance(lo, (int, float)) else kind
    return {"boolean": "true/false", "string": "text", "number": "number"}.get(kind, kind or "any")


def _default(prop: dict) -> str:
    if "default" not in prop:
        return "required"
    value = prop["default"]
    if value is None or value == [] or value == {}:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "see below"
    return str(value)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def scenario_markdown() -> str:
    """``docs/scenario.md``: every key of a scenario, both rulesets, from ``scenario_schema``
    (the pydantic models and ``FIELD_HELP``): for each part (Scenario, Character, Intent...)
    its description and a table of its keys with their type, default and meaning. A test
    checks the file is current (``python -m narrator.schema --write`` rewrites it)."""
    from narrator.scenario.models import MAP_YARDS
    out = ["# Scenario keys", "",
           "<!-- Generated by `python -m narrator.schema --write` from the scenario models; "
           "do not edit. -->", "",
           "Every key a scenario file may hold, for each ruleset, as the JSON Schema "
           "(`narrator schema`) gives them. A key without a default is required; the others "
           "may be left out. Positions and distances are in yards; every position "
           f"(`at`, a landmark's `at`, a move's `to`, a `state:` edit) lies within "
           f"{MAP_YARDS:,} yards of [0, 0] each way, and two men may share a spot, friends "
           "or enemies (a doorway: every ruleset fights at distance 0). `narrator check FILE` "
           "validates a scenario, `narrator new` writes a commented one that runs.", ""]
    for ruleset in registry.names():
        schema = scenario_schema(ruleset)
        defs = schema["$defs"]
        default = ", the default" if ruleset == registry.DEFAULT else ""
        out += [f"## {registry.get(ruleset).title} (`ruleset: {ruleset}`{default})", ""]
        parts = [("Scenario", {k: v for k, v in schema.items() if k != "$defs"})]
        seen = {"Scenario"}
        i = 0
        while i < len(parts):  # the parts in the order a reader meets them
            for prop in parts[i][1].get("properties", {}).values():
                for ref in re.findall(r'"\$ref": "#/\$defs/(\w+)"', json.dumps(prop)):
                    if ref not in seen:
                        seen.add(ref)
                        parts.append((ref, defs[ref]))
            i += 1
        for name, part in parts:
            out += [f"### {name}" if name != "Scenario" else "### The file", ""]
            if part.get("description") and name != "Scenario":
                out += [part["description"], ""]
            out += ["| key | type | default | meaning |", "|---|---|---|---|"]
            for key, prop in part.get("properties", {}).items():
                out.append(f"| `{key}` | {_cell(_type(prop))} | {_cell(_default(prop))} | "
                           f"{_cell(prop.get('description', ''))} |")
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def schema_text(ruleset: str = registry.DEFAULT) -> str:
    """``scenario_schema`` as the JSON text of its packaged copy (``packaged_schema``)."""
    return json.dumps(scenario_schema(ruleset), indent=1, sort_keys=False,
                      ensure_ascii=False) + "\n"


def packaged_schema(ruleset: str) -> Path:
    """Where the installed package keeps the schema of ``ruleset`` (a real file, in the
    ruleset's own package: ``Ruleset.schema_path``)."""
    return registry.get(ruleset).schema_path()


def modeline(ruleset: str) -> str:
    """The first line of a generated scenario: the YAML language server's pointer to the
    packaged schema (a ``file://`` URI of this installation)."""
    return f"# yaml-language-server: $schema={packaged_schema(ruleset).resolve().as_uri()}\n"


def skeleton(ruleset: str) -> str:
    """A commented starting scenario for ``ruleset`` (two sides, one character each, a landmark
    with cover, one declared turn) that runs as it is, headed by ``modeline``.

    Raises:
        KeyError: an unknown ruleset (``UnknownRuleset``).
    """
    text = registry.get(ruleset).skeleton()
    return modeline(ruleset) + text


DOCS = Path(__file__).resolve().parent.parent / "docs" / "scenario.md"


if __name__ == "__main__":  # python -m narrator.schema --write
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m narrator.schema --write")
    for rs in registry.names():
        path = packaged_schema(rs)
        path.parent.mkdir(exist_ok=True)
        path.write_text(schema_text(rs), encoding="utf-8")
        print(path)
    if DOCS.parent.is_dir():  # a source checkout: the scenario reference too
        DOCS.write_text(scenario_markdown(), encoding="utf-8")
        print(DOCS)
