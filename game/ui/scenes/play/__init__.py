"""The play scene, in parts: ``scene`` (its lifecycle, actions and order of work), the parts
that decide (``pointer``, ``turn``, ``options``, ``question``, ``computer_turns``, ``controls``,
``history_mode``) and those that show (``drawing`` with ``sidebar``, ``hover_card``,
``score_show``, ``hint``, ``feedback``, ``remaining``), reading the frame's snapshot (``frame``);
at a network table ``table_scene`` with ``table_turns`` and ``at_table``."""

from .scene import PlayScene
from .table_scene import TablePlayScene

__all__ = ["PlayScene", "TablePlayScene"]
