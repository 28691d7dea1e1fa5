"""The desktop's clipboard, for a join link: SDL's clipboard through ``pygame.scrap``, which
needs the window open.  Where the system offers none (no desktop, a driver without one),
copying says so and pasting gives nothing: the link then stays on screen to be typed."""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)


def copy(text: str) -> bool:
    """Put ``text`` on the clipboard; False when the system has no clipboard for us."""
    try:
        pygame.scrap.put_text(text)
        return bool(pygame.scrap.get_text() == text)
    except (pygame.error, AttributeError, NotImplementedError) as exc:
        log.info("no clipboard to copy to: %s", exc)
        return False


def paste() -> str:
    """The clipboard's text (empty when there is none)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError) as exc:
        log.info("no clipboard to paste from: %s", exc)
        return ""
    return "".join(c for c in str(text or "") if c.isprintable())[:400]
