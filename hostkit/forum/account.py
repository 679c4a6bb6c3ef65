"""The host's forum account for a site: its name, its password, its cached session.

None of it is ever in the game folder (co-hosts share that folder through git):
- **The password** is kept in the system's credential store through keyring (service
  "hostkit forum SITE", the account name as the user). Where there is no store (a headless
  machine: keyring has no backend), HOSTKIT_FORUM_PASSWORD is read instead, for CI and scripts;
  that variable, when set, also wins over the store.
- **The account name and the session cookies** are cached in the user's cache folder
  ($HOSTKIT_CACHE/forum, else platformdirs' user cache folder for hostkit, which is
  $XDG_CACHE_HOME/hostkit or ~/.cache/hostkit on Linux): one JSON file a site, mode 0600. A
  command logs in again (once) when the cached session has expired. HOSTKIT_FORUM_USER names the
  account where nothing is cached.
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
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"site": site, "user": user, "cookies": cookies}, fh)
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


def password(site: str, user: str) -> str:
    """The account's password: $HOSTKIT_FORUM_PASSWORD, else the credential store."""
    env = os.environ.get(PASSWORD_ENV)
    if env:
        return env
    try:
        found = _keyring().get_password(_service(site), user)
    except Exception as exc:  # noqa: BLE001 - keyring's backends raise their own kinds
        raise _no_store(exc) from None
    if not found:
        raise ForumError(f"no password for {user!r} on {site}: run 'hostkit forum login' "
                         f"(or set {PASSWORD_ENV})")
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

    def __init__(self, site: str, adapter: Any, session: Any, user: str | None) -> None:
        self.site, self.adapter, self.session, self.user = site, adapter, session, user

    def login(self) -> None:
        if not self.user:
            raise ForumError(f"no forum account for {self.site}: run 'hostkit forum login --user NAME' "
                             f"(or set {USER_ENV})")
        self.adapter.login(self.user, password(self.site, self.user))
        self.save()

    def save(self) -> None:
        write_state(self.site, self.user, self.session.cookies())

    def call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        method: Callable[..., Any] = getattr(self.adapter, name)
        try:
            return method(*args, **kwargs)
        except LoginNeeded:
            self.login()
            return method(*args, **kwargs)

    def ensure(self) -> str:
        """Log in if the cached session is not logged in; the account's name on the forum."""
        who = self.adapter.whoami()
        if who is None:
            self.login()
            who = self.adapter.whoami()
            if who is None:
                raise ForumError(f"{self.site}: logged in, but the forum still shows no account")
        return who

    def close(self) -> None:
        self.session.close()


def connect(thread: str | None, *, user: str | None = None) -> Connection:
    """A Connection to the thread's forum, with the cached session if there is one."""
    from .phpbb import PhpBB
    from .session import Session

    site = site_of(thread)
    engine_of(thread or "")
    state = read_state(site)
    name = user or state.get("user") or os.environ.get(USER_ENV) or None
    session = Session(site)
    if state.get("cookies") and (user is None or user == state.get("user")):
        session.set_cookies(state["cookies"])
    return Connection(site, PhpBB(session), session, name)


# --------------------------------------------------------------------------- the commands' cores

def log_in(thread: str | None, *, user: str | None, ask: Callable[[str], str]) -> list[str]:
    """`hostkit forum login`: log in to the thread's forum as `user` (else the cached or
    $HOSTKIT_FORUM_USER account), keep the password in the credential store (asked with `ask`
    unless $HOSTKIT_FORUM_PASSWORD is set) and cache the session. Returns the lines to print."""
    conn = connect(thread, user=user)
    try:
        if not conn.user:
            raise ForumError(f"which account? give --user NAME (your account on {conn.site})")
        from_env = bool(os.environ.get(PASSWORD_ENV))
        if not from_env:
            missing = store_missing()
            if missing is not None:
                raise _no_store(missing)
        secret = os.environ.get(PASSWORD_ENV) or ask(f"Password for {conn.user} on {conn.site}")
        conn.adapter.login(conn.user, secret)
        who = conn.adapter.whoami() or conn.user
        if not from_env:
            store_password(conn.site, conn.user, secret)
        conn.user = who
        conn.save()
    finally:
        conn.close()
    where = "read from $" + PASSWORD_ENV if from_env else "kept in the system's credential store"
    path = _state_path(conn.site)
    return [f"Logged in to {conn.site} as {who}.",
            f"Password: {where}; never written to the game folder.",
            f"Session: cached in {path} (mode 0600)." if path else "Session: not cached (HOSTKIT_CACHE is empty)."]


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
        if os.environ.get(PASSWORD_ENV):
            lines.append(f"Password: from ${PASSWORD_ENV}")
        elif conn.user:
            stored = has_stored_password(conn.site, conn.user)
            lines.append("Password: " + {True: "in the system's credential store",
                                         False: "none stored (hostkit forum login)",
                                         None: f"no credential store on this machine: set ${PASSWORD_ENV}"}[stored])
        who = conn.adapter.whoami() if conn.session.http.cookies else None
        lines.append(f"Session: logged in as {who}" if who else "Session: not logged in (the next send logs in)")
    finally:
        conn.close()
    return lines
