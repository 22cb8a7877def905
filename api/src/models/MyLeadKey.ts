// Objection model over `my_lead_keys`: every lead listed in an agent's My Leads as (agent, date, side, id),
// the list's order as one primary key. Written only by the triggers on `leads` and `lead_assignments`
// (migrations/20261202100000_my_lead_keys.ts); read for My Leads without a search (decision 274).
import { Model } from 'objection';

/** `sourceKey` of an assigned lead (1) and of a bought one (0): the list's order is the key read backwards. */
export const MY_LEAD_SOURCE_KEY = { assigned: 1, purchased: 0 } as const;

export class MyLeadKey extends Model {
  static override tableName = 'my_lead_keys';
  static override idColumn = ['userId', 'listedAt', 'sourceKey', 'itemId'];
  userId!: number;
  listedAt!: string;
  sourceKey!: number;
  itemId!: number;
}
