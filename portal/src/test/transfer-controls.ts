// Saved Transfer Controls as the API answers them (the agent's GET /api/transfers/settings and the admin's
// GET /api/admin/users/:id/transfer-controls), for the tests of the two forms that edit them.
import type { TransferSettingsView } from '@tm/shared/schemas/transfers';

/** 5 calls a day from Texas, 9 to 5 New York time, not paused, no delivery phone, 2 calls today. */
export const SAVED_CONTROLS: TransferSettingsView = {
  callsPerDay: 5,
  workingStates: ['TX'],
  hoursStart: '09:00',
  hoursEnd: '17:00',
  timeZone: 'America/New_York',
  paused: false,
  pausedReason: null,
  pausedAt: null,
  resumeDate: null,
  deliveryPhone: null,
  pausedNow: false,
  callsToday: 2,
};
