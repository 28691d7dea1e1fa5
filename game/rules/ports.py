"""Ports: the twelve places on a tile's border where features meet their neighbours.

Indices 0-3 are the edge centres N E S W; 4-11 are the half edges, two per edge, going
clockwise from the top-left corner: NL NR EL ER SL SR WL WR.  "L" and "R" are left and right
as seen from the tile centre looking out through the edge, so a quarter turn maps XL to the
next edge's L half, and across a shared edge an L half meets the neighbour's R half.
"""

from __future__ import annotations

from typing import Final

N, E, S, W = 0, 1, 2, 3
EDGES: Final = (N, E, S, W)
EDGE_NAMES: Final = ("N", "E", "S", "W")
PORT_NAMES: Final = ("N", "E", "S", "W", "NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR")
PORT_INDEX: Final = {name: i for i, name in enumerate(PORT_NAMES)}
ALL_PORTS: Final = tuple(range(12))

# Cell offsets of the neighbour across each edge (y grows to the south).
OFFSETS: Final = ((0, -1), (1, 0), (0, 1), (-1, 0))

# Where each port sits on the unit tile (x right, y down): used to check geometry.
PORT_POINTS: Final = (
    (0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5),
    (0.25, 0.0), (0.75, 0.0), (1.0, 0.25), (1.0, 0.75),
    (0.75, 1.0), (0.25, 1.0), (0.0, 0.75), (0.0, 0.25),
)


def edge_of(port: int) -> int:
    """The edge (0-3) a port lies on."""
    return port if port < 4 else (port - 4) // 2


def halves(edge: int) -> tuple[int, int]:
    """The (L, R) half-edge ports of an edge."""
    return 4 + 2 * edge, 5 + 2 * edge


def rotate_port(port: int, quarter_turns: int) -> int:
    """The port a port becomes after turning the tile clockwise by quarter turns."""
    q = quarter_turns % 4
    if port < 4:
        return (port + q) % 4
    return 4 + (port - 4 + 2 * q) % 8


def facing_port(port: int) -> int:
    """The port of the neighbouring tile that meets this port across its edge."""
    if port < 4:
        return (port + 2) % 4
    edge, side = divmod(port - 4, 2)
    return 4 + 2 * ((edge + 2) % 4) + (1 - side)


def port_name(port: int) -> str:
    return PORT_NAMES[port]
