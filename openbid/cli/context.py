"""The facts of the deal a command may fix: ``--seat {1,2,3,4}`` and ``--vul {none,we,they,both}``.

The registry carries them as :class:`~openbid.hands.registry.Context` entries: ``SEAT`` (1-4),
``VUL`` (our side is vulnerable) and ``THEYVUL`` (theirs). A command fixes the facts its options
give and ranges over the others (``find``, ``count``, ``diff``), or refuses to guess one a hand's
way through the rules reads (``bid``, ``eval``: :func:`missing_fact` names the option to give).
"""

from __future__ import annotations

from openbid.bridge.notation import SIDE_VULS as VULS, hand_context  # --vul -> (VUL, THEYVUL)

def add_context_options(parser, **kwargs) -> None:
    """Add ``--seat`` and ``--vul`` (relative: a single hand's view) to an argparse parser (both
    optional; default: not fixed) through the shared vocabulary
    (:func:`openbid.cli.options.add_hand_context`)."""
    from openbid.cli.options import add_hand_context

    add_hand_context(parser, **kwargs)


def fixed_context(args) -> dict[str, object]:
    """The facts the options fixed, e.g. ``{"SEAT": 3, "VUL": False, "THEYVUL": True}``; an
    empty dict when neither was given (range over all)."""
    return hand_context(getattr(args, "seat", None), getattr(args, "vul", None),
                        seat_name="--seat", vul_name="--vul")


def context_label(context: dict[str, object] | tuple) -> str:
    """A context as a user writes it: ``seat 3, vul they`` (``""`` for none)."""
    c = dict(context)
    parts = []
    if "SEAT" in c:
        parts.append(f"seat {c['SEAT']}")
    if "VUL" in c or "THEYVUL" in c:
        pair = (bool(c.get("VUL", False)), bool(c.get("THEYVUL", False)))
        if "VUL" in c and "THEYVUL" in c:
            name = next(k for k, v in VULS.items() if v == pair)
            parts.append(f"vul {name}")
        else:
            parts.extend(f"{k} {str(v).lower()}" for k, v in c.items() if k in ("VUL", "THEYVUL"))
    return ", ".join(parts)


def missing_fact(name: str) -> str:
    """The message for a fact of the deal a rule read and no option gave: names the option."""
    from openbid.hands.registry import missing_fact as message

    return message(name, lambda option, values: f"--{option} {values}".rstrip())
