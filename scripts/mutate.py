#!/usr/bin/env python3
"""make mutate: break each rule a writer relies on, one at a time, and check a test notices.

Reads Tests/Mutations/*.mutations (format in Tests/Mutations/README.md). Works in a scratch copy
of the checkout (.build/mutate/src, kept between runs so builds are incremental): for each
mutation it replaces the text once in its file, builds the tests, runs the named test filters,
and puts the file back. A mutation is killed when a named test fails; it survives when they all
pass. The gate fails when any mutation survives, no longer applies (its text is not in the file
exactly once), does not build, or runs no test.

  scripts/mutate.py [--only SUBSTRING] [--list] [--keep-going]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRATCH = os.path.join(ROOT, ".build", "mutate", "src")
LIST_DIR = os.path.join(ROOT, "Tests", "Mutations")
BUILD_FLAGS = ["-Xcxx", "-DNDEBUG"]
TEST_TIMEOUT = int(os.environ.get("MUTATE_TEST_TIMEOUT", "900"))


class Mutation:
    def __init__(self, name, source, line):
        self.name, self.source, self.line = name, source, line
        self.file = self.old = self.new = None
        self.tests = []

    def where(self):
        return f"{os.path.relpath(self.source, ROOT)}:{self.line}"


def read_mutations():
    mutations = []
    for name in sorted(os.listdir(LIST_DIR)):
        if not name.endswith(".mutations"):
            continue
        path = os.path.join(LIST_DIR, name)
        current = None
        with open(path, encoding="utf-8") as handle:
            for number, raw in enumerate(handle, 1):
                line = raw.rstrip("\n")
                if not line.strip() or line.lstrip().startswith("#"):
                    continue
                if line.startswith("[") and line.endswith("]"):
                    current = Mutation(line[1:-1], path, number)
                    mutations.append(current)
                    continue
                key, sep, value = line.partition(":")
                if current is None or not sep:
                    sys.exit(f"{path}:{number}: expected [name] or key: value")
                if key in ("from", "to"):
                    # One space after the colon is the separator; the rest is the text, exactly.
                    text = value[1:] if value.startswith(" ") else value
                    previous = getattr(current, "old" if key == "from" else "new")
                    joined = text if previous is None else previous + "\n" + text
                    setattr(current, "old" if key == "from" else "new", joined)
                elif key == "file":
                    current.file = value.strip()
                elif key == "tests":
                    current.tests = value.split()
                else:
                    sys.exit(f"{path}:{number}: unknown key {key}")
    for mutation in mutations:
        if not (mutation.file and mutation.old is not None and mutation.new is not None and mutation.tests):
            sys.exit(f"{mutation.where()}: [{mutation.name}] needs file, from, to and tests")
        if mutation.old == mutation.new:
            sys.exit(f"{mutation.where()}: [{mutation.name}] changes nothing")
    return mutations


def tracked_files():
    out = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, check=True, capture_output=True).stdout
    return [name for name in out.decode().split("\0") if name and os.path.isfile(os.path.join(ROOT, name))]


def sync_scratch():
    """Copies the checkout into the scratch tree; files that did not change keep their times,
    so the scratch build stays incremental."""
    wanted = set(tracked_files())
    for name in wanted:
        source, target = os.path.join(ROOT, name), os.path.join(SCRATCH, name)
        with open(source, "rb") as handle:
            data = handle.read()
        if os.path.exists(target) and not os.path.islink(target):
            with open(target, "rb") as handle:
                if handle.read() == data and os.stat(target).st_mode == os.stat(source).st_mode:
                    continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if os.path.lexists(target):
            os.remove(target)
        shutil.copy2(source, target)
        os.utime(target)
    for directory, folders, files in os.walk(SCRATCH):
        relative = os.path.relpath(directory, SCRATCH)
        if relative == ".":
            folders[:] = [f for f in folders if f not in (".build", ".git", ".swiftpm")]
        for name in files:
            path = os.path.normpath(os.path.join(relative, name))
            if path not in wanted:
                os.remove(os.path.join(directory, name))
    # The copy is a repository of its own (an index, no commits): what reads `git ls-files` (the
    # install) sees the copy's files, not the checkout around it.
    if not os.path.isdir(os.path.join(SCRATCH, ".git")):
        subprocess.run(["git", "init", "-q"], cwd=SCRATCH, check=True)
    subprocess.run(["git", "add", "-A"], cwd=SCRATCH, check=True)


def run(arguments, log, timeout=None, env=None):
    with open(log, "w") as out:
        try:
            return subprocess.run(
                arguments, cwd=SCRATCH, stdout=out, stderr=subprocess.STDOUT, timeout=timeout, env=env).returncode
        except subprocess.TimeoutExpired:
            out.write(f"\n[mutate] timed out after {timeout} s\n")
            return 124


def build(log):
    return run(["swift", "build", "--build-tests"] + BUILD_FLAGS, log)


def executed(log):
    """The number of tests that ran (XCTest's last summary), and how many were skipped."""
    total = skipped = 0
    with open(log, errors="replace") as handle:
        for line in handle:
            match = re.search(r"Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?\d+ failures?", line)
            if match:
                total, skipped = int(match.group(1)), int(match.group(2) or 0)
    return total, skipped


def crashed(log):
    """Whether XCTest's process died of a signal while running the named tests."""
    with open(log, errors="replace") as handle:
        return any("exited with unexpected signal code" in line for line in handle)


def run_tests(filters, log):
    env = dict(os.environ, HUGO_CACHEDIR=os.path.join(SCRATCH, ".build", "hugo-cache"))
    return run(
        ["swift", "test", "--skip-build", "--disable-swift-testing"] + BUILD_FLAGS + ["--filter", "|".join(filters)],
        log, timeout=TEST_TIMEOUT, env=env)


def main():
    parser = argparse.ArgumentParser(description="the mutation gate")
    parser.add_argument("--only", help="run the mutations whose name contains this")
    parser.add_argument("--list", action="store_true", help="list the mutations and their tests")
    parser.add_argument("--keep-going", action="store_true", help="do not stop at the baseline's failure")
    parser.add_argument("--check", action="store_true", help="only check that every mutation still applies")
    options = parser.parse_args()
    mutations = read_mutations()
    if options.only:
        mutations = [m for m in mutations if options.only in m.name]
    if options.list:
        for mutation in mutations:
            print(f"{mutation.name}\n    {mutation.file}\n    tests: {' '.join(mutation.tests)}")
        print(f"{len(mutations)} mutations")
        return 0
    if not mutations:
        sys.exit("no mutation matches")

    started = time.time()
    problems = []
    # Every mutation's text is there exactly once before anything is built.
    for mutation in mutations:
        path = os.path.join(ROOT, mutation.file)
        text = open(path, encoding="utf-8").read() if os.path.isfile(path) else None
        count = text.count(mutation.old) if text is not None else 0
        if count != 1:
            problems.append(f"{mutation.name}: no longer applies ({mutation.file} has its text {count} times)")
    if problems:
        print("\n".join("✗ " + p for p in problems))
        return 1
    if options.check:
        print(f"mutate: all {len(mutations)} mutations apply")
        return 0
    os.makedirs(SCRATCH, exist_ok=True)
    logs = os.path.join(ROOT, ".build", "mutate", "logs")
    shutil.rmtree(logs, ignore_errors=True)
    os.makedirs(logs)
    sync_scratch()

    print(f"mutate: {len(mutations)} mutations; scratch copy in {os.path.relpath(SCRATCH, ROOT)}", flush=True)
    setup = [
        ["swift", "build"] + BUILD_FLAGS,
        ["swift", "build"] + BUILD_FLAGS + ["--product", "generate-manual"],
        ["scripts/build-highlight.sh", ".build/debug"],
        ["scripts/link-shipped.sh", ".build/debug"],
    ]
    for step in setup:
        if run(step, os.path.join(logs, "setup.log")) != 0:
            print(f"✗ the scratch copy does not build ({' '.join(step)}): {logs}/setup.log")
            return 1
    if build(os.path.join(logs, "baseline-build.log")) != 0:
        print(f"✗ the scratch copy's tests do not build: {logs}/baseline-build.log")
        return 1
    every = sorted({f for m in mutations for f in m.tests})
    baseline = os.path.join(logs, "baseline.log")
    status = run_tests(every, baseline)
    total, skipped = executed(baseline)
    print(f"baseline: {total} tests ({skipped} skipped) in {time.time() - started:.0f} s: "
          + ("pass" if status == 0 else f"FAIL (see {baseline})"), flush=True)
    if status != 0 and not options.keep_going:
        return 1

    killed = 0
    for index, mutation in enumerate(mutations, 1):
        path = os.path.join(SCRATCH, mutation.file)
        with open(path, encoding="utf-8") as handle:
            original = handle.read()
        log = os.path.join(logs, f"{index:02d}.log")
        begun = time.time()
        try:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(original.replace(mutation.old, mutation.new, 1))
            if build(log) != 0:
                verdict = "does not build"
            else:
                status = run_tests(mutation.tests, log)
                total, skipped = executed(log)
                if status != 0 and crashed(log):
                    # A test process killed by a signal (the mutation made it crash): killed.
                    verdict = "killed"
                elif total - skipped == 0:
                    verdict = "runs no test"
                elif status == 0:
                    verdict = "SURVIVED"
                else:
                    verdict = "killed"
        finally:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(original)
            os.utime(path)
        seconds = time.time() - begun
        if verdict == "killed":
            killed += 1
            print(f"✓ {index:2d} killed    {mutation.name} ({seconds:.0f} s)", flush=True)
        else:
            problems.append(f"{mutation.name}: {verdict} ({mutation.where()}; log {log})")
            print(f"✗ {index:2d} {verdict:9s} {mutation.name} ({seconds:.0f} s)", flush=True)
    # Leave the scratch build matching the sources again.
    build(os.path.join(logs, "final-build.log"))
    minutes = (time.time() - started) / 60
    print(f"mutate: {killed} of {len(mutations)} killed in {minutes:.1f} min")
    for problem in problems:
        print("✗ " + problem)
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
