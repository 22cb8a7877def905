// Profile > CRM webhooks (issue 29 item 4, decision 196): the agent's delivery endpoints (URL and the
// events each receives), the signing secret (shown in full once, when made or rolled), "Send test
// event", and the delivery log with each try (time, status code, attempt, response time, error) and
// Replay. How to verify a delivery: the public page /webhooksdocs.
import { useState } from 'react';
import { ApiError } from '@tm/shared/api-client';
import { Field, FieldError, Form, FormAlert, Input } from '../../../components/ui/form/index.ts';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  webhookInputSchema,
  type DeliveryView,
  type WebhookEventType,
  type WebhookView,
} from '@tm/shared/schemas/webhooks';
import { useDeleteWebhook, useDeliveries, useReplay, useRollSecret, useSaveWebhook, useSendTest, useWebhooks } from '../api/webhooks.ts';
import './integrations.css';

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError ? err.serverMessage : fallback);
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' }) : '');
const STATUS_LABELS: Record<DeliveryView['status'], string> = { pending: 'Retrying', sending: 'Sending', delivered: 'Delivered', failed: 'Failed' };
const eventLabel = (t: string) => (t === 'test.ping' ? 'Test event' : (WEBHOOK_EVENT_LABELS[t as WebhookEventType] ?? t));

function WebhookForm({ editing, onDone }: { editing: WebhookView | null; onDone: (secret: string | null) => void }) {
  const save = useSaveWebhook();
  return (
    <Form
      className="int-form"
      aria-label={editing ? 'Edit webhook' : 'Add webhook'}
      schema={webhookInputSchema}
      defaultValues={{ url: editing?.url ?? '', events: editing?.events ?? [...WEBHOOK_EVENTS], enabled: editing?.enabled ?? true }}
      fallbackError="Could not save the webhook."
      onSubmit={async (input) => {
        const r = await save.mutateAsync({ id: editing?.id ?? null, input });
        onDone(r.secret?.secret ?? null);
      }}
    >
      {({ register }) => (
        <>
          <Field id="webhook-url" name="url" label="Endpoint URL">
            <Input id="webhook-url" name="url" type="url" inputMode="url" placeholder="https://your-crm.example.com/hooks/transferline" />
          </Field>
          <fieldset className="int-events">
            <legend>Events</legend>
            {WEBHOOK_EVENTS.map((ev) => (
              <label key={ev} className="profile-check">
                <input type="checkbox" value={ev} {...register('events')} />
                {WEBHOOK_EVENT_LABELS[ev]} <code className="small">{ev}</code>
              </label>
            ))}
            <FieldError name="events" />
          </fieldset>
          {editing && (
            <label className="profile-check">
              <input type="checkbox" {...register('enabled')} />
              Enabled (new events are sent to it)
            </label>
          )}
          <FormAlert className="field-error" />
          <div className="int-actions">
            <button type="submit" className="btn" disabled={save.isPending}>
              {editing ? 'Save webhook' : 'Add webhook'}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => onDone(null)}>
              Cancel
            </button>
          </div>
        </>
      )}
    </Form>
  );
}

