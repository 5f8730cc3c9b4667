import {
  type TInviteBody,
  type TRole,
  type TSession,
  ZInvitation,
  ZMembers,
  ZMemberships,
  ZSession,
} from '@netguard/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setSession } from '@/features/auth/session-store';
import { apiRequest } from '@/lib/api-client';

export const organizationKeys = {
  members: ['organization', 'members'] as const,
  memberships: ['organization', 'memberships'] as const,
};

/** Members and pending invitations of the current organization (admins). */
export function useMembers(enabled = true) {
  return useQuery({
    queryKey: organizationKeys.members,
    queryFn: ({ signal }) => apiRequest('/api/organization/members', { schema: ZMembers, signal }),
    enabled,
  });
}

/** The organizations the signed-in user belongs to, the current one marked. */
export function useMemberships() {
  return useQuery({
    queryKey: organizationKeys.memberships,
    queryFn: ({ signal }) =>
      apiRequest('/api/organizations', { schema: ZMemberships, signal }).then(
        (r) => r.organizations,
      ),
  });
}

function useMembersMutation<T, R>(fn: (arg: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKeys.members }),
  });
}

export const useInvite = () =>
  useMembersMutation((body: TInviteBody) =>
    apiRequest('/api/organization/invitations', { method: 'POST', body, schema: ZInvitation }),
  );

export const useResendInvitation = () =>
  useMembersMutation((id: string) =>
    apiRequest(`/api/organization/invitations/${id}/resend`, { method: 'POST' }),
  );

export const useRevokeInvitation = () =>
  useMembersMutation((id: string) =>
    apiRequest(`/api/organization/invitations/${id}`, { method: 'DELETE' }),
  );

export const useChangeRole = () =>
  useMembersMutation(({ userId, role }: { userId: string; role: TRole }) =>
    apiRequest(`/api/organization/members/${userId}`, { method: 'PATCH', body: { role } }),
  );

export const useRemoveMember = () =>
  useMembersMutation((userId: string) =>
    apiRequest(`/api/organization/members/${userId}`, { method: 'DELETE' }),
  );

/** A session in another organization: every cached read belonged to the old one. */
function enterOrganization(queryClient: QueryClient, session: TSession) {
  queryClient.clear();
  setSession(session, 'SIGNED_IN');
}

export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) =>
      apiRequest('/api/organizations/switch', {
        method: 'POST',
        body: { organization_id: organizationId },
        schema: ZSession,
      }),
    onSuccess: (session) => enterOrganization(queryClient, session),
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/api/invitations/accept', { method: 'POST', body: { token }, schema: ZSession }),
    onSuccess: (session) => enterOrganization(queryClient, session),
  });
}
