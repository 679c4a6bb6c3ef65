"""Red team (redpara): paranormal games hosted through the CLI; the night PMs of actions that
failed, tech over several nights, and entry mistakes. Each test names the seed sentence or the
house rule it holds hostkit to, and failed before its fix."""

from __future__ import annotations

import pytest

from conftest import Host


def _game(tmp_path, *assign: str, options: tuple[str, ...] = ("max-day=6",), attributes: tuple[str, ...] = (),
          ruleset: str = "paranormal", seed: int = 3) -> Host:
    """A new game of RULESET in tmp_path/g, through the CLI (paranormal: max-day 6 set)."""
    folder = tmp_path / "g"
    host = Host(folder)
    args = ["new", str(folder), "--ruleset", ruleset, "--seed", str(seed)]
    for flag, values in (("--assign", assign), ("--option", options), ("--attribute", attributes)):
        for v in values:
            args += [flag, v]
    host.ok(*args)
    return host


XENO = ("Xe=Xenozoologist", "Dp=Doppelganger", "Ag=Agent", "To=Townie", "T2=Townie", "Pw=Psychic Warden",
        "Ex=Exterminator (Anti-Tech Field)", "Su=Survivor")


def _pms(host: Host, player: str, night: int) -> str:
    return host.ok("pm", player, "--night", str(night), "--format", "plain")


def test_xenozoologist_is_told_the_specimen_he_keeps(tmp_path):
    """Seed paranormal Xenozoologist: 'If that player is of a race he does not have, they are
    removed from the game and kept for study. If he already has one, they are returned to play
    the following morning.' The abductor learns which happened (his win is one of each kind);
    before, his PM was empty ('No PMs')."""
    host = _game(tmp_path, *XENO)
    host.ok("tech", "pick", "Xe", "none")
    host.ok("tech", "pick", "Ex", "none")
    host.ok("tech", "pick", "Su", "none")
    host.ok("act", "Xe", "Abduct", "To")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, "Xe", 1)
    assert "You abducted To and keep them for study as your Human specimen (specimens held: Human)." in pm
    host.ok("eliminate", "--none")
    host.ok("act", "Xe", "Abduct", "T2")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, "Xe", 2)
    assert "You abducted T2, but you already hold a Human specimen: T2 is returned to play in the morning." in pm
    assert "keep them" not in pm


def test_abducted_warden_is_not_told_the_binding_failed(tmp_path):
    """Seed paranormal Event Order: Pure Role-blockers before Abductors ('a Role-blocker is
    effectively unblockable'); decision abduction: 'Actions of earlier steps (Mind Control,
    blocks) had already reached them'. The Psychic Warden's binding of Ex works on the night Xe
    takes him, so his PM must not say he 'could not act' without that exception."""
    host = _game(tmp_path, *XENO)
    for p in ("Xe", "Ex", "Su"):
        host.ok("tech", "pick", p, "none")
    host.ok("act", "Pw", "Bind", "Ex")
    host.ok("act", "Xe", "Abduct", "Pw")
    host.ok("act", "Ex", "Kill", "Ag")
    host.ok("act", "Dp", "Kill", "skip")
    out = host.ok("resolve", "--force")
    assert "Ex's Kill: blocked by Psychic Warden (Pw)" in out  # the binding did work
    pm = _pms(host, "Pw", 1)
    assert ("You were abducted tonight: you were taken from your home and could not act, except for your Bind, "
            "which had already taken place.") in pm


def test_a_partial_block_names_what_it_stopped(tmp_path):
    """Seed paranormal EMP Pulse Emitter: 'Any Tech devices used by that player that night are
    shorted out ... If the player's action relied on the Tech item, they are roleblocked.' Xe's
    Psychic Pulse Emitter is shorted out, but his Abduct (no tech) takes Su: the PM said 'your
    action did not take place' beside the capture. It names the use stopped; a block that stops
    everything keeps the old line."""
    host = _game(tmp_path, *XENO)
    host.ok("tech", "pick", "Xe", "Psychic Pulse Emitter")
    host.ok("tech", "pick", "Ex", "EMP Pulse Emitter", "Plasma Bomb")
    host.ok("tech", "pick", "Su", "none")
    host.ok("act", "Ex", "EMP Pulse Emitter", "Xe")
    host.ok("act", "Xe", "Psychic Pulse Emitter", "Pw")
    host.ok("act", "Xe", "Abduct", "Su")
    host.ok("act", "Pw", "Bind", "Ag")
    host.ok("act", "Ag", "Investigate", "Dp")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, "Xe", 1)
    assert "You were blocked tonight: your Psychic Pulse did not take place." in pm
    assert "your action did not take place" not in pm
    assert "keep them for study as your Alien specimen" in pm
    assert "You were blocked tonight: your action did not take place." in _pms(host, "Ag", 1)


