"""A host and a spectator on 127.0.0.1 for a moment: proves an install (or a frozen
bundle) has what networked play needs (`shrinetable --smoke` runs it)."""

from __future__ import annotations

import asyncio

from shrinetable.engine import registry

from .client import Remote
from .host import Host
from .seam import Seam


def loopback() -> str:
    async def go() -> str:
        name = registry.names()[0]
        game = registry.get(name)
        host = Host(Seam.new(name, 1, {}, ["remote"] * game.min_seats), say=lambda s: None)
        await host.start("127.0.0.1", 0)
        try:
            watcher = Remote("127.0.0.1", host.port, host.code, watch=True)
            await watcher.join()
            await watcher.close()
        finally:
            await host.stop()
        zones = len(watcher.update.view.zones) if watcher.update else 0
        return f"a spectator joined {name} and saw {zones} zones"

    return asyncio.run(asyncio.wait_for(go(), 30))
