"""Same scenario and seed, byte-identical output; the event log round-trips through JSON."""

from __future__ import annotations

from narrator.events import FightLog
from narrator.render import render

from conftest import fight


def test_event_log_round_trips_exactly():
    log = fight("shotgun-gang.yaml")
    again = FightLog.from_json(log.to_json())
    assert again == log
    assert again.to_json() == log.to_json()


def test_same_seed_same_bytes_in_every_format():
    for fmt in ("markdown", "text", "json"):
        a = render(fight("shotgun-gang.yaml", tables_only=True, dice_fallback="seeded", seed=7), fmt)
        b = render(fight("shotgun-gang.yaml", tables_only=True, dice_fallback="seeded", seed=7), fmt)
        assert a == b


def test_different_seed_different_fight():
    a = fight("shotgun-gang.yaml", tables_only=True, dice_fallback="seeded", seed=1).to_json()
    b = fight("shotgun-gang.yaml", tables_only=True, dice_fallback="seeded", seed=2).to_json()
    assert a != b


def test_rendering_a_reloaded_log_gives_the_same_text():
    log = fight("shotgun-gang.yaml")
    assert render(FightLog.from_json(log.to_json()), "markdown") == render(log, "markdown")
