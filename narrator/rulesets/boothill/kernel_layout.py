"""The odds kernel's array layout (``kernel.py``): condition, severity, misfire and band
codes, and the columns of its per-fighter, per-weapon and per-fight state arrays. In a module
of its own so that ``kernel.py`` and ``kernel_tactics.py`` (the vectorised decisions) both read
it without importing each other (no import cycles inside a ruleset: tests/test_seam.py)."""

from __future__ import annotations

from narrator.rulesets.boothill import tables

CONDITIONS = ("active", "passed_out", "dying", "dead")
ACTIVE, PASSED_OUT, DYING, DEAD = range(4)
MIS_NONE, MIS_DUD, MIS_EXPLOSION, MIS_JAM = range(4)
MISFIRE_CODES = {"none": MIS_NONE, "dud": MIS_DUD, "explosion": MIS_EXPLOSION, "jam": MIS_JAM}
SEV_SCRATCH, SEV_LIGHT, SEV_SERIOUS, SEV_MORTAL = range(4)
SEVERITY_CODES = {s: i for i, s in enumerate(tables.SEVERITIES)}
BAND_CODES = {b: i for i, b in enumerate(tables.BANDS)}
SEV_OFFSET = 20          # severity lookup index = total + SEV_OFFSET
PROGRESS_DENOMINATOR = 60  # reload progress kept in sixtieths of a round (Table 14 rates)

# per-fighter integer state columns
(C_COND, C_WP, C_LIGHT, C_SERIOUS, C_GUN_SER, C_OFF_SER, C_LL_L, C_LL_S, C_RL_L, C_RL_S,
 C_COVER, C_LANDMARK, C_PRONE, C_MOUNTED, C_CUR_W, C_DRAWN, C_CURSOR, C_PLAN, C_QI, C_QTARGET,
 C_QEXTRA, C_STREAK) = range(22)
N_KEYED = 22             # the columns above are read by the engine's decisions
C_DIES_AFTER, C_FD_SPEED, C_FRESH, C_SHOTS, C_HITS = range(22, 27)
N_COLS = 27
# per-weapon columns
W_LOADED, W_JAMMED, W_USELESS, W_GS_TRIED, W_PROGRESS = range(5)
# per-fight columns
F_FIRED, F_LAST_KIND, F_CALLED, F_DONE, F_TURNS, F_SECONDS, F_REASON = range(7)
KIND_NONE, KIND_COMBAT, KIND_SHOOTOUT = range(3)
FANNED = tables.SHOT_TYPES.index("fanned")
# location categories of a wound, as the engine's decisions read them
CAT_GUN, CAT_OFF, CAT_LL, CAT_RL, CAT_OTHER = range(5)
