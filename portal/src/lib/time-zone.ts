// The agent's time zone for every date the portal shows: their transfer settings' zone (the one they
// pick under My Transfers > Transfer Controls), America/New_York until it is known.
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE, safeZone } from '@tm/shared/logic/format';
import { settingsQuery } from './get-settings.ts';

export function useTimeZone(): string {
  const { data } = useQuery({ ...settingsQuery(), staleTime: 60_000 });
  return safeZone(data?.timeZone ?? DEFAULT_TIME_ZONE);
}
