// Objection model over `attributions` (columns snake_case in the database, camelCase here): the first and the
// last ad touch a buyer's browser kept (decision 232). Rows are written once and pointed at by orders, users,
// onboarding_surveys and partner_applications.
import { Model } from 'objection';

export class Attribution extends Model {
  static override tableName = 'attributions';
  id!: number;
  firstSource!: string | null;
  firstMedium!: string | null;
  firstCampaign!: string | null;
  firstTerm!: string | null;
  firstContent!: string | null;
  firstGclid!: string | null;
  firstGbraid!: string | null;
  firstWbraid!: string | null;
  firstFbclid!: string | null;
  firstReferrer!: string | null;
  firstLanding!: string | null;
  firstAt!: string | null;
  lastSource!: string | null;
  lastMedium!: string | null;
  lastCampaign!: string | null;
  lastTerm!: string | null;
  lastContent!: string | null;
  lastGclid!: string | null;
  lastGbraid!: string | null;
  lastWbraid!: string | null;
  lastFbclid!: string | null;
  lastReferrer!: string | null;
  lastLanding!: string | null;
  lastAt!: string | null;
  userAgent!: string | null;
  createdAt!: string;
}
