"""User templates (``--templates DIR``): confined to their folder, bounded in work.

* ``ConfinedLoader`` opens a template itself and checks the file it actually opened (the
  kernel's name for the open descriptor, else its device and inode) lies inside the real path
  of ``DIR``: a symbolic link anywhere (``DIR/markdown -> /etc``, a link swapped during the
  read) cannot lead outside. Templates are size-limited and read before being parsed.
* ``BoundedEnvironment`` is Jinja's ``SandboxedEnvironment`` (attribute and call checks) with
  its operator and call hooks used to bound work: no huge powers, products, string
  repetitions or format widths; no access to modules or the phrase generator's state; no
  ``lipsum`` or ``random``. A whole render runs under ``limits``: CPU seconds
  (``ITIMER_VIRTUAL``), address space (``RLIMIT_AS``) and output size, so a template that
  loops or grows without end is stopped with a one-line error, not by the machine.

Jinja's sandbox hooks are used (``intercepted_binops``/``call_binop``, ``call``,
``is_safe_attribute``) rather than a parser of our own: they see every operation a template
can perform, with Jinja's own semantics.

May import: jinja2, the standard library.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import threading
import types
from collections.abc import Iterator
from typing import Any

from jinja2 import BaseLoader, TemplateError, TemplateNotFound
from jinja2.loaders import split_template_path
from jinja2.sandbox import SandboxedEnvironment

MAX_TEMPLATE_BYTES = 200_000       # one template file
MAX_OUTPUT_CHARS = 5_000_000       # one post
MAX_STRING = 1_000_000             # a string or list a template builds
MAX_INT_BITS = 4_096               # about 1,200 decimal digits
MAX_WIDTH = 10_000                 # center, indent, wordwrap, format widths
CPU_SECONDS = 10.0                 # a whole render
MEMORY_BYTES = 512 * 2**20         # address space a render may add


class TemplateLimit(TemplateError):
    """A user template went over a bound (time, memory, size); the message names which."""


class ConfinedLoader(BaseLoader):
    """Templates from ``folder``, only if the file opened lies inside ``root`` (a real path).

    Raises (from ``get_source``):
        TemplateNotFound: no such template, not a regular file, or outside ``root``.
        TemplateLimit: larger than MAX_TEMPLATE_BYTES.
    """

    def __init__(self, folder: str, root: str) -> None:
        self.folder = folder
        self.root = os.path.realpath(root)

    def get_source(self, environment: Any, template: str) -> tuple[str, str, Any]:
        pieces = split_template_path(template)   # refuses "..", as FileSystemLoader does
        path = os.path.join(self.folder, *pieces)
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            raise TemplateNotFound(template) from None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or not self._inside(fd, path, info):
                raise TemplateNotFound(template)
            if info.st_size > MAX_TEMPLATE_BYTES:
                raise TemplateLimit(f"{path}: template larger than {MAX_TEMPLATE_BYTES:,} bytes")
            data = os.read(fd, MAX_TEMPLATE_BYTES + 1)
            if len(data) > MAX_TEMPLATE_BYTES:
                raise TemplateLimit(f"{path}: template larger than {MAX_TEMPLATE_BYTES:,} bytes")
        finally:
            os.close(fd)
        try:
            source = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise TemplateError(f"{path}: not UTF-8 text (byte {exc.start})") from None
        return source, path, lambda: False

    def _inside(self, fd: int, path: str, info: os.stat_result) -> bool:
        """True when the open file ``fd`` lies inside the root."""
        real = None
        with contextlib.suppress(OSError):
            real = os.readlink(f"/proc/self/fd/{fd}")      # Linux: the file actually opened
        if real is None or not real.startswith("/"):
            real = os.path.realpath(path)
            try:
                again = os.stat(real)
            except OSError:
                return False
            if (again.st_dev, again.st_ino) != (info.st_dev, info.st_ino):
                return False                                # swapped between open and check
        return os.path.commonpath([self.root, real]) == self.root


_WIDTH = re.compile(r"%[-#0 +]*(\d+)|\{[^{}]*:[^{}]*?(\d+)[^{}]*\}|%[-#0 +]*\d*\.(\d+)")


def _check_widths(fmt: Any) -> None:
    if isinstance(fmt, str):
        for m in _WIDTH.finditer(fmt):
            for g in m.groups():
                if g and int(g) > MAX_WIDTH:
                    raise TemplateLimit(f"a format width of {g} (at most {MAX_WIDTH:,})")


def _size(v: Any) -> int:
    return len(v) if isinstance(v, (str, bytes, list, tuple)) else 0


class BoundedEnvironment(SandboxedEnvironment):
    """Jinja's sandbox with bounded arithmetic, repetition, widths and no internals."""

    intercepted_binops = frozenset(["*", "**", "%", "+", "//"])
    intercepted_unops = frozenset()

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        ints = isinstance(left, int) and isinstance(right, int)
        if operator == "**":
            if ints and abs(left) > 1 and abs(left).bit_length() * right > MAX_INT_BITS:
                raise TemplateLimit(f"{left!r} ** {right!r} is too large a power")
        elif operator == "*":
            if ints and left.bit_length() + right.bit_length() > MAX_INT_BITS:
                raise TemplateLimit("a product of more than 4,096 bits")
            n = right if isinstance(right, int) else left if isinstance(left, int) else 0
            seq = left if not isinstance(left, int) else right
            if isinstance(n, int) and _size(seq) * max(n, 0) > MAX_STRING:
                raise TemplateLimit(f"a repetition longer than {MAX_STRING:,}")
        elif operator == "%":
            _check_widths(left)
        elif operator == "+" and _size(left) + _size(right) > MAX_STRING:
            raise TemplateLimit(f"a text longer than {MAX_STRING:,}")
        return super().call_binop(context, operator, left, right)

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if isinstance(obj, types.ModuleType) or isinstance(value, types.ModuleType):
            return False
        if attr in ("phrases", "rng", "random", "table", "seen", "last_miss", "chars"):
            return False
        return super().is_safe_attribute(obj, attr, value)

    def wrap_str_format(self, value: Any) -> Any:
        f_self = getattr(value, "__self__", None)
        if isinstance(f_self, str) and getattr(value, "__name__", "") in ("format", "format_map"):
            _check_widths(f_self)
        return super().wrap_str_format(value)


