"""One exception hierarchy. The CLI turns every HostkitError into a one-line message and exit 1."""

from __future__ import annotations

from typing import Iterable


class HostkitError(Exception):
    """A user's mistake or a bad input: reported in one line, never as a traceback."""


class RuleError(HostkitError):
    """An action, vote or ruling breaks a rule of the game."""


class NameError_(HostkitError):
    """A player, role, ability or ruleset name that matches nothing (or too many things)."""


class FileError(HostkitError):
    """A malformed or missing file: the message names its path and the key or line."""


class WriteError(FileError, OSError):
    """A write the system refused (a full disk, a read-only folder): one line naming the file, and
    still an OSError, which it is."""


class FetchError(HostkitError):
    """A thread page could not be fetched: the message names the URL."""


class TemplateError(HostkitError):
    """A template failed to load or render: the message names the file and line."""


def suggest(word: str, choices: Iterable[str]) -> str:
    """' (did you mean X?)' for the nearest choices, or ''."""
    choices = list(choices)
    lowered = {c.lower(): c for c in choices}
    import difflib  # only on an error: start-up is benchmarked

    near = difflib.get_close_matches(word.lower(), list(lowered), n=3, cutoff=0.5)
    if not near:
        return ""
    return " (did you mean " + " or ".join(repr(lowered[n]) for n in near) + "?)"