def test_an_unlimited_emitter_blocked_by_an_anti_tech_field_says_nothing_of_being_used_up(tmp_path):
    """Seed paranormal Anti-Tech Field: 'Tech characters will be aware that their item was blocked.
    Single Target one-shot items are not used up'; decision tech-blocked-told: 'an unlimited
    power says neither'. The EMP Pulse Emitter works every night: its user was told 'it is not
    used up', as if it were a one-shot."""
    host = _game(tmp_path, *XENO)
    host.ok("tech", "pick", "Xe", "EMP Pulse Emitter")
    host.ok("tech", "pick", "Ex", "none")
    host.ok("tech", "pick", "Su", "none")
    host.ok("act", "Xe", "EMP Pulse Emitter", "Ex")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, "Xe", 1)
    assert "Your EMP Pulse on Ex was blocked by an Anti-Tech Field." in pm
    assert "used up" not in pm


@pytest.mark.parametrize("lines", [
    "Dp Kill To\nAg Investigate Dp\nDq Kill Ag\n",
    "Ag Investigate Dp\nAg Investigate Dq\n",
    "Dp Kill To\nDq Kill skip\n",
], ids=["one-team-kill-on-two-lines", "one-actor-ability-on-two-lines", "a-member-skip-after-the-team-kill"])
def test_act_file_with_one_action_on_two_lines_is_refused(tmp_path, lines):
    """House rule (bad input: one line naming the rule, nothing written) and SPEC act --file ('all
    or none'): a file that enters the Doppelgangers' one kill (or one actor's ability) on two lines
    silently dropped the first line; 'recorded' was printed for both."""
    host = _game(tmp_path, "Dp=Doppelganger", "Dq=Doppelganger", "Ag=Agent", "To=Townie", "T2=Townie")
    (tmp_path / "n1.txt").write_text(lines)
    out = host.refused("act", "--file", str(tmp_path / "n1.txt"))
    assert "is already entered by" in out and "one line an action" in out


def test_act_remove_takes_the_item_name_that_act_took(tmp_path):
    """SPEC act: '--remove takes it back'. 'act Ex "EMP Pulse Emitter" Xe' is recorded (as its
    EMP Pulse); '--remove' with the same words was refused ('no action recorded ... with EMP
    Pulse Emitter')."""
    host = _game(tmp_path, *XENO)
    host.ok("tech", "pick", "Ex", "EMP Pulse Emitter", "Plasma Bomb")
    host.ok("act", "Ex", "EMP Pulse Emitter", "Xe")
    assert "removed Ex: EMP Pulse Xe" in host.ok("act", "Ex", "EMP Pulse Emitter", "--remove")
    assert "Ex:" not in host.ok("actions").split("waiting on")[0]


def test_plain_end_post_keeps_the_winner_line_apart(tmp_path):
    """SPEC post end: 'the winner, every player's role and fate'. In plain text the headline ran
    into the next line ('Exterminators win!Winning: Ex ...'): the template's closing tag ate the
    line break."""
    host = _game(tmp_path, "Ann=Townie", "Bob=Doppelganger", "Cy=Townie", "Sue=Survivor")
    host.ok("tech", "pick", "Sue", "none")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    assert "Town wins" in host.ok("eliminate", "Bob")
    out = host.ok("post", "end", "--format", "plain")
    assert out.splitlines()[0] == "Paranormal: the game is over. Town wins!"
    assert out.splitlines()[1].startswith("Winning: ")


