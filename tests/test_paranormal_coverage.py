"""Paranormal's coverage list (games/paranormal/coverage.toml, printed by `hostkit rulesets
--json`) against the seed: every role, variant, item and attribute heading of the seed has a
row; every row quotes a sentence of the seed; a row that works names tests that exist; a row
left to the host says what the host is asked."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hostkit.cli import cli
from hostkit.rules.rulesets import load_ruleset

from conftest import SHARED

SEED = SHARED / "seeds" / "paranormal.md"
TESTS = Path(__file__).resolve().parent
ROWS = load_ruleset("paranormal").coverage


def seed_text() -> str:
    if not SEED.is_file():
        pytest.skip(f"the seed is not here: {SEED}")
    return SEED.read_text(encoding="utf-8")


def seed_headings(text: str) -> list[tuple[str, str]]:
    """The seed's headings, name -> kind: a role is a '- Name' line followed by its Race, Visible
    Role or [Psychic] line; a variant is a '- Name: ...' line (or a bare '- Name' line) inside a
    role, or a 'Name:'/'Name -' type line; an item is a '- Name:' line of the item list; an
    attribute follows 'Attributes'."""
    lines = text.splitlines()
    out: list[tuple[str, str]] = []
    start = lines.index(next(line for line in lines if line.startswith("Here is the (current) list")))
    items = next(i for i, line in enumerate(lines) if line.startswith("Item list:"))
    attrs = next(i for i, line in enumerate(lines) if line.startswith("Attributes"))
    end = next(i for i, line in enumerate(lines) if line.startswith("Definitions:"))
    for i in range(start + 1, end):
        line = lines[i]
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if line.startswith("Attributes- "):
            out.append((line[len("Attributes- "):].strip(), "attribute"))
            continue
        if not line.startswith("- "):
            m = re.match(r"^(Infester|Bloom|Psychic Hivemind|Tech Hivemind|Organ Harvester|Mind Stealer)\b", line)
            if m:
                out.append((m.group(1), "variant"))
            continue
        body = line[2:]
        if i > attrs:
            out.append((body.strip(), "attribute"))
        elif i > items:
            name = body.split(":")[0].strip()
            if name not in ("Small Tech", "Medium Tech", "Large Tech") and not name.startswith("Intel"):
                out.append((name, "item"))
            elif name.startswith("Intel"):
                out.append(("Intel", "item"))
        elif re.match(r"^(Race|Visible Role|\[Psychic\])", nxt):
            out.append((body.strip(), "role"))
        elif not body.startswith("All types of Mad Scientist"):
            out.append((body.split(":")[0].strip(), "variant"))
    return out


# Seed headings whose row carries a longer name (a Mad Scientist's invention shares its name
# with an item of the alien list; the built shields share theirs with the attributes).
ROW_NAME = {("Assassin bot", "variant"): "Assassin bot (Mad Scientist)",
            ("Mind Control Ray", "variant"): "Mind Control Ray (Mad Scientist)",
            ("Mind Shield", "variant"): "Mind Shield (built)", ("Anti-Tech Field", "variant"): "Anti-Tech Field (built)",
            ("Mind Shield", "item"): "Mind Shield (tech)", ("Anti-Tech Field", "item"): "Anti-Tech Field (tech)"}


def test_every_seed_heading_has_a_coverage_row():
    """Every role, variant, item and attribute of the seed is a row of the coverage list."""
    text = seed_text()
    heads = seed_headings(text)
    assert sum(k == "role" for _, k in heads) == 26 and sum(k == "item" for _, k in heads) == 20
    assert sum(k == "attribute" for _, k in heads) == 4 and sum(k == "variant" for _, k in heads) == 24
    rows = {(r["name"], r["kind"]) for r in ROWS}
    for name, kind in heads:
        assert (ROW_NAME.get((name, kind), name), kind) in rows, f"seed {kind} {name!r} has no coverage row"


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['kind']}-{r['name']}" for r in ROWS])
def test_row_quotes_the_seed(row):
    """A row's `seed` is a sentence of the seed, word for word (so a row cannot drift from it)."""
    text = seed_text()
    assert row["seed"] in text, row["seed"]


_COLLECTED: set[str] = set()


def collected() -> set[str]:
    """Every test id of the files the rows name, as pytest collects them (parameter ids included)."""
    if not _COLLECTED:
        import subprocess
        import sys

        files = sorted({ref.split("::")[0] for r in ROWS for ref in r["tests"]})
        out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                              "-o", "addopts=", *files], cwd=TESTS, capture_output=True, text=True, timeout=300)
        _COLLECTED.update(line.strip().rpartition("tests/")[2] for line in out.stdout.splitlines() if "::" in line)
    return _COLLECTED


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['kind']}-{r['name']}" for r in ROWS])
def test_row_works_with_tests_or_asks_the_host(row):
    """A `works` row names the tests that prove it (each one a test pytest collects, parameter id
    included); a `host` row says what the host is asked."""
    if row["status"] == "host":
        assert row["prompt"].strip(), row["name"]
        return
    assert row["tests"], row["name"]
    known = collected()
    for ref in row["tests"]:
        assert ref in known, f"{ref}: no such test"


def test_rulesets_json_gives_paranormal_its_coverage(tmp_path):
    """`hostkit rulesets --json`: paranormal's coverage, every row works or host."""
    out = CliRunner().invoke(cli, ["rulesets", "--json"])
    assert out.exit_code == 0, out.output
    data = {r["name"]: r for r in json.loads(out.stdout)["rulesets"]}
    cov = data["paranormal"]["coverage"]
    assert len(cov) == len(ROWS) >= 90
    assert {r["status"] for r in cov} <= {"works", "host"}
    assert all(r["prompt"] for r in cov if r["status"] == "host")
    kinds = {r["kind"] for r in cov}
    assert kinds == {"role", "variant", "item", "attribute", "rule", "definition"}
