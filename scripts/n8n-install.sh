#!/usr/bin/env bash
# Installs a full, pinned n8n release for the tests that run this package inside real n8n (test/n8n).
# n8n is far too big (1.8 GB for 1.123.81, 2.9 GB for 2.41.1) to be one of the package's own dependencies, so it goes into a cache
# folder of its own, kept between runs:
#
#   scripts/n8n-install.sh [VERSION...]    (default: every release in dev/n8n/versions.json)
#
# Each release goes into ${N8N_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-seqera}/n8n-VERSION,
# with the CLI in node_modules/.bin/n8n; the folders are printed on stdout, one a line. A folder that
# already holds a finished install of the same version and recipe is left alone, so a second call costs
# nothing. Several releases install at once.
set -euo pipefail
cd "$(dirname "$0")/.."
# n8n's native modules (sqlite3, isolated-vm) are compiled here and must match the Node 24 that runs n8n.
. scripts/node24.sh

cache="${N8N_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-seqera}"

install_n8n() {
	local version="$1" dest overrides manifest stamp started installed
	if [[ ! "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
		echo "n8n-install: '$version' is not an exact n8n version (x.y.z)" >&2
		return 2
	fi
	dest="$cache/n8n-$version"

	# n8n 1.x depends on xlsx as a tarball from cdn.sheetjs.com; the same release from the npm registry keeps
	# the install on the registry. n8n 2.x already uses a registry fork (@e965/xlsx).
	overrides='{}'
	if [[ "$version" == 1.* ]]; then
		overrides='{ "xlsx": "0.18.5" }'
	fi

	# Dependency install scripts only run when allowed here (npm 11). n8n needs two native modules to start
	# and run workflows: sqlite3 (its default database) and isolated-vm (its expression sandbox). The rest is
	# denied: optional native speed-ups with pure-JS fallbacks (msgpackr-extract, @parcel/watcher, cpu-features,
	# ssh2), profilers and telemetry (@sentry/*, @scarf/scarf), version checks (protobufjs, vue-demi), clients of
	# services no test uses (oracledb, agent-browser), and the Kafka client, whose build downloads librdkafka
	# from GitHub and fails without that access.
	manifest=$(cat <<EOF
{
  "name": "n8n-for-n8n-nodes-seqera-tests",
  "version": "0.0.0",
  "private": true,
  "dependencies": { "n8n": "$version" },
  "overrides": $overrides,
  "allowScripts": {
    "isolated-vm": true,
    "sqlite3": true,
    "@confluentinc/kafka-javascript": false,
    "@parcel/watcher": false,
    "@scarf/scarf": false,
    "@sentry-internal/node-native-stacktrace": false,
    "@sentry/node-cpu-profiler": false,
    "@sentry/node-native-stacktrace": false,
    "agent-browser": false,
    "cpu-features": false,
    "msgpackr-extract": false,
    "oracledb": false,
    "protobufjs": false,
    "ssh2": false,
    "vue-demi": false
  }
}
EOF
	)

	# The stamp is written last, so an interrupted install is redone rather than trusted.
	stamp="$dest/.installed-from"
	if [ -f "$stamp" ] && [ "$(cat "$stamp")" == "$manifest" ] && [ -x "$dest/node_modules/.bin/n8n" ]; then
		echo "n8n $version already installed" >&2
		echo "$dest"
		return 0
	fi

	echo "Installing n8n $version into $dest (several minutes, up to 3 GB)" >&2
	started=$SECONDS
	rm -rf "$dest"
	mkdir -p "$dest"
	printf '%s\n' "$manifest" >"$dest/package.json"
	(cd "$dest" && npm install --no-audit --no-fund --loglevel=error >&2)

	installed=$(node -p "require(process.argv[1]).version" "$dest/node_modules/n8n/package.json")
	if [ "$installed" != "$version" ]; then
		echo "n8n-install: asked for n8n $version, npm installed $installed" >&2
		return 1
	fi
	# Fail here, not in the first test, when a native module the allowlist lets through did not build.
	(cd "$dest" && node -e "require('sqlite3'); require('isolated-vm')")
	printf '%s' "$manifest" >"$stamp"
	echo "n8n $version installed in $((SECONDS - started)) s, $(du -sh "$dest" | cut -f1)" >&2
	echo "$dest"
}

if [ $# -eq 0 ]; then
	set -- $(node -p "require('./dev/n8n/versions.json').join(' ')")
fi
# The releases install side by side: most of the time goes to fetching packages and to two native builds,
# which on a new machine overlap well. Each one's folder is printed once all have finished, in order.
folders=$(mktemp -d)
trap 'rm -rf "$folders"' EXIT
pids=()
for version in "$@"; do
	install_n8n "$version" >"$folders/$version" &
	pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do
	wait "$pid" || failed=1
done
[ "$failed" -eq 0 ] || exit 1
for version in "$@"; do
	cat "$folders/$version"
done
