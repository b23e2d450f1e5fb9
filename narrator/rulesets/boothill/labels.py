"""Boot Hill's words for its rules' terms: locations, modifiers, gaits, severities,
conditions, shot types, refusals, house rules (the ``labels`` of its templates and of the
renderer's ``loc``, ``band``, ``sev``, ``mod``, ``shot_list`` and ``wounds`` filters; see
``Ruleset.labels``). Numbers in words are shared: ``narrator.render.labels.NUMBER``.

May import: narrator.render.labels.
"""

from __future__ import annotations

from narrator.render.labels import NUMBER  # noqa: F401  (templates read labels.NUMBER)

LOCATION = {
    "left_leg": "left leg", "right_leg": "right leg", "left_arm": "left arm",
    "right_arm": "right arm", "left_shoulder": "left shoulder",
    "right_shoulder": "right shoulder", "abdomen": "abdomen", "chest": "chest", "head": "head",
}

BAND = {"point_blank": "point blank", "short": "short", "long": "long", "extreme": "extreme"}

MODIFIER = {
    "coo": "Coordination", "coo_half": "half Coordination, rounded up",
    "coo_quarter": "a quarter of Coordination, rounded down",
    "coo_skill_quarter": "a quarter of Coordination + Pistol (house rule)",
    "fanned": "Pistol (fanning)",
    "pistol": "Pistol", "rifle": "Rifle", "throwing": "Throwing", "archery": "Archery",
    "point_blank_pistol": "point blank with a pistol", "point_blank_long_arm":
    "point blank with a long arm", "point_blank": "point blank",
    "short": "short range", "long": "long range", "extreme": "extreme range",
    "target_running": "target running", "target_trotting": "target trotting",
    "target_evading": "target evading", "target_galloping": "target galloping",
    "shooter_walking": "shooting while walking", "shooter_running": "shooting while running",
    "shooter_trotting": "shooting while trotting", "shooter_galloping": "shooting at a gallop",
    # a rider's walk is his horse's (Table 3), never "shooting while walking"
    "shooter_walking_mounted": "shooting from the saddle at a walk",
    "light_wound": "light wound", "serious_wound": "serious wound",
    "size_very_large": "very large target", "size_large": "large target",
    "size_small": "small target", "size_very_small": "very small target",
    "sniping": "sniping from a solid rest",
    "sniping_lost": "no sniping bonus (not the fight's first shot)",
    "shotgun": "shotgun", "scattergun": "scattergun",
    "obscured": "target obscured", "wrong_hand": "wrong hand", "two_pistols": "two pistols",
    "night": "night",
    "chest_or_head": "chest or head", "arm_or_leg": "arm or leg", "weapon": "weapon",
    "light_cover": "light cover", "full_cylinder": "cylinder held four or more rounds",
    "dismount": "dismounting takes half", "mount": "mounting takes half",
    "stand_up": "standing up takes half", "jump_down": "jumping down takes half",
    "jump": "the jump takes half",
    "terrible_footing": "terrible footing halves it", "door": "through a door",
    "window": "through a window", "stairs": "stairs",
    "window_check_made": "Coordination check made", "window_check_failed":
    "Coordination check failed: he stops at the window",
    "wounded_left_leg": "wounded left leg halves it", "wounded_right_leg":
    "wounded right leg halves it", "other_serious_wound": "a serious wound halves it",
    "serious_wound_both_legs": "serious wounds in both legs: crawl only",
    "serious_leg_walk_only": "serious leg wound: walk only",
    "run_no_farther": "wounds: a run would go no farther than a walk",
    "fast_draw_roll": "fast-draw roll",
    "speed_walking": "walking", "speed_trotting": "trotting", "speed_running": "running",
    "speed_galloping": "galloping", "surprised": "surprised",
    "completely_surprised": "completely surprised", "two_guns": "two guns",
    "weapon_vslow": "very slow weapon", "weapon_slow": "slow weapon",
    "weapon_fast": "fast weapon", "weapon_vfast": "very fast weapon",
    # hand to hand (errata B19)
    "brawling": "Brawling", "blades": "Blades", "held_strikes": "striking while held",
    "held_breaks_free": "breaking a hold", "against_held": "against a held man",
    "held_fires": "firing while held", "strength_15": "Strength 15 or more",
    "brass_knuckles": "brass knuckles", "club": "club", "gun_butt": "gun butt",
    "throw": "a throw", "attacker_walking": "striking while walking",
    "attacker_running": "striking while running", "attacker_trotting": "striking while trotting",
    "attacker_galloping": "striking at a gallop",
}

#: A modifier taken more than once, where "(two times)" reads badly: ``{n}`` the count in
#: words, ``{times}`` "twice", "three times" (the movement modifiers of Table 3 halve).
MODIFIER_MANY = {
    "other_serious_wound": "{n} serious wounds: halved {times}",
    "terrible_footing": "terrible footing: halved {times}",
}

