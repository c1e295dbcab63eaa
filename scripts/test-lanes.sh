#!/usr/bin/env bash
# The tests of `npm test`, after the build, the type check and the lint: two lanes side by side, then the
# network test alone.
#
#   n8n      test/n8n: the package inside real n8n releases and their editor in Chromium. Most of its
#            time is spent waiting for n8n to start, for the editor, for n8n's own schedules and for
#            runs that last minutes, so two suites run at once (each with its own n8n, ports and
#            user folder).
#   engine   every other suite on n8n 2.x's engine, then the suites that run code through n8n again on
#            the n8n 1.x engine (`npm run test:n8n1`). Most of its time is spent in the token's budget:
#            20 calls a second against the simulator.
#   network  the budget over a jittery simulated network (`npm run test:network`), which measures
#            arrival times and so runs on its own, once both lanes are done.
#
# Each lane's output is printed when it ends, whole; the last line counts every test of every lane.
# TEST_RESULTS_DIR=<folder> keeps each jest run's results (--json) and each lane's output there.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/node24.sh

if [ -n "${TEST_RESULTS_DIR:-}" ]; then
	out=$TEST_RESULTS_DIR
	rm -rf "$out" && mkdir -p "$out"
else
	out=$(mktemp -d)
	trap 'rm -rf "$out"' EXIT
fi

# Runs the named lane's commands one after another, each writing its results to $out/<lane>-<n>.json.
lane() {
	local name=$1 status=0 step=0 started=$SECONDS
	shift
	for command in "$@"; do
		step=$((step + 1))
		eval "$command --json --outputFile=$out/$name-$step.json" >>"$out/$name.log" 2>&1 || status=1
	done
	echo "$status" >"$out/$name.status"
	echo "$((SECONDS - started))" >"$out/$name.seconds"
}

show() {
	local name=$1
	echo
	echo "=== lane $name: $([ "$(cat "$out/$name.status")" = 0 ] && echo passed || echo FAILED) in $(cat "$out/$name.seconds") s"
	cat "$out/$name.log"
}

# Without the platform's contract the simulator checks no request and the contract suites skip their
# tests; say so once, where it cannot be missed, rather than pass quietly on less.
contract=${SEQERA_CONTRACT:-../shared/contract/seqera-openapi.yaml}
if [ ! -f "$contract" ]; then
	echo "Contract checks skipped: $contract not found, so no request is checked against the platform's contract (the simulator's request check, the contract tests of test/simulator and test/unit/operationIndex.test.ts)."
fi

echo "Lanes n8n and engine run side by side; their output follows as each ends."
lane n8n 'npx jest --maxWorkers=2 test/n8n/' &
n8n_lane=$!
lane engine "npx jest --testPathIgnorePatterns='/node_modules/|/test/node/network\\.test\\.ts\$|/test/n8n/'" 'npm run test:n8n1 --' &
engine_lane=$!
# Whichever ends first is shown first.
wait -n "$n8n_lane" "$engine_lane"
if [ -f "$out/n8n.status" ]; then first=n8n second=engine; else first=engine second=n8n; fi
show "$first"
wait
show "$second"

lane network 'npm run test:network --'
show network

node -e '
const fs = require("node:fs");
const path = require("node:path");
const [folder] = process.argv.slice(1);
let passed = 0, failed = 0, failedSuites = 0;
for (const file of fs.readdirSync(folder).filter((name) => name.endsWith(".json"))) {
	const results = JSON.parse(fs.readFileSync(path.join(folder, file), "utf8"));
	passed += results.numPassedTests;
	failed += results.numFailedTests;
	failedSuites += results.numRuntimeErrorTestSuites;
}
if (failedSuites > 0) console.log(`${failedSuites} test suites failed to run`);
console.log(`tests: ${passed} passed, ${failed} failed`);
' "$out"

for name in n8n engine network; do
	[ "$(cat "$out/$name.status")" = 0 ] || exit 1
done
