"""A faster ``__init__`` for frozen dataclasses (events, dice rolls, shot situations).

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__``,
which costs about a quarter of a microsecond per field; a fight builds hundreds of these
records, and Monte Carlo runs build millions. ``fast_init`` replaces that ``__init__`` with one
that writes the instance ``__dict__`` directly. Everything else (equality, hashing, repr,
immutability after construction, pickling, ``dataclasses.replace``) is the dataclass's own.

May import: the standard library only.
"""

from __future__ import annotations

import dataclasses
from typing import TypeVar

T = TypeVar("T", bound=type)


def fast_init(cls: T) -> T:
    """Give the frozen dataclass ``cls`` a direct-``__dict__`` ``__init__``; returns ``cls``.

    Classes with ``slots``, ``__post_init__``, ``InitVar``s, keyword-only fields or default
    factories keep their generated ``__init__``.
    """
    fields = dataclasses.fields(cls)
    if (not dataclasses.is_dataclass(cls) or "__slots__" in cls.__dict__
            or hasattr(cls, "__post_init__")
            or any(f.default_factory is not dataclasses.MISSING or f.kw_only or not f.init
                   for f in fields)):
        return cls
    ns: dict[str, object] = {}
    params = []
    body = []
    for f in fields:
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
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[misc]
    return cls
