"""black, applied to generated modules one statement at a time.

Generated modules of one target share most of their statements (the validation runtime, toolkit
glue, methods of the form classes). black formats each statement on its own, so a statement is
formatted once per process and reused from a cache; only what depends on the form is formatted
again. Class bodies are split into their members the same way.

The blank lines between statements come from black's own formatting of a *skeleton* of the
module: every statement replaced by a short stand-in of the same kind (def, stub def, class,
import, docstring, compound statement, simple statement), with the original comments and blank
lines around it. So the assembled result is what black gives for the whole file; the golden tests
compare against whole-file black. A construct the skeleton does not model (``# fmt:`` comments,
two statements on one line, a bare constant statement after the docstring, ``match``) falls back
to formatting the whole file.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import io
import os
import re
import stat
import tempfile
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

_WRAPPER = "class _Wrapper:\n"


class _Unmodelled(Exception):
    """The module has a construct the statement-wise formatter does not model."""


@cache
def _mode() -> Any:
    import black
    from black.mode import TargetVersion

    return black.Mode(target_versions={TargetVersion.PY310}, line_length=100)


#: Part of every disk-cache key: bump it when the way statements are formatted changes.
_CACHE_FORMAT = "2"


@cache
def _cache_dir() -> Path | None:
    """Where formatted statements are kept between runs, or None when caching is off.

    ``$ELICIT_GEN_CACHE_DIR``, else ``$XDG_CACHE_HOME/elicit-gen``, else ``~/.cache/elicit-gen``;
    ``ELICIT_GEN_NO_CACHE=1`` turns it off. The key is a hash of the statement, black's version
    and its mode, so a cached text is exactly what black gives (like black's own cache).
    """
    if os.environ.get("ELICIT_GEN_NO_CACHE"):
        return None
    configured = os.environ.get("ELICIT_GEN_CACHE_DIR")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "elicit-gen"


@cache
def _cache_salt() -> str:
    from importlib.metadata import version

    return f"{_CACHE_FORMAT}\0black {version('black')}\0py310 line-length 100\0"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _cache_path(source: str) -> Path | None:
    directory = _cache_dir()
    if directory is None:
        return None
    digest = _digest(_cache_salt() + source)
    return directory / "black" / digest[:2] / digest


class _CacheWrites:
    enabled = True


@contextlib.contextmanager
def cache_read_only() -> Iterator[None]:
    """Within it, nothing is written to the disk cache (``--check`` writes nothing at all)."""
    previous, _CacheWrites.enabled = _CacheWrites.enabled, False
    try:
        yield
    finally:
        _CacheWrites.enabled = previous


def _docstring_normalised(tree: ast.Module) -> ast.Module:
    """Docstrings with each line stripped, as black compares them (it re-indents them)."""
    bodies: list[list[ast.stmt]] = [tree.body]
    while bodies:
        body = bodies.pop()
        first = body[0] if body else None
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            lines = [line.strip() for line in first.value.value.splitlines()]
            first.value.value = "\n".join(lines).strip()
        for node in ast.walk(ast.Module(body=body, type_ignores=[])):
            if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                bodies.append(node.body)
    return tree


def _same_tree(a: object, b: object) -> bool:
    """``ast.dump(a) == ast.dump(b)``, without building the two strings."""
    if type(a) is not type(b):
        return False
    if isinstance(a, ast.AST):
        return all(_same_tree(getattr(a, f, None), getattr(b, f, None)) for f in a._fields)
    if isinstance(a, list):
        assert isinstance(b, list)
        return len(a) == len(b) and all(map(_same_tree, a, b))
    return a == b


def _tokenized_comments(source: str) -> list[str] | None:
    try:
        tokens = tokenize.generate_tokens(io.StringIO(source).readline)
        return ["".join(t.string.split()) for t in tokens if t.type == tokenize.COMMENT]
    except (tokenize.TokenError, SyntaxError):
        return None


def _comments(source: str, tree: ast.Module) -> list[str] | None:
    """Every comment's text without its whitespace (black only changes that), in order.

    Exactly what ``tokenize`` finds, about three times faster: a ``#`` outside every string
    literal of the AST starts a comment; one inside a one-line literal is text. A ``#`` inside a
    literal spanning lines (a triple-quoted or implicitly concatenated string, which can hold a
    comment between its parts) is left to ``tokenize``.
    """
    if "#" not in source:
        return []
    lines = source.split("\n")
    spans: dict[int, list[tuple[int, int]]] = {}  # line -> one-line literals' byte ranges
    multiline: list[tuple[int, int]] = []  # first and last line of literals spanning lines
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.JoinedStr) or (
            isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes))
        ):
            end_line = node.end_lineno or node.lineno
            if end_line == node.lineno:
                spans.setdefault(node.lineno, []).append(
                    (node.col_offset, node.end_col_offset or 0)
                )
            else:
                multiline.append((node.lineno, end_line))
            continue  # an f-string's parts: inside it
        stack.extend(ast.iter_child_nodes(node))
    comments = []
    for number, line in enumerate(lines, 1):
        start = line.find("#")
        while start != -1:
            if any(first <= number <= last for first, last in multiline):
                return _tokenized_comments(source)
            column = len(line[:start].encode("utf-8", "surrogatepass"))
            if not any(begin <= column < end for begin, end in spans.get(number, ())):
                comments.append("".join(line[start:].split()))
                break
            start = line.find("#", start + 1)
    return comments


def _same_program(source: str, formatted: str) -> bool:
    """Whether ``formatted`` is ``source`` reformatted: the same AST (as black itself checks),
    the same comments, whole lines only. A cache entry is data anyone with write access to the
    cache directory could have put there; it is used only when it passes this check."""
    if not formatted.endswith("\n") or "\r" in formatted or "\0" in formatted:
        return False
    try:
        expected, actual = ast.parse(source), ast.parse(formatted)
        comments = _comments(formatted, actual)
        if comments is None or comments != _comments(source, expected):
            return False
        return _same_tree(expected, actual) or _same_tree(
            _docstring_normalised(expected), _docstring_normalised(actual)
        )
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False


#: No formatted statement comes near this; a larger entry is not read.
_MAX_ENTRY_BYTES = 64 * 1024 * 1024


def _read_entry(path: Path) -> str:
    """A cache entry's text: a regular file only (a FIFO planted there must not block the
    build, nor a link to a device fill memory). Raises OSError or ValueError otherwise."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > _MAX_ENTRY_BYTES:
            raise ValueError("not a cache entry")
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(_MAX_ENTRY_BYTES + 1)
    finally:
        os.close(fd)
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


