"""Another revision of the game beside this tree, for the benchmarks that compare the two
(``--against REV``): the commit a name gives, and a detached git worktree of it, either for
one run (removed afterwards) or kept in a cache folder for later runs."""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _git(repo: Path, *args: str) -> str:
    """Git's output; ValueError with its last line of complaint when it fails."""
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                          check=False)
    if done.returncode:
        said = done.stderr.strip().splitlines()
        raise ValueError(said[-1] if said else f"git {' '.join(args)} failed")
    return done.stdout.strip()


def commit_of(rev: str, repo: Path = ROOT) -> str | None:
    """The commit ``rev`` names in ``repo``, or None when it names none."""
    try:
        return _git(repo, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}") or None
    except ValueError:
        return None


@contextmanager
def revision_tree(rev: str, prefix: str, repo: Path = ROOT) -> Iterator[Path]:
    """A detached worktree of ``rev`` in a temporary folder, for the ``with`` block; removed
    (and unregistered from the repository) after it."""
    with tempfile.TemporaryDirectory(prefix=prefix) as temp:
        tree = Path(temp) / "tree"
        _git(repo, "worktree", "add", "--detach", "--quiet", str(tree), rev)
        try:
            yield tree
        finally:
            subprocess.run(["git", "-C", str(repo), "worktree", "remove", "--force", str(tree)],
                           capture_output=True, check=False)


def trees_against(parser: argparse.ArgumentParser, rev: str | None, prefix: str,
                  stack: ExitStack) -> list[tuple[str, Path]]:
    """This tree, and a worktree of ``rev`` (when given) held until ``stack`` closes; a
    revision git does not know is a usage error, before anything is measured."""
    trees = [("this tree", ROOT)]
    if rev:
        if commit_of(rev) is None:
            parser.error(f"--against: {rev!r} is not a revision of this repository")
        trees.append((rev, stack.enter_context(revision_tree(rev, prefix))))
    return trees


def cached_tree(rev: str, cache: Path | None = None, repo: Path = ROOT) -> tuple[str, Path]:
    """The commit ``rev`` names in ``repo`` and a detached worktree of it, made once in a
    cache folder and kept for later runs (``git worktree remove`` one no longer wanted);
    ValueError when ``rev`` names no commit."""
    commit = commit_of(rev, repo)
    if commit is None:
        raise ValueError(f"'{rev}' names no commit")
    if cache is None:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        cache = Path(base) / "carcassonne-family" / "bench"
    tree = cache / commit
    if not (tree / "game").is_dir():
        cache.mkdir(parents=True, exist_ok=True)
        # --force: a folder of the cache deleted by hand is still registered (pruning instead
        # would forget other missing worktrees of the repository too).
        _git(repo, "worktree", "add", "--force", "--detach", str(tree), commit)
    return commit, tree
