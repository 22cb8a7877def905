// The consent record columns (docs/product: where and when the consumer agreed, from which address, the
// words they saw, and the TrustedForm / Jornaya certificate), the same on every table that keeps one:
// leads, appointments, transfer calls and staged lead-import rows. Their models extend this class; it has
// no table of its own (not a model in index.ts).
import { Model } from 'objection';

export abstract class ConsentRecordModel extends Model {
  consentSourceUrl!: string | null;
  consentAt!: string | null;
  consentIp!: string | null;
  consentText!: string | null;
  certificateKind!: string | null;
  certificateId!: string | null;
  certificateClaimExpiresAt!: string | null;
}
