import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { queryString } from '#common/routes.ts'
import type {
  AccountSession,
  AuditEntry,
  AuditQuery,
  Invitation,
  InvitationRequest,
  Member,
  OrganizationDirectoryEntry,
  OrganizationOverview,
  PromotionRequest,
  Registration,
  UserRole,
} from '#common/schemas/accounts.ts'
import type { User } from '#common/schemas/auth.ts'
import type { Page } from '#common/schemas/pagination.ts'
import { apiRequest, queryPath } from '#web/lib/api-client.ts'
import { USER_PATH } from '#web/lib/current-user.ts'

export const MEMBERS_PATH = '/api/organization/members'
export const INVITATIONS_PATH = '/api/organization/invitations'
export const REGISTRATIONS_PATH = '/api/organization/registrations'
export const PROMOTIONS_PATH = '/api/organization/promotion-requests'
export const SESSIONS_PATH = '/api/user/sessions'
export const MY_PROMOTION_PATH = '/api/user/promotion-request'
export const AUDIT_PATH = '/api/audit'

/** A list the API answers as `{ items }`, keyed by its path. */
export const listOf = <Item>(path: string) =>
  queryOptions({
    queryKey: [path],
    queryFn: async ({ signal }) => (await queryPath<{ items: Item[] }>(path, 'throw', signal))!.items,
  })

export const useMembers = () => useQuery(listOf<Member>(MEMBERS_PATH))
export const useInvitations = () => useQuery(listOf<Invitation>(INVITATIONS_PATH))
export const usePendingRegistrations = () => useQuery(listOf<Registration>(REGISTRATIONS_PATH))
export const usePromotionRequests = () => useQuery(listOf<PromotionRequest>(PROMOTIONS_PATH))
export const useSessions = () => useQuery(listOf<AccountSession>(SESSIONS_PATH))
export const useMyPromotionRequest = () =>
  useQuery({
    queryKey: [MY_PROMOTION_PATH],
    queryFn: async ({ signal }) =>
      (await queryPath<{ request: PromotionRequest | null }>(MY_PROMOTION_PATH, 'throw', signal))!.request,
  })

export type AuditFilters = Pick<AuditQuery, 'action' | 'actor' | 'from' | 'to'>
export const auditPath = (filters: AuditFilters, cursor?: string) =>
  `${AUDIT_PATH}${queryString({ ...filters, cursor })}`
export const useAuditLog = (filters: AuditFilters, cursor: string | undefined) =>
  useQuery({
    queryKey: [AUDIT_PATH, filters, cursor],
    queryFn: async ({ signal }) =>
      (await queryPath<Page<AuditEntry>>(auditPath(filters, cursor), 'throw', signal))!,
  })

/** A change that refreshes what it touches (the paths given) and the audit log that records it. */
export function useChange<Variables, Answer>(
  request: (variables: Variables) => Promise<Answer>,
  paths: string[],
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: request,
    // Not awaited: the refetch may unmount the row or form that asked (a decided registration
    // leaves its list), and TanStack drops the caller's own onSuccess (its toast) once it has.
    onSuccess: () => {
      void queryClient.invalidateQueries({
        predicate: (query) => [...paths, AUDIT_PATH].includes(String(query.queryKey[0])),
      })
    },
  })
}

export const useChangeRole = () =>
  useChange(
    ({ id, role }: { id: string; role: UserRole }) =>
      apiRequest<Member>('PATCH', `${MEMBERS_PATH}/${id}`, { role }),
    [MEMBERS_PATH],
  )
export const useSetActive = () =>
  useChange(
    ({ id, active }: { id: string; active: boolean }) =>
      apiRequest<Member>('POST', `${MEMBERS_PATH}/${id}/${active ? 'reactivate' : 'deactivate'}`),
    [MEMBERS_PATH],
  )
export const useRemoveMember = () =>
  useChange((id: string) => apiRequest('DELETE', `${MEMBERS_PATH}/${id}`), [MEMBERS_PATH])

export const useInvite = () =>
  useChange(
    (request: InvitationRequest) => apiRequest<Invitation>('POST', INVITATIONS_PATH, request),
    [INVITATIONS_PATH],
  )
export const useResendInvitation = () =>
  useChange(
    (id: string) => apiRequest<Invitation>('POST', `${INVITATIONS_PATH}/${id}/resend`),
    [INVITATIONS_PATH],
  )
export const useRevokeInvitation = () =>
  useChange((id: string) => apiRequest('DELETE', `${INVITATIONS_PATH}/${id}`), [INVITATIONS_PATH])

export const useDecideRegistration = () =>
  useChange(
    ({ id, approve, note }: { id: string; approve: boolean; note: string | null }) =>
      apiRequest('POST', `${REGISTRATIONS_PATH}/${id}/${approve ? 'approve' : 'reject'}`, { note }),
    [REGISTRATIONS_PATH, MEMBERS_PATH],
  )
export const useDecidePromotion = () =>
  useChange(
    ({ id, approve, note }: { id: string; approve: boolean; note: string | null }) =>
      apiRequest<PromotionRequest>('POST', `${PROMOTIONS_PATH}/${id}/${approve ? 'approve' : 'decline'}`, {
        note,
      }),
    [PROMOTIONS_PATH, MEMBERS_PATH],
  )

export const useAskPromotion = () =>
  useChange(
    (reason: string) => apiRequest<PromotionRequest>('POST', MY_PROMOTION_PATH, { reason }),
    [MY_PROMOTION_PATH],
  )
export const useRevokeSession = () =>
  useChange((id: string) => apiRequest('DELETE', `${SESSIONS_PATH}/${id}`), [SESSIONS_PATH])
export const useRevokeOtherSessions = () =>
  useChange(() => apiRequest('POST', `${SESSIONS_PATH}/revoke-others`), [SESSIONS_PATH])

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => apiRequest<User>('PATCH', USER_PATH, { name }),
    onSuccess: (user) => queryClient.setQueryData([USER_PATH], user),
  })
}

export const ORGANIZATIONS_PATH = '/api/admin/organizations'
export const useOrganizationDirectory = (search: string) =>
  useQuery({
    queryKey: [ORGANIZATIONS_PATH, search],
    queryFn: async ({ signal }) =>
      (await queryPath<{ items: OrganizationOverview[] }>(
        `${ORGANIZATIONS_PATH}${queryString({ search: search || undefined })}`,
        'throw',
        signal,
      ))!.items,
  })
export const useOrganizationEntry = (id: string | null) =>
  useQuery({
    queryKey: [ORGANIZATIONS_PATH, 'entry', id],
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      (await queryPath<OrganizationDirectoryEntry>(`${ORGANIZATIONS_PATH}/${id}`, 'throw', signal))!,
  })
export const useUpdateOrganizationTerms = () =>
  useChange(
    ({
      id,
      creditLimitCents,
      billingCurrency,
    }: {
      id: string
      creditLimitCents: number
      billingCurrency: string
    }) =>
      apiRequest<OrganizationDirectoryEntry>('PATCH', `${ORGANIZATIONS_PATH}/${id}`, {
        creditLimitCents,
        billingCurrency,
      }),
    [ORGANIZATIONS_PATH],
  )
