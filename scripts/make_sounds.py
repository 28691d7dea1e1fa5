"""Synthesise the game's sounds into sprites/sounds/*.wav (standard library only).

    python scripts/make_sounds.py [--out DIR]

Every sound is made here from sines, noise and envelopes, the same bytes on every run (the
noise is seeded), small mono 16-bit files at 22,050 Hz.  The game plays them through
pygame.mixer (``game/ui/sound.py``); run this again after changing a recipe and commit the
files.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 22050
ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "sprites" / "sounds"

Samples = list[float]


def silence(seconds: float) -> Samples:
    return [0.0] * round(seconds * RATE)


def tone(freq: Callable[[float], float] | float, seconds: float,
         partials: Sequence[tuple[float, float]] = ((1.0, 1.0),)) -> Samples:
    """A tone whose frequency may glide (``freq`` of the time in seconds), with overtones
    (multiple of the frequency, loudness)."""
    out: Samples = []
    phase = 0.0
    for i in range(round(seconds * RATE)):
        t = i / RATE
        f = freq(t) if callable(freq) else freq
        phase += 2 * math.pi * f / RATE
        out.append(sum(a * math.sin(phase * m) for m, a in partials))
    return out


def noise(seconds: float, seed: int, smooth: float = 0.0) -> Samples:
    """White noise, low-passed by ``smooth`` (0: none, towards 1: duller)."""
    rng = random.Random(seed)
    out: Samples = []
    last = 0.0
    for _ in range(round(seconds * RATE)):
        last = smooth * last + (1 - smooth) * rng.uniform(-1, 1)
        out.append(last)
    return out


def envelope(samples: Samples, attack: float, decay: float) -> Samples:
    """A quick rise over ``attack`` seconds, then an exponential fall with time constant
    ``decay`` seconds."""
    out = []
    for i, s in enumerate(samples):
        t = i / RATE
        rise = min(1.0, t / attack) if attack > 0 else 1.0
        out.append(s * rise * math.exp(-t / decay))
    return out


def mix(*layers: tuple[float, Samples]) -> Samples:
    """Layers (start in seconds, samples) added together."""
    length = max(round(start * RATE) + len(s) for start, s in layers)
    out = [0.0] * length
    for start, samples in layers:
        at = round(start * RATE)
        for i, s in enumerate(samples):
            out[at + i] += s
    return out


def fade_out(samples: Samples, seconds: float) -> Samples:
    n = min(len(samples), round(seconds * RATE))
    return [s * (min(1.0, (len(samples) - i) / n) if n else 1.0)
            for i, s in enumerate(samples)]


def normalise(samples: Samples, peak: float) -> Samples:
    top = max(abs(s) for s in samples) or 1.0
    return [s * peak / top for s in samples]


BELL = ((1.0, 1.0), (2.0, 0.35), (3.0, 0.12), (4.2, 0.08))
HORN = ((1.0, 1.0), (2.0, 0.5), (3.0, 0.3), (4.0, 0.15), (5.0, 0.08))


def tile() -> Samples:
    """A cardboard tile laid on the table: a dull thump and a short papery slap."""
    thump = envelope(tone(lambda t: 150 - 60 * min(1.0, t / 0.05), 0.14), 0.002, 0.035)
    slap = envelope(noise(0.08, seed=1, smooth=0.55), 0.001, 0.012)
    return fade_out(normalise(mix((0, thump), (0, [0.8 * s for s in slap])), 0.7), 0.02)


def figure() -> Samples:
    """A wooden figure set down: two quick knocks."""
    def knock(freq: float, seed: int) -> Samples:
        body = envelope(tone(freq, 0.07, ((1.0, 1.0), (2.7, 0.4))), 0.001, 0.014)
        click = envelope(noise(0.02, seed=seed, smooth=0.2), 0.0005, 0.003)
        return mix((0, body), (0, [0.5 * s for s in click]))
    return fade_out(normalise(mix((0, knock(620, 2)), (0.055, [0.6 * s for s in knock(700, 3)])),
                              0.6), 0.01)


def score() -> Samples:
    """Points scored: a quick rising arpeggio of bells."""
    notes = (784.0, 988.0, 1175.0, 1568.0)  # G5 B5 D6 G6
    layers = [(0.06 * i, envelope(tone(f, 0.45, BELL), 0.003, 0.12 + 0.05 * i))
              for i, f in enumerate(notes)]
    return fade_out(normalise(mix(*layers), 0.55), 0.05)


def wolf() -> Samples:
    """A wolf: a howl rising, holding with a waver, and falling away."""
    def pitch(t: float) -> float:
        rise: float = 330 + 260 * min(1.0, t / 0.35) ** 0.6
        fall: float = 0 if t < 0.75 else 220 * ((t - 0.75) / 0.5) ** 1.5
        return rise - fall + 9 * math.sin(2 * math.pi * 5.5 * t) * min(1.0, t / 0.3)
    howl = tone(pitch, 1.25, ((1.0, 1.0), (2.0, 0.22), (3.0, 0.08)))
    shaped = [s * min(1.0, i / (0.18 * RATE)) for i, s in enumerate(howl)]
    breath = envelope(noise(1.25, seed=4, smooth=0.9), 0.2, 0.6)
    return fade_out(normalise(mix((0, shaped), (0, [0.25 * s for s in breath])), 0.6), 0.4)


def end() -> Samples:
    """The end of the game: a short horn fanfare on a major chord."""
    c, e, g, c2 = 392.0, 494.0, 587.0, 784.0  # G4 B4 D5 G5
    def note(f: float, seconds: float) -> Samples:
        return envelope(tone(f, seconds, HORN), 0.02, seconds * 0.7)
    layers = [(0.0, note(c, 0.22)), (0.16, note(e, 0.22)), (0.32, note(g, 0.22)),
              (0.5, note(c2, 0.9)), (0.5, [0.5 * s for s in note(g, 0.9)]),
              (0.5, [0.4 * s for s in note(e, 0.9)])]
    return fade_out(normalise(mix(*layers), 0.55), 0.3)


SOUNDS: dict[str, Callable[[], Samples]] = {
    "tile": tile, "figure": figure, "score": score, "wolf": wolf, "end": end,
}


def write_wav(path: Path, samples: Samples) -> None:
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, round(s * 32767))))
                      for s in samples)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        path = args.out / f"{name}.wav"
        samples = make()
        write_wav(path, samples)
        print(f"{path.relative_to(args.out.parent)}: {len(samples) / RATE:.2f} s, "
              f"{path.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