@lru_cache(maxsize=4096)
def black_format(source: str) -> str:
    """black's output for ``source``: from this process's memory, the disk cache, or black.

    A disk-cache entry is used only when it is whole (its checksum) and provably the same
    program as ``source`` (:func:`_same_program`); otherwise black formats it again.
    """
    path = _cache_path(source)
    if path is not None:
        with contextlib.suppress(OSError, UnicodeDecodeError, ValueError):
            check, text = _read_entry(path).split("\n", 1)
            if check == _digest(text) and _same_program(source, text):
                return text
    import black

    result: str = black.format_str(source, mode=_mode())
    if path is not None and _CacheWrites.enabled:
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
            try:
                with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
                    handle.write(_digest(result) + "\n" + result)
                os.replace(tmp, path)  # atomic: readers see all of it or nothing
            except OSError:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
    return result


def format_python(source: str) -> str:
    try:
        return _format_module(source)
    except _Unmodelled:
        return black_format(source)


def _is_stub(node: ast.stmt) -> bool:
    body = getattr(node, "body", None)
    return (
        isinstance(body, list)
        and len(body) == 1
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
        and body[0].value.value is Ellipsis
    )


def _stand_in(node: ast.stmt, name: str, indent: str, docstring_ok: bool) -> str:
    """A statement that black treats like ``node`` where blank lines are concerned."""
    decorators = "".join(f"{indent}@_d\n" for _ in getattr(node, "decorator_list", []))
    tail = " ...\n" if _is_stub(node) else f"\n{indent}    pass\n"
    if isinstance(node, ast.AsyncFunctionDef):
        return f"{decorators}{indent}async def {name}():{tail}"
    if isinstance(node, ast.FunctionDef):
        return f"{decorators}{indent}def {name}():{tail}"
    if isinstance(node, ast.ClassDef):
        return f"{decorators}{indent}class {name}:{tail}"
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return f"{indent}import {name}\n"
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
        if docstring_ok and isinstance(node.value.value, str):
            return f'{indent}"""Docstring."""\n'
        raise _Unmodelled  # read as a docstring on its own, not in the file
    if isinstance(node, ast.Match):
        raise _Unmodelled
    if isinstance(
        node, (ast.If, ast.For, ast.While, ast.With, ast.Try, ast.AsyncFor, ast.AsyncWith)
    ):
        return f"{indent}if {name}:\n{indent}    pass\n"
    return f"{indent}{name} = 0\n"


_COMMENT = re.compile(r"^(\s*)#.*$", re.MULTILINE)


