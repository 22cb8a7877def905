// iron-session runs as published (decision 190): its `uncrypto` is the registry's package, which on
// Node is Node's own WebCrypto; no local fork, no npm override. A seal round trip through it, and a
// changed or expired seal opens to an empty session.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { sealData, unsealData } from 'iron-session';

const password = 'a-test-session-secret-of-32-chars-or-more';
const data = { userId: 8, issuedAt: 1_764_000_000_000, sid: 'abcdefabcdefabcdefabcdefabcdefab' };

describe('iron-session as published', () => {
  it("resolves the registry's uncrypto, from node_modules, not a fork of it", () => {
    const root = path.resolve(import.meta.dirname, '..', '..', '..');
    const ironSession = createRequire(import.meta.url).resolve('iron-session');
    const entry = createRequire(ironSession).resolve('uncrypto');
    expect(entry.startsWith(path.join(root, 'node_modules', 'uncrypto') + path.sep)).toBe(true);
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', 'uncrypto', 'package.json'), 'utf8')) as { version: string; private?: boolean };
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.private).toBeUndefined();
    const rootPkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { overrides?: Record<string, unknown>; workspaces: string[] };
    expect(rootPkg.overrides?.['iron-session']).toBeUndefined();
    expect(rootPkg.workspaces.filter((w) => w.includes('vendor'))).toEqual([]);
  });

  it('seals and opens a session; a changed or expired seal opens to an empty one', async () => {
    const sealed = await sealData(data, { password, ttl: 12 * 60 * 60 });
    expect(await unsealData(sealed, { password, ttl: 12 * 60 * 60 })).toEqual(data);
    const parts = sealed.split('*');
    parts[4] = (parts[4]![0] === 'A' ? 'B' : 'A') + parts[4]!.slice(1);
    expect(await unsealData(parts.join('*'), { password, ttl: 12 * 60 * 60 })).toEqual({});
    expect(await unsealData(sealed, { password: 'another-secret-of-32-characters-or-more', ttl: 12 * 60 * 60 })).toEqual({});
  });
});
