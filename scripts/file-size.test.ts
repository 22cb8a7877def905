// "Files a reader can hold" (issue 39 point 5, decision 261): no source file over 450 lines and no stylesheet
// over 600, tests, test fixtures and the Stripe emulator aside. A file that grows past the limit is split by
// what it does, not exempted here.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIRS = ['shared/src', 'api/src', 'marketing/src', 'portal/src', 'scripts', 'bench', 'migrations'];
const SOURCE = /\.(ts|tsx|astro|mjs|js)$/;
const STYLE = /\.css$/;
const SOURCE_LIMIT = 450;
const STYLE_LIMIT = 600;
/** Tests and what only tests read: test files, the API's test support and fixtures. */
const isTestOnly = (rel: string) => /\.(test|spec)\.tsx?$/.test(rel) || rel.startsWith('api/src/test/') || rel.includes('/fixtures/');

function files(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(path.relative(root, p).split(path.sep).join('/'));
    }
  };
  for (const d of DIRS) walk(path.join(root, d));
  return out;
}

const lineCount = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8').split('\n').length - 1;

describe('file sizes', () => {
  const all = files();

  it('reads the source folders (the walk finds what it checks)', () => {
    expect(all.filter((f) => SOURCE.test(f)).length).toBeGreaterThan(300);
    expect(all.filter((f) => STYLE.test(f)).length).toBeGreaterThan(5);
  });

  it(`keeps every source file at ${SOURCE_LIMIT} lines or fewer (tests and fixtures aside)`, () => {
    const over = all.filter((f) => SOURCE.test(f) && !isTestOnly(f)).flatMap((f) => (lineCount(f) > SOURCE_LIMIT ? [`${f}: ${lineCount(f)}`] : []));
    expect(over).toEqual([]);
  });

  it(`keeps every stylesheet at ${STYLE_LIMIT} lines or fewer`, () => {
    const over = all.filter((f) => STYLE.test(f)).flatMap((f) => (lineCount(f) > STYLE_LIMIT ? [`${f}: ${lineCount(f)}`] : []));
    expect(over).toEqual([]);
  });
});
