// `npm start` and `npm test` stop with a clear message on a Node below package.json's engines.
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { minimumNode, unsupportedNodeMessage } from './node-version.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('the supported Node versions', () => {
  it('are Node 22.19+ and 24, from engines.node', () => {
    expect(minimumNode()).toEqual([22, 19, 0]);
    expect(unsupportedNodeMessage('v24.21.0')).toBeNull();
    expect(unsupportedNodeMessage('v22.19.0')).toBeNull();
    expect(unsupportedNodeMessage('v23.0.0')).toBeNull();
    expect(unsupportedNodeMessage('v22.18.9', '`npm test`')).toMatch(/^Node v22\.18\.9 is not supported: `npm test` needs Node 22\.19\.0 or later/);
    expect(unsupportedNodeMessage('v20.20.2')).toMatch(/Install Node 24/);
  });

  it('npm start and npm test check it before anything else', () => {
    // This Node passes the check (the suite itself runs on a supported Node)...
    expect(unsupportedNodeMessage()).toBeNull();
    // ...and a process that pretends to be Node 20 is stopped with the message, exit 1.
    for (const script of ['scripts/start.mjs', 'scripts/test.mjs']) {
      const r = spawnSync(process.execPath, ['--import', 'data:text/javascript,Object.defineProperty(process,"version",{value:"v20.20.2"})', script], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/^Node v20\.20\.2 is not supported: `npm (start|test)` needs Node 22\.19\.0 or later/);
    }
  });
});
