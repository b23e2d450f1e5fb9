"""The Jinja environment of our own templates: Jinja's semantics, five of its paths shortened.

A write-up makes thousands of attribute lookups and calls from the templates (a 4-on-4 story
about 7,700 lookups and 1,400 calls), and five of Jinja's general paths cost more than the work
they lead to (``benchmarks/bench_render.py``):

* ``ev.kind`` on a plain ``dict`` (the renderer's turns, beats and wound groups): Jinja tries
  ``getattr`` first, which fails by raising ``AttributeError``, and then the item. A plain
  dict has no attribute but its class's methods, so for any other name the item is looked up
  at once: the same value, or the same undefined when there is none.
* a new context per ``{% include %}`` (hundreds a write-up) lists the names of the template's
  globals afresh, though they do not change and only ``{% import %}`` reads them: listed
  when read, once per template; the context's fields are set in one call.
* ``context.call`` of a built-in method (``lines.append(...)``) or of a method
  (``n.say(...)``): Jinja looks for a ``pass_context`` mark on the callable and on its
  ``__call__`` (two failed lookups). A built-in method can carry no such mark; a bound
  method's is its function's, looked up once per function. Either is then called at once.
* ``{% include name %}`` looks the template up by a weak reference to the loader and a
  check of its globals on every include: a trusted environment never reloads a template,
  so the loaded template is kept by name.
* the filters with an async variant (``selectattr``, ``list``, ``join``, ``map``...) ask,
  on every call, whether the environment is async: ours never is, so they are the sync
  functions Jinja wraps (``jinja2.filters.sync_do_*``), the same code.

User templates (``--templates``) run in the sandbox instead (``sandbox.py``), which keeps
Jinja's own paths and adds its checks.

May import: jinja2, the standard library.
"""

from __future__ import annotations

import types
from typing import Any

from jinja2 import Environment, filters as jinja_filters
from jinja2.compiler import CodeGenerator
from jinja2.nodes import EvalContext
from jinja2.runtime import Context

#: The attributes a plain dict has (its class's methods): looked up as Jinja does.
_DICT_ATTRS = frozenset(dir(dict))
#: Functions seen as methods with no ``pass_context``/``pass_environment`` mark: such a bound
#: method's mark is its function's, and our functions are not marked after they are made.
_PLAIN: set[Any] = set()


def _globals_keys(globals: Any) -> frozenset[str]:
    """``set(globals)`` of a template's globals (a ``ChainMap`` of its own and the
    environment's), worked out once per mapping and size: our environments' globals are set
    before any template is loaded and not changed after (``core._build_env``)."""
    maps = getattr(globals, "maps", None)
    if maps is None:
        return frozenset(globals)
    key = (id(globals), tuple(len(m) for m in maps))
    hit = _KEYS.get(key)
    if hit is None or hit[0] is not globals:
        if len(_KEYS) > 4096:
            _KEYS.clear()
        hit = _KEYS[key] = (globals, frozenset(globals))
    return hit[1]


_KEYS: dict[tuple[int, tuple[int, ...]], tuple[Any, frozenset[str]]] = {}

#: Jinja's filters with an async variant (``async_variant``): their sync functions are
#: ``jinja2.filters.sync_do_NAME``.
_SYNC_FILTERS = ("first", "groupby", "join", "list", "map", "reject", "rejectattr", "select",
                 "selectattr", "slice", "sum", "unique")