def test_a_used_up_holoform_no_longer_shows_in_status(tmp_path):
    """Seed paranormal Holoform Modulator: 'Once activated it lasts the entire night but is used
    up after that.' Once used up, 'hostkit status' still said 'Holoform shows: Townie, Human'
    beside an item list without it."""
    host = _game(tmp_path, "Ex=Exterminator (Anti-Tech Field)", "Dp=Doppelganger", "Ag=Agent", "To=Townie",
                 "T2=Townie")
    host.ok("tech", "pick", "Ex", "Holoform Modulator", "Plasma Bomb")
    host.ok("tech", "holoform", "Ex", "Townie", "Human")
    assert "Holoform shows: Townie, Human" in host.ok("status")
    host.ok("act", "Ag", "Investigate", "Ex")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("act", "Ex", "Kill", "skip")
    out = host.ok("resolve", "--force")
    assert "Ag (Investigate on Ex): Human" in out
    line = next(x for x in host.ok("status").splitlines() if x.strip().startswith("Ex "))
    assert "Holoform" not in line, line


HIVE = ("Hv=Hivemind (Tech)", "Ps=Hivemind (Psychic)", "Dp=Doppelganger", "Ag=Agent", "To=Townie", "Gu=Bodyguard (Heroic Guard)",
        "Mi=Mad Scientist (Military Scientist)", "T2=Townie", "T3=Townie", "T4=Townie")


@pytest.mark.parametrize("target, guard, told", [
    ("Ag", None, "You dominated Ag: from this morning they play for the Hivemind."),
    ("Ag", "Gu", "Your Dominate on Ag was taken by Gu, who guarded them: Gu is dominated instead, and plays for the "
                 "Hivemind from this morning."),
    ("Dp", None, "Your Dominate on Dp failed: they are Non Human."),
], ids=["Hivemind-told-whom-it-dominated", "Tech-Hivemind-told-the-sacrificial-guard-was-dominated-instead",
        "Hivemind-told-a-non-human-reads-Non-Human"])
def test_hivemind_is_told_what_its_domination_did(tmp_path, target, guard, told):
    """Seed paranormal Hivemind: 'If the player is human ... they join the Hivemind's faction';
    Tech Hivemind: 'A sacrificial Guard will be converted instead of the intended target';
    'Advanced Anti-Tech Field shows as 'Non Human' regardless of race'. The Hivemind's PM was
    empty: it could not know who joined (a guard in its target's place), nor read 'Non Human'."""
    host = _game(tmp_path, *HIVE)
    host.ok("tech", "pick", "Hv", "none")
    host.ok("tech", "pick", "Ps", "none")
    host.ok("act", "Hv", "Dominate", target)
    if guard:
        host.ok("act", guard, "Guard", target)
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, "Hv", 1)
    assert told in pm
    assert "Non Human" not in pm or "failed" in told


def test_psychic_hivemind_reads_non_human_from_an_advanced_mind_shield(tmp_path):
    """Seed paranormal Psychic Hivemind: 'Blocked by Mind Shield. Advanced Mind Shield shows as
    'Non Human' regardless of race.' To (a Human with a natural Mind Shield) gets a built one
    on night 1 (Advanced from night 2): Ps's domination on night 2 reads 'Non Human'."""
    host = _game(tmp_path, *HIVE, attributes=("To=Mind Shield",))
    host.ok("tech", "pick", "Hv", "none")
    host.ok("tech", "pick", "Ps", "none")
    host.ok("act", "Mi", "Build Mind Shield", "To")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    host.ok("act", "Ps", "Dominate", "To")
    host.ok("act", "Dp", "Kill", "skip")
    out = host.ok("resolve", "--force")
    assert "converted" not in out
    assert "Your Dominate on To failed: they are Non Human." in _pms(host, "Ps", 2)


def test_advanced_doppelganger_told_an_alien_cannot_be_consumed_and_keeps_the_use(tmp_path):
    """Seed paranormal Advanced Doppelganger: 'Aliens cannot be Consumed, but the once-per-game
    limit on the ability is not used up if the Adv. Dopp tries to consume them.' He was told
    nothing, so he could not know the use is still his."""
    host = _game(tmp_path, "Ad=Advanced Doppelganger", "Su=Survivor", "Ag=Agent", "To=Townie", "T2=Townie")
    host.ok("tech", "pick", "Su", "none")
    host.ok("act", "Ad", "Consume", "Su")
    host.ok("act", "Ad", "Kill", "skip")
    host.ok("resolve", "--force")
    assert "Your Consume on Su failed: Aliens cannot be consumed. It is not used up." in _pms(host, "Ad", 1)
    assert "consume 1 left" in host.ok("status").lower()


