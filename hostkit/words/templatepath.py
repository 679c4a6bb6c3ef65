"""Where templates live (the game folder's, the ruleset's, the bundled ones: `search_path`,
`bundled_dir`), and when a template hostkit.words.render cached is stale (`_uptodate`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # pragma: no cover
    from ..game.game import Game


def bundled_dir() -> Any:
    """The bundled templates/ folder: hostkit/templates in the wheel, <repo>/templates in a checkout."""
    from importlib import resources  # here, not at import: it pulls in tempfile, shutil, lzma...

    packaged = resources.files("hostkit") / "templates"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "templates"


def search_path(game: "Game | None", fmt: str) -> list[Any]:
    """The folders searched for a template, first match first (see the module docstring)."""
    dirs: list[Any] = []
    if game is not None:
        own = Path(game.folder) / "templates"
        dirs += [own / fmt, own]
        if game.ruleset.source:
            rs = Path(game.ruleset.source) / "templates"
            dirs += [rs / fmt, rs]
    dirs.append(bundled_dir() / fmt)
    return dirs


def _stamp(f: Any) -> Any:
    try:
        st = f.lstat() if isinstance(f, Path) else None
        return (st.st_mtime_ns, st.st_ino, st.st_size) if st else True
    except OSError:
        return None


def _uptodate(found: Any, earlier: list[Any]) -> Callable[[], bool]:
    """A cached template stays good while its file is unchanged and no file now overrides it
    earlier in the search path (a cached Renderer is reused within one process)."""
    stamp = _stamp(found)

    def check() -> bool:
        return _stamp(found) == stamp and not any(isinstance(e, Path) and e.is_file() for e in earlier)
    return check
