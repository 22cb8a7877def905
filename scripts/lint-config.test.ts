// The lint configuration catches what it is there for: a hook called conditionally in the portal, a
// promise dropped in the API (type-aware), an unused variable.
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
});
