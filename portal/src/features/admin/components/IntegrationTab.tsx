// Integration tab: Brightcall AI Integration status (three indicators, Ready or Incomplete) and setup steps.
import { useBrightcallStatus } from '../api/get-brightcall-status.ts';

function Indicator({ label, ok, missing }: { label: string; ok: boolean; missing: string }) {
  return (
    <li className="adm-indicator" data-testid={`indicator-${label.toLowerCase().replace(/\s+/g, '-')}`}>
      <span className={`adm-dot ${ok ? 'adm-dot-ok' : missing === 'Optional' ? 'adm-dot-neutral' : 'adm-dot-bad'}`} aria-hidden="true" />
      <span className="adm-indicator-label">{label}</span>
      <span className={ok ? 'adm-ok' : missing === 'Optional' ? 'muted' : 'adm-bad'}>{ok ? 'Configured' : missing}</span>
    </li>
  );
}

export function IntegrationTab() {
  const { data, isPending, isError } = useBrightcallStatus();
  if (isPending) return <p className="adm-empty">Loading integration status...</p>;
  if (isError || !data)
    return (
      <p className="form-error" role="alert">
        Failed to load the integration status. Please try again.
      </p>
    );
  return (
    <div className="adm-integration">
      <div className="card">
        <h2>Brightcall AI Integration</h2>
        <ul className="adm-indicators">
          <Indicator label="API Key" ok={data.hasApiKey} missing="Missing" />
          <Indicator label="Widget Key" ok={data.hasWidgetKey} missing="Missing" />
          <Indicator label="Verify Token" ok={data.hasVerifyToken} missing="Optional" />
        </ul>
        <p className="adm-overall" data-testid="integration-status">
          Integration Status: <strong className={data.isConfigured ? 'adm-ok' : 'adm-bad'}>{data.isConfigured ? 'Ready' : 'Incomplete'}</strong>
        </p>
      </div>
      <div className="card">
        <h2>Setup Instructions</h2>
        <ol className="adm-steps">
          <li>
            Set these environment variables on the server and restart it:
            <ul>
              <li>
                <code>BRIGHTCALL_API_KEY</code> (required): the key Brightcall sends with each callback.
              </li>
              <li>
                <code>BRIGHTCALL_WIDGET_KEY</code> (required): the key of the Brightcall widget.
              </li>
              <li>
                <code>BRIGHTCALL_VERIFY_TOKEN</code> (optional): a verification token.
              </li>
            </ul>
          </li>
          <li>
            In Brightcall, set the webhook URL to <code data-testid="webhook-url">{data.webhookUrl}</code>
            <div className="muted small">
              Method: POST · Content-Type: application/json · API key in the <code>x-api-key</code> header (or <code>Authorization: Bearer</code>)
            </div>
          </li>
          <li>New appointments from Brightcall appear in the Appointments tab.</li>
        </ol>
        <p className="small">
          Payload fields and answers are documented at{' '}
          <a href="/brightcalldocs" target="_blank" rel="noopener noreferrer">
            /brightcalldocs
          </a>
          .
        </p>
      </div>
    </div>
  );
}