function DeliveryLog() {
  const deliveries = useDeliveries();
  const replay = useReplay();
  const items = deliveries.data?.items ?? [];
  return (
    <section aria-labelledby="int-log-h" className="int-log">
      <div className="int-row">
        <h3 id="int-log-h">Delivery log</h3>
        <button type="button" className="btn btn-outline int-btn-sm" onClick={() => void deliveries.refetch()}>
          Refresh
        </button>
      </div>
      {deliveries.data && items.length === 0 && <p className="muted small">No deliveries yet. Send a test event to see one here.</p>}
      <ul className="int-deliveries">
        {items.map((d) => (
          <li key={d.id} data-testid="delivery-row">
            <div className="int-row">
              <span>
                <strong>{eventLabel(d.eventType)}</strong> <span className={`int-badge int-${d.status}`}>{STATUS_LABELS[d.status]}</span>
              </span>
              <button
                type="button"
                className="btn btn-outline int-btn-sm"
                onClick={() => replay.mutate(d.id)}
                disabled={replay.isPending || d.status === 'sending'}
              >
                Replay
              </button>
            </div>
            <p className="muted small">
              {when(d.createdAt)} · {d.attempts} {d.attempts === 1 ? 'try' : 'tries'}
              {d.lastStatusCode !== null ? ` · last answer ${d.lastStatusCode}` : ''}
              {d.nextAttemptAt ? ` · next try ${when(d.nextAttemptAt)}` : ''} · <code>{d.eventId}</code>
            </p>
            {d.log.length > 0 && (
              <details>
                <summary>Tries</summary>
                <ol className="int-attempts" reversed>
                  {d.log.map((a) => (
                    <li key={a.attempt} data-testid="attempt-row">
                      <span>Try {a.attempt}</span> <span>{when(a.at)}</span> <span>{a.statusCode === null ? 'no answer' : `HTTP ${a.statusCode}`}</span>{' '}
                      <span>{a.durationMs} ms</span>
                      {a.error && <span className="int-error">{a.error}</span>}
                    </li>
                  ))}
                </ol>
                <details>
                  <summary>Payload</summary>
                  <pre className="int-pre">{d.payload}</pre>
                </details>
              </details>
            )}
          </li>
        ))}
      </ul>
      {replay.error && (
        <p className="field-error" role="alert">
          {messageOf(replay.error, 'Could not replay.')}
        </p>
      )}
    </section>
  );
}

export function WebhooksSection() {
  const hooks = useWebhooks();
  const remove = useDeleteWebhook();
  const roll = useRollSecret();
  const test = useSendTest();
  const [editing, setEditing] = useState<WebhookView | 'new' | null>(null);
  const [fresh, setFresh] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = hooks.data?.webhooks ?? [];
  const secret = hooks.data?.secret;
  return (
    <section className="card int-section" aria-labelledby="int-h">
      <h2 id="int-h">CRM webhooks</h2>
      <p className="muted">
        Send each purchase to your CRM as it happens: we POST a signed JSON event to your endpoint and retry for 24 hours if it does not answer 2xx.{' '}
        <a href="/webhooksdocs">Events, payloads and how to verify the signature</a>.
      </p>

      <div className="int-secret">
        <span>
          Signing secret: {secret?.hint ? <code data-testid="secret-hint">{secret.hint}</code> : <span className="muted">made with your first webhook</span>}
        </span>
        {secret?.hint && (
          <button
            type="button"
            className="btn btn-outline int-btn-sm"
            disabled={roll.isPending}
            onClick={() => {
              if (window.confirm('Roll the signing secret? The current one stops working at once.'))
                roll.mutate(undefined, { onSuccess: (r) => setFresh(r.secret) });
            }}
          >
            Roll secret
          </button>
        )}
      </div>
      {fresh && (
        <div className="secret-once" role="status">
          <strong>Copy your signing secret now: it will not be shown again.</strong>
          <code data-testid="new-secret">{fresh}</code>
        </div>
      )}

      {list.length > 0 && (
        <ul className="int-hooks">
          {list.map((h) => (
            <li key={h.id} data-testid="webhook-row">
              <code className="int-url">{h.url}</code>
              <p className="muted small">
                {h.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ')}
                {h.enabled ? '' : ' · disabled'}
              </p>
              <div className="int-actions">
                <button
                  type="button"
                  className="btn int-btn-sm"
                  disabled={test.isPending}
                  onClick={() => test.mutate(h.id, { onSuccess: () => setNotice('Test event queued: it shows in the delivery log below.') })}
                >
                  Send test event
                </button>
                <button type="button" className="btn btn-outline int-btn-sm" onClick={() => setEditing(h)}>
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-outline int-btn-sm"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm('Delete this webhook and its delivery log?')) remove.mutate(h.id);
                  }}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {notice && (
        <p role="status" className="form-success">
          {notice}
        </p>
      )}
      {editing ? (
        <WebhookForm
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? null : editing}
          onDone={(s) => {
            if (s) setFresh(s);
            setEditing(null);
          }}
        />
      ) : (
        <button type="button" className="btn btn-outline" onClick={() => setEditing('new')}>
          Add webhook
        </button>
      )}
      <DeliveryLog />
    </section>
  );
}
