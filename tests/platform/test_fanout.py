"""Issue 18 item 3: another process's commits are pushed one task per game. A slow game's push never delays another
game's, and notifications that arrive while a game's push runs merge into one more push (never lost, never one per
notification)."""
from __future__ import annotations

import asyncio

from app.realtime.pg_notify import PerGame


def test_a_slow_game_does_not_delay_another_and_repeats_merge():
    async def scenario():
        done, gate = [], asyncio.Event()

        async def publish(game_id):
            if game_id == "slow" and not gate.is_set():
                await gate.wait()
            done.append(game_id)

        games = PerGame(publish)
        games.changed("slow")
        for _ in range(5):
            games.changed("slow")  # five more commits while the first push waits
        games.changed("quick")
        await asyncio.sleep(0.01)
        assert done == ["quick"]  # pushed while the slow game is still drawing
        gate.set()
        while games.running:
            await asyncio.sleep(0.001)
        assert done == ["quick", "slow", "slow"]  # the five repeats merged into one more push

    asyncio.run(scenario())


def test_a_failing_push_does_not_stop_the_game_s_later_pushes():
    async def scenario():
        calls = []

        async def publish(game_id):
            calls.append(game_id)
            if len(calls) == 1:
                raise RuntimeError("the page could not be drawn")

        games = PerGame(publish)
        games.changed("g")
        await asyncio.sleep(0.01)
        games.changed("g")
        await asyncio.sleep(0.01)
        assert calls == ["g", "g"] and not games.running

    asyncio.run(scenario())
