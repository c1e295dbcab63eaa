#!/usr/bin/env bash
# The suite on a busy machine: runs the test lanes as `npm test` does (scripts/test-lanes.sh), with busy
# processes beside them, and names each test that failed. A test that passes only on an idle machine
# fails some CI run sooner or later; run this before saying a change is done.
#
#   bash scripts/load-check.sh [BUSY_PER_CORE]    (default 2: two busy processes per core)
#
# Two per core are enough: four per core made test/node/itemPool.test.ts fail on its own on a 2-core
# machine. Set up first (bash scripts/setup-and-test.sh, or an earlier `npm test`); this runs no build,
# type check or lint. TEST_RESULTS_DIR=<folder> keeps the jest results there; else a temporary folder
# does, removed at the end.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/node24.sh

per_core=${1:-2}
if [[ ! "$per_core" =~ ^[0-9]+$ ]]; then
	echo "load-check: BUSY_PER_CORE must be a whole number, got '$per_core'" >&2
	exit 2
fi
cores=$(nproc)
busy=$((per_core * cores))

if [ -n "${TEST_RESULTS_DIR:-}" ]; then
	results=$TEST_RESULTS_DIR
else
	results=$(mktemp -d)
fi

# Each busy process spins for at most two hours, so none outlives a run that was itself killed.
busy_pids=()
stop_busy() {
	for pid in "${busy_pids[@]}"; do kill "$pid" 2>/dev/null; done
	[ -n "${TEST_RESULTS_DIR:-}" ] || rm -rf "$results"
}
trap stop_busy EXIT
for _ in $(seq "$busy"); do
	node -e 'const end = Date.now() + 2 * 3600 * 1000; while (Date.now() < end);' &
	busy_pids+=($!)
done

echo "Test lanes with $busy busy processes on $cores cores"
started=$SECONDS
TEST_RESULTS_DIR=$results bash scripts/test-lanes.sh
status=$?
echo
echo "Under load ($busy busy processes on $cores cores), in $((SECONDS - started)) s:"

node -e '
const fs = require("node:fs");
const path = require("node:path");
const [folder, root] = process.argv.slice(1);
const failed = [];
for (const file of fs.readdirSync(folder).filter((name) => name.endsWith(".json")).sort()) {
	const results = JSON.parse(fs.readFileSync(path.join(folder, file), "utf8"));
	for (const suite of results.testResults) {
		const where = path.relative(root, suite.name);
		const tests = suite.assertionResults.filter((test) => test.status === "failed");
		for (const test of tests) failed.push(`${where} › ${test.fullName}`);
		// A suite that failed outside any test (it did not load, a hook threw) has no failed test to name.
		if (tests.length === 0 && suite.status === "failed") failed.push(`${where} (the suite itself): ${(suite.message || "").trim().split("\n")[0]}`);
	}
}
console.log(failed.length === 0 ? "no test failed" : `${failed.length} failed:\n${failed.map((name) => `  ${name}`).join("\n")}`);
' "$results" "$PWD"
exit "$status"
