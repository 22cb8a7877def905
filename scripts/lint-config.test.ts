// The lint configuration catches what it is there for: a hook called conditionally in the portal, a
// promise dropped in the API (type-aware), an unused variable, and the portal's layers (decision 240): a
// feature importing another feature, a shared layer importing a feature, an import cycle.
import { describe, it, expect } from 'vitest';
import { ESLint } from 'eslint';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
const rulesOf = (results: ESLint.LintResult[]) => results.flatMap((r) => r.messages.map((m) => m.ruleId));

describe('eslint.config.js', () => {
  it('flags a conditional hook and a missing effect dependency in the portal', async () => {
    const code = `import { useEffect, useState } from 'react';
export function A({ on, id }: { on: boolean; id: string }) {
  if (on) useState(0);
  useEffect(() => { console.log(id); }, []);
  return null;
}
`;
    const rules = rulesOf(await eslint.lintText(code, { filePath: path.join(root, 'portal/src/lint-probe.tsx') }));
    expect(rules).toContain('react-hooks/rules-of-hooks');
    expect(rules).toContain('react-hooks/exhaustive-deps');
  });

  it('flags a floating promise and an unused variable in the API', async () => {
    const file = path.join(root, 'api/src', `lint-probe-${process.pid}.ts`);
    fs.writeFileSync(file, `const unused = 1;\nasync function save(): Promise<void> {}\nexport function route(): void {\n  save();\n}\n`);
    try {
      const rules = rulesOf(await eslint.lintFiles([file]));
      expect(rules).toContain('@typescript-eslint/no-floating-promises');
      expect(rules).toContain('@typescript-eslint/no-unused-vars');
    } finally {
      fs.rmSync(file, { force: true });
    }
  }, 120_000);

  it('flags a cross-feature import, a shared layer importing a feature, and an import cycle in the portal', async () => {
    const probe = (where: string) => path.join(root, 'portal/src', where);
    const files = {
      crossFeature: probe(`features/home/lint-probe-${process.pid}.ts`),
      sharedToFeature: probe(`components/lint-probe-${process.pid}.ts`),
      cycleA: probe(`lib/lint-probe-a-${process.pid}.ts`),
      cycleB: probe(`lib/lint-probe-b-${process.pid}.ts`),
      fine: probe(`features/dashboard/lint-probe-${process.pid}.ts`),
    };
    fs.writeFileSync(files.crossFeature, `export { Spinner } from '../dashboard/components/ui.tsx';\n`);
    fs.writeFileSync(files.sharedToFeature, `export { HomePanel } from '../features/home/components/HomePanel.tsx';\n`);
    fs.writeFileSync(files.cycleA, `import { b } from './lint-probe-b-${process.pid}.ts';\nexport const a = () => b;\n`);
    fs.writeFileSync(files.cycleB, `import { a } from './lint-probe-a-${process.pid}.ts';\nexport const b = () => a;\n`);
    fs.writeFileSync(
      files.fine,
      `export { Spinner } from './components/ui.tsx';\nexport { Icon } from '../../components/layout/Icon.tsx';\nexport { paths } from '../../app/paths.ts';\n`,
    );
    try {
      const results = await eslint.lintFiles(Object.values(files));
      const of = (file: string) => rulesOf(results.filter((r) => r.filePath === file));
      expect(of(files.crossFeature)).toEqual(['import-x/no-restricted-paths']);
      expect(of(files.sharedToFeature)).toEqual(['import-x/no-restricted-paths']);
      expect(of(files.cycleA)).toContain('import-x/no-cycle');
      expect(of(files.cycleB)).toContain('import-x/no-cycle');
      expect(of(files.fine)).toEqual([]);
    } finally {
      for (const file of Object.values(files)) fs.rmSync(file, { force: true });
    }
  }, 120_000);
});
