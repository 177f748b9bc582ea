import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  ApiToken,
  ApiTokenRequest,
  CreatedApiToken,
  NotificationPreferences,
  OrganizationSettings,
  Preferences,
} from '#common/schemas/accounts.ts'
import type { Passkey, User } from '#common/schemas/auth.ts'
import type { GdprRequest, OfficerGdprRequest } from '#common/schemas/gdpr.ts'
import { apiRequest, queryPath } from '#web/lib/api-client.ts'
import { USER_PATH } from '#web/lib/current-user.ts'

/** The account's credentials: the authenticator app, recovery codes, passkeys and API tokens. */

export const PASSKEYS_PATH = '/api/auth/passkeys'
export const TOKENS_PATH = '/api/user/tokens'

const itemsOf = <Item>(path: string) => ({
  queryKey: [path],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await queryPath<{ items: Item[] }>(path, 'throw', signal))!.items,
})
export const usePasskeys = () => useQuery(itemsOf<Passkey>(PASSKEYS_PATH))
export const useApiTokens = () => useQuery(itemsOf<ApiToken>(TOKENS_PATH))

/** A change to the account's second factor: the user (its `mfaEnabled`) is read again after. */
function useAccountChange<Variables, Answer>(
  request: (variables: Variables) => Promise<Answer>,
  path = USER_PATH,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [path] }),
  })
}

export const useStartMfa = () =>
  useMutation({
    mutationFn: (password: string) =>
      apiRequest<{ secret: string; otpauthUrl: string }>('POST', '/api/auth/mfa/setup', { password }),
  })
export const useEnableMfa = () =>
  useAccountChange((code: string) =>
    apiRequest<{ recoveryCodes: string[] }>('POST', '/api/auth/mfa/enable', { code }),
  )
export const useDisableMfa = () =>
  useAccountChange((body: { password: string; code: string }) =>
    apiRequest<{ message: string }>('POST', '/api/auth/mfa/disable', body),
  )
export const useRegenerateRecoveryCodes = () =>
  useMutation({
    mutationFn: (password: string) =>
      apiRequest<{ recoveryCodes: string[] }>('POST', '/api/auth/mfa/recovery-codes', { password }),
  })

/** Registers this browser's new passkey: the server's options, the browser's prompt, the server's check. */
export const useAddPasskey = () =>
  useAccountChange(async (name: string) => {
    const { startRegistration } = await import('@simplewebauthn/browser')
    const options = await apiRequest<unknown>('POST', `${PASSKEYS_PATH}/options`)
    const response = await startRegistration({ optionsJSON: options as never })
    return apiRequest<Passkey>('POST', PASSKEYS_PATH, { name, response })
  }, PASSKEYS_PATH)
export const useRenamePasskey = () =>
  useAccountChange(
    ({ id, name }: { id: string; name: string }) =>
      apiRequest<Passkey>('PATCH', `${PASSKEYS_PATH}/${id}`, { name }),
    PASSKEYS_PATH,
  )
export const useRemovePasskey = () =>
  useAccountChange((id: string) => apiRequest('DELETE', `${PASSKEYS_PATH}/${id}`), PASSKEYS_PATH)

export const useCreateApiToken = () =>
  useAccountChange(
    (request: ApiTokenRequest) => apiRequest<CreatedApiToken>('POST', TOKENS_PATH, request),
    TOKENS_PATH,
  )
export const useRevokeApiToken = () =>
  useAccountChange((id: string) => apiRequest('DELETE', `${TOKENS_PATH}/${id}`), TOKENS_PATH)

export const GDPR_PATH = '/api/user/gdpr'
export const OFFICER_GDPR_PATH = '/api/officers/gdpr-requests'
/** An export in progress is looked at again every 2 s, until it is ready. */
export const useGdprRequests = () =>
  useQuery({
    ...itemsOf<GdprRequest>(GDPR_PATH),
    refetchInterval: (query) =>
      query.state.data?.some((request) => request.kind === 'export' && request.status === 'pending')
        ? 2_000
        : false,
  })
export const useOfficerGdprRequests = () => useQuery(itemsOf<OfficerGdprRequest>(OFFICER_GDPR_PATH))
export const useRequestExport = () =>
  useAccountChange(() => apiRequest<GdprRequest>('POST', `${GDPR_PATH}/export`), GDPR_PATH)
export const useRequestErasure = () =>
  useAccountChange(
    (reason: string | null) => apiRequest<GdprRequest>('POST', `${GDPR_PATH}/erasure`, { reason }),
    GDPR_PATH,
  )
export const useDecideErasure = () =>
  useAccountChange(
    ({ id, action, reason }: { id: string; action: 'approve' | 'refuse' | 'extend'; reason?: string }) =>
      apiRequest(
        'POST',
        `${OFFICER_GDPR_PATH}/${id}/${action}`,
        action === 'approve' ? undefined : { reason },
      ),
    OFFICER_GDPR_PATH,
  )

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { currentPassword: string; password: string }) =>
      apiRequest('POST', '/api/user/password', body),
  })
export const useChangeEmail = () =>
  useMutation({
    mutationFn: (body: { password: string; email: string }) => apiRequest('POST', '/api/user/email', body),
  })

export const ORGANIZATION_SETTINGS_PATH = '/api/organization/settings'
export const useOrganizationSettings = () =>
  useQuery({
    queryKey: [ORGANIZATION_SETTINGS_PATH],
    queryFn: async ({ signal }) =>
      (await queryPath<OrganizationSettings>(ORGANIZATION_SETTINGS_PATH, 'throw', signal))!,
  })
export const useSaveOrganizationSettings = () =>
  useAccountChange(
    (settings: OrganizationSettings) =>
      apiRequest<OrganizationSettings>('PUT', ORGANIZATION_SETTINGS_PATH, settings),
    ORGANIZATION_SETTINGS_PATH,
  )
export const useSavePreferences = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (preferences: Preferences) => apiRequest<User>('PUT', '/api/user/preferences', preferences),
    onSuccess: (user) => queryClient.setQueryData([USER_PATH], user),
  })
}

export const NOTIFICATION_PREFERENCES_PATH = '/api/user/notification-preferences'
export const useNotificationPreferences = () =>
  useQuery({
    queryKey: [NOTIFICATION_PREFERENCES_PATH],
    queryFn: async ({ signal }) =>
      (await queryPath<NotificationPreferences>(NOTIFICATION_PREFERENCES_PATH, 'throw', signal))!,
  })
export const useSaveNotificationPreferences = () =>
  useAccountChange(
    (preferences: NotificationPreferences) =>
      apiRequest<NotificationPreferences>('PUT', NOTIFICATION_PREFERENCES_PATH, preferences),
    NOTIFICATION_PREFERENCES_PATH,
  )