def _tech_game(tmp_path) -> Host:
    host = _game(tmp_path, "Ex=Exterminator (Anti-Tech Field)", "Op=Exterminator Operative", "Dp=Doppelganger",
                 "Ag=Agent", "To=Townie", "T2=Townie")
    host.ok("tech", "pick", "Ex", "Replicator", "Combat Camouflage")
    host.ok("tech", "pick", "Op", "Scanner x2", "Stun Orb", "Personal Shield")
    host.ok("tech", "replicate", "Ex", "Stun Orb", "Holoform Modulator")
    host.ok("tech", "camouflage", "Ex", "Vigilante")
    host.ok("tech", "holoform", "Ex", "Townie", "Human")
    return host


@pytest.mark.parametrize("old, new, says", [
    ('"Holoform Modulator",\n        1,', '"Plasma Bomb",\n        1,', "a single Medium Tech item or two Small"),
    ('"Holoform Modulator",\n        1,\n    ],', '"Holoform Modulator",\n        1,\n    ],\n    [\n        "Scanner",\n        1,\n    ],',
     "a single Medium Tech item or two Small"),
    ('"Holoform Modulator",\n        1,', '"Stun Orb",\n        1,', "would have Stun Orb twice"),
    ('kind = "tech-camouflage"\nactor = "Ex"', 'kind = "tech-camouflage"\nactor = "Op"', "Op holds no Combat Camouflage"),
    ('kind = "tech-holoform"\nactor = "Ex"', 'kind = "tech-holoform"\nactor = "Op"', "Op holds no Holoform Modulator"),
], ids=["Replicator-hand-edited-to-make-a-Large-item", "Replicator-hand-edited-to-make-three-items",
        "Replicator-hand-edited-to-make-one-item-twice", "camouflage-hand-edited-onto-a-non-holder",
        "holoform-hand-edited-onto-a-non-holder"])
def test_hand_edited_tech_events_break_the_seed_and_are_refused(tmp_path, old, new, says):
    """House rule: a hand edit that breaks the story is refused with its file and key. Seed
    paranormal Replicator: 'a single Medium Tech item or two Small tech items'; 'An alien can
    only have 1 of any given item'; Combat Camouflage and Holoform Modulator choices are their
    holder's. 'hostkit tech replicate/camouflage/holoform' refuse these; a hand-edited record
    was replayed as written (a Plasma Bomb out of a Replicator, Op's kills masked)."""
    host = _tech_game(tmp_path)
    phase = host.folder / "phases" / "001-night-1.toml"
    text = phase.read_text()
    assert old in text
    phase.write_text(text.replace(old, new, 1))
    out = host.refused("status")
    assert "phases/001-night-1.toml: events[" in out and says in out


