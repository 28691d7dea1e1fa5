"""The tile sets of a process the computers think in, loaded as this module is imported.

The server's fork server imports it once (``thinking``): every worker forked from there has
the registry already, and starts in a few milliseconds instead of loading every tile set
again.  Where workers are spawned instead (Windows), each worker imports it as it starts.
The server itself never imports this module.
"""

from __future__ import annotations

from game.rules.registry import Registry, default_registry

REGISTRY: Registry = default_registry()
