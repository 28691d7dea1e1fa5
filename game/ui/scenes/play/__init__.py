"""The play scene, in parts: ``scene`` (lifecycle and actions), ``pointer`` (drags, pans and
clicks), ``computer_turns``, ``feedback`` (popups, notices, the turn log), ``options`` (what
the player may do, where), ``drawing`` and ``sidebar``."""

from .scene import PlayScene

__all__ = ["PlayScene"]
