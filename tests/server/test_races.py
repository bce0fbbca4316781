"""Races between players: a command on a question already settled is ``stale``, not ``illegal``."""

from __future__ import annotations

import random

from tests.server.helpers import four_players, random_action, run


async def until_raised(socks, rng) -> list:
    """Play until one team has just been asked to answer a raise; the two who may answer."""
    while True:
        mover = next(s for s in socks if s.view["legal"])
        raise_ = next((a for a in mover.view["legal"] if a["type"] == "raise"), None)
        if raise_ is not None and mover.view["phase"] == "playing":
            action = {k: v for k, v in raise_.items() if k != "seat"}
        else:
            action = random_action(mover.view, rng)
        reply = await mover.command("act", action=action, v=mover.version)
        assert reply["type"] == "ack", reply
        for s in socks:
            await s.seen_or_until(lambda m, v=reply["v"]: m.get("v") == v)
        answering = [s for s in socks if s.view["phase"] == "answering" and s.view["legal"]]
        if len(answering) == 2 and any(a["type"] == "raise" for a in answering[0].view["legal"]):
            return answering


def test_two_answers_at_once_one_is_stale(server):
    async def body():
        players, socks = await four_players(server, timer=0)
        a, b = await until_raised(socks, random.Random(5))
        version = a.version
        # a raises back (which answers for the team), while b, who saw the same version, accepts
        raise_back = next({"type": "raise"} for x in a.view["legal"] if x["type"] == "raise")
        assert (await a.command("act", action=raise_back, v=version))["type"] == "ack"
        refused = await b.command("act", action={"type": "accept"}, v=version)
        assert refused["code"] == "stale" and refused["v"] == version + 1, refused
        # with the current version (or none), the same refusal is "illegal"
        again = await b.command("act", action={"type": "accept"}, v=version + 1)
        assert again["code"] == "illegal"
        assert (await b.command("act", action={"type": "accept"}))["code"] == "illegal"
        assert (await b.command("act", action={"type": "accept"}, v="x"))["code"] == "bad_message"
        for s in socks:
            await s.close()
        for p in players:
            await p.aclose()

    run(body())
