"""The Jinja environment of our own templates: Jinja's semantics, some of its paths shortened.

A write-up makes thousands of attribute lookups and calls from the templates (a 4-on-4 story
about 7,700 lookups and 1,400 calls), and several of Jinja's general paths cost more than the work
they lead to (``benchmarks/bench_render.py``):

* ``ev.kind`` on a plain ``dict`` (the renderer's turns, beats and wound groups): Jinja tries
  ``getattr`` first, which fails by raising ``AttributeError``, and then the item. A plain
  dict has no attribute but its class's methods, so for any other name the item is looked up
  at once: the same value, or the same undefined when there is none.
* a new context per ``{% include %}`` (hundreds a write-up) lists the names of the template's
  globals afresh, though they do not change and only ``{% import %}`` reads them: listed
  when read, once per template; the context's fields are set in one call.
* ``context.call`` of a built-in method (``lines.append(...)``), of a method
  (``n.say(...)``), of a function (``block(...)``, a lambda of the renderer's context) or of
  a macro: Jinja looks for a ``pass_context`` mark on the callable and on its ``__call__``
  (two failed lookups). A built-in method or a macro can carry no such mark (a macro's
  ``__call__`` has none); a bound method's is its function's, looked up once per function;
  a function's is looked up once, on the function. Each is then called at once.
* ``{% include name %}`` looks the template up by a weak reference to the loader and a
  check of its globals on every include: a trusted environment never reloads a template,
  so the loaded template is kept by name.
* the filters with an async variant (``selectattr``, ``list``, ``join``, ``map``...) ask,
  on every call, whether the environment is async: ours never is, so they are the sync
  functions Jinja wraps (``jinja2.filters.sync_do_*``), the same code.
* ``{% include %}`` with the context (hundreds a write-up: the rolls block includes a
  template per event) copies the including context's names twice into a new dict (its
  ``get_all`` and ``new_context``): the included context shares the including one's
  parent names instead, and starts with a copy of its own (``vars``) and the includer's
  locals, which is what Jinja's merged dict would give for every name
  (``TrustedEnvironment.include_context``). A template included with the name of the one
  including it (Jinja passes it; ``join_path`` ignores it) is looked up by name too.
* ``a ~ b`` calls ``str_join``, which maps ``str`` over its arguments: written out inline.
* ``item[x]``, and ``selectattr``/``map``/``sort`` by attribute, go through
  ``environment.getitem``, which tries ``obj[x]`` first: for an event (a dataclass, no
  ``__getitem__``) that raises ``TypeError`` before the attribute is read. An object whose
  class cannot be subscripted has its attribute read at once: the same value, or the same
  undefined.
* ``select``/``reject``/``selectattr``/``rejectattr`` and ``map(attribute=...)`` build a
  closure or two per item's test or lookup: the same steps without them
  (``_select_or_reject``, ``_map``).
* a test inside a filter (``selectattr("kind", "equalto", "wound_taken")``) is looked up
  and checked for a ``pass_context`` mark on every item: a test with no mark is called at
  once (``call_test``), the same call Jinja makes.

User templates (``--templates``) run in the sandbox instead (``sandbox.py``), which keeps
Jinja's own paths and adds its checks.

May import: jinja2, the standard library.
"""

from __future__ import annotations

import types
from io import StringIO
from typing import Any

from jinja2 import Environment, filters as jinja_filters, nodes, pass_context
from jinja2.exceptions import FilterArgumentError
from jinja2.filters import _prepare_attribute_parts
from jinja2.compiler import CodeGenerator
from jinja2.nodes import EvalContext
from jinja2.runtime import Context, Macro
from jinja2.utils import missing

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


#: Tests seen without a ``pass_context``/``pass_eval_context``/``pass_environment`` mark.
_PLAIN_TESTS: set[Any] = set()


#: Classes seen to have no ``__getitem__`` (their instances cannot be subscripted, so Jinja's
#: ``getitem`` reads the attribute): an event's class, checked once.
_UNSUBSCRIPTABLE: set[type] = set()


def _unsubscriptable(cls: type) -> bool:
    """Whether instances of ``cls`` cannot be subscripted (no ``__getitem__``; not a class,
    which may have ``__class_getitem__``), remembered for the class."""
    if cls in _UNSUBSCRIPTABLE:
        return True
    if hasattr(cls, "__getitem__") or issubclass(cls, type):
        return False
    if len(_UNSUBSCRIPTABLE) > 4096:  # classes made on the fly: no growing without end
        _UNSUBSCRIPTABLE.clear()
    _UNSUBSCRIPTABLE.add(cls)
    return True


