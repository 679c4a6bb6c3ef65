"""The model: the floor every room stands on.

Owns the frozen records passed between rooms (roles, abilities, players, actions, outcomes, the record's
entries), the one error hierarchy (errors.py: a HostkitError becomes one line and exit 1 at the CLI), the
read-only views of a game the pure rules may read (view.py), the Record class (records.py), and the checks on
names and values that every room shares (checks.py, confusable.py).

May use: nothing of hostkit above it.
"""
