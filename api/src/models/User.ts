// Objection model over `users` (columns snake_case in the database, camelCase here).
import { Model } from 'objection';

export class User extends Model {
  static override tableName = 'users';
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
}