def test_items_a_thief_is_told_the_armour_it_took_broke_the_same_night(tmp_path):
    """Seed items-werewolf, order of night actions: 3 protection visits (Armour), 5 item thefts,
    6 kills. Wi's Acquiesce takes Mi's Armour after it protected Mi, and it breaks stopping the
    Vampire (decision item-stolen-after-use: it breaks in the thief's hands). Wi was told only
    'took: Armour', and believed she held it (decision items-told: 'a player must know what they
    now hold')."""
    host = _game(tmp_path, "Ww=Werewolf", "Va=Vampire", "Wi=Witch", "Mi=Militia", "V1=Villager", "V2=Villager",
                 "V3=Villager", ruleset="items-werewolf", seed=2, options=())
    host.ok("act", "Wi", "Acquiesce", "Mi")
    host.ok("act", "Va", "Bite", "Mi")
    host.ok("act", "Ww", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = host.ok("pm", "Wi", "--night", "1", "--format", "plain")
    assert "Your Acquiesce on Mi took: Armour." in pm
    assert "The Armour you took from Mi tonight broke" in pm
    assert pm.index("took: Armour") < pm.index("you took from Mi")
    assert "items:" not in next(x for x in host.ok("status").splitlines() if x.strip().startswith("Wi "))


def test_items_a_roleblocker_blocked_after_its_own_block_is_not_told_it_failed(tmp_path):
    """Seed items-werewolf: 'If a player is roleblocked multiple times, they will receive one
    message for each roleblock'; roleblocks are one step, so the Direwolf's Pin on St works
    although the Courtesan roleblocks him (the log: 'Dw's Pin had already resolved'). His PM said
    'your action did not take place'; it says the Pin had taken place."""
    host = _game(tmp_path, "Ww=Werewolf", "Dw=Direwolf", "Co=Courtesan", "St=Stalker", "V1=Villager", "V2=Villager",
                 "V3=Villager", ruleset="items-werewolf", seed=2, options=())
    host.ok("act", "Dw", "Pin", "St")
    host.ok("act", "Co", "Entertain", "Dw")
    host.ok("act", "St", "Stalk", "Ww")
    host.ok("act", "Ww", "Kill", "skip")
    out = host.ok("resolve", "--force")
    assert "St's Stalk: blocked by Direwolf (Dw)" in out  # the Pin worked
    pm = host.ok("pm", "Dw", "--night", "1", "--format", "plain")
    assert "You were blocked tonight, but your Pin had already taken place." in pm
    assert "did not take place" not in pm
    assert "You were blocked tonight: your action did not take place." in host.ok("pm", "St", "--night", "1",
                                                                                  "--format", "plain")


@pytest.mark.parametrize("stealer", [True, False], ids=["with-a-Mind-Stealer", "with-none"])
def test_stockpile_show_json_is_one_object(tmp_path, stealer):
    """SPEC JSON: 'Every --json prints one JSON object on stdout and nothing else there.'
    'hostkit stockpile show --json' printed a JSON list."""
    import json

    assign = ["Ms=Harvester (Mind Stealer)"] if stealer else ["Ag=Agent"]
    host = _game(tmp_path, *assign, "Dp=Doppelganger", "To=Townie", "T2=Townie",
                 options=("max-day=6", "mind-stealer-roles=Detective,Medium"))
    data = json.loads(host.ok("stockpile", "show", "--json"))
    assert isinstance(data, dict)
    assert [d["player"] for d in data["stockpiles"]] == (["Ms"] if stealer else [])
    if stealer:
        assert data["stockpiles"][0]["start"] == ["Detective", "Medium"]


def test_xenozoologist_and_captives_are_told_he_won_and_they_leave(tmp_path):
    """Seed paranormal Xenozoologist: 'Once he has 1 of each, he wins and he and all abducted
    players are removed from the game.' The night he took his fourth kind, no PM said so: the
    captives were still told they are kept 'until your abductor leaves the game'."""
    host = _game(tmp_path, "Xe=Xenozoologist", "Dp=Doppelganger", "Dq=Doppelganger", "Te=Telepath", "Su=Survivor",
                 "T1=Townie", "T2=Townie", "T3=Townie", "T4=Townie", "T5=Townie", "T6=Townie", "T7=Townie")
    host.ok("tech", "pick", "Xe", "none")
    host.ok("tech", "pick", "Su", "none")
    for n, (taken, killed) in enumerate([("T1", "T5"), ("Te", "T6"), ("Dq", "T7"), ("Su", "T4")], start=1):
        host.ok("act", "Xe", "Abduct", taken)
        host.ok("act", "Dp", "Kill", killed)
        host.ok("resolve", "--force")
        if n < 4:
            assert "you have won" not in _pms(host, "Xe", n)
            host.ok("eliminate", "--none")
    assert "you have won, and you leave the game with your captives" in _pms(host, "Xe", 4)
    for captive in ("T1", "Te", "Dq", "Su"):
        assert "Your abductor Xe now holds one specimen of each kind and has won: you leave the game with them." \
            in _pms(host, captive, 4)
    assert "leave the game" not in host.ok("pm", "T2", "--night", "4", "--format", "plain")


def test_act_file_a_skip_then_one_ability_of_the_same_actor_is_taken(tmp_path):
    """README act --file ('act Carol skip' skips each of the actor's own abilities): a skip line
    followed by one ability of the same actor keeps that ability (every other one skipped), as
    before; only a real action answered twice is refused."""
    host = _game(tmp_path, "Dp=Doppelganger", "Mi=Mad Scientist (Military Scientist)", "To=Townie", "T2=Townie")
    (tmp_path / "n1.txt").write_text("Mi skip\nMi Sentry Guns\nDp Kill To\n")
    host.ok("act", "--file", str(tmp_path / "n1.txt"))
    listed = host.ok("actions")
    assert "Mi: Sentry Guns\n" in listed and "Mi: EMP Pulse Bomb (skip)" in listed


def test_post_deaths_of_a_day_kill_with_its_flavour(tmp_path):
    """SPEC post deaths ('renders a public post'); seed paranormal Advanced Assassin bot: 'it will
    kill the player before the day ends', and Combat Camouflage 'Also works on kills made by
    Assassin Bots'. A day kill had no death post at all ('post deaths' reads nights only, 'post
    flip' has no flavour): 'post deaths --day N' gives it, masked as the camouflage says."""
    host = _game(tmp_path, "Ex=Exterminator (Anti-Tech Field)", "Dp=Doppelganger", "To=Townie", "Su=Survivor",
                 "T2=Townie", "Ag=Agent")
    host.ok("tech", "pick", "Ex", "Advanced Assassin bot", "Combat Camouflage")
    host.ok("tech", "pick", "Su", "Personal Shield")
    host.ok("tech", "camouflage", "Ex", "Doppelgangers")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    assert "has no death to post: no day action resolved" in host.refused("post", "deaths", "--day", "1")
    host.ok("act", "Ex", "Advanced Assassin bot", "Su")
    host.ok("eliminate", "--none")
    out = host.ok("post", "deaths", "--day", "1", "--format", "plain")
    assert out.splitlines()[0] == "Paranormal: day 1"
    assert "Su was found in their home: nothing left but a pool of blood. The Doppelgangers have fed." in out
    assert "Assassin" not in out and "Exterminator" not in out
    night = host.ok("post", "deaths", "--night", "1", "--format", "plain")
    assert night.splitlines()[0] == "Paranormal: the morning after night 1" and "nobody died" in night
    assert "not both" in host.refused("post", "deaths", "--day", "1", "--night", "1")


def test_mind_stealer_is_told_it_reached_its_goal(tmp_path):
    """Seed paranormal Harvester: 'The Mind Stealer wins if it has stolen enough points worth of
    Roles.' The night it reached the goal its PM said only what it stole; it was never told it
    had won (status said 'won: ...' to the host only)."""
    host = _game(tmp_path, "Ms=Harvester (Mind Stealer)", "Dp=Doppelganger", "Ag=Agent", "To=Townie", "T2=Townie",
                 options=("max-day=6", "mind-stealer-roles=Detective,Medium", "mind-stealer-goal=1"))
    host.ok("tech", "pick", "Ms", "Scanner", "Stun Orb")
    host.ok("act", "Ms", "Abduct", "Ag")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, "Ms", 1)
    assert "You stole Ag's role for your stockpile: Agent." in pm
    assert "you have won (stole roles worth 1 point (goal 1) by night 1). You stay in the game." in pm
    assert "won-night" not in host.ok("status")


