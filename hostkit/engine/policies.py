"""The names ruleset.toml may give the natural resolution (order.py): its priorities and its
cycle policies. They are data a ruleset is checked against, so they live apart from order.py:
loading a ruleset needs these names, not the orderings (nor the effect registry order.py loads)."""

from __future__ import annotations

CYCLE_POLICIES = ("all-fail", "nar-list", "first-entered", "tie-break")
PRIORITIES = ("self-change-first", "redirect-over-block", "block-first")
