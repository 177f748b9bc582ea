import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { account } from '#common/contract/account.ts'
import { audit } from '#common/contract/audit.ts'
import { organization } from '#common/contract/organization.ts'
import type { Currency } from '#common/money.ts'
import type { ASSIGNABLE_ROLES, AuditQuery, InvitationRequest } from '#common/schemas/accounts.ts'
import { callApi, urlOf } from '#web/lib/api/call.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'
import { apiQuery, changesOf } from '#web/lib/api/queries.ts'
import { USER_KEY } from '#web/lib/current-user.ts'

/** The items of a list the API answers as `{ items }` (the query keeps the answer as it came). */
export const itemsOf = <Item>(answer: { items: Item[] }): Item[] => answer.items

export const useMembers = () => useQuery({ ...apiQuery(organization.members), select: itemsOf })
export const useInvitations = () => useQuery({ ...apiQuery(organization.invitations), select: itemsOf })
export const usePendingRegistrations = () =>
  useQuery({ ...apiQuery(organization.registrations), select: itemsOf })
export const usePromotionRequests = () =>
  useQuery({ ...apiQuery(organization.promotionRequests), select: itemsOf })
export const useSessions = () => useQuery({ ...apiQuery(account.sessions), select: itemsOf })
export const useMyPromotionRequest = () =>
  useQuery({ ...apiQuery(account.promotionRequest), select: (answer) => answer.request })

export type AuditFilters = Pick<AuditQuery, 'action' | 'actor' | 'from' | 'to'>
export const useAuditLog = (filters: AuditFilters, cursor: string | undefined) =>
  useQuery(apiQuery(audit.list, { query: { ...filters, cursor } }))
/** The log with the same filters as a CSV file, for a download link. */
export const auditCsvHref = (filters: AuditFilters) => urlOf(audit.csv, { query: filters })

/*
 * The changes below refresh what their endpoint changes (the contract), the audit log that
 * records them included; a screen's toast goes in its own `mutate` callbacks.
 */

export const useChangeRole = () =>
  useApiMutation(organization.changeRole, {
    input: ({ id, role }: { id: string; role: (typeof ASSIGNABLE_ROLES)[number] }) => ({
      params: { id },
      body: { role },
    }),
  })
export const useSetActive = () =>
  useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      active
        ? callApi(organization.reactivateMember, { params: { id } })
        : callApi(organization.deactivateMember, { params: { id } }),
    meta: changesOf(organization.reactivateMember, organization.deactivateMember),
  })
export const useRemoveMember = () =>
  useApiMutation(organization.removeMember, { input: (id: string) => ({ params: { id } }) })

export const useInvite = () =>
  useApiMutation(organization.invite, { input: (request: InvitationRequest) => ({ body: request }) })
export const useResendInvitation = () =>
  useApiMutation(organization.resendInvitation, { input: (id: string) => ({ params: { id } }) })
export const useRevokeInvitation = () =>
  useApiMutation(organization.revokeInvitation, { input: (id: string) => ({ params: { id } }) })

type Decision = { id: string; approve: boolean; note: string | null }

export const useDecideRegistration = () =>
  useMutation({
    mutationFn: ({ id, approve, note }: Decision) =>
      approve
        ? callApi(organization.approveRegistration, { params: { id }, body: { note } })
        : callApi(organization.rejectRegistration, { params: { id }, body: { note } }),
    meta: changesOf(organization.approveRegistration, organization.rejectRegistration),
  })
export const useDecidePromotion = () =>
  useMutation({
    mutationFn: ({ id, approve, note }: Decision) =>
      approve
        ? callApi(organization.approvePromotion, { params: { id }, body: { note } })
        : callApi(organization.declinePromotion, { params: { id }, body: { note } }),
    meta: changesOf(organization.approvePromotion, organization.declinePromotion),
  })

export const useAskPromotion = () =>
  useApiMutation(account.requestPromotion, { input: (reason: string) => ({ body: { reason } }) })
export const useRevokeSession = () =>
  useApiMutation(account.revokeSession, { input: (id: string) => ({ params: { id } }) })
export const useRevokeOtherSessions = () => useApiMutation(account.revokeOtherSessions)

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useApiMutation(account.updateProfile, {
    input: (name: string) => ({ body: { name } }),
    onSuccess: (user) => queryClient.setQueryData(USER_KEY, user),
  })
}

export const useOrganizationDirectory = (search: string) =>
  useQuery({
    ...apiQuery(organization.directory, { query: { search: search || undefined } }),
    select: itemsOf,
  })
export const useOrganizationEntry = (id: string | null) =>
  useQuery({ ...apiQuery(organization.directoryEntry, { params: { id: id ?? '' } }), enabled: id !== null })
export const useUpdateOrganizationTerms = () =>
  useApiMutation(organization.updateTerms, {
    input: ({ id, ...terms }: { id: string; creditLimitCents: number; billingCurrency: Currency }) => ({
      params: { id },
      body: terms,
    }),
  })
