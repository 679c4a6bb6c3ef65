"""hostkit: moderate forum Mafia and Werewolf games from a folder of TOML files."""

__version__ = "0.1.0"
