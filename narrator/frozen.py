"""Frozen dataclasses made faster: a faster ``__init__`` (``fast_init``), and records built
faster (``record``), for events, dice rolls, shot situations.

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__``,
which costs about a quarter of a microsecond per field; a fight builds hundreds of these
records, and Monte Carlo runs build millions. ``fast_init`` replaces that ``__init__`` with one
that writes the instance ``__dict__`` directly. Everything else (equality, hashing, repr,
immutability after construction, pickling, ``dataclasses.replace``) is the dataclass's own.

Building the class costs too: ``dataclass`` compiles each method it writes (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``) from source, one
``exec`` each, for every class, on every start. With a hundred event kinds and records that
was a sixth of a short ``narrator run`` (``benchmarks/bench_startup.py``). ``record`` compiles
only ``__init__`` (``fast_init``'s); equality, hashing, repr and the frozen guards are shared
functions that read the class's field names, behaving as the dataclass's own do.

May import: the standard library only.
"""

from __future__ import annotations

import dataclasses
import operator
import reprlib
from typing import Any, Callable, TypeVar

T = TypeVar("T", bound=type)


def _fast_init_ok(cls: type) -> bool:
    """Whether ``fast_init`` can write ``cls``'s ``__init__``: no slots, no ``__post_init__``,
    no ``InitVar``s, keyword-only fields, ``init=False`` fields or default factories."""
    return (dataclasses.is_dataclass(cls) and "__slots__" not in cls.__dict__
            and not hasattr(cls, "__post_init__")
            and not any(f.default_factory is not dataclasses.MISSING or f.kw_only or not f.init
                        for f in dataclasses.fields(cls)))


def _write_init(cls: type) -> None:
    """Give the dataclass ``cls`` an ``__init__`` that writes the instance ``__dict__``."""
    ns: dict[str, object] = {}
    params = []
    body = []
    for f in dataclasses.fields(cls):
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            ns[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        body.append(f"    __d[{f.name!r}] = {f.name}")
    src = (f"def __init__(__self, {', '.join(params)}):\n"
           "    __d = __self.__dict__\n" + "\n".join(body or ["    pass"]) + "\n")
    exec(src, ns)  # noqa: S102 - generated from field names only, as dataclasses itself does
    init = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"  # type: ignore[attr-defined]
    init.__doc__ = cls.__dict__["__init__"].__doc__ if "__init__" in cls.__dict__ else None
    cls.__init__ = init  # type: ignore[misc]


def fast_init(cls: T) -> T:
    """Give the frozen dataclass ``cls`` a direct-``__dict__`` ``__init__``; returns ``cls``.

    Classes with ``slots``, ``__post_init__``, ``InitVar``s, keyword-only fields or default
    factories keep their generated ``__init__``.
    """
    if _fast_init_ok(cls):
        _write_init(cls)
    return cls


def _values(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    """A function of an instance giving the tuple of its ``names`` attributes, in order."""
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda self: (one(self),)
    if not names:
        return lambda self: ()
    return operator.attrgetter(*names)


def _record_eq(self: Any, other: Any) -> Any:
    # as dataclass's __eq__: the same class, and the fields compared as a tuple
    if other.__class__ is self.__class__:
        return self._record_values(self) == other._record_values(other)
    return NotImplemented


def _record_hash(self: Any) -> int:
    # as dataclass's __hash__ of a frozen class: the hash of the tuple of the fields
    return hash(self._record_values(self))


@reprlib.recursive_repr()
def _record_repr(self: Any) -> str:
    # as dataclass's __repr__: ``Qualname(field=value, ...)``, "..." for a recursive value
    return (f"{self.__class__.__qualname__}("
            + ", ".join(f"{name}={getattr(self, name)!r}" for name in self._record_names)
            + ")")


def _record_setattr(self: Any, name: str, value: Any) -> None:
    # as a frozen dataclass's __setattr__: nothing is set on a record after its __init__ (a
    # plain subclass's instance may take attributes that are not fields)
    cls = type(self)
    if "_record_names" in cls.__dict__ or name in cls.__dataclass_fields__:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
    object.__setattr__(self, name, value)


def _record_delattr(self: Any, name: str) -> None:
    # as a frozen dataclass's __delattr__
    cls = type(self)
    if "_record_names" in cls.__dict__ or name in cls.__dataclass_fields__:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
    object.__delattr__(self, name)


def record(cls: T) -> T:
    """Make ``cls`` a frozen dataclass with ``fast_init``'s ``__init__``, built with one
    compiled method instead of six; returns ``cls``.

    What it does is ``fast_init(dataclass(frozen=True)(cls))``'s: the same fields,
    ``dataclasses.fields``/``replace``/``asdict``, ``FrozenInstanceError`` on assignment or
    deletion, ``__match_args__``, pickling; ``==`` (same class, equal fields), ``hash`` (of
    the tuple of the fields) and ``repr`` as the dataclass's. Every field takes part in all
    three (no ``field(compare=False)``, ``field(repr=False)`` or ``field(hash=...)``). The one
    difference: the class's ``__dataclass_params__`` says ``frozen=False`` (dataclass would
    compile its own two guards otherwise), so a ``dataclass(frozen=True)`` cannot subclass a
    record (dataclass refuses it), and a record cannot subclass a frozen dataclass.

    Raises:
        TypeError: ``cls`` needs the dataclass's own ``__init__`` (slots, ``__post_init__``,
            ``InitVar``s, keyword-only fields, ``init=False`` fields or default factories),
            leaves a field out of comparison or repr, or defines ``__eq__``, ``__hash__``,
            ``__repr__``, ``__setattr__`` or ``__delattr__`` itself: decorate it with
            ``dataclass(frozen=True)`` instead.
    """
    own = {"__eq__", "__hash__", "__repr__", "__setattr__", "__delattr__"} & set(cls.__dict__)
    cls = dataclasses.dataclass(init=False, repr=False, eq=False)(cls)
    fields = dataclasses.fields(cls)
    if own or not _fast_init_ok(cls) or not all(f.compare and f.repr and f.hash is None
                                                for f in fields):
        raise TypeError(f"{cls.__qualname__}: not a plain record; use dataclass(frozen=True)")
    _write_init(cls)
    names = tuple(f.name for f in fields)
    cls._record_names = names  # type: ignore[attr-defined]
    cls._record_values = staticmethod(_values(names))  # type: ignore[attr-defined]
    cls.__eq__ = _record_eq  # type: ignore[assignment]
    cls.__hash__ = _record_hash  # type: ignore[assignment]
    cls.__repr__ = _record_repr  # type: ignore[assignment]
    cls.__setattr__ = _record_setattr  # type: ignore[assignment]
    cls.__delattr__ = _record_delattr  # type: ignore[assignment]
    return cls