def test_spirit_bond_is_told_to_the_dead_and_to_the_receiver(tmp_path):
    """Seed paranormal Attributes, Spirit-bond: 'When this player dies they may choose another
    living player to bond with. That night they visit that player as a ghost and offers them
    their power. If that player accepts, they lose any abilities they may have had and gain the
    ghost's abilities instead.' The dead player's PM did not say they may bond, and the receiver's
    did not say what they now have."""
    host = _game(tmp_path, "Ag=Agent", "Dp=Doppelganger", "To=Townie", "T2=Townie", "T3=Townie",
                 attributes=("Ag=Spirit-bond",))
    host.ok("act", "Dp", "Kill", "Ag")
    host.ok("resolve", "--force")
    assert "You have the Spirit-bond: you may choose a living player to bond with." in _pms(host, "Ag", 1)
    host.ok("bond", "Ag", "To")
    host.ok("eliminate", "--none")
    host.ok("bond", "To", "--accept")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    assert ("You accepted Ag's power: from this morning you have their abilities instead of your own (Investigate)."
            in _pms(host, "To", 2))
    assert "Spirit-bond" not in host.ok("pm", "T2", "--night", "2", "--format", "plain")


def _emp_game(tmp_path) -> Host:
    host = _game(tmp_path, "Mi=Mad Scientist (Military Scientist)", "Ex=Exterminator (Mind Shield)", "Dp=Doppelganger",
                 "To=Townie", "T2=Townie", "T3=Townie")
    host.ok("tech", "pick", "Ex", "EMP Pulse Emitter", "Intel")
    host.ok("act", "Ex", "EMP Pulse Emitter", "Mi")
    host.ok("act", "Mi", "Assassin Bot", "Dp")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    return host


def test_an_emp_shorted_invention_is_not_used_up(tmp_path):
    """Seed paranormal EMP: 'Any actions relying on a tech device are blocked. Tech devices can be
    fixed the following night': the Mad Scientist's once-a-game Assassin Bot, shorted out by an
    EMP Pulse Emitter, was spent ('assassin bot 0 left') though it did nothing and is fixed."""
    host = _emp_game(tmp_path)
    line = next(x for x in host.ok("status").splitlines() if x.strip().startswith("Mi "))
    assert "assassin bot 1 left" in line, line


