"""Tables kept in Redis, shared by any number of server processes, each table owned by one of
them at a time under a lease.

Keys (all under a prefix, ``carcassonne:`` by default, so one Redis can hold several stores):

    tables                  a set: every table's code
    states                  a hash: code -> lobby, playing or over (what a sweep looks for)
    t:CODE:record           the table as its file would hold it (``tablefile``), its game's
                            moves left out: set-up, seed, seats with their tokens' hashes,
                            clocks, settings
    t:CODE:moves            a list: the game's moves, numbered by their place (a game is its
                            seed plus its moves)
    t:CODE:finished:ROUND   a finished game kept aside when its table began the next one
    t:CODE:lease            "PROCESS:FENCE", expiring: who owns the table now
    public                  a hash: code -> the listing of a public table under way
    made:CREATOR            a set: the codes of the tables made from one address (a hash)
    t:CODE:fence            a counter: each new lease takes the next number
    process:ID              a process's heartbeat, expiring
    processes               a sorted set: process ids by their last heartbeat (ms)

A table's owner writes it with one script (``commit``) that first checks the lease still holds
its own value, fence number included, then makes the move list the table's (keeping the
moves the store has in common with it, appending the others), writes the record and a
finished game if there is one: all or nothing, and never by a process whose lease has lapsed
(a stale owner's write is refused, ``Stale``).  Leases live on Redis's own clock (``PX``), so
the machines' clocks never need to agree.  Messages between processes go through Redis
pub/sub, one channel per process (``channel``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import redis.asyncio as redis

from game.rules.registry import Registry

from .redis_where import Where
from .table import Table
from .tablefile import table_json, table_of
from .terms import TableState

PREFIX = "carcassonne:"
CONNECTIONS = 16  # to the store, per process (its pub/sub listener has one more)


class Stale(Exception):
    """This process's lease on the table lapsed: another may own it; nothing was written."""


# Make the table's move list ``moves`` from place ``base`` on, write its record (and a
# finished game), its entry in the public tables' list (or none) and its place among the
# tables its creator made, if the lease is still this process's.  -1: the lease is not; -2:
# the store has fewer moves than ``base`` (a write of another owner was lost: never under one
# lease).
_COMMIT = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
local base = tonumber(ARGV[2])
local have = redis.call('LLEN', KEYS[3])
if have < base then return -2 end
if ARGV[6] ~= '' then redis.call('SET', KEYS[5], ARGV[6]) end
if have > base then
  if base == 0 then redis.call('DEL', KEYS[3]) else redis.call('LTRIM', KEYS[3], 0, base - 1) end
end
if #ARGV > 8 then redis.call('RPUSH', KEYS[3], unpack(ARGV, 9)) end
if ARGV[3] ~= '' then
  redis.call('SET', KEYS[2], ARGV[3])
  redis.call('HSET', KEYS[4], ARGV[4], ARGV[5])
  redis.call('SADD', KEYS[6], ARGV[4])
  if ARGV[7] ~= '' then redis.call('HSET', KEYS[7], ARGV[4], ARGV[7])
  else redis.call('HDEL', KEYS[7], ARGV[4]) end
  if ARGV[8] ~= '' then redis.call('SADD', KEYS[8], ARGV[4]) end
end
return redis.call('LLEN', KEYS[3])
"""
# Remove a table closed on purpose, if the lease is still this process's.
_REMOVE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
redis.call('HDEL', KEYS[4], ARGV[2])
redis.call('SREM', KEYS[5], ARGV[2])
redis.call('HDEL', KEYS[6], ARGV[2])
redis.call('SREM', KEYS[7], ARGV[2])
return 1
"""
# Take the lease of a table nobody owns: its value, or false.
_CLAIM = """
if redis.call('EXISTS', KEYS[1]) == 1 then return false end
local fence = redis.call('INCR', KEYS[2])
local value = ARGV[1] .. ':' .. fence
redis.call('SET', KEYS[1], value, 'PX', ARGV[2])
return value
"""
# Renew this process's leases (KEYS) holding the values ARGV[2..]: the indexes of those lost.
_RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[i + 1] then
    redis.call('PEXPIRE', key, ARGV[1])
  else
    table.insert(lost, i)
  end