#: Why the wrong-hand modifier applies (``hit.wrong_hand_why``, the modifier's ``why``), with
#: its source line (``{his}``, ``{him}``: the shooter's pronouns): a serious wound in an arm or
#: shoulder (the rule's words: a shoulder wound counts, 001 l.23) leaves one hand for a long arm
#: (001 l.27), moves a pistol out of a seriously wounded gun arm
#: (001 l.23), or the off hand was declared.
WRONG_HAND = {
    "one_handed": ("fired one-handed: a serious wound in an arm or shoulder leaves {him} one "
                   "good arm", "001 l.27"),
    "gun_arm": ("{his} gun arm is seriously wounded: fired with the other hand", "001 l.23"),
    "off_hand": ("fired with {his} off hand, as declared", "001 l.23"),
}
#: The same for a thrown weapon (a knife, tomahawk or spear is thrown, never fired) and a bow
#: (Table 14's kinds "thrown" and "bow": the pistol's rule, 001 l.23).
WRONG_HAND_THROWN = {
    "gun_arm": ("{his} throwing arm is seriously wounded: thrown with the other hand",
                "001 l.23"),
    "off_hand": ("thrown with {his} off hand, as declared", "001 l.23"),
}
WRONG_HAND_BOW = {
    "gun_arm": ("{his} bow arm is seriously wounded: the bow held in the other hand",
                "001 l.23"),
    "off_hand": ("the bow held in {his} off hand, as declared", "001 l.23"),
}

SEVERITY = {"scratch": "a scratch", "light": "a light wound", "serious": "a serious wound",
            "mortal": "a mortal wound"}

CONDITION = {"active": "on his feet", "passed_out": "passed out", "dying": "dying",
             "dead": "dead"}

GAIT = {"crawling": "crawls", "walking": "walks", "evading": "evades", "running": "runs",
        "trotting": "trots", "galloping": "gallops"}

DYING = {"turns": "one or two more turns", "minutes": "several minutes",
         "hours": "an hour or so, perhaps days"}

#: A man's second, third... shot or blow of a turn, as teaching mode tells it ("(second blow)"):
#: never "(blow 2)", which the count schedule's "blow 2" (two counts long) read as (check136).
NTH = {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth",
       9: "ninth", 10: "tenth", 11: "eleventh", 12: "twelfth"}

REFUSAL = {
    "target_down": "is already down",
    "weapon_useless": "is useless until it is cleaned",
    "jammed": "is jammed",
    "empty": "is empty",
    "thrown_already": "is thrown already, and nothing is left in the hand to throw (ruling B18(i))",
    "out_of_range": "is out of range",
    "cannot_see": "cannot be seen in the dark",
    "evading": "a character who evades or drops prone cannot shoot (001)",
    "crawling": "Table 2 has no way to shoot while crawling",
    "busy": "the turn goes to another action",
    "cannot_reload": "cannot be reloaded in a fight (Table 14: N/A)",
    "full": "is already fully loaded",
    "no_spare_rounds": "no spare rounds are left",
    "not_jammed": "is not jammed",
    "not_a_revolver": "only a revolver can be fanned",
    "down": "already down",
    "too_many_shots": "a combat turn allows one or two careful shots",
    "wrong_gait": "Table 3 has no such gait for him",
    "one_good_arm": "a seriously wounded arm cannot fire a pistol (001), so one gun only",
    "not_lying": "there is no thrown weapon of his lying on the ground",
    "not_there": "he is not where it lies",
    "out_of_reach": "is out of reach: a blow or grapple reaches 2 yards (ruling B19)",
    "held": "a held man cannot do that (ruling B19)",
    "not_held": "nobody holds him",
    "not_holding": "he holds nobody",
    "already_held": "is already held by another",
    "holding": "he already holds another man",
    "already_holding": "he already holds him",
    "not_a_gun": "a hand-to-hand weapon is struck with, not shot",
}

SKILL = {"pistol": "Pistol", "rifle": "Rifle", "throwing": "Throwing", "archery": "Archery",
         "fast_draw": "Fast Draw", "tactics": "Tactics", "gunsmithing": "Gunsmithing",
         "brawling": "Brawling", "blades": "Blades"}

FRACTION = {"1/1": "his full", "1/2": "half his", "1/4": "a quarter of his", "0": "none of his"}

SHOT = {"careful": "careful shot", "steady": "steady shot", "hip": "hipshot",
        "fanned": "fanned shot"}
#: A thrown weapon's shot types (Table 14 thrown knife/axe, spear): thrown, never fired.
THROW = {"careful": "careful throw", "steady": "steady throw", "hip": "quick throw, as a hipshot",
         "fanned": "fanned shot"}

#: The parts of an action's Table 5 counts in a shootout turn's schedule (besides the shots).
COUNT_PART = {"cock": "cocking", "switch_target": "a change of target",
              "blow": "a blow", "grapple": "a grapple", "break_free": "breaking free",
              "throw": "a throw",
              "cocked": "gun already cocked", "weapon_vfast": "very fast gun just drawn",
              "weapon_fast": "fast gun just drawn", "weapon_average": "average gun just drawn",
              "weapon_slow": "slow gun just drawn", "weapon_vslow": "very slow gun just drawn"}

HOUSE_RULE = {
    "light_wound_penalty": "each light wound costs {v} to hit (the tables say \u22121)",
    "shotgun_bonus": "shotguns and scatterguns get no bonus to hit (the tables give +2 and +4)",
    "hipshot_formula": "a hipshot's chance is a quarter of Coordination + Pistol",
    "weapon_speed_counts": "weapon speed adds counts before the first shot",
    "failed_fast_draw_ready": "after a failed fast draw the gun is out once the 2 counts pass",
    "shoulder_is_arm": "a shoulder counts as an arm for severity (\u22121)",
    "misfire_on_20": "a 20 calls for a Luck check instead of the misfire table",
    # (a label for one value of an option: "name=value")
    "tactics_retry=never": "a failed Tactics check is not tried again in the fight",
    "tactics_retry=delayed": ("a failed Tactics check is tried again as many turns later as "
                              "the roll missed by"),
}
