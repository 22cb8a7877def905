// Personal API tokens: the agent's CRM posts outcomes with one (POST /api/outcomes, Bearer token). A new
// token is shown once; the server keeps only its hash. Revoking stops it at once.
import { useState } from 'react';
import { tokenCreateSchema } from '@tm/shared/schemas/outcomes';
import { FieldError, Form, FormAlert, Input } from '../../../components/ui/form/index.ts';
import { useCreateToken, useRevokeToken, useTokens } from '../api/results.ts';

export function ApiTokensSection() {
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [fresh, setFresh] = useState<string | null>(null);
  return (
    <section className="res-section" aria-labelledby="res-tokens-h">
      <h2 id="res-tokens-h">API tokens</h2>
      <div className="card">
        <p className="muted">
          Your CRM can record outcomes for you: <code>POST /api/outcomes</code> with <code>Authorization: Bearer &lt;token&gt;</code> and{' '}
          <code>{'{ "itemType": "lead", "itemId": 123, "status": "sold", "premiumCents": 120000, "date": "2026-11-20" }'}</code>. A token only writes outcomes
          of items you bought.
        </p>
        <Form
          className="res-token-form"
          aria-label="Create an API token"
          schema={tokenCreateSchema}
          defaultValues={{ name: '' }}
          fallbackError="Could not create the token"
          onSubmit={async ({ name }, form) => {
            setFresh((await create.mutateAsync(name)).token);
            form.reset();
          }}
        >
          <label className="field">
            Token name
            <Input name="name" id="res-token-name" maxLength={80} placeholder="e.g. My CRM" />
          </label>
          <button type="submit" className="btn" disabled={create.isPending}>
            Create token
          </button>
          <FieldError name="name" />
          <FormAlert className="field-error" />
        </Form>
        {fresh && (
          <div className="secret-once res-fresh" role="status">
            <strong>Copy your token now: it will not be shown again.</strong>
            <code data-testid="new-token">{fresh}</code>
          </div>
        )}
        {tokens.data && tokens.data.length > 0 && (
          <ul className="res-tokens">
            {tokens.data.map((t) => (
              <li key={t.id}>
                <span>
                  <strong>{t.name}</strong> <code>{t.prefix}…</code>{' '}
                  <span className="muted small">
                    created {t.createdAt.slice(0, 10)}
                    {t.lastUsedAt ? `, last used ${t.lastUsedAt.slice(0, 10)}` : ', never used'}
                  </span>
                </span>
                <button type="button" className="btn btn-outline res-btn-sm" onClick={() => revoke.mutate(t.id)} disabled={revoke.isPending}>
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        )}
        {tokens.data && tokens.data.length === 0 && <p className="muted small">No tokens yet.</p>}
      </div>
    </section>
  );
}
