"""The play scene, in parts: ``scene`` (its lifecycle, actions and order of work), the parts
that decide (``pointer``, ``turn``, ``options``, ``question``, ``computer_turns``, ``controls``,
``history_mode``) and those that show (``drawing`` with ``sidebar``, ``hover_card``,
``score_show``, ``hint``, ``feedback``, ``remaining``), reading the frame's snapshot (``frame``)."""

from .scene import PlayScene

__all__ = ["PlayScene"]
