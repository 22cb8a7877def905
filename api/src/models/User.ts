// Objection model over `users` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { PhoneDigitsModel } from './phone-digits-model.ts';
import type { RelationMappingsThunk } from 'objection';
import { hasMany } from './relations.ts';
import { AgentTransferSetting } from './AgentTransferSetting.ts';
import { ApiToken } from './ApiToken.ts';
import { Appointment } from './Appointment.ts';
import { AppointmentNoShow } from './AppointmentNoShow.ts';
import { CalendarFeed } from './CalendarFeed.ts';
import { ExclusiveSale } from './ExclusiveSale.ts';
import { ItemOutcome } from './ItemOutcome.ts';
import { Lead } from './Lead.ts';
import { LeadAssignment } from './LeadAssignment.ts';
import { LedgerAuditEntry } from './LedgerAuditEntry.ts';
import { OnboardingSurvey } from './OnboardingSurvey.ts';
import { Order } from './Order.ts';
import { OutboxMail } from './OutboxMail.ts';
import { SessionRecord } from './SessionRecord.ts';
import { TransferCall } from './TransferCall.ts';
import { TransferDispute } from './TransferDispute.ts';
import { TransferOrderUsage } from './TransferOrderUsage.ts';

export class User extends PhoneDigitsModel {
  static override tableName = 'users';
  static override relationMappings: RelationMappingsThunk = () => ({
    agentTransferSettings: hasMany(AgentTransferSetting, 'users.id', 'agent_transfer_settings.userId'),
    apiTokens: hasMany(ApiToken, 'users.id', 'api_tokens.userId'),
    appointmentNoShows: hasMany(AppointmentNoShow, 'users.id', 'appointment_no_shows.userId'),
    appointments: hasMany(Appointment, 'users.id', 'appointments.buyerId'),
    calendarFeeds: hasMany(CalendarFeed, 'users.id', 'calendar_feeds.userId'),
    exclusiveSales: hasMany(ExclusiveSale, 'users.id', 'exclusive_sales.buyerId'),
    itemOutcomes: hasMany(ItemOutcome, 'users.id', 'item_outcomes.userId'),
    leadAssignments: hasMany(LeadAssignment, 'users.id', 'lead_assignments.agentId'),
    leads: hasMany(Lead, 'users.id', 'leads.buyerId'),
    ledgerAuditLog: hasMany(LedgerAuditEntry, 'users.id', 'ledger_audit_log.userId'),
    mailOutbox: hasMany(OutboxMail, 'users.id', 'mail_outbox.userId'),
    onboardingSurveys: hasMany(OnboardingSurvey, 'users.id', 'onboarding_surveys.userId'),
    orders: hasMany(Order, 'users.id', 'orders.userId'),
    sessions: hasMany(SessionRecord, 'users.id', 'sessions.userId'),
    transferCalls: hasMany(TransferCall, 'users.id', 'transfer_calls.userId'),
    transferDisputes: hasMany(TransferDispute, 'users.id', 'transfer_disputes.userId'),
    transferOrderUsage: hasMany(TransferOrderUsage, 'users.id', 'transfer_order_usage.userId'),
  });
  id!: number;
  attributionId!: number | null;
  email!: string;
  username!: string | null;
  passwordHash!: string;
  firstName!: string;
  lastName!: string;
  agencyName!: string;
  role!: string;
  phone!: string;
  /** The phone's digits (shared/logic/phone-search.ts), filled by the hooks below. */
  phoneDigits!: string;
  state!: string | null;
  isAdmin!: boolean | number;
  liveTransferPriceCents!: number | null;
  /** Transfers left at or below which the buyer is low (the e-mail, Home, the admin's list); default 5. */
  lowBalanceThreshold!: number;
  createdAt!: string;
  updatedAt!: string;
  passwordChangedAt!: string | null;
  mailOptOut!: string | null;
  deactivatedAt!: string | null;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  agentTransferSettings?: AgentTransferSetting[];
  apiTokens?: ApiToken[];
  appointmentNoShows?: AppointmentNoShow[];
  appointments?: Appointment[];
  calendarFeeds?: CalendarFeed[];
  exclusiveSales?: ExclusiveSale[];
  itemOutcomes?: ItemOutcome[];
  leadAssignments?: LeadAssignment[];
  leads?: Lead[];
  ledgerAuditLog?: LedgerAuditEntry[];
  mailOutbox?: OutboxMail[];
  onboardingSurveys?: OnboardingSurvey[];
  orders?: Order[];
  sessions?: SessionRecord[];
  transferCalls?: TransferCall[];
  transferDisputes?: TransferDispute[];
  transferOrderUsage?: TransferOrderUsage[];
}
