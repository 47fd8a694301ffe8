"""``openbid prove [PART]``: re-derive the paper's claims, or check a system; exit 0/1/2 against
the recorded expectation (0 equal, 1 changed, 2 error or UNKNOWN) and, for a system, the findings
policy (1 when a finding of a failing kind is present: ``--fail-on``, ``--allow``)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from openbid.cli.common import budget, add_rules_options, emit_json, emit_json_lines, rules_from
from openbid.cli.options import STDIN_HELP, add_claims, add_json, add_quiet, tag
from openbid.cli.runtime import from_stdin
from openbid.checks.findings import DEFAULT_FAIL_ON, KINDS

PART_CHOICES = ("all", "paper", "part-one", "part-two", "lemmas", "structure", "synopsis", "census",
                "soundness", "evaluators", "binky", "system")


def register(sub) -> None:
    p = sub.add_parser(
        "prove", help="re-derive the paper's claims (Part One, Part Two, lemmas, ...) and the "
                      "seeds' (K&R, point scales, Binky)",
        description="Re-derive what the paper claims and compare with the recorded expectation "
                    "(openbid/systems/data/expected/VARIANT.json). PART is one of: " + ", ".join(PART_CHOICES)
                    + " (default paper: the paper's parts; evaluators: seeds 000 and 002; "
                      "binky: seed 003; all: every part; system: the system checks of any rule "
                      "file, the default for rules that are not OPENBID, e.g. --variant sayc). "
                      "Exit 0: every verdict as recorded and, for a system, no finding of a "
                      "failing kind (by default: " + ", ".join(DEFAULT_FAIL_ON) + "); 1: a "
                      "verdict changed (listed), or such a finding is present; 2: an error or "
                      "an UNKNOWN.")
    p.add_argument("part", nargs="*", metavar="PART")  # validated in run (argparse checks a
    # list default against choices as one value)
    add_json(p, "one object per checked item, then a summary")
    p.add_argument("--report", metavar="DIR", help="write index.html, report.md, report.json")
    p.add_argument("--force", action="store_true", help="let --report replace an existing report")
    p.add_argument("--proposition", type=int, action="append", metavar="N",
                   help="Part Two: only proposition N (repeatable)")
    p.add_argument("--breakdown", action="store_true",
                   help="Part Two: also count every leaf's hands by the bid really made "
                        "(one more pass over all hands, ~15-25 s)")
    tag(p.add_argument("--expected", metavar="FILE",
                       help="the expectation file to compare with (or to write with "
                            "--update-expected) " + STDIN_HELP), "expected", stdin=True)
    p.add_argument("--update-expected", action="store_true",
                   help="record this run's verdicts as the expectation (explicit regeneration)")
    p.add_argument("--rlimit", type=int, default=None, metavar="UNITS",
                   help="Z3's resource budget per query (deterministic; default: the project's)")
    add_quiet(p)
    add_claims(p, " (system: docs/SYSTEMS.md: claims about the opening or about a node; "
                  "repeatable; default for --variant sayc: openbid/systems/data/sayc_claims.txt "
                  "and sayc_node_claims.txt)")
    p.add_argument("--claim", action="append", metavar="ID",
                   help="system: only claim ID of the claims files (repeatable); its verdicts are "
                        "compared with the recorded ones of the same claims, never recorded")
    p.add_argument("--where", metavar="COND",
                   help="system, a file with no auction blocks: check only the hands meeting "
                        "COND (every count, verdict and witness ranges over them; COND must "
                        "select some hand)")
    p.add_argument("--from", dest="subtree", metavar="AUCTION",
                   help="system: only the nodes below AUCTION (calls from the dealer, e.g. "
                        "'1NT P'), with the claims about them; never compared with, nor "
                        "recorded as, an expectation")
    p.add_argument("--cross-check", metavar="CHECK", choices=("z3",),
                   help="system: also run the Z3 node checks (CHECK z3: Z3 and a census pass "
                        "per node, at most 5,000 nodes) and require the same findings as the "
                        "tree census (exit 2 if they disagree)")
    p.add_argument("--fail-on", metavar="KINDS",
                   help="system: the finding kinds that fail the run (exit 1), comma-separated, "
                        "instead of the default " + ",".join(DEFAULT_FAIL_ON) + "; 'all' for "
                        "every kind. Kinds: " + ", ".join(KINDS))
    p.add_argument("--allow", metavar="KINDS",
                   help="system: finding kinds that do not fail the run (comma-separated)")
    p.add_argument("--no-table", dest="table", action="store_false",
                   help="system: skip the findings at the table (whether a real deal reaches "
                        "each finding, and how often)")
    p.add_argument("--table-deals", type=int, default=None, metavar="N",
                   help="system: deals simulated for the findings at the table (default "
                        "200000; 0: none, every group asked node by node)")
    p.add_argument("--table-nodes", type=int, default=None, metavar="N",
                   help="system: per group the simulation misses, the nodes asked at most "
                        "(default 8)")
    p.add_argument("--overlaps", action="store_true",
                   help="system: list the overlaps (by design in a first-wins block) in the "
                        "text; --json always has them")
    p.add_argument("--tree-census", action="store_true",
                   help="(deprecated: the tree census is the default) ")
    p.add_argument("--no-cache", action="store_true",
                   help="system: neither read nor write the cache of results (by default a "
                        "node whose rules and history are unchanged is taken from "
                        "$OPENBID_CACHE_DIR, else $XDG_CACHE_HOME/openbid, else "
                        "~/.cache/openbid)")
    tag(p.add_argument("--against", metavar="OLD",
                       help="system: also check the rule file OLD (with the same claims files) "
                            "and report the findings that appeared and disappeared since OLD; "
                            "the exit status is then 1 when a finding that fails the run "
                            "appeared (those already in OLD do not fail it), and no expectation "
                            "is compared; " + STDIN_HELP), "input", stdin=True)
    tag(p.add_argument("--node-claims", metavar="FILE",
                       help="(deprecated: give the file with --claims, which reads node claims "
                            "too) " + STDIN_HELP), "deprecated", stdin=True)
    p.set_defaults(_stdin_files=p.get_default("_stdin_files") + ("expected", "node_claims",
                                                                  "against"))
    add_rules_options(p)
    from openbid.cli.context import add_context_options

    add_context_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from openbid.base.errors import OpenbidError
    from openbid.report import prove_text as fmt
    from openbid.studies import expected as exp
    from openbid.studies.prove import PARTS, prove_all

    from openbid.studies.prove import is_openbid

    from openbid.systems.variants import VARIANTS

    rules = rules_from(args)
    openbid = is_openbid(rules)
    _deprecated(args)
    args.part, parts = choose_parts(args.part, openbid, bool(args.claims),
                                    other=rules.name in VARIANTS and not openbid)
    if args.report:
        parts = (PARTS if openbid else ()) + tuple(p for p in parts if p == "system")
    system = _system_args(args, rules, parts)
    policy = _policy(args, parts)
    old_rules, old_system = _against_args(args, parts)
    # Everything that can be wrong with the command is checked here, before the work.
    if args.proposition:
        _check_propositions(args.proposition, parts)
        if args.update_expected:
            raise OpenbidError("--update-expected needs the whole of Part Two (no --proposition)")
    rlimit = budget(args)
    if args.where and (args.update_expected or args.expected):
        raise OpenbidError("--where checks a subset of the hands: its verdicts are not compared "
                           "with, nor recorded as, an expectation (drop --expected or "
                           "--update-expected)")
    if args.claim and args.update_expected:
        raise OpenbidError("--claim checks some of the claims: its verdicts are not recorded as "
                           "an expectation (drop --claim or --update-expected)")
    if args.update_expected and (from_stdin(args, args.expected) or (
            not args.expected and from_stdin(args, rules.source))):
        raise OpenbidError("--update-expected writes the expectation to a file: give --expected "
                           "FILE (not '-', and a rule file from standard input has no place "
                           "of its own)")
    if args.update_expected:
        path = exp.write_path(rules, args.expected)
        exp.check_writable(path, rules, parts)
    elif set(parts) == {"system"} and not args.expected:  # a recorded expectation is optional
        path = exp.own_path(rules) if rules.source else exp.expected_path(rules.name)
        if path.exists():
            path = exp.compare_path(rules, str(path))
    else:
        path = exp.compare_path(rules, args.expected)
    if args.report:
        from openbid.report.writer import check_report_dir

        check_report_dir(Path(args.report), args.force)
    t0 = time.monotonic()
    from openbid.cli.progress import Progress

    progress = Progress("")  # a stage per part done, per round of the tree census, the table
    try:
        result = prove_all(rules, parts, args.proposition, rlimit, progress,
                           breakdown=args.breakdown, system=system)
    finally:
        progress.close()
    seconds = time.monotonic() - t0
    changes: list[tuple[str, str | None, str | None]]  # (item, expected, got)
    skipped: list[str] = []
    if args.update_expected:
        from openbid.cli.main import interrupted

        if interrupted():  # a signal whose exception was lost: this run is not recorded
            raise KeyboardInterrupt
        exp.write_expected(result, path, rules)  # refuses a run with an UNKNOWN
        changes, found = [], True
    elif args.where or args.subtree or args.against:  # a subset, or a change of rules:
        changes, found = [], False  # never compared with an expectation
    else:
        changes, found, skipped = exp.compare_all(result, path)
        if args.proposition:  # a subset of Part Two: compare only the items that ran
            changes = [c for c in changes if c[2] is not None]
    gate = _gate(result, policy, parts)
    unknown = exp.has_unknown(result)
    appeared: list = []
    disappeared: list = []
    if old_rules is not None:  # the findings of OLD (its unchanged nodes from the cache)
        from openbid.checks.findings import delta

        before = prove_all(old_rules, ("system",), None, rlimit, progress, system=old_system)
        appeared, disappeared = delta(before.findings, result.findings)
        unknown = unknown or exp.has_unknown(before)
        seconds = time.monotonic() - t0
    if args.report:
        from openbid.report.writer import write_report

        write_report(result, Path(args.report), changes=changes, seconds=seconds, rules=rules)
    if args.json:
        emit_json_lines(fmt.json_items(result, policy))
        summary = fmt.json_summary(result, changes, found, seconds, unknown, gate, skipped)
        if old_rules is not None:
            from openbid.report.findings import against_json

            for obj in against_json(appeared, disappeared, policy):
                emit_json(obj)
            summary["against"] = {"old": args.against, "appeared": len(appeared),
                                  "disappeared": len(disappeared),
                                  "appeared_failing": len(policy.failing(appeared))}
        emit_json(summary)
    else:
        sys.stdout.write(fmt.text(result, args.part, changes, found, path, seconds,
                                  args.update_expected, gate=gate, skipped=skipped,
                                  subset="--from" if args.subtree else "",
                                  overlaps=args.overlaps))
        if old_rules is not None:
            from openbid.report.findings import against_text

            sys.stdout.write("\n".join(against_text(args.against, appeared, disappeared,
                                                     policy)))
        if args.report:
            print(f"report written to {args.report}/index.html (and report.md, report.json)")
        if (rules.source and not args.update_expected and not args.where and not args.subtree
                and path != exp.own_path(rules)):
            print(f"(compared with {path}, the expectation of variant {rules.name}; "
                  f"--update-expected records this file's own, {exp.own_path(rules)})")
    if unknown:
        return 2
    if old_rules is not None:  # only what appeared since OLD fails the run
        return 1 if policy.failing(appeared) else 0
    if changes:
        return 1
    return 1 if gate is not None and gate["failing"] else 0


def _against_args(args, parts: tuple[str, ...]):
    """``--against OLD``: OLD's rules and its system checks' arguments (the same options), read
    before any work; (None, None) without it."""
    from openbid.base.errors import OpenbidError
    from openbid.cli.common import resolve

    if not args.against:
        return None, None
    if "system" not in parts:
        raise OpenbidError("--against compares the system checks' findings: give PART system")
    if args.update_expected or args.expected:
        raise OpenbidError("--against reports the findings that changed since OLD: give no "
                           "--expected or --update-expected")
    old = resolve(None, args.against)
    return old, _system_args(args, old, parts)


def _deprecated(args) -> None:
    """The options of the earlier checking paths: one line on stderr each; they still work
    (--node-claims reads its file as a claims file) for one release."""
    if args.node_claims:
        sys.stderr.write("openbid: --node-claims is deprecated and will be removed in the next "
                         "release: give the file with --claims (one claims format reads both)\n")
        args.claims = (args.claims or []) + [args.node_claims]
    if args.tree_census:
        sys.stderr.write("openbid: --tree-census is deprecated and will be removed in the next "
                         "release: the tree census is the default for every system\n")


def _policy(args, parts: tuple[str, ...]):
    """The findings policy of ``--fail-on`` and ``--allow`` (validated now: an unknown kind is
    an error before any work)."""
    from openbid.base.errors import OpenbidError
    from openbid.checks.findings import Policy

    if "system" not in parts:
        for given, option in ((args.fail_on, "--fail-on"), (args.allow, "--allow")):
            if given is not None:
                raise OpenbidError(f"{option} is for the system checks' findings: give PART "
                                   "system")
        return None
    return Policy.of(args.fail_on, args.allow)


def _gate(result, policy, parts: tuple[str, ...]) -> dict | None:
    """What the findings policy says of the run: the kinds that fail, the findings that fail
    it, those of a failing kind that happen in isolation only (they never fail it)."""
    if policy is None or "system" not in parts:
        return None
    failing = policy.failing(result.findings)
    isolated = [f for f in result.findings if f.kind in policy.fail_on and f.in_isolation_only]
    by_kind: dict[str, int] = {}
    for f in result.findings:
        by_kind[f.kind] = by_kind.get(f.kind, 0) + 1
    return {"fail_on": [k for k in KINDS if k in policy.fail_on], "failing": len(failing),
            "in_isolation_only": len(isolated), "findings": len(result.findings),
            "by_kind": by_kind}


def choose_parts(given: list[str], openbid: bool = True, claims: bool = False,
                 other: bool = False) -> tuple[str, tuple[str, ...]]:
    """The PART arguments -> (how the run is titled, the parts to run, in PARTS order). No PART
    is ``paper`` for OPENBID (with ``system`` too when a claims file is given) and ``system``
    for any other rules; ``paper`` is the paper's parts, ``all`` every part that applies (the
    seeds' too; for rules that are not OPENBID, the system checks). ``other``: the rules are a
    shipped variant that is not OPENBID (sayc, knr-*): the paper's parts are refused; a rule file
    of another name may still ask for them (an edited OPENBID under a new name)."""
    from openbid.base.errors import OpenbidError
    from openbid.studies.prove import PAPER_PARTS, PARTS

    unknown = [x for x in given if x not in PART_CHOICES]
    if unknown:
        raise OpenbidError(f"unknown part {unknown[0]!r}; choose from {', '.join(PART_CHOICES)}")
    chosen = list(dict.fromkeys(given)) or (["paper"] + (["system"] if claims else [])
                                            if openbid else ["system"])
    if other:
        paper = [c for c in chosen if c not in ("system", "all")]
        if paper:
            raise OpenbidError(f"part {paper[0]!r} is about the paper's OPENBID; these rules are "
                               "not OPENBID: give PART system (the default) or all")
        return chosen[0] if len(chosen) == 1 else "all", ("system",)
    label = "all" if "all" in chosen or len(chosen) > 1 else chosen[0]
    if "paper" in chosen:
        chosen = [c for c in chosen if c != "paper"] + list(PAPER_PARTS)
    parts = PARTS if "all" in chosen else tuple(p for p in PARTS if p in chosen)
    return label, parts + (("system",) if "system" in chosen else ())


def _system_args(args, rules, parts: tuple[str, ...]):
    """The claims and the fixed facts of the deal for the system part; an option for it without
    it is an error (it would do nothing)."""
    from openbid.cli.context import fixed_context
    from openbid.base.errors import OpenbidError
    from openbid.systems.claims import claims_for
    from openbid.studies.prove import SystemArgs
    from openbid.checks.nodes import has_blocks

    fixed = fixed_context(args)
    if "system" not in parts:
        for given, option in ((args.claims, "--claims"), (args.claim, "--claim"),
                              (fixed, "--seat/--vul"), (args.where, "--where"),
                              (args.subtree, "--from"), (args.cross_check, "--cross-check"),
                              (args.table_deals is not None, "--table-deals"),
                              (args.table_nodes is not None, "--table-nodes"),
                              (not args.table, "--no-table"), (args.overlaps, "--overlaps")):
            if given:
                raise OpenbidError(f"{option} is for the system checks: give PART system")
        return None
    claims, shown = claims_for(rules, args.claims, args.claim)  # the API's check reads it too
    where = None
    if args.where:
        from openbid.cli.count import _parse

        where = _parse(rules, args.where, "bool", "--where")
    blocks = has_blocks(rules)
    if blocks:
        if where is not None:
            raise OpenbidError("--where restricts the opening's checks; an auction system's "
                               "nodes range over each bidder's own history: give no --where")
        if "SEAT" in fixed:
            raise OpenbidError("--seat: the auction fixes every node's seat; give --vul alone "
                               "(from the dealer's side)")
        if fixed:
            raise OpenbidError("--vul: the tree census counts every vulnerability of the deal, "
                               "each equally likely (a finding's hand says its own); give no "
                               "--vul")
    root: tuple[str, ...] = ()
    if args.subtree is not None:
        from openbid.systems.auction import parse_auction

        root = parse_auction(args.subtree)
        if args.update_expected or args.expected:
            raise OpenbidError("--from checks part of the tree: its verdicts are not compared "
                               "with, nor recorded as, an expectation")
        if where is not None or fixed:
            raise OpenbidError("--from checks the nodes below an auction over every hand and "
                               "vulnerability; give no --where, --seat or --vul")
        mine = tuple(c for c in claims if c.auction is not None and c.auction[:len(root)] == root)
        if args.claims and claims and not mine:
            raise OpenbidError(f"no claim of {'; '.join(args.claims)} is about a node below "
                               f"{args.subtree}: it would check nothing")
        claims = mine
    return SystemArgs(claims, shown, tuple(sorted(fixed.items())), where, root,
                      args.cross_check or "", tuple(args.claim or ()),
                      _table_budget(args, restricted=where is not None or bool(fixed)),
                      cache=not args.no_cache)


def _table_budget(args, restricted: bool):
    """The findings at the table's budget (None: not asked, or a run restricted to some hands
    or facts of the deal, whose findings range over another population)."""
    from openbid.base.errors import OpenbidError
    from openbid.checks.table_findings import TableBudget

    for value, option in ((args.table_deals, "--table-deals"), (args.table_nodes,
                                                                 "--table-nodes")):
        if value is not None and value < 0:
            raise OpenbidError(f"{option} must be 0 or more, not {value}")
        if value is not None and not args.table:
            raise OpenbidError(f"{option} sets the table's budget: give no --no-table")
    if not args.table or restricted:
        return None
    base = TableBudget()
    return TableBudget(deals=base.deals if args.table_deals is None else args.table_deals,
                       nodes=base.nodes if args.table_nodes is None else args.table_nodes,
                       rlimit=budget(args))


def _check_propositions(wanted: list[int], parts: tuple[str, ...]) -> None:
    """``--proposition N``: Part Two must run, and every N must be one of its propositions (a
    filter that selects nothing would pass vacuously)."""
    from openbid.base.errors import OpenbidError
    from openbid.studies.paper.part_two.tree import load_propositions

    if "part-two" not in parts:
        raise OpenbidError("--proposition selects Part Two propositions: give PART part-two "
                           "(or all)")
    known = sorted({r.proposition for r in load_propositions()})
    missing = [n for n in wanted if n not in known]
    if missing:
        raise OpenbidError(f"no proposition {missing[0]} in Part Two (it has "
                           f"{', '.join(map(str, known))}): it would check nothing")