def test_a_player_fixing_shorted_tech_is_not_waited_on_and_cannot_act(tmp_path):
    """Seed paranormal EMP Pulse Bomb: 'Tech devices can be fixed the following night, but this
    uses up any Night Actions of that player.' On the fixing night 'actions' waited on every
    invention of Mi's, 'act Mi "Sentry Guns"' was taken, and the once-a-game guns were spent on
    a night they could not work. Now the entry is refused naming the rule (a skip is taken), Mi
    is not waited on, and a record made before (a hand edit) keeps its charge."""
    host = _emp_game(tmp_path)
    host.ok("eliminate", "--none")
    assert "Mi (" not in host.ok("actions")
    out = host.refused("act", "Mi", "Sentry Guns")
    assert "Mi spends night 2 fixing their shorted-out tech" in out and "uses up any Night Actions" in out
    host.ok("act", "Mi", "Sentry Guns", "skip")
    phase = host.folder / "phases" / "003-night-2.toml"
    text = phase.read_text()
    assert text.count("skip = true") == 1
    phase.write_text(text.replace(", skip = true", "").replace("skip = true\n", ""))  # a hand edit: a use
    host.ok("act", "Dp", "Kill", "To")
    out = host.ok("resolve", "--force")
    assert "Mi's Sentry Guns: Mi spends the night fixing their shorted-out tech" in out
    line = next(x for x in host.ok("status").splitlines() if x.strip().startswith("Mi "))
    assert "sentry guns 1 left" in line, line


@pytest.mark.parametrize("abductor, role", [("Xe", "Xenozoologist"), ("Ms", "Harvester (Mind Stealer)")],
                         ids=["Xenozoologist-told-a-Body-Double-stopped-the-abduction",
                              "Mind-Stealer-told-a-Body-Double-stopped-the-abduction"])
def test_an_abduction_stopped_by_a_body_double_is_told_as_failed(tmp_path, abductor, role):
    """Seed paranormal Body Double: 'stops all other forms of death/capture'. The abductor, told
    what its abduction did when it works (kept, returned, a role stolen), was told nothing when
    the Body Double stopped it; it is told it failed, never why."""
    host = _game(tmp_path, f"{abductor}={role}", "Cu=Mad Scientist (Cutting Edge Scientist)", "Dp=Doppelganger",
                 "To=Townie", "T2=Townie", options=("max-day=6", "mind-stealer-roles=Detective,Medium"))
    host.ok("tech", "pick", abductor, *(["none"] if abductor == "Xe" else ["Scanner", "Stun Orb"]))
    host.ok("act", abductor, "Abduct", "Cu")
    host.ok("act", "Cu", "Body Double")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, abductor, 1)
    assert "Your Abduct on Cu failed: you could not take them tonight." in pm
    assert "Body Double" not in pm


def test_ooo_distracted_clairvoyant_is_told_only_the_maul_failed(tmp_path):
    """Seed ooo 7, Block Notifications: 'Only moving roles are notified when blocked'; a vision
    'does not leave home'. The Escort stops the Clairvoyant's Maul, not its Divine, whose result
    is in the same PM: the block line names the Maul instead of 'your action did not take place'."""
    host = _game(tmp_path, "Cl=Clairvoyant", "Es=Escort", "Vi=Villager", "V2=Villager", "Se=Seer", "V3=Villager",
                 ruleset="ooo-werewolf", seed=1, options=())
    host.ok("act", "Cl", "Divine", "Se")
    host.ok("act", "Cl", "Maul", "Vi")
    host.ok("act", "Es", "Distract", "Cl")
    host.ok("resolve", "--force")
    pm = host.ok("pm", "Cl", "--night", "1", "--format", "plain")
    assert "You were blocked tonight: your Maul did not take place." in pm
    assert "Divine on Se: Seer." in pm


