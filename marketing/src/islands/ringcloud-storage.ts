// The RingCloud survey kept in browser storage between /ringcloud and /ringcloud-checkout (never the
// password). No zod here: the thank-you page imports this only to clear it.
import type { RingCloudLeadType, AgedLeadAgeRange } from '@tm/shared';

export const RINGCLOUD_STORAGE_KEY = 'ringcloudSurvey';

export interface SavedRingcloudSurvey {
  surveyId: number;
  userId?: number;
  firstName: string;
  lastName: string;
  agencyName: string;
  email: string;
  phone: string;
  workingStates: string;
  leadType: RingCloudLeadType;
  totalTransfers?: number;
  totalCallbacks?: number;
  ageRange?: AgedLeadAgeRange;
}

export function saveRingcloudSurvey(s: SavedRingcloudSurvey): void {
  localStorage.setItem(RINGCLOUD_STORAGE_KEY, JSON.stringify(s));
}

export function readRingcloudSurvey(): SavedRingcloudSurvey | null {
  try {
    const raw = localStorage.getItem(RINGCLOUD_STORAGE_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as SavedRingcloudSurvey;
    return v && typeof v.surveyId === 'number' && typeof v.leadType === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function clearRingcloudSurvey(): void {
  try {
    localStorage.removeItem(RINGCLOUD_STORAGE_KEY);
  } catch {
    /* storage unavailable */
  }
}
