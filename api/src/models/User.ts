// Objection model over `users` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
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

export class User extends Model {
  static override tableName = 'users';
  static override relationMappings: RelationMappingsThunk = () => ({
    agentTransferSettings: {
      relation: Model.HasManyRelation,
      modelClass: AgentTransferSetting,
      join: { from: 'users.id', to: 'agent_transfer_settings.userId' },
    },
    apiTokens: { relation: Model.HasManyRelation, modelClass: ApiToken, join: { from: 'users.id', to: 'api_tokens.userId' } },
    appointmentNoShows: { relation: Model.HasManyRelation, modelClass: AppointmentNoShow, join: { from: 'users.id', to: 'appointment_no_shows.userId' } },
    appointments: { relation: Model.HasManyRelation, modelClass: Appointment, join: { from: 'users.id', to: 'appointments.buyerId' } },
    calendarFeeds: { relation: Model.HasManyRelation, modelClass: CalendarFeed, join: { from: 'users.id', to: 'calendar_feeds.userId' } },
    exclusiveSales: { relation: Model.HasManyRelation, modelClass: ExclusiveSale, join: { from: 'users.id', to: 'exclusive_sales.buyerId' } },
    itemOutcomes: { relation: Model.HasManyRelation, modelClass: ItemOutcome, join: { from: 'users.id', to: 'item_outcomes.userId' } },
    leadAssignments: { relation: Model.HasManyRelation, modelClass: LeadAssignment, join: { from: 'users.id', to: 'lead_assignments.agentId' } },
    leads: { relation: Model.HasManyRelation, modelClass: Lead, join: { from: 'users.id', to: 'leads.buyerId' } },
    ledgerAuditLog: { relation: Model.HasManyRelation, modelClass: LedgerAuditEntry, join: { from: 'users.id', to: 'ledger_audit_log.userId' } },
    mailOutbox: { relation: Model.HasManyRelation, modelClass: OutboxMail, join: { from: 'users.id', to: 'mail_outbox.userId' } },
    onboardingSurveys: { relation: Model.HasManyRelation, modelClass: OnboardingSurvey, join: { from: 'users.id', to: 'onboarding_surveys.userId' } },
    orders: { relation: Model.HasManyRelation, modelClass: Order, join: { from: 'users.id', to: 'orders.userId' } },
    sessions: { relation: Model.HasManyRelation, modelClass: SessionRecord, join: { from: 'users.id', to: 'sessions.userId' } },
    transferCalls: { relation: Model.HasManyRelation, modelClass: TransferCall, join: { from: 'users.id', to: 'transfer_calls.userId' } },
    transferDisputes: { relation: Model.HasManyRelation, modelClass: TransferDispute, join: { from: 'users.id', to: 'transfer_disputes.userId' } },
    transferOrderUsage: { relation: Model.HasManyRelation, modelClass: TransferOrderUsage, join: { from: 'users.id', to: 'transfer_order_usage.userId' } },
  });
  id!: number;
  email!: string;
  username!: string | null;
  passwordHash!: string;
  firstName!: string;
  lastName!: string;
  agencyName!: string;
  role!: string;
  phone!: string;
  state!: string | null;
  isAdmin!: boolean | number;
  liveTransferPriceCents!: number | null;
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
