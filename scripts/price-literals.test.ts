// "No price literal anywhere else in the repo": dollar amounts and *Cents/priceCents number literals
// may only appear in the catalogue (and in tests, which pin the catalogue's values).
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIRS = ['shared/src', 'api/src', 'marketing/src', 'portal/src'];
const ALLOWED = [path.join('shared', 'src', 'catalogue', 'index.ts')];
const EXT = /\.(ts|tsx|astro|mjs)$/;

function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (EXT.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
    }
  };
  walk(path.join(root, dir));
  return out;
}

// "$40", "$37.50", "$1,500" in code or markup; cents fields assigned a number; "* 39" style rates.
const PATTERNS = [/\$\d[\d,]*(\.\d+)?/, /[cC]ents\s*[:=]\s*\d{2,}/, /price\s*[:=]\s*\d+(\.\d+)?\b/i];

describe('price literals', () => {
  it('appear only in the catalogue', () => {
    const offenders: string[] = [];
    for (const dir of DIRS) {
      for (const file of files(dir)) {
        const rel = path.relative(root, file);
        if (ALLOWED.includes(rel)) continue;
        fs.readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (/^\s*(\/\/|\/?\*)/.test(line)) return; // comments may quote the spec
            if (line.includes('price-literal-ok')) return; // a marked third-party limit, not one of our prices
            // Template expressions and regex replacement groups ('$1') are not prices.
            let cleaned = line.replace(/\$\{[^}]*\}/g, '');
            if (cleaned.includes('.replace(')) cleaned = cleaned.replace(/\$\d(?![\d,.])/g, '');
            if (PATTERNS.some((re) => re.test(cleaned))) offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(offenders).toEqual([]);
  });
});
