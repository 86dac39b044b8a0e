"""The package's import graph: no circles between modules, and no arrow from a
lower layer to a higher one (docs/design.md, "Layers").

Every `import` in every module counts, function-local ones included (they run
all the same, later); only imports under `if TYPE_CHECKING:` are left out, since
they never run. `from pkg import name` is an arrow to `pkg.name` when that is a
module, else to `pkg` itself.
"""

from __future__ import annotations

import ast
from pathlib import Path

import shrinetable

PACKAGE = Path(shrinetable.__file__).parent

# bottom to top: a module may import its own layer (without circles) and those below
LAYERS = (
    ("resources", "engine"),
    ("formats",),
    ("games",),
    ("players", "lookahead", "adapter"),
    ("net",),
    ("table",),
    ("demo", "bench"),
    ("workbench",),
    ("commands",),
    ("cli", "__main__", ""),
)
LAYER = {part: i for i, parts in enumerate(LAYERS) for part in parts}


def modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = ("shrinetable", *path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _typing_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST):
    """Every import node that can run (all but those under `if TYPE_CHECKING:`)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _typing_only(node):
            yield from (n for child in node.orelse for n in _imports_of(child))
            continue
        yield from _imports_of(node)


def _imports_of(node: ast.AST):
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
    else:
        yield from _imports(node)


def graph() -> dict[str, set[str]]:
    mods = modules()
    edges: dict[str, set[str]] = {name: set() for name in mods}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, *([node.module] if node.module else [])])
                targets = [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names
                ]
            edges[name] |= {t for t in targets if t in mods and t != name}
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def layer(module: str) -> int:
    part = module.split(".")[1] if "." in module else ""
    assert part in LAYER, (
        f"{module}: its package '{part}' has no layer: add it to LAYERS "
        "here and to the picture in docs/design.md"
    )
    return LAYER[part]


def test_no_module_imports_itself_in_a_circle():
    assert circles(graph()) == []


def test_no_import_points_up_a_layer():
    up = [f"{a} -> {b}" for a, bs in graph().items() for b in sorted(bs) if layer(b) > layer(a)]
    assert up == []


def test_the_graph_sees_function_local_and_relative_imports():
    """The reader itself: a circle made only by a function-local import is found."""
    fake = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(fake) == [["a", "b", "c"]]
    tree = ast.parse("def f():\n    from . import x\nif TYPE_CHECKING:\n    import y\n")
    assert [type(n).__name__ for n in _imports(tree)] == ["ImportFrom"]


def packages(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """The graph between the package's parts (`table`, `demo`, `cli`...): an arrow
    from one to another when any module of the first imports one of the second."""
    part = {m: m.split(".")[1] if "." in m else "" for m in edges}
    out: dict[str, set[str]] = {p: set() for p in part.values()}
    for a, bs in edges.items():
        out[part[a]] |= {part[b] for b in bs if part[b] != part[a]}
    return out


def test_no_package_imports_another_in_a_circle():
    """Whole packages too: the start screen reaches the demonstrations, which draw
    with the table, through a shelf it is handed (`table/demos.py`)."""
    assert circles(packages(graph())) == []
