"""A night's worth of action PMs as players write them (issue 35's measure): each with what a
careful host would enter from it (None: nothing, or the host must ask). The reader may leave a
PM unsure (the host reads it) but must never misread one: a line it reads is the host's line.
Prints the figures: read right, listed unsure, misread (which must be 0).

classic-werewolf (tests/conftest.py CLASSIC): Ann Seer, Bob and Gus Werewolves, Carol Witch,
Dave Guard, Eve Hunter, Fay and Hal Villagers; night 1.
"""

from __future__ import annotations

CORPUS = [
    ("Ann", "Check Bob please", "Ann Check Bob"),
    ("Ann", "I'd like to investigate Gus tonight.", "Ann Check Gus"),
    ("Ann", "hmm, Bob or Gus... going with Gus. Check Gus.", "Ann Check Gus"),
    ("Ann", "My target for tonight: Hal", "Ann Check Hal"),
    ("Ann", "Seer check on Carol", "Ann Check Carol"),
    ("Ann", "Can I check two people? Bob and Gus?", None),
    ("Ann", "check bob\n\nalso, is the day deadline friday?", "Ann Check Bob"),
    ("Ann", "I checked Bob last night, he was good. Tonight check Fay", "Ann Check Fay"),
    ("Ann", "Bob is town I think. Not checking him. Check Gus", "Ann Check Gus"),
    ("Ann", "[quote=\"Host\"]Who do you check?[/quote]\nHal", None),
    ("Bob", "kill Fay", "Bob Kill Fay"),
    ("Bob", "We're killing Hal tonight", "Bob Kill Hal"),
    ("Bob", "Gus wants Fay, I want Hal. Go with Hal.", None),
    ("Bob", "Kill: Dave", "Bob Kill Dave"),
    ("Bob", "our kill is Ann", "Bob Kill Ann"),
    ("Bob", "Gus is sending the kill tonight", None),
    ("Bob", "Let's not kill Carol, kill Dave", "Bob Kill Dave"),
    ("Bob", "No kill tonight.", "Bob Kill skip"),
    ("Gus", "Bob and I agreed: we kill Ann", "Gus Kill Ann"),
    ("Gus", "wolf kill on Eve", "Gus Kill Eve"),
    ("Gus", "should we kill Dave?", None),
    ("Carol", "Poison Bob", "Carol Poison Bob"),
    ("Carol", "I'll use my antidote on Fay", "Carol Antidote Fay"),
    ("Carol", "No potion tonight", "Carol skip"),
    ("Carol", "save whoever gets attacked", None),
    ("Carol", "I will NOT poison anyone tonight. No potion.", "Carol skip"),
    ("Carol", "Poison Bob. Wait, no, nothing tonight.", "Carol skip"),
    ("Dave", "guard Ann", "Dave Guard Ann"),
    ("Dave", "Protect Carol please!", "Dave Guard Carol"),
    ("Dave", "I'll guard myself tonight", "Dave Guard Dave"),
    ("Dave", "guard Ann.\nActually, guard Hal instead.", "Dave Guard Hal"),
    ("Dave", "Not guarding tonight", "Dave Guard skip"),
    ("Dave", "[quote]guard Ann[/quote] yes that", None),
    ("Dave", "guard Ann or Hal, whichever you think", None),
    ("Dave", "Ann asked me to guard her", None),
    ("Eve", "I'm the hunter, nothing to do tonight", None),
    ("Fay", "just a villager, gl everyone", None),
    ("Hal", "hi host! Bob is scum", None),
    ("Hal", "Should I claim tomorrow?", None),
    ("Dave", "guard ann", "Dave Guard Ann"),
]
# Written after the reader, never tuned to it: the figures printed are its first reading of them
# (a misread found here was fixed as a class; an unsure one is left to the host).
HELD_OUT = [
    ("Ann", "Investigating Carol tonight, thanks!", "Ann Check Carol"),
    ("Ann", "I'm going to check hal", "Ann Check Hal"),
    ("Ann", "check... idk. Fay? no, Dave. Check Dave.", None),
    ("Ann", "Please don't check anyone for me, I'll decide later", None),
    ("Ann", "My check tonight is on Gus", "Ann Check Gus"),
    ("Bob", "KILL HAL", "Bob Kill Hal"),
    ("Bob", "kill hal (Gus agrees)", "Bob Kill Hal"),
    ("Bob", "I think Gus already sent it: Ann", None),
    ("Bob", "we're going to go for Carol tonight", None),
    ("Gus", "Bob is sending the kill, nothing from me", None),
    ("Gus", "not killing tonight, we skip", "Gus Kill skip"),
    ("Carol", "Poison on Gus!!", "Carol Poison Gus"),
    ("Carol", "If Fay is attacked, save her", None),
    ("Carol", "I'd rather not use potions yet", "Carol skip"),
    ("Dave", "Guarding Hal", "Dave Guard Hal"),
    ("Dave", "Please protect me... I mean guard Ann", None),
    ("Dave", "i guard fay", "Dave Guard Fay"),
    ("Dave", "[b]Guard:[/b] Carol", "Dave Guard Carol"),
    ("Eve", "If I die, I shoot Bob", None),
    ("Hal", "Carol told me she will poison Bob", None),
]

