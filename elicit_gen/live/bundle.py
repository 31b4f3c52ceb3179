"""The runtime a form compiled at run time runs on, made once per process, and its modules.

A Python target's module is its static runtime (the same text in every module it writes) and
the form's part. :func:`shared` runs the runtime once per process, target and language and keeps
its namespace; the code it is compiled to is kept on disk beside the package, as Python keeps a
module's bytecode, so that a new process does not compile ~150 KB of source again (about 30 ms).

Every loadable target's form part is data
(:class:`~elicit_gen.targets.common.base.AssemblesModule`): each form's module is made with no
source text at all (:func:`assembled`): a copy of that namespace, what the emitter's
``assemble`` puts in it from the form's data (the pydantic target evaluates the annotations it
would print and makes the content model as its class statement would), and the module's API
code (compiled once with the placeholder class name
:data:`~elicit_gen.targets.common.base.FORM_CLASS`, renamed for each form in its code objects:
exactly the code the file written ahead of time compiles to).
"""

from __future__ import annotations
import __future__

import contextlib
import functools
import marshal
import os
import sys
import threading
import types
from pathlib import Path

from ..compiler.digests import blake2b
from ..records import NamedTuple
from ..targets import runtime_target
from ..targets.common.base import FORM_CLASS, AssemblesModule, Runtime

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any

    from ..compiler.ir import Form

_FUTURE = __future__.annotations.compiler_flag

#: Where the compiled runtimes are kept: ``ELICIT_GEN_CACHE`` (a folder; empty: nowhere), else
#: the package's ``live/__pycache__``, else the user's cache folder; never when Python writes no
#: bytecode (``sys.dont_write_bytecode``, ``PYTHONDONTWRITEBYTECODE``), as for modules.
CACHE_VARIABLE = "ELICIT_GEN_CACHE"


class Bundle(NamedTuple):
    """A target's runtime in one language, run: its namespace (without the module's own
    dunder names: what each form's module starts from, copied), and the module API's code."""

    namespace: dict[str, Any]
    api: types.CodeType


_bundles: dict[tuple[str, str, bool, bool], Bundle] = {}
_lock = threading.Lock()


def shared(target: str, locale: str, future: bool, pattern: bool = True) -> Bundle:
    """``target``'s runtime in ``locale``, run once per process (``future``: compiled with
    ``from __future__ import annotations``, as the target's modules are; ``pattern``: with the
    pattern engine, which the modules of forms with no ``pattern`` leave out: one runtime for
    the forms of each kind)."""
    with _lock:
        key = (target, locale, future, pattern)
        bundle = _bundles.get(key)
        if bundle is None:
            bundle = _bundles[key] = _make_bundle(target, locale, future, pattern)
        return bundle


def _make_bundle(target: str, locale: str, future: bool, pattern: bool) -> Bundle:
    emitter = runtime_target(target)
    # not "<...>": linecache reads a lazy entry (below) only for a name that could be a file
    kind = "" if pattern else "-no-pattern"
    filename = f"elicit-gen:{target}{kind}-runtime.py"
    api_filename = f"elicit-gen:{target}-module-api.py"
    key = _cache_key(target, locale, future, pattern)
    codes = _read(key)
    runtime_text: str | None = None
    if codes is None:
        runtime = emitter.runtime(locale, pattern)
        runtime_text = _runtime_text(runtime, future)
        code = compile(runtime_text, filename, "exec", dont_inherit=True)
        flags = _FUTURE if future else 0
        api = compile(runtime.api, api_filename, "exec", flags=flags, dont_inherit=True)
        codes = (code, api)
        _write(key, codes)
    module = types.ModuleType(f"elicit_gen.live.{target}_runtime")
    _register_source(
        module,
        filename,
        lambda: runtime_text or _runtime_text(emitter.runtime(locale, pattern), future),
    )
    _run(codes[0], module)
    names = {key: value for key, value in module.__dict__.items() if not key.startswith("__")}
    return Bundle(names, codes[1])


def _runtime_text(runtime: Runtime, future: bool) -> str:
    """The runtime's text, as the target's modules hold it (``from __future__ import
    annotations`` first when they have it: it also binds the name ``annotations``)."""
    text = runtime.imports + "\n\n" + "\n\n".join(runtime.pieces)
    return ("from __future__ import annotations\n\n" if future else "") + text


# --- modules --------------------------------------------------------------------------------


def assembled(form: Form, target: str, emitter: AssemblesModule) -> types.ModuleType:
    """``form``'s module for ``target``, made from data: no source text is made or compiled."""
    from ..targets.common.runtime import uses_pattern

    bundle = shared(target, form.locale, emitter.future_annotations, uses_pattern(form))
    module = _module(form, target, bundle)
    module.__doc__ = emitter.module_doc(form)
    with _registered(module):  # the form part's classes and the API's are made in it
        emitter.assemble(form, module.__dict__)
        exec(_renamed(bundle.api, FORM_CLASS, form.class_name), module.__dict__)
    return module


def _module(form: Form, target: str, bundle: Bundle) -> types.ModuleType:
    module = types.ModuleType(f"elicit_gen.live.{form.stem}_{target}_{form.schema_hash}")
    module.__dict__.update(bundle.namespace)
    return module