def _select_or_reject(context: Any, value: Any, args: tuple, kwargs: dict[str, Any],
                      keep: bool, lookup_attr: bool) -> Any:
    """``jinja2.filters.select_or_reject`` (``select``, ``reject``, ``selectattr``,
    ``rejectattr``) with its steps per item shortened: the attribute read by the
    environment's ``getitem`` (no closure per item), and a test with no ``pass_*`` mark and
    no keyword arguments called at once; the same items, tested in the same order."""
    if not value:
        return
    environment = context.environment
    if lookup_attr:
        try:
            attr = args[0]
        except LookupError:
            raise FilterArgumentError("Missing parameter for attribute name") from None
        parts = _prepare_attribute_parts(attr)
        off = 1
    else:
        parts = []
        off = 0
    getitem = environment.getitem
    if len(args) > off:
        name, targs = args[off], args[1 + off:]
        test = environment.tests.get(name) if type(name) is str else None
        if test is None or kwargs or hasattr(test, "jinja_pass_arg"):
            def test(x: Any, *targs: Any) -> Any:  # Jinja's own call of it
                return environment.call_test(name, x, targs, kwargs, context)
    else:
        test, targs = bool, ()
    one = parts[0] if len(parts) == 1 and type(parts[0]) is str else None
    for item in value:
        if one is not None and type(item) in _UNSUBSCRIPTABLE:  # an event: its attribute
            x = getattr(item, one, missing)
            if x is missing:
                x = getitem(item, one)
        else:
            x = item
            for part in parts:
                x = getitem(x, part)
        if test(x, *targs):
            if keep:
                yield item
        elif not keep:
            yield item


@pass_context
def _select(context: Any, value: Any, *args: Any, **kwargs: Any) -> Any:
    return _select_or_reject(context, value, args, kwargs, True, False)


@pass_context
def _reject(context: Any, value: Any, *args: Any, **kwargs: Any) -> Any:
    return _select_or_reject(context, value, args, kwargs, False, False)


@pass_context
def _selectattr(context: Any, value: Any, *args: Any, **kwargs: Any) -> Any:
    return _select_or_reject(context, value, args, kwargs, True, True)


@pass_context
def _rejectattr(context: Any, value: Any, *args: Any, **kwargs: Any) -> Any:
    return _select_or_reject(context, value, args, kwargs, False, True)


@pass_context
def _map(context: Any, value: Any, *args: Any, **kwargs: Any) -> Any:
    """``jinja2.filters.sync_do_map``; ``map(attribute=name)`` (no default) reads each
    item's attribute by the environment's ``getitem`` without a closure per item."""
    if args or set(kwargs) != {"attribute"}:
        yield from jinja_filters.sync_do_map(context, value, *args, **kwargs)
        return
    if value:
        parts = _prepare_attribute_parts(kwargs["attribute"])
        getitem = context.environment.getitem
        one = parts[0] if len(parts) == 1 and type(parts[0]) is str else None
        for item in value:
            if one is not None and type(item) in _UNSUBSCRIPTABLE:  # an event: its attribute
                x = getattr(item, one, missing)
                yield x if x is not missing else getitem(item, one)
                continue
            for part in parts:
                item = getitem(item, part)
            yield item


#: The filters above, in place of Jinja's (``TrustedEnvironment``).
_FAST_FILTERS = {"select": _select, "reject": _reject, "selectattr": _selectattr,
                 "rejectattr": _rejectattr, "map": _map}


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
        kind = type(__obj)
        if kind is types.BuiltinMethodType or kind is Macro \
                or (kind is types.MethodType and __obj.__func__ in _PLAIN) \
                or (kind is types.FunctionType and not hasattr(__obj, "jinja_pass_arg")):
            kwargs.pop("_block_vars", None)
            kwargs.pop("_loop_vars", None)
            try:
                return __obj(*args, **kwargs)
            except StopIteration:
                return __self.environment.undefined(
                    "value was undefined because a callable raised a StopIteration exception")
        if kind is types.MethodType and not hasattr(__obj.__func__, "jinja_pass_arg"):
            if len(_PLAIN) > 4096:  # methods of classes made on the fly: no growing without end
                _PLAIN.clear()
            _PLAIN.add(__obj.__func__)
        return Context.call(__self, __obj, *args, **kwargs)


