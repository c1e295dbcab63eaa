#!/usr/bin/env bash
# Builds and packs this package, and installs the tarball into an n8n user folder the way n8n's
# Settings → Community Nodes does, then checks that n8n really loads it (once per content of the
# package and n8n release; later calls copy the folder n8n loaded):
#
#   scripts/n8n-with-package.sh N8N_DIR USER_FOLDER
#
# N8N_DIR is a folder from scripts/n8n-install.sh; USER_FOLDER is what n8n gets as N8N_USER_FOLDER. The
# environment is passed on to n8n for the check, so call it with the same N8N_* variables (in particular
# N8N_ENCRYPTION_KEY) as the n8n commands that follow: the check creates the user folder's settings.
set -euo pipefail
if [ $# -ne 2 ]; then
	echo "usage: $0 N8N_DIR USER_FOLDER" >&2
	exit 2
fi
n8n_bin="$(cd "$1" && pwd)/node_modules/.bin/n8n"
user_folder="$(mkdir -p "$2" && cd "$2" && pwd)"
cd "$(dirname "$0")/.."
. scripts/node24.sh
if [ ! -x "$n8n_bin" ]; then
	echo "n8n-with-package: no n8n in $1; run scripts/n8n-install.sh first" >&2
	exit 1
fi

package=$(node -p "require('./package.json').name")
version=$(node -p "require('./package.json').version")
n8n_version=$(node -p "require(process.argv[1]).version" "$1/node_modules/n8n/package.json")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Every test suite that runs n8n installs the package into a user folder of its own. The build, the
# tarball, and the installed folder that n8n was seen to load are kept per content of everything the
# package is made of (and per n8n release for the installed folder), so only the first suite after a
# change pays for them; the others copy the installed folder, which is the same bytes.
cache="${N8N_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-seqera}"
content=$(git ls-files -co --exclude-standard -- nodes credentials icons package.json package-lock.json \
	tsconfig.json tsconfig.build.json gulpfile.js README.md LICENSE | node -e '
const fs = require("node:fs");
const hash = require("node:crypto").createHash("sha256");
for (const file of fs.readFileSync(0, "utf8").split("\n").filter(Boolean).sort()) {
	if (fs.existsSync(file)) hash.update(`${file}\0`).update(fs.readFileSync(file)).update("\0");
}
console.log(hash.digest("hex").slice(0, 16));
')
kept="$cache/package-$content"
loaded="$kept/nodes-for-n8n-$n8n_version"
nodes="$user_folder/.n8n/nodes"
if [ -d "$loaded" ]; then
	rm -rf "$nodes"
	mkdir -p "$(dirname "$nodes")"
	cp -a "$loaded" "$nodes"
	echo "n8n $n8n_version loaded $package $version from this content before; copied into $nodes" >&2
	echo "$user_folder"
	exit 0
fi
mkdir -p "$kept"
# Builds of other content are of no more use after a day.
find "$cache" -maxdepth 1 -name 'package-*' ! -name "package-$content" -mtime +0 -exec rm -rf {} + 2>/dev/null || true

# Everything but the folder n8n reads goes to stderr, so a caller can keep stdout clean.
tarball="$kept/$package-$version.tgz"
# Suites that run side by side may both find no tarball: one builds and packs while the other waits,
# rather than rebuilding dist/ under a pack in progress.
exec 9>"$kept/.pack.lock"
flock 9
if [ ! -f "$tarball" ]; then
	npm run build >&2
	mkdir -p "$kept/.pack-$$"
	npm pack --pack-destination "$kept/.pack-$$" --loglevel=error >&2
	mv "$kept/.pack-$$/$package-$version.tgz" "$tarball"
	rm -rf "$kept/.pack-$$"
fi
flock -u 9

# n8n's CommunityPackagesService (installOrUpdateNpmPackage → downloadPackage): the tarball is unpacked
# into <user folder>/.n8n/nodes/node_modules/<package>, its dev, peer and optional dependencies are
# dropped (n8n-workflow then comes from n8n itself), its dependencies are installed inside it with n8n's
# npm flags, and the folder's package.json records the version.
target="$nodes/node_modules/$package"
rm -rf "$target"
mkdir -p "$target"
if [ ! -f "$nodes/package.json" ]; then
	printf '{\n  "name": "installed-nodes",\n  "private": true,\n  "dependencies": {}\n}\n' >"$nodes/package.json"
fi
tar -xzf "$tarball" -C "$target" --strip-components=1
node -e '
const fs = require("node:fs");
const [file] = process.argv.slice(1);
const { devDependencies, peerDependencies, optionalDependencies, ...kept } = JSON.parse(fs.readFileSync(file, "utf8"));
fs.writeFileSync(file, JSON.stringify(kept, null, 2));
' "$target/package.json"
(cd "$target" && NODE_ENV=production npm install --audit=false --fund=false --bin-links=false \
	--install-strategy=shallow --ignore-scripts=true --package-lock=false --loglevel=error >&2)
node -e '
const fs = require("node:fs");
const [file, name, version] = process.argv.slice(1);
const manifest = JSON.parse(fs.readFileSync(file, "utf8"));
manifest.dependencies = { ...manifest.dependencies, [name]: version };
fs.writeFileSync(file, JSON.stringify(manifest, null, 2));
' "$nodes/package.json" "$package" "$version"

# Every n8n command loads the community packages at start; at debug level n8n says which it loaded, and
# an error from a package that failed to load is all it says about it. Without this check a broken
# package shows up only later, as "Unrecognized node type" in the first workflow.
log="$work/n8n-load.log"
if ! N8N_USER_FOLDER="$user_folder" N8N_LOG_LEVEL=debug NO_COLOR=1 "$n8n_bin" list:workflow >"$log" 2>&1; then
	cat "$log" >&2
	echo "n8n-with-package: n8n failed to start with $package installed (log above)" >&2
	exit 1
fi
if ! grep -Eq "(Loaded all credentials and nodes from|Lazy-loading nodes and credentials from) $package\b" "$log"; then
	grep -E '^[0-9:.]+ +(error|warn) ' "$log" >&2 || tail -n 40 "$log" >&2
	echo "n8n-with-package: n8n did not load $package from $nodes" >&2
	exit 1
fi
echo "n8n loaded $package $version from $nodes" >&2
# Kept for the next suites; another suite may have kept the same at the same time.
cp -a "$nodes" "$kept/.nodes-$$"
mv -T "$kept/.nodes-$$" "$loaded" 2>/dev/null || rm -rf "$kept/.nodes-$$"
echo "$user_folder"
