// The lint configuration catches what it is there for: a hook called conditionally in the portal, a
// promise dropped in the API (type-aware), an unused variable, and the portal's layers (decision 240): a
// feature importing another feature, a shared layer importing a feature, an import cycle; and a bare
// <form> in a portal screen (decision 257: forms use <Form schema>).
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

  it('flags a bare <form> in a portal screen, not one built with <Form schema>', async () => {
    const bare = path.join(root, 'portal/src/features/home', `lint-probe-form-${process.pid}.tsx`);
    const wrapped = path.join(root, 'portal/src/features/home', `lint-probe-wrapped-${process.pid}.tsx`);
    fs.writeFileSync(bare, `export function A() {\n  return <form onSubmit={(e) => e.preventDefault()}><button>Go</button></form>;\n}\n`);
    fs.writeFileSync(
      wrapped,
      `import { z } from 'zod';\nimport { Form } from '../../components/ui/form/index.ts';\nconst schema = z.object({ q: z.string() });\nexport function A() {\n  return <Form schema={schema} defaultValues={{ q: '' }} onSubmit={() => undefined}><button>Go</button></Form>;\n}\n`,
    );
    try {
      const results = await eslint.lintFiles([bare, wrapped]);
      const of = (file: string) => rulesOf(results.filter((r) => r.filePath === file));
      expect(of(bare)).toEqual(['portal/form-wrapper']);
      expect(of(wrapped)).toEqual([]);
    } finally {
      fs.rmSync(bare, { force: true });
      fs.rmSync(wrapped, { force: true });
    }
  }, 120_000);

  it('keeps the forms of issue 39 point 1 off the list of bare forms still allowed (eslint-suppressions.json)', () => {
    const allowed = Object.keys(JSON.parse(fs.readFileSync(path.join(root, 'eslint-suppressions.json'), 'utf8')) as Record<string, unknown>);
    const moved = [
      'account/components/ProfilePage.tsx',
      'account/components/AutoRebillSection.tsx',
      'integrations/components/WebhooksSection.tsx',
      'results/components/ApiTokensSection.tsx',
      'dashboard/components/AppointmentCare.tsx',
      'admin/components/AppointmentPanel.tsx',
      'admin/components/InboxesTabs.tsx',
      'admin/components/DncLists.tsx',
      'admin/components/RefundForm.tsx',
      // Decision 262: the last of them but the login page (decision 258).
      'admin/components/BuyerControlsPanel.tsx',
      'transfers/components/SettingsSection.tsx',
      'admin/components/AuditTab.tsx',
      'transfers/components/DisputeDialog.tsx',
      'results/components/ResultsPage.tsx',
    ].map((f) => `portal/src/features/${f}`);
    for (const file of moved) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
    expect(allowed.filter((f) => moved.includes(f))).toEqual([]);
  });
});
