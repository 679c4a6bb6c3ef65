"""games/README.md documents every closed choice of every effect in the effect's own row.
"""

from __future__ import annotations

from pathlib import Path


from hostkit.engine.effects import CHOICES


ROOT = Path(__file__).resolve().parents[1]


def test_every_closed_choice_of_every_effect_is_documented_in_its_row():
    """games/README.md's effect table names every value an effect's closed option takes (the
    loader refuses any other), in that effect's own row."""
    schema = (ROOT / "games" / "README.md").read_text(encoding="utf-8")
    rows: dict[str, str] = {}
    for line in schema.splitlines():
        if line.startswith("| `"):
            name = line.split("`")[1]
            rows[name] = rows.get(name, "") + line
    missing = [(kind, key, c) for (kind, key), choices in CHOICES.items() for c in choices
               if f"`{c}`" not in rows.get(kind, "")]
    assert not missing