end
return lost
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
_HEARTBEAT = """
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('SET', KEYS[1], '1', 'PX', ARGV[2])
redis.call('ZADD', KEYS[2], ms, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ms - 60000)
return redis.call('ZCOUNT', KEYS[2], ms - tonumber(ARGV[2]), '+inf')
"""
# Whether a process's last heartbeat is at most ARGV[2] ms old.
_HEARD = """
local last = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not last then return 0 end
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
if ms - tonumber(last) <= tonumber(ARGV[2]) then return 1 end
return 0
"""
# The tables under way that nobody owns.
_ORPHANS = """
local out = {}
local states = redis.call('HGETALL', KEYS[1])
for i = 1, #states, 2 do
  if states[i + 1] == 'playing' and
      redis.call('EXISTS', ARGV[1] .. 't:' .. states[i] .. ':lease') == 0 then
    table.insert(out, states[i])
  end
end
return out
"""


class RedisStore:
    """The tables of one store, as one process sees them."""

    def __init__(self, where: Where, process: str, prefix: str = PREFIX) -> None:
        self.where = where
        self.process = process
        self.prefix = prefix
        # A few connections, each request waiting for a free one (never one more socket
        # per request at once: a rush of joins would exhaust the store's connections).
        pool = redis.BlockingConnectionPool.from_url(
            where.url, max_connections=CONNECTIONS, timeout=10, decode_responses=True,
            socket_timeout=5, socket_connect_timeout=5, health_check_interval=10)
        self.redis: redis.Redis = redis.Redis(connection_pool=pool)
        # The leases and the heartbeat on a connection of their own: a rush of writes never
        # holds up a renewal until the lease has run out.
        self._keeping: redis.Redis = redis.Redis(
            connection_pool=redis.BlockingConnectionPool.from_url(
                where.url, max_connections=2, timeout=5, decode_responses=True,
                socket_timeout=5, socket_connect_timeout=5))
        self._commit = self.redis.register_script(_COMMIT)
        self._claim = self.redis.register_script(_CLAIM)
        self._renew = self._keeping.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)
        self._heartbeat = self._keeping.register_script(_HEARTBEAT)
        self._orphans = self.redis.register_script(_ORPHANS)
        self._remove = self.redis.register_script(_REMOVE)
        self._heard = self.redis.register_script(_HEARD)

    # ------------------------------------------------------------------ keys
    def key(self, code: str, part: str) -> str:
        return f"{self.prefix}t:{code}:{part}"

    def channel(self, process: str) -> str:
        return f"{self.prefix}process:{process}"

    # ------------------------------------------------------------------ tables
    async def commit(self, table: Table, lease: str, base: int, moves: Sequence[str],
                     record: str | None, finished: tuple[int, str] | None,
                     listed: str = "") -> None:
        """Make the table's stored moves ``moves`` from ``base`` on and write its record
        (and the finished game before its rematch, and its entry in the public tables'
        list: ``listed``, or "" for none), if ``lease`` still holds (else ``Stale``)."""
        code = table.code
        finished_key = self.key(code, f"finished:{finished[0]}") if finished else \
            self.key(code, "record")
        keys = [self.key(code, "lease"), self.key(code, "record"), self.key(code, "moves"),
                self.prefix + "states", finished_key, self.prefix + "tables",
                self.prefix + "public", self._made_key(table.creator)]
        args: list[str | int] = [lease, base, record or "", code, table.state,
                                 finished[1] if finished else "", listed,
                                 table.creator or "", *moves]
        got = await self._commit(keys=keys, args=args)
        if got == -1:
            raise Stale(code)
        if got == -2:
            raise Stale(f"{code}: the store holds fewer moves than this process wrote")

    async def load(self, code: str, registry: Registry, now: float, epoch: float = 0.0
                   ) -> Table | None:
        """The table as the store holds it, its game replayed (None: no such table);
        ``SaveError`` when its record cannot be resumed."""
        pipe = self.redis.pipeline(transaction=True)
        pipe.get(self.key(code, "record"))
        pipe.lrange(self.key(code, "moves"), 0, -1)
        record, moves = await pipe.execute()
        if record is None:
            return None
        data = json.loads(record)
        if isinstance(data, dict) and isinstance(data.get("game"), dict):
            data["game"]["moves"] = list(moves)
        return table_of(data, Path(f"{self.where.url}#{code}"), registry, now, epoch=epoch)

    def _made_key(self, creator: str | None) -> str:
        return f"{self.prefix}made:{creator or '-'}"

    async def remove(self, code: str, lease: str, creator: str | None) -> None:
        """Remove a table closed on purpose (nothing, if ``lease`` is not the table's)."""
        keys = [self.key(code, "lease"), self.key(code, "record"), self.key(code, "moves"),
                self.prefix + "states", self.prefix + "tables", self.prefix + "public",
                self._made_key(creator)]
        await self._remove(keys=keys, args=[lease, code])

    async def public(self) -> list[dict[str, Any]]:
        """The public tables' entries, as their owners last wrote them."""
        entries = await self.redis.hvals(self.prefix + "public")
        return [json.loads(e) for e in entries]

    async def look(self, code: str) -> tuple[dict[str, Any], int] | None:
        """A table's record and its move log's length (None: no such table)."""
        pipe = self.redis.pipeline(transaction=True)
        pipe.get(self.key(code, "record"))
        pipe.llen(self.key(code, "moves"))
        record, moves = await pipe.execute()
        if record is None:
            return None
        data = json.loads(record)
        return (data, int(moves)) if isinstance(data, dict) else None

    async def made_by(self, creator: str) -> int:
        """The unfinished tables made from one address (a hash of it)."""
        key = self._made_key(creator)
        codes = sorted(str(c) for c in await self.redis.smembers(key))
        if not codes:
            return 0
        states = await self.redis.hmget(self.prefix + "states", codes)
        return sum(1 for state in states if state is not None and state != TableState.OVER)

    def record(self, table: Table) -> str:
        return table_json(table, moves=False)

    async def exists(self, code: str) -> bool:
        return bool(await self.redis.exists(self.key(code, "record")))

    async def unfinished(self) -> int:
        states = await self.redis.hvals(self.prefix + "states")
        return sum(1 for s in states if s != TableState.OVER)

    async def codes(self) -> list[str]:
        return sorted(str(c) for c in await self.redis.smembers(self.prefix + "tables"))

    # ------------------------------------------------------------------ leases
    async def owner(self, code: str) -> str | None:
        """The lease's value ("PROCESS:FENCE"), if someone owns the table."""
        return cast("str | None", await self.redis.get(self.key(code, "lease")))

    async def claim(self, code: str, ttl: float) -> str | None:
        """Take the table's lease if nobody holds it: its value, or None."""
        got = await self._claim(keys=[self.key(code, "lease"), self.key(code, "fence")],
                                args=[self.process, int(ttl * 1000)])
        return str(got) if got else None

    async def renew(self, leases: dict[str, str], ttl: float) -> list[str]:
        """Renew the leases (code -> value): the codes of those lost."""
        if not leases:
            return []
        codes = list(leases)
        lost = await self._renew(keys=[self.key(c, "lease") for c in codes],
                                 args=[int(ttl * 1000), *(leases[c] for c in codes)])
        return [codes[int(i) - 1] for i in lost]

    async def release(self, code: str, lease: str) -> None:
        await self._release(keys=[self.key(code, "lease")], args=[lease])

    async def orphans(self) -> list[str]:
        """The tables under way that nobody owns."""
        return [str(c) for c in await self._orphans(keys=[self.prefix + "states"],
                                                     args=[self.prefix])]

    # ------------------------------------------------------------------ processes
    async def heartbeat(self, ttl: float) -> int:
        """This process is alive for ``ttl`` seconds more: how many processes are."""
        return int(await self._heartbeat(
            keys=[f"{self.prefix}process:{self.process}:alive", self.prefix + "processes"],
            args=[self.process, int(ttl * 1000)]))

    async def alive(self, processes: Sequence[str]) -> dict[str, bool]:
        if not processes:
            return {}
        pipe = self.redis.pipeline(transaction=False)
        for p in processes:
            pipe.exists(f"{self.prefix}process:{p}:alive")
        found = await pipe.execute()
        return {p: bool(f) for p, f in zip(processes, found, strict=True)}

    async def heard_from(self, process: str, within: float) -> bool:
        """Whether ``process`` said it was alive in the last ``within`` seconds (by
        Redis's clock)."""
        got = await self._heard(keys=[self.prefix + "processes"],
                                args=[process, int(within * 1000)])
        return bool(got)

    async def gone(self) -> None:
        """This process stops: its heartbeat ends now."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.delete(f"{self.prefix}process:{self.process}:alive")
        pipe.zrem(self.prefix + "processes", self.process)
        await pipe.execute()

    async def publish(self, process: str, items: list[Any]) -> None:
        await self.redis.publish(self.channel(process), json.dumps(items, separators=(",", ":")))

    async def close(self) -> None:
        await self.redis.aclose()
        await self._keeping.aclose()
