"""Gaslight numbers, read from the packaged TOML file ``data/rules.toml``.

Every value comes from ``../shared/sources/002_66698b187d861f04.txt`` or is ruled in
``../shared/errata.md`` (section "Gaslight", G1-G18); the readings narrator added where those
are silent are marked "ruled: narrator GN<n>" and listed in ``data/rulings.toml``. Each data
section names its source. Nothing here rolls dice.

May import: the standard library, narrator.cache (the parsed tables kept between runs).
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from narrator.cache import toml_loads

#: Weapon classes of 002 l.14-22 (the mechanism: shots a round and reloading).
CLASSES = ("muzzle_loader", "breech_loader", "repeater", "revolver")
#: Weapon forms (002 l.111-119, G9): range increment, fast-draw adjustment, cartridge.
FORMS = ("derringer", "pistol", "scattergun", "sawed_off", "coach_gun", "carbine", "rifle",
         "shotgun")
#: Firing modes (002 l.38-72, l.406-469; G4-G6, G14).
MODES = ("aimed", "snap", "rapid", "panic", "covering", "fanning", "point_blank")
#: Cartridges of the damage table (G9).
CARTRIDGES = ("pistol", "carbine", "rifle")
#: Where a gun is carried (002 l.23-32).
CARRIES = ("ready", "holster", "hidden_holster", "pocket", "hand_on_pistol",
           "oversized_holster", "scattergun_lanyard", "sheath", "sling", "lanyard", "case")
#: Target status rows of the circumstantial modifiers (002 l.74-81).
STATUSES = ("stationary_immobile", "stationary_mobile", "walking_slowly", "walking_briskly",
            "running", "sprinting", "evading")
#: Dice a Gaslight scenario may script under ``dice:``, by purpose (who rolls each: see
#: ``data/rulings.toml`` [dice]).
PURPOSES = ("initiative", "to_hit", "damage", "location", "blinding", "malfunction", "burst",
            "recoil", "off_hand", "fast_draw", "tenth", "quick_draw")


@cache
def rules() -> dict:
    """Every section of ``data/rules.toml`` (a dict of dicts, each with its ``source``)."""
    files = resources.files("narrator.rulesets.gaslight").joinpath("data")
    return toml_loads(files.joinpath("rules.toml").read_text("utf-8"))


@cache
def rulings() -> dict:
    """``data/rulings.toml``: G1-G18 as narrator applies them and the GN readings."""
    files = resources.files("narrator.rulesets.gaslight").joinpath("data")
    return toml_loads(files.joinpath("rulings.toml").read_text("utf-8"))