def _skeleton_lead(lead: list[str]) -> str:
    """Blank lines and comments before a statement, with the comments' text dropped: black's
    blank lines do not depend on it, and so one skeleton serves every form of a target."""
    return _COMMENT.sub(r"\1#", "".join(lead))


def _start(node: ast.stmt) -> int:
    decorators: list[ast.expr] = getattr(node, "decorator_list", [])
    return min([node.lineno] + [d.lineno for d in decorators])


@dataclass
class _Part:
    """One statement of the module: its source and its skeleton."""

    text: str  # source lines, leading comments included
    skeleton: str
    members: list[_Part] | None = None  # for a class split into its members
    header: str = ""  # for a split class: decorators and the class line(s)


def _split(
    nodes: list[ast.stmt],
    lines: list[str],
    first_line: int,
    end_line: int,
    indent: str,
    prefix: str,
    split_classes: bool,
) -> list[_Part]:
    parts: list[_Part] = []
    previous_end = first_line
    for index, node in enumerate(nodes):
        start, end = _start(node), node.end_lineno or node.lineno
        if start <= previous_end:
            raise _Unmodelled  # two statements on one line
        lead = lines[previous_end : start - 1]
        if any(line.strip() and not line.lstrip().startswith("#") for line in lead):
            raise _Unmodelled
        name = f"{prefix}{index}"
        text = "".join(lines[previous_end:end])
        if split_classes and isinstance(node, ast.ClassDef) and len(node.body) > 1:
            body_start = _start(node.body[0])
            header_end = body_start - 1
            # comments between the class line and the first member belong to that member
            while header_end > start and lines[header_end - 1].lstrip().startswith("#"):
                header_end -= 1
            members = _split(
                node.body, lines, header_end, end, indent + "    ", f"{name}_", split_classes=False
            )
            decorators = "".join(f"{indent}@_d\n" for _ in node.decorator_list)
            skeleton = (
                _skeleton_lead(lead)
                + f"{decorators}{indent}class {name}:\n"
                + "".join(m.skeleton for m in members)
            )
            header = "".join(lines[previous_end:header_end])  # with the comments before it
            parts.append(_Part(text, skeleton, members, header))
        else:
            skeleton = _skeleton_lead(lead) + _stand_in(node, name, indent, docstring_ok=index == 0)
            parts.append(_Part(text, skeleton))
        previous_end = end
    rest = lines[previous_end:end_line]
    if parts and rest:
        if any(line.strip() and not line.lstrip().startswith("#") for line in rest):
            raise _Unmodelled
        parts[-1].text += "".join(rest)
        parts[-1].skeleton += _skeleton_lead(rest)
    return parts


def _gaps(lines: list[str], first: int, nodes: list[ast.stmt]) -> list[int]:
    """Blank lines after line ``first`` (1-based) and after each node but the last."""
    gaps = []
    for end in [first] + [n.end_lineno or n.lineno for n in nodes[:-1]]:
        gap = 0
        while end + gap < len(lines) and not lines[end + gap].strip():
            gap += 1
        gaps.append(gap)
    return gaps


def _format_member(text: str) -> str:
    formatted = black_format(_WRAPPER + text)
    return formatted[len(_WRAPPER) :].lstrip("\n")


def _format_header(header: str) -> str:
    formatted = black_format(header + "    pass\n")
    assert formatted.endswith("    pass\n")
    return formatted[: -len("    pass\n")]


def _format_module(source: str) -> str:
    if re.search(r"#\s*fmt:", source):
        raise _Unmodelled
    tree = ast.parse(source)
    if not tree.body:
        raise _Unmodelled
    lines = source.splitlines(keepends=True)
    parts = _split(tree.body, lines, 0, len(lines), "", "_s", split_classes=True)
    skeleton = black_format("".join(p.skeleton for p in parts))
    skeleton_tree = ast.parse(skeleton)
    skeleton_lines = skeleton.splitlines()
    if len(skeleton_tree.body) != len(parts):
        raise _Unmodelled
    top_gaps = _gaps(skeleton_lines, 0, skeleton_tree.body)
    out: list[str] = []
    for gap, part, node in zip(top_gaps, parts, skeleton_tree.body, strict=True):
        if out:
            out.append("\n" * gap)
        if part.members is None:
            out.append(black_format(part.text).lstrip("\n"))
            continue
        assert isinstance(node, ast.ClassDef)
        if len(node.body) != len(part.members):
            raise _Unmodelled
        out.append(_format_header(part.header))
        class_line = node.lineno  # stand-in classes have a one-line header
        member_gaps = _gaps(skeleton_lines, class_line, node.body)
        for member_gap, member in zip(member_gaps, part.members, strict=True):
            out.append("\n" * member_gap + _format_member(member.text))
    return "".join(out)