class TrustedCodeGenerator(CodeGenerator):
    """Jinja's code generator with ``a.b`` compiled inline, not as a call of
    ``environment.getattr`` (a write-up makes thousands): a plain dict's item when it has
    the key, else the attribute when it has one (``getattr`` with a default: a C call),
    else ``environment.getattr`` itself, which gives the item or the undefined as Jinja
    would. A name a dict has as a method (``d.items``) keeps Jinja's path. An
    ``{% include %}`` with the context makes its context by
    ``TrustedEnvironment.include_context``, and the included template's pieces go on by
    ``yield from`` (or the buffer's ``extend``), not a loop of Python steps per piece."""

    def visit_Template(self, node: Any, frame: Any = None) -> None:
        """Jinja's module, then the names the inline calls read (``visit_Call``): at the
        module's end, so the template's lines keep their numbers."""
        CodeGenerator.visit_Template(self, node, frame)
        self.writeline("from functools import partial as t_partial")
        self.writeline("from types import BuiltinMethodType as t_bm, FunctionType as t_fn, "
                       "MethodType as t_m")
        self.writeline("from narrator.render.trusted import _PLAIN as t_plain")

    def visit_Call(self, node: Any, frame: Any, forward_caller: bool = False) -> None:
        """``f(x)``: Jinja's ``context.call(f, x)`` (a Python call that looks for a
        ``pass_context`` mark) only for a callable that may carry one; a built-in method, a
        macro, a method whose function ``TrustedContext.call`` has seen unmarked, or an
        unmarked function is called at once, inline (the same call ``context.call`` makes;
        ``f`` and then its arguments are evaluated once, in that order). One difference:
        a ``StopIteration`` raised by a function called at once is an error, not an
        undefined value (``TrustedContext.call``)."""
        if self.environment.is_async or self.environment.sandboxed or forward_caller \
                or self.optimizer is not None:
            CodeGenerator.visit_Call(self, node, frame, forward_caller=forward_caller)
            return
        extra = {}
        if frame.loop_frame:
            extra["_loop_vars"] = "_loop_vars"
        if frame.block_frame:
            extra["_block_vars"] = "_block_vars"
        self.write("((t_cf if (type(t_cf := (")
        self.visit(node.node, frame)
        self.write(")) is t_bm or (type(t_cf) is t_m and t_cf.__func__ in t_plain) "
                   "or type(t_cf) is Macro or (type(t_cf) is t_fn and not hasattr(t_cf, "
                   "'jinja_pass_arg'))) else t_partial(context.call, t_cf")
        for key, value in extra.items():
            self.write(f", {key}={value}")
        self.write("))(")
        saved = self.stream
        self.stream = StringIO()
        try:
            self.signature(node, frame)
            args = self.stream.getvalue()
        finally:
            self.stream = saved
        self.write(args[2:] if args.startswith(", ") else args)
        self.write("))")

    def visit_Concat(self, node: Any, frame: Any) -> None:
        """``a ~ b``: Jinja's ``str_join((a, b))`` (a call, a ``map``) written out as
        ``"".join((str(a), b))``, a string constant not passed through ``str``: the same
        text. Markup joins (autoescape) keep Jinja's code."""
        if frame.eval_ctx.volatile or frame.eval_ctx.autoescape or self.environment.is_async:
            CodeGenerator.visit_Concat(self, node, frame)
            return
        self.write('"".join((')
        for arg in node.nodes:
            if isinstance(arg, nodes.Const) and type(arg.value) is str:
                self.visit(arg, frame)
            else:
                self.write("str(")
                self.visit(arg, frame)
                self.write(")")
            self.write(", ")
        self.write("))")

    def visit_Include(self, node: Any, frame: Any) -> None:
        if self.environment.is_async or node.ignore_missing or not node.with_context:
            CodeGenerator.visit_Include(self, node, frame)
            return
        func_name = "get_or_select_template"
        if isinstance(node.template, nodes.Const):
            if isinstance(node.template.value, str):
                func_name = "get_template"
            elif isinstance(node.template.value, (tuple, list)):
                func_name = "select_template"
        elif isinstance(node.template, (nodes.Tuple, nodes.List)):
            func_name = "select_template"
        self.writeline(f"template = environment.{func_name}(", node)
        self.visit(node.template, frame)
        self.write(f", {self.name!r})")
        self.writeline("gen = template.root_render_func(environment.include_context("
                       f"template, context, {self.dump_local_context(frame)}))")
        self.writeline("try:")
        self.indent()
        if frame.buffer is None:  # the pieces passed on as they come, by the interpreter
            self.writeline("yield from gen")
        else:  # ... or added to the buffer by the list itself
            self.writeline(f"{frame.buffer}.extend(gen)")
        self.outdent()
        self.writeline("finally: gen.close()")

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
    bytecode_key = "sync-filters, inline getattr, include_context 2, inline concat, inline call"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        Environment.__init__(self, *args, **kwargs)
        if not self.is_async:  # the same functions, without the per-call async test
            for name in _SYNC_FILTERS:
                self.filters[name] = _FAST_FILTERS.get(name) or getattr(
                    jinja_filters, "sync_do_" + name)
        #: templates kept by name; None when the environment reloads changed files
        self._loaded: dict[str, Any] | None = None if self.auto_reload else {}
        #: text files read through the loader, kept by name (``template_source``)
        self._sources: dict[str, tuple[str, str | None]] | None = \
            None if self.auto_reload else {}
        #: Jinja's own ``join_path``: the including template's name does not change the name
        self._plain_join = type(self).join_path is Environment.join_path

    def get_or_select_template(self, template_name_or_list: Any, parent: str | None = None,
                               globals: Any = None) -> Any:
        """Jinja's, by way of ``get_template`` for one name."""
        if type(template_name_or_list) is str:
            return self.get_template(template_name_or_list, parent, globals)
        return Environment.get_or_select_template(self, template_name_or_list, parent,
                                                  globals)

    def get_template(self, name: Any, parent: str | None = None, globals: Any = None) -> Any:
        """Jinja's, with a template loaded once kept by name when the environment does not
        reload changed files (``auto_reload=False``, as ours are); the name of the template
        including it (``parent``) is ignored as Jinja's ``join_path`` ignores it; globals
        or another ``join_path`` take Jinja's own path."""
        if self._loaded is not None and type(name) is str and not globals \
                and (parent is None or self._plain_join):
            template = self._loaded.get(name)
            if template is None:
                template = self._loaded[name] = Environment.get_template(self, name)
            return template
        return Environment.get_template(self, name, parent, globals)

    def template_source(self, name: str) -> tuple[str, str | None]:
        """A template file's text and file name as the loader finds it (``phrases.toml``,
        ``vocabulary.toml``: read for every write-up), read once when the environment does
        not reload changed files."""
        hit = self._sources.get(name) if self._sources is not None else None
        if hit is None:
            source, filename, _ = self.loader.get_source(self, name)
            hit = (source, filename)
            if self._sources is not None:
                self._sources[name] = hit
        return hit

    def include_context(self, template: Any, context: Any, locals: dict[str, Any]) -> Any:
        """The context of a template ``{% include %}``d with the context: Jinja's
        ``template.new_context(context.get_all(), True, locals)`` gives a context whose
        names are the including context's parent names, then its own (``vars``), then the
        locals that are set; this one shares the parent names (never written through a
        context) and holds the other two as its own, read first: every name reads the
        same. Its own names set later (``{% set %}`` at its top level) go to its own, as
        Jinja's would."""
        ctx = self.context_class(self, context.parent, template.name, template.blocks,
                                 globals=template.globals)
        ctx.vars = {**context.vars,
                    **{key: value for key, value in locals.items() if value is not missing}}
        return ctx

    def getitem(self, obj: Any, argument: Any) -> Any:
        """Jinja's ``getitem`` (the item, else the attribute, else undefined), with the
        attribute read at once from an object whose class has no ``__getitem__`` (an
        event: ``obj[argument]`` could only raise ``TypeError``)."""
        if type(obj) is dict:
            try:
                return obj[argument]
            except (KeyError, TypeError):
                pass  # Jinja's path: the dict's attribute, else undefined
        elif type(argument) is str and _unsubscriptable(type(obj)):
            value = getattr(obj, argument, missing)
            return value if value is not missing else self.undefined(obj=obj, name=argument)
        return Environment.getitem(self, obj, argument)

    def call_test(self, name: str, value: Any, args: Any = None, kwargs: Any = None,
                  context: Any = None, eval_ctx: Any = None) -> Any:
        """Jinja's, with a test that has no ``pass_*`` mark called at once (the same call
        ``_filter_test_common`` makes for it)."""
        func = self.tests.get(name) if type(name) is str else None
        if func is not None and func in _PLAIN_TESTS:
            if kwargs:
                return func(value, *(args or ()), **kwargs)
            return func(value, *(args or ()))
        if func is not None and not hasattr(func, "jinja_pass_arg"):
            if len(_PLAIN_TESTS) > 4096:
                _PLAIN_TESTS.clear()
            _PLAIN_TESTS.add(func)
        return Environment.call_test(self, name, value, args, kwargs, context, eval_ctx)

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
