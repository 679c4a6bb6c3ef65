"""A game's own death flavour texts (flavour.toml): a placeholder with a format is refused naming
the key; a plain text is used.
"""

from __future__ import annotations

import pytest

from game_helpers import _played


@pytest.mark.parametrize("text", [
    pytest.param("{player:%} was found", id="house-rule-format-spec-was-a-valueerror-traceback"),
    pytest.param("{cause:{player}}", id="house-rule-nested-spec-was-a-valueerror-traceback"),
    pytest.param("{player:>99999999}", id="house-rule-width-spec-built-a-100mb-name"),
    pytest.param("{player!r} was found", id="house-rule-conversion-printed-quotes"),
])
def test_house_rule_a_flavour_placeholder_with_a_format_is_refused_naming_the_key(tmp_path, text):
    """README's game folder: flavour.toml holds your own death flavour texts with {player},
    {location} and {cause}. '{player:%}' crashed 'post deaths' with a ValueError traceback, and
    '{player:>99999999}' padded the name to 100 MB before the render limit stopped it."""
    host = _played(tmp_path)
    (host.folder / "flavour.toml").write_text(f'[flavour]\nwerewolf = "{text}"\n')
    out = host.refused("post", "deaths")
    assert "flavour.toml: flavour.werewolf: the placeholder" in out and "takes no format" in out, out


def test_a_plain_flavour_text_is_used(tmp_path):
    host = _played(tmp_path)
    (host.folder / "flavour.toml").write_text('[flavour]\nwerewolf = "{player} fell to the {cause} in {location}."\n')
    assert "Fay fell to the Werewolves in their home." in host.ok("post", "deaths")
