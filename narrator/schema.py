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
    ("Scenario", "house_rules"): "Named house-rule options, all off by default (the tables).",
    ("Scenario", "night"): "A fight at night: -4 on every shot, movement halved, targets "
                           "beyond OBS yards unseen unless lit (ruling B17).",
    ("Scenario", "map"): "Landmarks by key: destinations (move: {to: KEY}) that may give cover. "
                         "Positions are [x, y] in yards.",
    ("Scenario", "sides"): "Side name -> its characters; at least two sides.",
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
    ("Scenario", "groups"): "Groups by key: morale rating, leader, what a rout does.",
    ("Character", "name"): "Full name, as the write-up gives it the first time.",
    ("Character", "short"): "Short name used in the prose and accepted everywhere a name is.",
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
    ("WeaponSpec", "name"): "A name for the write-up (\"Schofield\").",
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


if __name__ == "__main__":  # python -m narrator.schema --write
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m narrator.schema --write")
    for rs in registry.names():
        path = packaged_schema(rs)
        path.parent.mkdir(exist_ok=True)
        path.write_text(schema_text(rs), encoding="utf-8")
        print(path)
