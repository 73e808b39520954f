#!/usr/bin/env python3
"""Generate the kiwi cross-check fixture for the Cassowary tests.

Random small constraint systems are solved with `kiwisolver` (the C++ kiwi, which nobody
here wrote) and written with kiwi's answers to
Tests/CassowaryTests/Fixtures/kiwi_crosscheck.json, which `KiwiCrossCheckTests` replays
through our solver.

    pip install kiwisolver
    python3 scripts/kiwi_crosscheck.py            # writes the fixture (same systems, verdicts
                                                  # and uniqueness every run; values may move in
                                                  # the last digits, as kiwi orders variables by
                                                  # address)
    python3 scripts/kiwi_crosscheck.py --count 50 --seed 7 --output other.json

Each system is: variables boxed to [-10, 10] by required constraints; random constraints
with small integer coefficients, relations ==, <=, >= and priorities 1000 (required),
900, 500, 100; some constraints then removed; optionally an edit variable with a suggested
value. Required constraints kiwi rejects as unsatisfiable are recorded as rejected (our
solver must reject the same ones).

Priorities: ours are lexicographic, kiwi's strengths are weights. Levels 900/500/100 map
to kiwi weights 1e8/1e4/1; a system is kept only if kiwi gives the same values with a
second, differently spaced weighting (1e8/1e2/1e-4), i.e. only where the weighted answer
does not depend on the weights and so equals the lexicographic one.

A variable's value is compared only where it is unique: kiwi is re-solved with a weak (1e-2)
extra pull of that variable towards +1000 and towards -1000; if both agree within 1e-7,
the optimum pins it down. (The pull must not be too weak: with 1e-7, kiwi's 1e-8
tolerance on reduced costs hid it and a free variable was wrongly taken as unique.)
"""
import argparse
import json
import os
import random
import sys

import kiwisolver as kiwi

PRIORITIES = [1000, 900, 500, 100]
WEIGHTINGS = [
    {900: 1e8, 500: 1e4, 100: 1.0},
    {900: 1e8, 500: 1e2, 100: 1e-4},
]
PROBE_WEIGHT = 1e-2
BOX = 10


def random_system(rng, index):
    count = rng.randint(1, 3)
    constraints = []
    for v in range(count):
        constraints.append({"terms": [[v, 1.0]], "constant": -BOX, "relation": "<=", "priority": 1000})
        constraints.append({"terms": [[v, 1.0]], "constant": BOX, "relation": ">=", "priority": 1000})
    for _ in range(rng.randint(1, 6)):
        terms = []
        for v in range(count):
            coefficient = rng.choice([-3, -2, -1, 0, 0, 1, 1, 2, 3])
            if coefficient:
                terms.append([v, float(coefficient)])
        if not terms:
            terms = [[rng.randrange(count), 1.0]]
        constraints.append({
            "terms": terms,
            "constant": float(rng.randint(-12, 12)),
            "relation": rng.choice(["==", "<=", ">="]),
            "priority": rng.choice(PRIORITIES),
        })
    box_count = 2 * count
    removable = list(range(box_count, len(constraints)))
    removed = sorted(rng.sample(removable, k=rng.randint(0, min(2, len(removable)))))
    edits = []
    if rng.random() < 0.4:
        edits.append({"variable": rng.randrange(count), "priority": rng.choice([900, 500, 100]),
                      "value": float(rng.randint(-15, 15)) / 2})
    return {"name": f"system-{index}", "variables": count, "constraints": constraints,
            "removed": removed, "edits": edits}


def kiwi_constraint(spec, variables, weighting):
    expression = sum((c * variables[v] for v, c in spec["terms"]), 0.0) + spec["constant"]
    if spec["relation"] == "==":
        constraint = expression == 0
    elif spec["relation"] == "<=":
        constraint = expression <= 0
    else:
        constraint = expression >= 0
    if spec["priority"] == 1000:
        return constraint
    return constraint | weighting[spec["priority"]]


def accepted_constraints(system, weighting):
    """Which constraints kiwi accepts, added in order (rejected ones skipped).

    kiwi is never used after it rejects a constraint: an UnsatisfiableConstraint leaves its
    tableau half-pivoted, and a later suggestValue can then abort the process with
    "Dual optimize failed" (seen with this very generator). So each verdict comes from a
    fresh solver holding only the constraints accepted so far.
    """
    accepted = []
    rejected = []
    for spec in system["constraints"]:
        solver = kiwi.Solver()
        variables = [kiwi.Variable(f"x{v}") for v in range(system["variables"])]
        for earlier in accepted:
            solver.addConstraint(kiwi_constraint(earlier, variables, weighting))
        try:
            solver.addConstraint(kiwi_constraint(spec, variables, weighting))
            accepted.append(spec)
            rejected.append(False)
        except kiwi.UnsatisfiableConstraint:
            rejected.append(True)
    return rejected


