"""Hypothesis strategies: random but valid Boot Hill scenarios, as plain Python dicts.

A scenario is built as a dict (the shape of ``scenarios/examples/*.yaml``) and dumped with
``json`` (JSON is valid YAML) for ``narrator.scenario.load_scenario_text``. Everything drawn
stays inside what the loader documents as valid:

* 2-3 sides of 1-4 characters; attributes 3-18, skills 0-8; 1-2 Table 14 weapons each
  (pistols and rifles mostly); positions within 60 yards of each other (often bunched, so
  point blank, short range and the 20-foot shootout trigger all come up); random cover.
* 1-4 turns of kind combat, shootout or auto; each intent shoots at characters of other
  sides, with shots valid for the turn kind (combat: one or two careful shots in all;
  shootout: Table 5 shot lists of at most 6 counts, fanned only with a revolver), and may
  draw, move, reload or switch weapons.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

from narrator.rulesets.boothill import tables

SIDE_NAMES = ("Posse", "Gang", "Drifters")
ATTRS = ("str", "coo", "obs", "sta", "luck")

# Weighted weapon pool: revolvers and rifles mostly, everything else now and then.
PISTOLS = ("single_action_revolver", "double_action_revolver", "fast_draw_revolver",
           "long_barrel_revolver", "cap_and_ball_revolver", "derringer")
RIFLES = ("lever_action_rifle", "lever_action_carbine", "shotgun", "scattergun",
          "breech_loading_rifle", "buffalo_rifle", "revolving_cylinder_rifle")
ODD = ("smoothbore_pistol", "muzzle_loading_rifle", "smoothbore_musket", "bow",
       "thrown_knife", "gatling_gun", "indian_trade_musket")
LOCATION_CHOICES = ("left_leg", "right_leg", "left_arm", "right_arm", "left_shoulder",
                    "right_shoulder", "abdomen", "chest", "head", "legs", "arms", "shoulders")

weapon_types = st.one_of(
    st.sampled_from(PISTOLS), st.sampled_from(PISTOLS), st.sampled_from(PISTOLS),
    st.sampled_from(RIFLES), st.sampled_from(RIFLES), st.sampled_from(ODD))


def is_revolver(wtype: str) -> bool:
    return tables.weapons()[wtype].is_revolver


def coord(bunched: bool) -> st.SearchStrategy[float]:
    """Half-yard steps; the whole field is 42 x 42 yards (diagonal < 60)."""
    top = 16 if bunched else 84
    return st.integers(0, top).map(lambda n: n / 2)


@st.composite
def cover_specs(draw: Any) -> dict:
    locs = draw(st.lists(st.sampled_from(LOCATION_CHOICES), min_size=1, max_size=4,
                         unique=True))
    kind = draw(st.sampled_from(["solid", "solid", "light", "sporadic"]))
    spec: dict[str, Any] = {"locations": locs, "kind": kind}
    if kind == "light":
        spec["reduction"] = draw(st.integers(1, 3))
    if draw(st.booleans()):
        spec["by"] = draw(st.sampled_from(["a barrel", "the bar", "a wagon", "his horse"]))
    if kind == "solid" and draw(st.integers(0, 4)) == 0:
        spec["alive"] = True
        spec["bolts_when_hit"] = draw(st.booleans())
    return spec


@st.composite
def weapon_specs(draw: Any) -> dict:
    wtype = draw(weapon_types)
    spec: dict[str, Any] = {"type": wtype}
    cap = tables.weapons()[wtype].capacity
    if draw(st.integers(0, 4)) == 0:
        spec["loaded"] = draw(st.integers(0, cap))
    if draw(st.integers(0, 6)) == 0:
        spec["spare"] = draw(st.integers(0, 12))
    return spec


@st.composite
def characters(draw: Any, name: str, landmarks: list[str], covered: list[str],
               bunched: bool, profiles: tuple[str, ...] = ()) -> dict:
    c: dict[str, Any] = {
        "name": name,
        "attributes": {a: draw(st.integers(3, 18)) for a in ATTRS},
        "skills": {},
        "weapons": [],
        "at": [draw(coord(bunched)), draw(coord(bunched))],
    }
    for skill in ("pistol", "rifle", "fast_draw"):
        c["skills"][skill] = draw(st.integers(0, 8))
    for skill in ("tactics", "gunsmithing", "throwing", "archery"):
        if draw(st.integers(0, 3)) == 0:
            c["skills"][skill] = draw(st.integers(0, 8))
    types_seen = set()
    for _ in range(draw(st.integers(1, 2))):
        w = draw(weapon_specs())
        if w["type"] in types_seen:
            continue
        types_seen.add(w["type"])
        c["weapons"].append(w)
    if draw(st.integers(0, 2)) == 0:
        c["short"] = name.lower()
    pick = draw(st.integers(0, 5))
    if pick == 0:
        c["cover"] = draw(cover_specs())
    elif pick == 1 and covered:
        c["cover"] = draw(st.sampled_from(covered))
    if draw(st.integers(0, 7)) == 0:
        c["mounted"] = True
    if draw(st.integers(0, 7)) == 0:
        c["prone"] = True
    if draw(st.integers(0, 5)) == 0:
        c["drawn"] = True
    if draw(st.integers(0, 5)) == 0:
        c["aim"] = draw(st.sampled_from(["vitals", "limbs", "none"]))
    if draw(st.integers(0, 7)) == 0:
        c["handedness"] = "left"
    if draw(st.integers(0, 7)) == 0:
        c["size"] = draw(st.sampled_from(["very_large", "large", "small", "very_small"]))
    if draw(st.integers(0, 9)) == 0:
        c["obscured"] = True
    if profiles and draw(st.integers(0, 3)) == 0:
        c["tactics"] = draw(st.sampled_from(profiles))
    if draw(st.integers(0, 11)) == 0:   # 000 l.541: he shoots from complete darkness
        c["in_darkness"] = True
    return c


@st.composite
def move_intents(draw: Any, c: dict, landmarks: list[str], rider_foot_gaits: bool) -> dict:
    """A declared move. A rider who stays in the saddle uses the Table 3 mounted gaits
    (walking, trotting, galloping) unless ``rider_foot_gaits``: then he may also declare the
    foot gaits, which the loader accepts (see test_any_valid_scenario_fights_without_a_crash)."""
    mounted = c.get("mounted", False)
    foot = ["walking", "running", "crawling", "evading"]
    mv: dict[str, Any] = {}
    what = draw(st.integers(0, 9))
    if what == 0:
        mv["drop_prone"] = True
    elif what == 1 and mounted:
        mv["dismount"] = True
    elif what == 2 and c.get("prone"):
        mv["stand_up"] = True
    if mounted and not mv.get("dismount"):
        gaits = ["walking", "trotting", "galloping"] + (foot if rider_foot_gaits else [])
    else:
        gaits = foot
    if what >= 1 or not mv:
        mv["gait"] = draw(st.sampled_from(gaits))
        where = draw(st.integers(0, 2))
        if where == 0 and landmarks:
            mv["to"] = draw(st.sampled_from(landmarks))
        elif where == 1:
            mv["to"] = [draw(coord(False)), draw(coord(False))]
    if draw(st.integers(0, 9)) == 0:
        mv["through"] = [draw(st.sampled_from(["door", "window"]))]
    if draw(st.integers(0, 9)) == 0:
        mv["delay"] = True
    if draw(st.integers(0, 11)) == 0:   # 001 l.56-61: a jump, or really bad footing
        mv["jump"] = draw(st.sampled_from([6, 20]))
    elif draw(st.integers(0, 11)) == 0:
        mv["terrible_footing"] = True
    return mv


@st.composite
def shootout_shots(draw: Any, revolver: bool) -> list[str]:
    """A Table 5 shot list of at most 6 counts; fanned only with a revolver."""
    kinds = ["careful", "steady", "hip"] + (["fanned", "fanned"] if revolver else [])
    shots: list[str] = []
    total = 0
    for _ in range(draw(st.integers(1, 6))):
        s = draw(st.sampled_from(kinds))
        if total + tables.shot_counts(s) > 6:
            break
        shots.append(s)
        total += tables.shot_counts(s)
    if not shots:
        shots = [draw(st.sampled_from(["steady", "hip"] + (["fanned"] if revolver else [])))]
    return shots


@st.composite
def intents(draw: Any, c: dict, kind: str, enemies: list[str], landmarks: list[str],
            rider_foot_gaits: bool = False, auto_shots_per_target: bool = False) -> dict:
    """One character's intent, valid for a turn of ``kind``.

    ``auto_shots_per_target``: in an ``auto`` turn, ``shots: 1|2`` may go with two targets
    (the loader accepts it there; see test_combat_turn_allows_two_careful_shots)."""
    it: dict[str, Any] = {}
    weapon_idx = 0
    if draw(st.integers(0, 3)) == 0:
        weapon_idx = draw(st.integers(0, len(c["weapons"]) - 1))
        it["weapon"] = c["weapons"][weapon_idx]["type"]
    wtype = c["weapons"][weapon_idx]["type"]
    if draw(st.integers(0, 5)) > 0:
        n_targets = draw(st.integers(1, min(2, len(enemies))))
        targets = draw(st.lists(st.sampled_from(enemies), min_size=n_targets,
                                max_size=n_targets, unique=True))
        it["shoot"] = targets[0] if len(targets) == 1 and draw(st.booleans()) else targets
        style = kind
        if kind == "auto":
            style = draw(st.sampled_from(["combat", "shootout"]))
        if style == "combat":
            if (len(targets) == 1 or (kind == "auto" and auto_shots_per_target)) \
                    and draw(st.booleans()):
                it["shots"] = draw(st.integers(1, 2))
            elif draw(st.integers(0, 3)) == 0:
                it["shots"] = ["careful"]
        elif draw(st.integers(0, 4)) > 0:
            # fanning is checked against the named weapon (or the first one): keep it a revolver
            it["shots"] = draw(shootout_shots(is_revolver(wtype)))
        if kind != "combat" and draw(st.integers(0, 2)) == 0:
            it["draw"] = draw(st.sampled_from(["fast", "normal"]))
        if draw(st.integers(0, 5)) == 0:
            it["aim"] = draw(st.sampled_from(["vitals", "limbs", "none"]))
        if draw(st.integers(0, 9)) == 0:
            it["cock"] = True
        pistols = [w["type"] for w in c["weapons"] if tables.weapons()[w["type"]].kind == "pistol"]
        if len(pistols) >= 2 and kind == "combat" and "shots" not in it \
                and draw(st.integers(0, 2)) == 0:
            it["two_guns"] = True
        if draw(st.integers(0, 9)) == 0:
            it["sniping"] = True
    if draw(st.integers(0, 2)) == 0:
        it["move"] = draw(move_intents(c, landmarks, rider_foot_gaits))
    if draw(st.integers(0, 7)) == 0:
        it["reload"] = True if draw(st.booleans()) else c["weapons"][
            draw(st.integers(0, len(c["weapons"]) - 1))]["type"]
    if draw(st.integers(0, 15)) == 0:
        it["clear_jam"] = True
    if draw(st.integers(0, 15)) == 0:
        it["surprised"] = draw(st.sampled_from(["surprised", "completely"]))
    return it


@st.composite
def scenarios(draw: Any, max_turns: int = 4, rider_foot_gaits: bool = False,
              auto_shots_per_target: bool = False, profiles: tuple[str, ...] = ()) -> dict:
    """A random valid scenario dict (the two flags: see ``move_intents`` and ``intents``).

    ``profiles``: tactics profiles (``narrator.rulesets.boothill.tactics.PROFILES``) some
    characters get; those left silent in a turn act by their profile, and ``max_turns`` may
    add up to two undeclared turns after the declared ones."""
    n_sides = draw(st.integers(2, 3))
    bunched = draw(st.booleans())
    landmarks: dict[str, Any] = {}
    for i in range(draw(st.integers(0, 3))):
        lm: dict[str, Any] = {"at": [draw(coord(bunched)), draw(coord(bunched))]}
        if draw(st.booleans()):
            lm["cover"] = draw(cover_specs())
        landmarks[f"spot_{i}"] = lm
    lm_names = list(landmarks)
    covered = [k for k, v in landmarks.items() if "cover" in v]
    sides: dict[str, list[dict]] = {}
    for s in range(n_sides):
        side = SIDE_NAMES[s]
        sides[side] = [draw(characters(f"{side[0]}{i + 1}", lm_names, covered, bunched,
                                       profiles))
                       for i in range(draw(st.integers(1, 4)))]
    sc: dict[str, Any] = {"title": "property fight", "ruleset": "boothill", "sides": sides}
    if landmarks:
        sc["map"] = landmarks
    if draw(st.integers(0, 2)) == 0:
        sc["house_rules"] = {
            "light_wound_penalty": draw(st.sampled_from([-1, -2])),
            "shotgun_bonus": draw(st.booleans()),
            "hipshot_formula": draw(st.sampled_from(["table", "pooled"])),
            "weapon_speed_counts": draw(st.booleans()),
            "failed_fast_draw_ready": draw(st.booleans()),
            "shoulder_is_arm": draw(st.booleans()),
            "misfire_on_20": draw(st.sampled_from(["table", "luck"])),
        }
    if draw(st.integers(0, 7)) == 0:
        sc["night"] = True
    side_of = {c["name"]: side for side, cs in sides.items() for c in cs}
    chars = {c["name"]: c for cs in sides.values() for c in cs}
    turns = []
    for _ in range(draw(st.integers(1, max_turns))):
        kind = draw(st.sampled_from(["combat", "shootout", "auto"]))
        who = draw(st.lists(st.sampled_from(sorted(chars)), unique=True,
                            max_size=len(chars)))
        its = {}
        for name in who:
            c = chars[name]
            enemies = [n for n in chars if side_of[n] != side_of[name]]
            key = c["short"] if "short" in c and draw(st.booleans()) else name
            # (a rider's foot gait in turn 1 is refused by the loader: from turn 2 on, a
            # horse may have been shot from under him, and the engine refuses the move)
            its[key] = draw(intents(c, kind, enemies, lm_names, rider_foot_gaits and bool(turns),
                                    auto_shots_per_target))
        turn: dict[str, Any] = {"intents": its}
        if kind != "auto" or draw(st.booleans()):
            turn["kind"] = kind
        turns.append(turn)
    sc["turns"] = turns
    if profiles and draw(st.booleans()):
        sc["max_turns"] = len(turns) + draw(st.integers(0, 2))
    sc["dice_fallback"] = "seeded"
    return sc


def dump(sc: dict) -> str:
    """The scenario as YAML text (JSON, indented so errors have distinct lines)."""
    return json.dumps(sc, indent=2)