def _bounded_filter(name: str, original: Any) -> Any:
    def check(*args: Any, **kwargs: Any) -> Any:
        values = list(args[1:]) + list(kwargs.values())
        if name == "format":
            _check_widths(args[0] if args else None)
        for v in values:
            if isinstance(v, int) and not isinstance(v, bool) and abs(v) > MAX_WIDTH:
                raise TemplateLimit(f"{name}({v}): at most {MAX_WIDTH:,}")
        return original(*args, **kwargs)
    check.__name__ = name
    for flag in ("jinja_pass_arg",):
        if hasattr(original, flag):
            setattr(check, flag, getattr(original, flag))
    return check


def bound(env: SandboxedEnvironment) -> SandboxedEnvironment:
    """Bound the filters and globals of an environment that runs user templates: widths of
    ``center``, ``indent``, ``wordwrap``, ``truncate`` and ``format``; no ``random`` filter,
    ``lipsum``, ``cycler`` or ``joiner`` state beyond the render; modules seen as plain data."""
    for name in ("center", "indent", "wordwrap", "truncate", "format", "batch", "slice"):
        if name in env.filters:
            env.filters[name] = _bounded_filter(name, env.filters[name])
    env.filters.pop("random", None)
    env.globals.pop("lipsum", None)
    for key, value in list(env.globals.items()):
        if isinstance(value, types.ModuleType):
            env.globals[key] = types.SimpleNamespace(**{
                k: v for k, v in vars(value).items()
                if k.isupper() and isinstance(v, (dict, tuple, list, str, int))})
    return env


def bounded_output(chunks: Iterator[str], limit: int = MAX_OUTPUT_CHARS) -> str:
    """Join a template's output, stopping once it passes ``limit`` characters.

    Raises:
        TemplateLimit: the output is longer than ``limit``.
    """
    out, size = [], 0
    for chunk in chunks:
        size += len(chunk)
        if size > limit:  # thrown into the template, so the error names its file and line
            error = TemplateLimit(f"the template writes more than {limit:,} characters")
            throw = getattr(chunks, "throw", None)
            if throw is None:
                raise error
            throw(error)
            raise error
        out.append(chunk)
    return "".join(out)


@contextlib.contextmanager
def limits(active: bool = True, cpu_seconds: float | None = None,
           memory: int | None = None) -> Iterator[None]:
    """Run the block with a CPU-time limit (``TemplateLimit`` raised when it is spent) and an
    address-space limit (``MemoryError``), both lifted afterwards. Only where the platform has
    them (Unix, the main thread); elsewhere, and with ``active`` False, a no-op."""
    if not active or threading.current_thread() is not threading.main_thread():
        yield
        return
    cpu_seconds = cpu_seconds or CPU_SECONDS
    memory = memory or MEMORY_BYTES
    import signal
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        resource = None

    def spent(signum: int, frame: Any) -> None:
        raise TemplateLimit(f"the templates used more than {cpu_seconds:g} CPU seconds")

    old_handler = signal.signal(signal.SIGVTALRM, spent)
    signal.setitimer(signal.ITIMER_VIRTUAL, cpu_seconds)
    old_as = None
    if resource is not None:
        try:
            old_as = resource.getrlimit(resource.RLIMIT_AS)
            with open("/proc/self/statm") as fh:
                used = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
            cap = used + memory
            if old_as[0] == resource.RLIM_INFINITY or old_as[0] > cap:
                resource.setrlimit(resource.RLIMIT_AS, (cap, old_as[1]))
            else:
                old_as = None
        except (OSError, ValueError):
            old_as = None
    try:
        yield
    except MemoryError as exc:  # the MemoryError's frames say where: kept as the cause
        raise TemplateLimit(f"the templates needed more than {memory // 2**20} MB") from exc
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, old_handler)
        if old_as is not None:
            resource.setrlimit(resource.RLIMIT_AS, old_as)
