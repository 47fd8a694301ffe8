"""A progress bar on stderr, only when stderr is a terminal (never in pipes or CI logs)."""

from __future__ import annotations

import sys
import time


class Progress:
    def __init__(self, label: str, enabled: bool | None = None) -> None:
        self.label = label
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.start = time.monotonic()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.last < 0.1 and done < total:
            return
        self.last = now
        frac = done / total if total else 1.0
        width = 30
        bar = "#" * int(frac * width) + "-" * (width - int(frac * width))
        sys.stderr.write(f"\r{self.label} [{bar}] {frac:6.1%} {now - self.start:5.1f}s")
        sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\r" + " " * 70 + "\r")
            sys.stderr.flush()
