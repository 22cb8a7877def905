// Objection model over `upload_reservations`: bytes an upload in flight may write (decision 170).
import { Model } from 'objection';

export class UploadReservation extends Model {
  static override tableName = 'upload_reservations';
  id!: number;
  clientKey!: string | null;
  bytes!: number;
  createdAt!: string;
  expiresAt!: string;
}
