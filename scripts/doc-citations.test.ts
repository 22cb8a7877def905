// The repository explains itself: a source file that cites a document (`docs/product/rules.md`,
// `docs/decisions/020-transfer-ledger.md#...`) cites one that is in the repository, and a cited section
// (`#anchor`) is a heading of that document. Catches citations of specs kept elsewhere, of renamed
// decision records and of sections that moved.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.astro', 'test-results', 'playwright-report', 'coverage']);
const SOURCE = /\.(ts|tsx|astro|mjs|cjs|js|css)$/;

function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) walk(path.join(dir, e.name));
      } else if (SOURCE.test(e.name)) out.push(path.join(dir, e.name));
    }
  };
  walk(root);
  return out;
}

export interface Citation {
  line: number;
  doc: string;
  anchor: string | null;
}

/** Every `something.md` (with an optional `#anchor`) named in a text, with its line. */
export function citations(text: string): Citation[] {
  const out: Citation[] = [];
  text.split('\n').forEach((lineText, i) => {
    for (const m of lineText.matchAll(/(?<![\w./-])((?:[\w.-]+\/)*[\w-][\w.-]*\.md)(?:#([\w-]+))?(?![\w/])/g)) {
      out.push({ line: i + 1, doc: m[1]!, anchor: m[2] ?? null });
    }
  });
  return out;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const out = new Set<string>();
  for (const m of fs.readFileSync(file, 'utf8').matchAll(/^#{1,6}\s+(.+)$/gm)) out.add(headingAnchor(m[1]!));
  return out;
}

/** The cited document in the repository: from the root, else beside the citing file; null when neither exists. */
function resolveDoc(doc: string, fromFile: string): string | null {
  for (const base of [root, path.dirname(fromFile)]) {
    const f = path.resolve(base, doc);
    if (f.startsWith(root + path.sep) && fs.existsSync(f)) return f;
  }
  return null;
}

/** What is wrong with the citations of one file, as "file:line: message". */
export function problems(file: string, text: string): string[] {
  const rel = path.relative(root, file);
  const out: string[] = [];
  for (const c of citations(text)) {
    const doc = resolveDoc(c.doc, file);
    if (!doc) out.push(`${rel}:${c.line}: cites ${c.doc}, which is not in the repository`);
    else if (c.anchor && !anchorsOf(doc).has(c.anchor)) out.push(`${rel}:${c.line}: cites ${c.doc}#${c.anchor}, which has no such section`);
  }
  return out;
}

describe('document citations in source files', () => {
  it('name documents and sections that are in the repository', () => {
    const found = sourceFiles()
      .filter((f) => f !== fileURLToPath(import.meta.url))
      .flatMap((f) => problems(f, fs.readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('catch a spec kept outside the repository, a missing record and a moved section', () => {
    const here = path.join(root, 'shared', 'src', 'example.ts');
    const text = [
      '// The tiers (' + 'funnel' + '.md section 9) and the buffer.',
      '// See docs/product/rules.md#pricing and docs/product/rules.md#no-such-section.',
      '// Decided in docs/decisions/999-nothing.md; the file type is `.md`, see README.md.',
    ].join('\n');
    expect(problems(here, text)).toEqual([
      'shared/src/example.ts:1: cites funnel.md, which is not in the repository',
      'shared/src/example.ts:2: cites docs/product/rules.md#no-such-section, which has no such section',
      'shared/src/example.ts:3: cites docs/decisions/999-nothing.md, which is not in the repository',
    ]);
  });

  it('reads anchors as GitHub makes them', () => {
    expect(headingAnchor('Transfers: buffer and billing')).toBe('transfers-buffer-and-billing');
    expect(headingAnchor('FEX quoter')).toBe('fex-quoter');
  });
});