def test_xenozoologist_killed_by_the_war_vet_he_abducts_keeps_no_one(tmp_path):
    """Seed paranormal Abduction: 'The Paranoid War Vet and Sentry Gun are not role-blocked by an
    abduction, and will kill the player attempting the abduction'; Xenozoologist: 'If he is killed,
    all abducted players are returned to the game.' His PM said he keeps the War Vet for study."""
    host = _game(tmp_path, "Xe=Xenozoologist", "Wv=War Vet", "Dp=Doppelganger", "To=Townie", "T2=Townie")
    host.ok("tech", "pick", "Xe", "none")
    host.ok("act", "Xe", "Abduct", "Wv")
    host.ok("act", "Dp", "Kill", "skip")
    out = host.ok("resolve", "--force")
    assert "dies: Xe, killed by War Vet" in out
    assert "keep them for study" not in _pms(host, "Xe", 1)
    assert "Your abductor Xe died tonight: you are returned to play this morning." in _pms(host, "Wv", 1)


def test_a_lone_doppelganger_fixing_tech_does_not_deadlock_the_night(tmp_path):
    """Seed paranormal: the Doppelgangers 'may only [skip] twice in a row', and the EMP's fixing
    night 'uses up any Night Actions of that player'. A lone Doppelganger Mad Scientist, shorted
    out on its second skip, could neither enter the required kill (refused: fixing) nor let the
    night resolve (refused: the kill is required). The kill is not demanded of a team whose every
    member is fixing (or kept out of play)."""
    host = _game(tmp_path, "Dm=Doppelganger Mad Scientist (Military Scientist)", "Ex=Exterminator (Mind Shield)",
                 "To=Townie", "T2=Townie", "T3=Townie", "T4=Townie")
    host.ok("tech", "pick", "Ex", "EMP Pulse Emitter", "Intel")
    host.ok("act", "Dm", "skip")
    host.ok("act", "Ex", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    host.ok("act", "Dm", "Kill", "skip")
    host.ok("act", "Dm", "Sentry Guns")
    host.ok("act", "Ex", "Kill", "skip")
    host.ok("act", "Ex", "EMP Pulse Emitter", "Dm")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    assert "[required]" not in host.ok("actions")
    assert "fixing their shorted-out tech" in host.refused("act", "Dm", "Kill", "To")
    host.ok("act", "Ex", "Kill", "skip")
    assert "Night 3" in host.ok("resolve")


def test_a_lone_doppelganger_kept_by_the_xenozoologist_does_not_deadlock_the_night(tmp_path):
    """Seed paranormal: the Doppelgangers may skip 'only ... twice in a row'; a kept player
    'cannot be the target of any other night action' and acts only with remote tech. A lone
    Doppelganger captured on its second skip made night 3 unresolvable: 'must use it tonight',
    while 'act Dp Kill' was refused (out of play) and resolve has no --force past a required
    action."""
    host = _game(tmp_path, "Dp=Doppelganger", "Xe=Xenozoologist", "To=Townie", "T2=Townie", "T3=Townie", "T4=Townie",
                 "Ag=Agent")
    host.ok("tech", "pick", "Xe", "none")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("act", "Xe", "Abduct", "Dp")
    assert "captured: Dp by Xe" in host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    assert "out of play" in host.refused("act", "Dp", "Kill", "To")
    assert "Night 3" in host.ok("resolve", "--force")


def test_an_investigation_of_an_abducted_player_gets_no_result_and_is_told(tmp_path):
    """Seed paranormal Abduction: 'While removed, they cannot be the target of any other night
    action.' The Agent, Detective and Reporter who chose To got no PM at all and would wait for a
    result; they are told 'no result' (never why), as natural does. A Telepath stopped by a Mind
    Shield is told that once, not twice."""
    host = _game(tmp_path, "Xe=Xenozoologist", "Dp=Doppelganger", "To=Townie", "Ag=Agent", "De=Detective",
                 "Re=Reporter", "Te=Telepath", "Ms=Townie", attributes=("Ms=Mind Shield",))
    host.ok("tech", "pick", "Xe", "none")
    host.ok("act", "Xe", "Abduct", "To")
    for who, ability in (("Ag", "Investigate"), ("De", "Investigate"), ("Re", "Watch")):
        host.ok("act", who, ability, "To")
    host.ok("act", "Te", "Read", "Ms")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    assert "Your Investigate got no result tonight." in _pms(host, "Ag", 1)
    assert "Your Investigate got no result tonight." in _pms(host, "De", 1)
    assert "Your Watch got no result tonight." in _pms(host, "Re", 1)
    te = _pms(host, "Te", 1)
    assert "Your Read on Ms was blocked by a Mind Shield." in te and "no result" not in te