def _renamed(code: types.CodeType, old: str, new: str) -> types.CodeType:
    """``code`` with the names that start with ``old`` (globals, class and function names,
    qualified names, the class names the class statements pass on) starting with ``new``."""
    if old == new or not _mentions(code, old):
        return code

    def rename(name: str) -> str:
        return new + name[len(old) :] if name.startswith(old) else name

    consts = tuple(
        _renamed(const, old, new)
        if isinstance(const, types.CodeType)
        else rename(const)
        if isinstance(const, str) and const.isidentifier()
        else const
        for const in code.co_consts
    )
    code = code.replace(
        co_consts=consts, co_names=tuple(map(rename, code.co_names)), co_name=rename(code.co_name)
    )
    qualname = getattr(code, "co_qualname", None)  # Python 3.11 and newer
    if qualname is not None:
        code = code.replace(co_qualname=".".join(map(rename, qualname.split("."))))  # type: ignore[call-arg,unused-ignore]
    return code


@functools.lru_cache(maxsize=64)
def _mentions(code: types.CodeType, old: str) -> bool:
    """Whether ``code`` or a code object inside it names something starting with ``old`` (a
    method's qualified name counts: ``FormClassResult.check``)."""
    qualname = getattr(code, "co_qualname", "")  # Python 3.11 and newer
    names = (code.co_name, *code.co_names, *qualname.split("."))
    return any(name.startswith(old) for name in names) or any(
        _mentions(const, old)
        if isinstance(const, types.CodeType)
        else isinstance(const, str) and const.startswith(old)
        for const in code.co_consts
    )


@contextlib.contextmanager
def _registered(module: types.ModuleType) -> Iterator[None]:
    """``module`` in ``sys.modules`` meanwhile: class machinery (``@dataclass``, typing,
    pydantic) looks a class's module up there while the class is made. It is taken out again,
    so that the cache alone decides how long a form's module lives."""
    sys.modules[module.__name__] = module
    try:
        yield
    finally:
        sys.modules.pop(module.__name__, None)


def _run(code: types.CodeType, module: types.ModuleType) -> None:
    """Runs ``code`` as ``module``'s body (:func:`_registered` meanwhile)."""
    with _registered(module):
        exec(code, module.__dict__)


class _Source:
    """The runtime's text for tracebacks through it: a module's ``__loader__``, which linecache
    asks for the source of a file it cannot read (``linecache.lazycache``, as for a module in a
    zip), only when a traceback is shown. Nothing is imported for it until then (linecache
    brings tokenize: a millisecond of a client's first request)."""

    __slots__ = ("_text",)

    def __init__(self, text: Callable[[], str]) -> None:
        self._text = text

    def get_source(self, _name: str) -> str:
        return self._text()


def _register_source(module: types.ModuleType, filename: str, text: Callable[[], str]) -> None:
    """Lets tracebacks through the runtime show its lines: ``text`` (a function giving the
    source) is asked only when a traceback is printed."""
    module.__dict__["__loader__"] = _Source(text)
    linecache = sys.modules.get("linecache")
    if linecache is not None:  # also for a caller that asks without the frame's globals
        linecache.cache[filename] = (text,)


# --- the compiled runtimes on disk ----------------------------------------------------------


def _cache_key(target: str, locale: str, future: bool, pattern: bool = True) -> str:
    """A name for ``target``'s compiled runtime in ``locale`` (with the pattern engine or
    without): a digest of the Python that compiled it and the state (size, time) of every file
    its text is made of, as Python's bytecode cache checks a module's source."""
    from ..i18n import po_path
    from ..targets import REGISTRY
    from ..targets.common.runtime import runtime_file

    emitter = runtime_target(target)
    files = [
        Path(sys.modules[REGISTRY[target].module].__file__ or ""),
        Path(__file__).resolve().parents[1] / "targets" / "common" / "runtime.py",
        po_path(locale.replace("-", "_")),  # the catalogue the runtime's text holds
    ]
    files += [runtime_file(name) for name in emitter.runtime_parts(pattern)]
    digest = blake2b(digest_size=16)
    digest.update(f"{sys.implementation.cache_tag} {marshal.version} {future} {pattern}".encode())
    for path in files:
        try:
            state = path.stat()
        except OSError:
            digest.update(f"{path} -".encode())
        else:
            digest.update(f"{path} {state.st_size} {state.st_mtime_ns}".encode())
    kind = "" if pattern else "no-pattern-"
    return f"{target}-{locale}-{kind}{digest.hexdigest()}.{sys.implementation.cache_tag}.bin"


def _folders() -> list[Path]:
    configured = os.environ.get(CACHE_VARIABLE)
    if configured is not None:
        return [Path(configured)] if configured else []
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return [Path(__file__).resolve().parent / "__pycache__", Path(home) / "elicit-gen"]


def _read(key: str) -> tuple[types.CodeType, types.CodeType] | None:
    for folder in _folders():
        try:
            data = (folder / key).read_bytes()
        except OSError:
            continue
        try:
            code, api = marshal.loads(data)
        except (EOFError, ValueError, TypeError):
            continue  # a torn or foreign file: compile again (and write it anew)
        if isinstance(code, types.CodeType) and isinstance(api, types.CodeType):
            return code, api
    return None


def _write(key: str, codes: tuple[types.CodeType, types.CodeType]) -> None:
    """Keeps ``codes`` in the first cache folder that takes them (written whole, then renamed
    into place); nothing when Python writes no bytecode or no folder can be written."""
    if sys.dont_write_bytecode:
        return
    import tempfile

    data = marshal.dumps(codes)
    for folder in _folders():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".bin")
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(data)
                os.replace(temporary, folder / key)
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError:
            continue
        return
