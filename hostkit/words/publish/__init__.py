"""What players and the thread are told: private PMs (pms.py) and public posts (posts.py), both
built on one shared template context (context.py); the host's own posts, the game's opening, the
night, the Sheriff result, the deadline and the day's opening (hostposts.py); a closed setup's
words cut to the roles and sides it has (setupwords.py). This module is their public face.
"""

from __future__ import annotations

from .context import ability_targets, game_context, items_context, role_context
from .pms import day_pms, night_info, night_info_players, night_pms, pm_filename, pms_text, role_pm, role_pms, write_pms
from .posts import (HOST_ONLY, death_flavour, death_post, end_context, end_post, flip_level, flip_post, game_flavour, post_url,
                    speaking_order_post, vote_count_host_notes, vote_count_post)

__all__ = ["role_pm", "role_pms", "night_pms", "day_pms", "night_info", "night_info_players", "write_pms", "pms_text",
           "pm_filename", "ability_targets", "game_context", "items_context", "role_context",
           "HOST_ONLY", "death_flavour", "death_post", "end_context", "end_post", "flip_level", "flip_post", "game_flavour", "post_url",
           "speaking_order_post", "vote_count_host_notes", "vote_count_post"]
