"""The package's layout holds what docs/architecture.md says of it: no import cycle among its
modules (every import counted: module level, inside a function, under ``TYPE_CHECKING``), at
most four modules loose in ``elicit_gen/``, at most six test files loose in ``tests/``, and no
module over 500 lines; the README's Development tree is the package's real layout.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "elicit_gen"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _targets(
    name: str, path: Path, node: ast.Import | ast.ImportFrom, known: dict[str, Path]
) -> Iterator[str]:
    """The modules of ``known`` an import statement of module ``name`` names."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name in known:
                yield alias.name
        return
    if node.level:
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        base = package[: len(package) - node.level + 1]
        head = ".".join([*base, *([node.module] if node.module else [])])
    else:
        head = node.module or ""
    for alias in node.names:
        if f"{head}.{alias.name}" in known:
            yield f"{head}.{alias.name}"
        elif head in known:
            yield head


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                graph[name].update(t for t in _targets(name, path, node, modules) if t != name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle() -> None:
    assert cycles(import_graph(MODULES)) == []


def test_the_cycle_finder_sees_a_cycle(tmp_path: Path) -> None:
    """The check can fail: two modules of a package that import each other, one of them lazily."""
    package = tmp_path / "elicit_gen"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "a.py").write_text("from .b import x\n", encoding="utf-8")
    (package / "b.py").write_text("def f():\n    from elicit_gen import a\n", encoding="utf-8")
    modules = {
        "elicit_gen.a": package / "a.py",
        "elicit_gen.b": package / "b.py",
        "elicit_gen": package / "__init__.py",
    }
    assert cycles(import_graph(modules)) == [["elicit_gen.a", "elicit_gen.b"]]


def test_few_modules_loose_in_the_package() -> None:
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(loose) <= 4, loose


def test_few_test_files_loose_in_tests() -> None:
    loose = sorted(p.name for p in (ROOT / "tests").glob("test_*.py"))
    assert len(loose) <= 6, loose


@pytest.mark.parametrize("name", sorted(MODULES), ids=str)
def test_no_module_over_500_lines(name: str) -> None:
    path = MODULES[name]
    relative = path.relative_to(PACKAGE).as_posix()
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= 500, f"{relative} has {lines} lines: split it at a seam"


def _development_tree() -> list[tuple[int, str, str]]:
    """The README's Development tree: (indent, the folder or file an entry names, its words)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Development\n", 1)[1]
    block = section.split("```\n", 2)[1]
    entries: list[tuple[int, str, str]] = []
    for line in block.splitlines():
        found = re.match(r"^( *)(\S+)(?: +(.*))?$", line)
        assert found, line
        indent, name, words = len(found[1]), found[2], found[3] or ""
        if indent >= 20:  # a description's next line
            entries[-1] = (*entries[-1][:2], f"{entries[-1][2]} {line.strip()}")
        else:
            entries.append((indent, name, words))
    return entries


def _folders(path: Path) -> list[str]:
    return sorted(
        f"{p.name}/" for p in path.iterdir() if p.is_dir() and any(p.rglob("*.*")) and
        p.name != "__pycache__"
    )  # fmt: skip


def test_the_readme_tree_is_the_real_layout() -> None:
    """Issue 40: the tree listed `cli/`, `mcp/` and `i18n/` in the lines of `build/` and `live/`,
    as if they sat under them. Each top-level entry is a folder of the checkout; the entries
    indented under `elicit_gen/` are exactly its folders, the modules its first line names are
    exactly the loose ones, and the runtime entry names every bundle."""
    entries = _development_tree()
    top = [name for indent, name, _ in entries if indent == 0]
    assert all(name.endswith("/") and name.count("/") == 1 for name in top), top
    assert all((ROOT / name).is_dir() for name in top), top
    assert top[0] == "elicit_gen/"
    nested = [(indent, name, words) for indent, name, words in entries if indent]
    assert {indent for indent, _, _ in nested} == {2}, nested
    package_entries = entries[1 : 1 + len(nested)]
    assert package_entries == nested, "every nested entry sits right under elicit_gen/"
    assert sorted(name for _, name, _ in nested) == _folders(PACKAGE)
    first_line = entries[0][2]
    assert sorted(re.findall(r"[\w]+\.py", first_line)) == sorted(
        p.name for p in PACKAGE.glob("*.py")
    ), first_line
    for _, name, words in nested:
        named = re.findall(r"(?<![\w/<])([a-z0-9_]+/)(?![\w<])", words)
        own = set(_folders(PACKAGE / name))  # runtime/ has a cli/ of its own
        others = {n for n in _folders(PACKAGE) if n != name} - own
        assert not set(named) & others, f"{name}'s words name another package folder"
    runtime = next(words for _, name, words in nested if name == "runtime/")
    assert set(_folders(PACKAGE / "runtime")) <= set(re.findall(r"([a-z0-9_]+/)", runtime))