def solve(system, weighting, probe=None):
    """Replays the system in a fresh kiwi solver; returns (rejected flags, values)."""
    rejected = accepted_constraints(system, weighting)
    solver = kiwi.Solver()
    variables = [kiwi.Variable(f"x{v}") for v in range(system["variables"])]
    added = {}
    for index, spec in enumerate(system["constraints"]):
        if not rejected[index]:
            added[index] = kiwi_constraint(spec, variables, weighting)
            solver.addConstraint(added[index])
    for index in system["removed"]:
        if index in added:
            solver.removeConstraint(added[index])
    for edit in system["edits"]:
        variable = variables[edit["variable"]]
        solver.addEditVariable(variable, weighting[edit["priority"]])
        solver.suggestValue(variable, edit["value"])
    if probe is not None:
        v, target = probe
        solver.addConstraint((variables[v] == target) | PROBE_WEIGHT)
    solver.updateVariables()
    return rejected, [variable.value() for variable in variables]


def kiwi_answer(system):
    """kiwi's verdicts and values for `system`, or "weight-sensitive"."""
    rejected, values = solve(system, WEIGHTINGS[0])
    rejected_other, values_other = solve(system, WEIGHTINGS[1])
    if rejected != rejected_other or any(abs(a - b) > 1e-7 for a, b in zip(values, values_other)):
        return "weight-sensitive"
    unique = []
    for v in range(system["variables"]):
        _, high = solve(system, WEIGHTINGS[0], probe=(v, 1000.0))
        _, low = solve(system, WEIGHTINGS[0], probe=(v, -1000.0))
        unique.append(abs(high[v] - low[v]) < 1e-7 and abs(high[v] - values[v]) < 1e-7)
    return {"rejected": rejected, "values": values, "unique": unique}


def in_child_process(function, argument):
    """Runs `function(argument)` in a forked child and returns its JSON result, or None if
    the child died. kiwi aborts the whole process on its internal errors (for example "The
    objective is unbounded" after removing a constraint, which our solver handles), and a
    C++ abort cannot be caught from Python."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(reader)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)  # kiwi's "terminate called after ..." is expected noise here
        status = 1
        try:
            with os.fdopen(writer, "w") as pipe:
                json.dump(function(argument), pipe)
            status = 0
        finally:
            os._exit(status)
    os.close(writer)
    with os.fdopen(reader) as pipe:
        text = pipe.read()
    _, status = os.waitpid(pid, 0)
    if status != 0 or not text:
        return None
    return json.loads(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=400, help="systems to keep")
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--output", default="Tests/CassowaryTests/Fixtures/kiwi_crosscheck.json")
    arguments = parser.parse_args()

    rng = random.Random(arguments.seed)
    systems = []
    discarded = 0
    kiwi_aborts = 0
    aborted = []
    attempt = 0
    while len(systems) < arguments.count:
        system = random_system(rng, attempt)
        attempt += 1
        answer = in_child_process(kiwi_answer, system)
        if answer is None:
            kiwi_aborts += 1
            aborted.append(system)
            continue
        if answer == "weight-sensitive":
            discarded += 1
            continue
        system.update(answer)
        systems.append(system)

    # One system per line keeps the fixture small and its diffs readable.
    with open(arguments.output, "w") as file:
        file.write("{\n")
        file.write(f' "generator": "scripts/kiwi_crosscheck.py",\n "kiwisolver": "{kiwi.__version__}",\n')
        file.write(f' "seed": {arguments.seed},\n')
        file.write(' "systems": [\n')
        file.write(",\n".join("  " + json.dumps(system, separators=(",", ":")) for system in systems))
        file.write("\n ],\n")
        # Systems on which kiwi itself aborted: no reference values, but our solver must
        # still solve them (the test checks them against its brute-force optimum).
        file.write(' "kiwiAborted": [\n')
        file.write(",\n".join("  " + json.dumps(system, separators=(",", ":")) for system in aborted))
        file.write("\n ]\n}\n")
    unique_values = sum(sum(s["unique"]) for s in systems)
    rejected_count = sum(sum(s["rejected"]) for s in systems)
    print(f"wrote {len(systems)} systems ({unique_values} unique values, {rejected_count} rejected constraints, "
          f"{discarded} weight-sensitive systems and {kiwi_aborts} on which kiwi aborted discarded) "
          f"to {arguments.output}", file=sys.stderr)


if __name__ == "__main__":
    main()