# The next case of the same kind (issue 35, third wave), written as a careless host, a rules lawyer
# and a hostile player would, before any change to the reader. Its first reading: 30 PMs, 14
# misread, every one a name after the verb that was not the target: described by it ("whoever
# Gus wants", "the one Bob defended", "the guy who voted Hal"), a possessive ("Hal's target",
# "Bob's killer"), or named to be left out ("someone other than Bob", "everyone except Bob",
# "someone quiet, not Hal"). Fixed as a class (pmread._described); "Bob's role" stays Bob.
NEXT = [
    ("Bob", "I'll kill whoever Gus wants", None),
    ("Ann", "check bob's partner", None),
    ("Bob", "kill the person Ann voted for", None),
    ("Dave", "guard whoever Bob attacks", None),
    ("Ann", "check someone other than Bob", None),
    ("Ann", "check Hal's target", None),
    ("Dave", "guard Ann's attacker", None),
    ("Ann", "check everyone except Bob", None),
    ("Ann", "check the one Bob defended", None),
    ("Ann", "check whoever Hal voted", None),
    ("Carol", "poison Bob's killer", None),
    ("Ann", "check the guy who voted Hal", None),
    ("Bob", "kill someone quiet, not Hal", None),
    ("Ann", "Target: Hal's neighbour", None),
    ("Ann", "check Bob's role please", "Ann Check Bob"),
    ("Dave", "guard Ann's house tonight", "Dave Guard Ann"),
    ("Ann", "check anyone but Bob", None),
    ("Bob", "kill Fay instead of Hal", None),
    ("Bob", "Hal gets the kill", None),
    ("Ann", "check Bob (not Gus)", None),
    ("Bob", "kill Hal lol jk. kill Fay", None),
    ("Bob", "Kill Hal!!! Actually wait... yes, Kill Hal", "Bob Kill Hal"),
    ("Ann", "check Gus. Also I'd like Bob checked tomorrow", "Ann Check Gus"),
    ("Dave", "protect Hal from Bob", None),
    ("Ann", "check Bob for me", "Ann Check Bob"),
    ("Ann", "check Hal - unless Fay flips wolf", None),
    ("Dave", "guard Ann, Bob might go for her", None),
    ("Bob", "kill Ann, she checked Gus", None),
    ("Bob", "This is Ann: check Gus", None),
    ("Bob", "don't forget: kill Hal", "Bob Kill Hal"),  # read unsure (a negation before the verb): the host reads it
]


def test_a_nights_pms_are_read_right_or_listed_never_misread(classic, capsys):
    from hostkit.forum.inbox import read_line

    right, unsure, misread = [], [], []
    for player, text, want in CORPUS + HELD_OUT + NEXT:
        got = read_line(classic.game, player, text)[0]
        if got == want:
            right.append(text)
        elif got is None:
            unsure.append(text)
        else:
            misread.append((text, got, want))
    with capsys.disabled():
        print(f"\ncorpus: {len(CORPUS) + len(HELD_OUT) + len(NEXT)} PMs: {len(right)} read right, {len(unsure)} listed unsure, "
              f"{len(misread)} misread")
    assert not misread, misread
    assert len(right) >= 30
