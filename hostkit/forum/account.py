"""The host's forum account for a site: its name, its password, its cached session.

None of it is ever in the game folder (co-hosts share that folder through git):
- **The password** is kept in the system's credential store through keyring (service
  "hostkit forum SITE", the account name as the user). Where there is no store (a headless
  machine, WSL, a container: keyring has no backend), `forum login` asks for it (hidden) and
  keeps it nowhere: only the session is kept, and the host logs in again when it ends.
  HOSTKIT_FORUM_PASSWORD, for CI and scripts, is read instead of asking.
- **A password goes only to its site.** The thread's site comes from game.toml, which a co-host's
  commit can change: hostkit logs in only to a site the host logged in to with `forum login`
  (the sites are kept in the user's state folder, beside the journal key: `forum-sites.json`,
  mode 0600, never in the game folder). Elsewhere it refuses, before any request, and
  HOSTKIT_FORUM_PASSWORD is never sent there; the credential store's password is kept under
  its own site already.
- **The account name and the session cookies** are cached in the user's cache folder
  ($HOSTKIT_CACHE/forum, else platformdirs' user cache folder for hostkit, which is
  $XDG_CACHE_HOME/hostkit or ~/.cache/hostkit on Linux): one JSON file a site, mode 0600. A
  session that has expired, or was forgotten (the cache cleared), is said on stderr and logged in
  again by itself when it can: the account is the one logged in with (else the game's host) and
  its password is at hand (the credential store, or HOSTKIT_FORUM_PASSWORD for a site logged in
  to); else the command says to run `hostkit forum login`.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urljoin, urlsplit

from .base import ForumError, LoginNeeded

PASSWORD_ENV = "HOSTKIT_FORUM_PASSWORD"
USER_ENV = "HOSTKIT_FORUM_USER"


def site_of(thread: str | None) -> str:
    """The forum site of a thread URL: its board's root, ending in '/'."""
    if not thread or "://" not in thread:
        raise ForumError("the game has no thread URL: create it with --thread URL (the forum is the thread's site)")
    parts = urlsplit(thread)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ForumError(f"{thread}: not an http(s) URL")
    return urljoin(f"{parts.scheme}://{parts.netloc}{parts.path}", ".")


def engine_of(thread: str) -> str:
    """Which adapter talks to the thread's forum (only phpBB 3 has one so far)."""
    path = urlsplit(thread).path.lower()
    if path.endswith("viewtopic.php") or "viewtopic.php" in thread.lower() or "-t" in path:
        return "phpbb"
    raise ForumError(f"{thread}: hostkit can send only to phpBB 3 boards so far (a viewtopic.php?t=N thread); "
                     "render with 'hostkit pm' / 'hostkit post' and paste instead")


def cache_folder() -> Path | None:
    """Where sessions are cached; None when HOSTKIT_CACHE is set empty (no cache)."""
    env = os.environ.get("HOSTKIT_CACHE")
    if env is not None:
        return Path(env) / "forum" if env else None
    import platformdirs

    return Path(platformdirs.user_cache_dir("hostkit")) / "forum"


def _state_path(site: str) -> Path | None:
    folder = cache_folder()
    return folder / f"{hashlib.sha256(site.encode()).hexdigest()[:20]}.json" if folder else None


def read_state(site: str) -> dict[str, Any]:
    """The cached account name and cookies of `site` ({} when none, or unreadable)."""
    path = _state_path(site)
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path else {}
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("site") != site:
        return {}
    cookies = data.get("cookies")
    ok = isinstance(cookies, list) and all(isinstance(c, dict) and isinstance(c.get("name"), str)
                                           and isinstance(c.get("value"), str) for c in cookies)
    return {"site": site, "user": data.get("user") if isinstance(data.get("user"), str) else None,
            "cookies": cookies if ok else []}


def write_state(site: str, user: str | None, cookies: list[dict[str, Any]]) -> None:
    """Cache the account name and cookies, mode 0600 from the first byte (never readable by
    others, even for a moment)."""
    path = _state_path(site)
    if path is not None:
        _write_private(path, {"site": site, "user": user, "cookies": cookies})