class TrustedContext(Context):
    """Jinja's ``Context`` with built-in and unmarked methods called directly, and the names
    of the template's globals (read only by ``{% import %}``) worked out once per template
    (see the module docstring)."""

    def __init__(self, environment: Any, parent: dict[str, Any], name: str | None,
                 blocks: dict[str, Any], globals: Any = None) -> None:
        # Context.__init__'s fields, set here in one call (a context per include)
        self.parent = parent
        self.vars: dict[str, Any] = {}
        self.environment = environment
        self.eval_ctx = EvalContext(environment, name)
        self.exported_vars: set[str] = set()
        self.name = name
        self._globals = globals
        self.blocks = {k: [v] for k, v in blocks.items()} if blocks else {}

    @property
    def globals_keys(self) -> frozenset[str]:  # type: ignore[override]
        """The names of the template's globals, read only by ``{% import %}``: worked out
        when read, once per template (``_globals_keys``), not for every include."""
        return _globals_keys(self._globals) if self._globals is not None else frozenset()

    def call(__self, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (Jinja's)
        if type(__obj) is types.BuiltinMethodType or (
                type(__obj) is types.MethodType and __obj.__func__ in _PLAIN):
            kwargs.pop("_block_vars", None)
            kwargs.pop("_loop_vars", None)
            try:
                return __obj(*args, **kwargs)
            except StopIteration:
                return __self.environment.undefined(
                    "value was undefined because a callable raised a StopIteration exception")
        if type(__obj) is types.MethodType and not hasattr(__obj.__func__, "jinja_pass_arg"):
            if len(_PLAIN) > 4096:  # methods of classes made on the fly: no growing without end
                _PLAIN.clear()
            _PLAIN.add(__obj.__func__)
        return Context.call(__self, __obj, *args, **kwargs)


class TrustedCodeGenerator(CodeGenerator):
    """Jinja's code generator with ``a.b`` compiled inline, not as a call of
    ``environment.getattr`` (a write-up makes thousands): a plain dict's item when it has
    the key, else the attribute when it has one (``getattr`` with a default: a C call),
    else ``environment.getattr`` itself, which gives the item or the undefined as Jinja
    would. A name a dict has as a method (``d.items``) keeps Jinja's path."""

    def visit_Getattr(self, node: Any, frame: Any) -> None:
        if self.environment.is_async or self.optimizer is not None \
                or node.attr in _DICT_ATTRS:
            CodeGenerator.visit_Getattr(self, node, frame)
            return
        a = repr(node.attr)
        self.write(f"((t_ga[{a}] if {a} in t_ga else environment.getattr(t_ga, {a})) "
                   f"if type(t_ga := (")
        self.visit(node.node, frame)
        self.write(f")) is dict else (t_gv if (t_gv := getattr(t_ga, {a}, missing)) "
                   f"is not missing else environment.getattr(t_ga, {a})))")


class TrustedEnvironment(Environment):
    """Jinja's ``Environment`` with a plain dict's items looked up first (see the module
    docstring); its contexts are ``TrustedContext``."""

    context_class = TrustedContext
    code_generator_class = TrustedCodeGenerator
    #: in the bytecode cache's key (``bytecode.py``): templates compiled with the sync
    #: filters call them without an eval context, unlike those compiled with Jinja's wrappers,
    #: and attribute lookups are compiled inline (``TrustedCodeGenerator``)
    bytecode_key = "sync-filters, inline getattr"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        Environment.__init__(self, *args, **kwargs)
        if not self.is_async:  # the same functions, without the per-call async test
            for name in _SYNC_FILTERS:
                self.filters[name] = getattr(jinja_filters, "sync_do_" + name)
        #: templates kept by name; None when the environment reloads changed files
        self._loaded: dict[str, Any] | None = None if self.auto_reload else {}

    def get_or_select_template(self, template_name_or_list: Any, parent: str | None = None,
                               globals: Any = None) -> Any:
        """Jinja's, with a template loaded once kept by name when the environment does not
        reload changed files (``auto_reload=False``, as ours are); a list of names, a parent
        or globals take Jinja's own path."""
        if self._loaded is not None and type(template_name_or_list) is str \
                and parent is None and not globals:
            template = self._loaded.get(template_name_or_list)
            if template is None:
                template = Environment.get_or_select_template(self, template_name_or_list)
                self._loaded[template_name_or_list] = template
            return template
        return Environment.get_or_select_template(self, template_name_or_list, parent,
                                                  globals)

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_ATTRS:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        try:  # Jinja's own path (Environment.getattr), inline
            return getattr(obj, attribute)
        except AttributeError:
            pass
        try:
            return obj[attribute]
        except (TypeError, LookupError, AttributeError):
            return self.undefined(obj=obj, name=attribute)
