// What every part of appointment care starts from: the agent's own sold appointments.
import type { Db } from '../../db/index.ts';
import { Appointment } from '../../models/index.ts';

export const APPOINTMENT_NOT_FOUND = 'Appointment not found';

export const owned = (db: Db, userId: number) => Appointment.query(db).where({ buyerId: userId, status: 'sold' });