def _write_private(path: Path, data: Any) -> None:
    """Write JSON to a file of the user's alone: mode 0600 from the first byte, atomically."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def forget_state(site: str) -> bool:
    path = _state_path(site)
    try:
        if path:
            path.unlink()
            return True
    except FileNotFoundError:
        pass
    return False


# --------------------------------------------------------------------------- the password

def _service(site: str) -> str:
    return f"hostkit forum {site}"


def _keyring() -> Any:
    import keyring

    return keyring


def _no_store(exc: BaseException) -> ForumError:
    return ForumError(f"no credential store on this machine (keyring: {type(exc).__name__}); "
                      f"set {PASSWORD_ENV} in the environment instead (for CI and scripts)")


def _sites_path() -> Path:
    from ..store.journal import key_path

    return key_path().parent / "forum-sites.json"


def _sites() -> dict[str, str]:
    """The sites the host logged in to with `forum login`, each with its account."""
    try:
        data = json.loads(_sites_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def bound(site: str) -> str | None:
    """The account the host logged in to `site` with (`forum login`), or None: hostkit sends a
    password to no other site."""
    return _sites().get(site)


def bind(site: str, user: str | None) -> None:
    """Remember that the host logged in to `site` as `user` (None: forget it). Mode 0600 from
    the first byte."""
    sites = _sites()
    if user is None:
        if sites.pop(site, None) is None:
            return
    else:
        sites[site] = user
    _write_private(_sites_path(), sites)


def _not_bound(site: str) -> ForumError:
    return ForumError(f"hostkit has not logged in to {site} (the game's thread is there): it sends your password "
                      f"only to a site you logged in to; if this is the game's forum, run 'hostkit forum login'")


def password(site: str, user: str) -> str:
    """The account's password for a site the host logged in to: $HOSTKIT_FORUM_PASSWORD, else
    the credential store. Refuses any other site before anything is sent there."""
    env = os.environ.get(PASSWORD_ENV)
    if env and bound(site) is not None:
        return env
    try:  # the store keeps a password under its site already (only `forum login` puts it there)
        found = _keyring().get_password(_service(site), user)
    except Exception:  # noqa: BLE001 - keyring's backends raise their own kinds: there is no store
        found = None
    if not found and bound(site) is None:
        raise _not_bound(site)
    if not found:
        raise ForumError(f"no password for {user!r} on {site} at hand (none in a credential store, no "
                         f"${PASSWORD_ENV}): run 'hostkit forum login' to log in again")
    return found


def store_password(site: str, user: str, secret: str) -> None:
    try:
        _keyring().set_password(_service(site), user, secret)
    except Exception as exc:  # noqa: BLE001
        raise _no_store(exc) from None


def delete_password(site: str, user: str) -> bool:
    try:
        _keyring().delete_password(_service(site), user)
        return True
    except Exception:  # noqa: BLE001 - none stored, or no store at all: nothing to delete
        return False


def store_missing() -> BaseException | None:
    """Why there is no usable credential store here (keyring's error), or None when there is one."""
    try:
        kr = _keyring()
        backend = kr.get_keyring()
        from keyring.backends import fail

        if isinstance(backend, fail.Keyring):
            return kr.errors.NoKeyringError("no backend")
    except Exception as exc:  # noqa: BLE001
        return exc
    return None


def has_stored_password(site: str, user: str) -> bool | None:
    """Whether the store holds a password (None: there is no store here)."""
    try:
        return bool(_keyring().get_password(_service(site), user))
    except Exception:  # noqa: BLE001
        return None


# --------------------------------------------------------------------------- connecting

class Connection:
    """An adapter with the account behind it: a call that meets an expired session logs in
    again once (with the stored password) and is made again; cookies are cached after it."""

    def __init__(self, site: str, adapter: Any, session: Any, user: str | None, *, kept: bool = False) -> None:
        self.site, self.adapter, self.session, self.user = site, adapter, session, user
        self.kept = kept  # a session was kept for the site (cookies cached)

    def login(self, why: str = "") -> None:
        """Log in again by itself (`why`: the session expired, or none is kept), said on stderr."""
        if not self.user:
            raise ForumError(f"no forum account for {self.site}: run 'hostkit forum login --user NAME' "
                             f"(or set {USER_ENV})")
        try:
            secret = password(self.site, self.user)
        except ForumError as exc:
            raise ForumError(f"{why}, and {exc}" if why else str(exc)) from None
        if why:
            from .session import warn

            warn(f"{why}; logging in again as {self.user}")
        self.adapter.login(self.user, secret)
        self.save()

    def save(self) -> None:
        write_state(self.site, self.user, self.session.cookies())

    def call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        method: Callable[..., Any] = getattr(self.adapter, name)
        try:
            return method(*args, **kwargs)
        except LoginNeeded:
            self.login(f"the forum session on {self.site} has expired")
            return method(*args, **kwargs)

    def ensure(self) -> str:
        """Log in if the cached session is not logged in; the account's name on the forum. A site
        the host never logged in to (`forum login`) is refused before any request goes there."""
        if bound(self.site) is None:
            raise _not_bound(self.site)
        who = self.adapter.whoami()
        if who is None:
            self.login(f"the forum session on {self.site} has expired" if self.kept else
                       f"no forum session on {self.site} is kept here (forgotten, or never made)")
            who = self.adapter.whoami()
            if who is None:
                raise ForumError(f"{self.site}: logged in, but the forum still shows no account")
        return who

    def close(self) -> None:
        self.session.close()


def connect(thread: str | None, *, user: str | None = None, host: str | None = None,
            fresh: bool = False) -> Connection:
    """A Connection to the thread's forum, with the cached session if there is one (`host`: the
    game's host account, the account where nothing else names one; `fresh`: without the cached
    session, which is kept as it is until a new one replaces it)."""
    from .phpbb import PhpBB
    from .session import Session

    site = site_of(thread)
    engine_of(thread or "")
    state = read_state(site)
    name = user or state.get("user") or bound(site) or os.environ.get(USER_ENV) or host or None
    session = Session(site)
    kept = bool(state.get("cookies") and (user is None or user == state.get("user"))) and not fresh
    if kept:
        session.set_cookies(state["cookies"])
    return Connection(site, PhpBB(session), session, name, kept=kept)


# --------------------------------------------------------------------------- the commands' cores

def log_in(thread: str | None, *, user: str | None, ask: Callable[[str], str]) -> list[str]:
    """`hostkit forum login`: log in to the thread's forum as `user` (else the cached or
    $HOSTKIT_FORUM_USER account), keep the password in the credential store (asked with `ask`
    unless $HOSTKIT_FORUM_PASSWORD is set) and cache the session. Returns the lines to print."""
    conn = connect(thread, user=user, fresh=True)  # a refused login leaves the session kept before as it was
    try:
        if not conn.user:
            raise ForumError(f"which account? give --user NAME (your account on {conn.site})")
        from_env = bool(os.environ.get(PASSWORD_ENV))
        missing = None if from_env else store_missing()
        secret = os.environ.get(PASSWORD_ENV) or ask(f"Password for {conn.user} on {conn.site} (not shown)")
        conn.adapter.login(conn.user, secret)
        who = conn.adapter.whoami() or conn.user
        if not from_env and missing is None:
            store_password(conn.site, conn.user, secret)
        conn.user = who
        conn.save()
        bind(conn.site, who)
    finally:
        conn.close()
    if from_env:
        where = f"read from ${PASSWORD_ENV}, kept nowhere by hostkit; it is sent only to {conn.site}"
    elif missing is None:
        where = f"kept in the system's credential store (keyring), for {conn.site} only"
    else:
        where = (f"not kept: this machine has no credential store (keyring: {type(missing).__name__}); when "
                 f"the session ends, run 'hostkit forum login' again (or set ${PASSWORD_ENV})")
    path = _state_path(conn.site)
    return [f"Logged in to {conn.site} as {who}.",
            f"Password: {where}; never in the game folder, the session cache or a log.",
            f"Session: cached in {path} (mode 0600)." if path else "Session: not cached (HOSTKIT_CACHE is empty).",
            f"Logins: hostkit logs in only to a site you logged in to like this (kept in {_sites_path()})."]


def log_out(thread: str | None) -> list[str]:
    """`hostkit forum logout`: end the forum session, forget the cached one and the stored password."""
    site = site_of(thread)
    state = read_state(site)
    user = state.get("user") or os.environ.get(USER_ENV)
    lines = []
    if state.get("cookies"):
        conn = connect(thread)
        try:
            conn.adapter.logout()
        except ForumError as exc:
            lines.append(f"(the forum could not be told: {exc})")
        finally:
            conn.close()
    forgot = forget_state(site)
    dropped = delete_password(site, user) if user else False
    bind(site, None)
    done = [w for w, ok in (("session forgotten", forgot),
                            ("password removed from the credential store", dropped)) if ok]
    who = f" ({user})" if user else ""
    lines.insert(0, f"Logged out of {site}{who}: {', '.join(done) or 'nothing was kept here'}.")
    return lines


def status(thread: str | None) -> list[str]:
    """`hostkit forum status`: the site, the account, where the password comes from, and
    whether the cached session is still logged in (one request)."""
    conn = connect(thread)
    try:
        lines = [f"Forum: {conn.site} (phpBB 3)", f"Account: {conn.user or '(none: hostkit forum login --user NAME)'}"]
        if bound(conn.site) is None:
            lines.append("Password: none is sent here: you have not logged in to this site with 'hostkit forum login'")
        elif os.environ.get(PASSWORD_ENV):
            lines.append(f"Password: from ${PASSWORD_ENV}")
        elif conn.user:
            stored = has_stored_password(conn.site, conn.user)
            nowhere = ("no credential store on this machine: asked by 'hostkit forum login', kept nowhere "
                       f"(or ${PASSWORD_ENV})")
            lines.append("Password: " + {True: "in the system's credential store",
                                         False: "none stored (hostkit forum login)", None: nowhere}[stored])
        who = conn.adapter.whoami() if conn.session.http.cookies else None
        lines.append(f"Session: logged in as {who}" if who else "Session: not logged in (the next send logs in)")
    finally:
        conn.close()
    return lines
