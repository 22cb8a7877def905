// Integration status of the voice-AI platform: which keys are configured and the webhook URL to give it.
import type { AppConfig } from '../../config.ts';
import type { IntegrationStatus } from '@tm/shared/schemas/admin';

export const WEBHOOK_PATH = '/api/callbacks/brightcall';

export function integrationStatus(config: Pick<AppConfig, 'brightcall' | 'publicOrigin'>): IntegrationStatus {
  const hasApiKey = Boolean(config.brightcall.apiKey);
  const hasWidgetKey = Boolean(config.brightcall.widgetKey);
  return {
    hasApiKey,
    hasWidgetKey,
    hasVerifyToken: Boolean(config.brightcall.verifyToken),
    isConfigured: hasApiKey && hasWidgetKey,
    webhookUrl: `${config.publicOrigin}${WEBHOOK_PATH}`,
  };
}
