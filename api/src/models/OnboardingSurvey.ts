// Objection model over `onboarding_surveys` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo, hasMany } from './relations.ts';
import { Order } from './Order.ts';
import { User } from './User.ts';

export class OnboardingSurvey extends Model {
  static override tableName = 'onboarding_surveys';
  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'onboarding_surveys.userId', 'users.id'),
    orders: hasMany(Order, 'onboarding_surveys.id', 'orders.surveyId'),
  });
  id!: number;
  attributionId!: number | null;
  userId!: number | null;
  firstName!: string;
  lastName!: string;
  agencyName!: string;
  role!: string;
  phone!: string;
  email!: string;
  username!: string | null;
  leadType!: string;
  workingStates!: string;
  totalTransfers!: number | null;
  callsPerDay!: number | null;
  transfersPerDay!: number | null;
  transferHours!: string | null;
  totalCallbacks!: number | null;
  callbackPreference!: string | null;
  ageRange!: string | null;
  onboardingForm!: string | null;
  salesperson!: string | null;
  /** A RingCloud sign-up's chosen password (hashed) until its payment makes the account; then null. */
  passwordHash?: string | null;
  bestTimeToReach?: string | null;
  /** The admin's follow-up of the sign-up: new, contacted or onboarded. */
  adminStatus?: string;
  createdAt!: string;
  /** Onboarding answers for an account the paying order did not create: 'pending' | 'applied' | 'dismissed' (decision 217). */
  settingsOffer!: string | null;
  offerOrderId!: number | null;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  user?: User | null;
  orders?: Order[];
}
