import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { account } from '#common/contract/account.ts'
import { auth } from '#common/contract/auth.ts'
import { gdpr } from '#common/contract/gdpr.ts'
import { organization } from '#common/contract/organization.ts'
import type {
  ApiTokenRequest,
  NotificationPreferences,
  OrganizationSettings,
  Preferences,
} from '#common/schemas/accounts.ts'
import { callApi, urlOf } from '#web/lib/api/call.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'
import { apiQuery, changesOf } from '#web/lib/api/queries.ts'
import { USER_KEY } from '#web/lib/current-user.ts'
import { itemsOf } from './accounts.ts'

/** The account's credentials: the authenticator app, recovery codes, passkeys and API tokens. */

export const usePasskeys = () => useQuery({ ...apiQuery(auth.passkeys), select: itemsOf })
export const useApiTokens = () => useQuery({ ...apiQuery(account.tokens), select: itemsOf })

export const useStartMfa = () =>
  useApiMutation(auth.setUpMfa, { input: (password: string) => ({ body: { password } }) })
export const useEnableMfa = () =>
  useApiMutation(auth.enableMfa, { input: (code: string) => ({ body: { code } }) })
export const useDisableMfa = () =>
  useApiMutation(auth.disableMfa, { input: (body: { password: string; code: string }) => ({ body }) })
export const useRegenerateRecoveryCodes = () =>
  useApiMutation(auth.regenerateRecoveryCodes, { input: (password: string) => ({ body: { password } }) })

/** Registers this browser's new passkey: the server's options, the browser's prompt, the server's check. */
export const useAddPasskey = () =>
  useMutation({
    mutationFn: async (name: string) => {
      const { startRegistration } = await import('@simplewebauthn/browser')
      const options = await callApi(auth.passkeyRegistrationOptions)
      const answer = await startRegistration({ optionsJSON: options as never })
      // Its parts as plain JSON objects, the shape the contract's schema reads.
      const response = {
        ...answer,
        response: { ...answer.response },
        clientExtensionResults: { ...answer.clientExtensionResults },
      }
      return callApi(auth.registerPasskey, { body: { name, response } })
    },
    meta: changesOf(auth.registerPasskey),
  })
export const useRenamePasskey = () =>
  useApiMutation(auth.renamePasskey, {
    input: ({ id, name }: { id: string; name: string }) => ({ params: { id }, body: { name } }),
  })
export const useRemovePasskey = () =>
  useApiMutation(auth.removePasskey, { input: (id: string) => ({ params: { id } }) })

export const useCreateApiToken = () =>
  useApiMutation(account.createToken, { input: (request: ApiTokenRequest) => ({ body: request }) })
export const useRevokeApiToken = () =>
  useApiMutation(account.revokeToken, { input: (id: string) => ({ params: { id } }) })

/** An export in progress is looked at again every 2 s, until it is ready. */
export const useGdprRequests = () =>
  useQuery({
    ...apiQuery(gdpr.requests),
    select: itemsOf,
    refetchInterval: (query) =>
      query.state.data?.items.some((request) => request.kind === 'export' && request.status === 'pending')
        ? 2_000
        : false,
  })
/** A ready export's archive, for a download link (signed in as its owner). */
export const gdprArchiveHref = (id: string) => urlOf(gdpr.downloadExport, { params: { id } })
export const useOfficerGdprRequests = () => useQuery({ ...apiQuery(gdpr.erasureQueue), select: itemsOf })
export const useRequestExport = () => useApiMutation(gdpr.requestExport)
export const useRequestErasure = () =>
  useApiMutation(gdpr.requestErasure, { input: (reason: string | null) => ({ body: { reason } }) })
export const useDecideErasure = () =>
  useMutation({
    mutationFn: ({
      id,
      action,
      reason,
    }: {
      id: string
      action: 'approve' | 'refuse' | 'extend'
      reason: string
    }) => {
      if (action === 'approve') return callApi(gdpr.approveErasure, { params: { id } })
      const endpoint = action === 'refuse' ? gdpr.refuseErasure : gdpr.extendErasure
      return callApi(endpoint, { params: { id }, body: { reason } })
    },
    meta: changesOf(gdpr.approveErasure, gdpr.refuseErasure, gdpr.extendErasure),
  })

export const useChangePassword = () =>
  useApiMutation(account.changePassword, {
    input: (body: { currentPassword: string; password: string }) => ({ body }),
  })
export const useChangeEmail = () =>
  useApiMutation(account.changeEmail, { input: (body: { password: string; email: string }) => ({ body }) })

export const organizationSettingsQuery = apiQuery(organization.settings)
export const useOrganizationSettings = () => useQuery(organizationSettingsQuery)
export const useSaveOrganizationSettings = () =>
  useApiMutation(organization.updateSettings, {
    input: (settings: OrganizationSettings) => ({ body: settings }),
  })
export const useSavePreferences = () => {
  const queryClient = useQueryClient()
  return useApiMutation(account.updatePreferences, {
    input: (preferences: Preferences) => ({ body: preferences }),
    onSuccess: (user) => queryClient.setQueryData(USER_KEY, user),
  })
}

export const notificationPreferencesQuery = apiQuery(account.notificationPreferences)
export const useNotificationPreferences = () => useQuery(notificationPreferencesQuery)
export const useSaveNotificationPreferences = () =>
  useApiMutation(account.setNotificationPreferences, {
    input: (preferences: NotificationPreferences) => ({ body: preferences }),
  })
