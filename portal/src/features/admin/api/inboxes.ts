// Admin inboxes: partner applications (list, detail, review status) and agent-lab / RingCloud sign-ups
// (list, and each one's follow-up status).
import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { api } from '@tm/shared/api-client';
import type { Page } from '@tm/shared/schemas/admin';
import type { PartnerApplicationDetail, PartnerApplicationSummary, ReviewApplicationInput, Signup, SignupStatus } from '@tm/shared/schemas/admin-business';
import { adminKeys } from './keys.ts';

export function useApplications(status: string, q: string, page: number) {
  return useQuery({
    queryKey: [...adminKeys.applications, 'list', status, q, page],
    queryFn: async () =>
      (await api.getJson<Page<PartnerApplicationSummary>>(`/api/admin/partner-applications?${new URLSearchParams({ status, q, page: String(page) })}`))!,
    placeholderData: keepPreviousData,
  });
}

export function useApplication(id: number | null) {
  return useQuery({
    queryKey: [...adminKeys.applications, 'one', id],
    queryFn: async () => (await api.getJson<PartnerApplicationDetail>(`/api/admin/partner-applications/${id}`))!,
    enabled: id !== null,
  });
}

export function useReviewApplication(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewApplicationInput) => api.requestJson<PartnerApplicationDetail>('PUT', `/api/admin/partner-applications/${id}/status`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.applications }),
  });
}

export function useSignups(source: string, q: string, page: number, status = '') {
  return useQuery({
    queryKey: [...adminKeys.signups, source, q, page, status],
    queryFn: async () => (await api.getJson<Page<Signup>>(`/api/admin/signups?${new URLSearchParams({ source, q, page: String(page), status })}`))!,
    placeholderData: keepPreviousData,
  });
}

/** PUT /api/admin/signups/:id/status: the admin's follow-up (new, contacted, onboarded); the lists refresh. */
export function useSetSignupStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: SignupStatus }) => api.requestJson<Signup>('PUT', `/api/admin/signups/${id}/status`, { status }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.signups }),
  });
}
