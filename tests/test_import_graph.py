"""The layers of ``game/`` and no import circle anywhere: every module can be read, and
tested, after the modules it imports.

The packages are layers, lowest first (``LAYERS``); a module imports only from its own layer
and the layers below it.  The top of ``game/`` holds nothing but the command names a user
types (``python -m game``, ``game.server``, ``game.sim``, ``game.scenario``,
``game.tileset``), which run the commands of ``game.commands``.

Every import counts, wherever it stands: at the top, inside a function (a deferred import
still ties the two modules), and under ``if TYPE_CHECKING:`` (a type named from a module
that imports this one is a circle the type checker walks)."""

from __future__ import annotations

import ast
from collections.abc import Container, Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "game"
LAYERS = (
    ("game.system", "the computer it runs on and the game as installed: paths, version, icon"),
    ("game.rules", "the rules core: tile sets in, legal moves and scores out"),
    ("game.words", "the words players read: translation, a tile set's words, rules pages"),
    ("game.ai", "the computer players"),
    ("game.store", "what is kept on disk: saves, settings, the tile set cache, the log"),
    ("game.view", "what the window shows of a game, as text and plain data"),
    ("game.review", "the coach: the review of a game, the Hint, the worth of answers"),
    ("game.net", "network play: the table, its server and its clients"),
    ("game.ui", "the window"),
    ("game.commands", "the command lines"),
)
# The names users type (python -m game.server...), each running a command of game.commands.
COMMAND_NAMES = ("game", "game.__main__", "game.server", "game.sim", "game.scenario",
                 "game.tileset")


def module_names(root: Path = ROOT, package: str = PACKAGE) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    names: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool,
              names: Container[str]) -> Iterator[str]:
    """The modules an import statement of ``module`` reads: ``from X import name`` reads
    the submodule ``X.name`` if there is one, else ``X`` itself."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
        return
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[:len(base) - (node.level - 1)]
        source = ".".join([*base, *([node.module] if node.module else [])])
    else:
        source = node.module or ""
    for alias in node.names:
        submodule = f"{source}.{alias.name}"
        yield submodule if submodule in names else source


def import_graph(names: Mapping[str, Path]) -> dict[str, set[str]]:
    """Each module's edges to the modules of the package it imports."""
    graph: dict[str, set[str]] = {}
    for module, path in names.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        is_package = path.name == "__init__.py"
        edges: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                edges.update(target for target in _imported(node, module, is_package, names)
                             if target in names and target != module)
        graph[module] = edges
    return graph


def circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), each
    sorted, the groups in order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
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

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def layer_of(module: str) -> int | None:
    """The index of the module's layer in ``LAYERS`` (a package's ``__main__`` is a command);
    None for a module of no layer."""
    if module in COMMAND_NAMES or module.endswith(".__main__"):
        return len(LAYERS) - 1
    for i, (package, _) in enumerate(LAYERS):
        if module == package or module.startswith(package + "."):
            return i
    return None


def test_every_module_lies_in_a_layer() -> None:
    loose = [m for m in module_names() if layer_of(m) is None]
    assert loose == [], f"modules in no layer of LAYERS: {loose}"


def test_a_layer_imports_only_from_itself_and_the_layers_below() -> None:
    upward = [f"{m} ({LAYERS[layer_of(m) or 0][0]}) imports {t} ({LAYERS[layer_of(t) or 0][0]})"
              for m, edges in sorted(import_graph(module_names()).items()) for t in sorted(edges)
              if (layer_of(t) or 0) > (layer_of(m) or 0)]
    assert upward == [], "imports against the layer order:\n" + "\n".join(upward)


def test_the_layer_check_finds_an_import_upward() -> None:
    assert layer_of("game.rules.game") == 1 and layer_of("game.review.__main__") == 9
    assert layer_of("game.server") == 9 and layer_of("game.gizmo") is None
    graph = {"game.rules.board": {"game.ui.app"}}
    assert [t for m, e in graph.items() for t in e if (layer_of(t) or 0) > (layer_of(m) or 0)]


def test_no_module_of_the_game_imports_itself_through_others() -> None:
    found = circles(import_graph(module_names()))
    assert found == [], "import circles:\n" + "\n".join(" <-> ".join(g) for g in found)


def test_a_circle_through_a_type_checking_import_is_found(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "a.py").write_text("from .sub.b import B\n")
    (package / "sub" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..a import A\n")
    (package / "c.py").write_text("import pkg\ndef late():\n    from pkg import a, sub\n")
    graph = import_graph(module_names(tmp_path, "pkg"))
    assert graph["pkg.a"] == {"pkg.sub.b"} and graph["pkg.sub.b"] == {"pkg.a"}
    assert graph["pkg.c"] == {"pkg", "pkg.a", "pkg.sub"}
    assert circles(graph) == [["pkg.a", "pkg.sub.b"]]
