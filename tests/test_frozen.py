"""narrator.frozen.record: a class it makes behaves as ``dataclass(frozen=True)`` makes it
(equality, hash, repr, immutability, replace, asdict, pickling, pattern matching), and it
refuses the classes whose methods it could not share."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest

from narrator.frozen import record


@record
class Shot:
    """A record with a default."""

    shooter: str
    roll: int
    mods: tuple[int, ...] = ()


@dataclass(frozen=True)
class ShotDC:
    """The same fields, made by dataclass itself."""

    shooter: str
    roll: int
    mods: tuple[int, ...] = ()


@record
class One:
    """One field: its hash is the hash of a 1-tuple, as the dataclass's."""

    value: str


@dataclass(frozen=True)
class OneDC:
    """The same, by dataclass."""

    value: str


@record
class Box:
    """A record that may hold itself (through a list): repr stops at the loop."""

    items: list


SAMPLES = [("Dutch", 7, ()), ("Luke Short", 20, (-5, 3)), ("", -1, (0,))]


@pytest.mark.parametrize("values", SAMPLES)
def test_record_behaves_as_the_dataclass(values):
    r, d = Shot(*values), ShotDC(*values)
    assert repr(r) == repr(d).replace("ShotDC(", "Shot(")
    assert hash(r) == hash(d) == hash(values)
    assert r == Shot(*values) and not (r != Shot(*values))
    assert r != Shot(values[0], values[1] + 1, values[2])
    assert r != d and d != r  # another class is never equal, as between dataclasses
    assert (r == d) is False and Shot.__eq__(r, d) is NotImplemented
    assert dataclasses.astuple(r) == dataclasses.astuple(d) == values
    assert dataclasses.asdict(r) == dataclasses.asdict(d)
    assert dataclasses.replace(r, roll=99) == Shot(values[0], 99, values[2])
    assert pickle.loads(pickle.dumps(r)) == r
    assert len({r, Shot(*values)}) == 1


def test_record_fields_defaults_and_match_args():
    assert [f.name for f in dataclasses.fields(Shot)] == ["shooter", "roll", "mods"]
    assert dataclasses.is_dataclass(Shot)
    assert Shot("a", 1).mods == ()
    assert Shot(roll=2, shooter="b") == Shot("b", 2, ())
    assert Shot.__match_args__ == ("shooter", "roll", "mods")
    match Shot("c", 3, (1,)):
        case Shot(name, roll, mods):
            assert (name, roll, mods) == ("c", 3, (1,))
    with pytest.raises(TypeError):
        Shot("a")  # roll is required


def _refusals(obj) -> list[str]:
    """What assigning and deleting a field and another attribute do to ``obj``."""
    out = []
    for act in (lambda: setattr(obj, "roll", 2), lambda: delattr(obj, "shooter"),
                lambda: setattr(obj, "other", 1), lambda: delattr(obj, "other")):
        try:
            act()
            out.append("done")
        except dataclasses.FrozenInstanceError as exc:
            out.append(f"frozen: {exc}")
        except AttributeError as exc:
            out.append(f"AttributeError: {exc}")
    return out


class PlainShot(Shot):
    """A plain subclass of a record: it may take attributes that are not fields."""


class PlainShotDC(ShotDC):
    """The same, of the dataclass."""


def test_record_is_frozen_as_the_dataclass_is():
    r = Shot("a", 1)
    assert _refusals(r) == _refusals(ShotDC("a", 1)) == [
        "frozen: cannot assign to field 'roll'", "frozen: cannot delete field 'shooter'",
        "frozen: cannot assign to field 'other'", "frozen: cannot delete field 'other'"]
    assert (r.shooter, r.roll) == ("a", 1) and not hasattr(r, "other")
    plain = PlainShot("b", 2)
    assert _refusals(plain) == _refusals(PlainShotDC("b", 2)) == [
        "frozen: cannot assign to field 'roll'", "frozen: cannot delete field 'shooter'",
        "done", "done"]
    assert (plain.shooter, plain.roll) == ("b", 2)


def test_one_field_and_recursive_repr():
    assert hash(One("x")) == hash(OneDC("x")) == hash(("x",))
    assert repr(One("x")) == "One(value='x')"
    box = Box([])
    box.items.append(box)
    assert repr(box) == "Box(items=[...])"


def test_record_refuses_what_it_cannot_share():
    class WithFactory:
        xs: list = field(default_factory=list)

    class WithPostInit:
        x: int

        def __post_init__(self):
            pass

    class NotCompared:
        x: int
        y: int = field(default=0, compare=False)

    class OwnEq:
        x: int

        def __eq__(self, other):
            return True

    class OwnSetattr:
        x: int

        def __setattr__(self, name, value):
            pass

    for cls in (WithFactory, WithPostInit, NotCompared, OwnEq, OwnSetattr):
        with pytest.raises(TypeError, match="not a plain record"):
            record(cls)


def test_event_kinds_are_records():
    """Every registered event kind is a record (built by narrator.events.event)."""
    import narrator.rulesets.boothill.events  # noqa: F401 - registers the Boot Hill kinds
    from narrator.events import REGISTRY

    assert {"fight_started", "shot_fired", "turn_ended"} <= set(REGISTRY)
    for kind, cls in REGISTRY.items():
        assert cls.__eq__ is Shot.__eq__ and cls.__setattr__ is Shot.__setattr__, kind
