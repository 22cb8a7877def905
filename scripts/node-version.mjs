// The Node versions this project runs on: the root package.json's `engines.node` (">=22.19.0": Node
// 22.19+ and 24; better-sqlite3 13 needs 22+). `npm start` and `npm test` check it first and say what to
// do, rather than failing later on a native module or a missing API. Plain Node, no dependencies.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The lowest supported version, from engines.node (">=22.19.0"). */
export function minimumNode() {
  const range = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
  const m = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(range);
  if (!m) throw new Error(`engines.node must be ">=x.y.z", got "${range}"`);
  return m.slice(1).map(Number);
}

/** A message when `version` ("v20.20.2") is below the minimum, else null. */
export function unsupportedNodeMessage(version = process.version, command = 'this command') {
  const have = version.replace(/^v/, '').split('.').map(Number);
  const need = minimumNode();
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) > need[i]) return null;
    if ((have[i] ?? 0) < need[i]) {
      return (
        `Node ${version} is not supported: ${command} needs Node ${need.join('.')} or later (22.19+ or 24 LTS; package.json "engines").\n` +
        'Install Node 24 (https://nodejs.org, or `nvm install 24`), or put it first on PATH with scripts/node24.sh, then run it again.'
      );
    }
  }
  return null;
}

/** Exits with the message when this Node is too old. */
export function requireSupportedNode(command) {
  const message = unsupportedNodeMessage(process.version, command);
  if (message) {
    console.error(message);
    process.exit(1);
  }
}
