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
import { listOf, useChange } from './accounts.ts'

/** The account's credentials: the authenticator app, recovery codes, passkeys and API tokens. */

export const PASSKEYS_PATH = '/api/auth/passkeys'
export const TOKENS_PATH = '/api/user/tokens'

export const usePasskeys = () => useQuery(listOf<Passkey>(PASSKEYS_PATH))
export const useApiTokens = () => useQuery(listOf<ApiToken>(TOKENS_PATH))

export const useStartMfa = () =>
  useMutation({
    mutationFn: (password: string) =>
      apiRequest<{ secret: string; otpauthUrl: string }>('POST', '/api/auth/mfa/setup', { password }),
  })
export const useEnableMfa = () =>
  useChange(
    (code: string) => apiRequest<{ recoveryCodes: string[] }>('POST', '/api/auth/mfa/enable', { code }),
    [USER_PATH],
  )
export const useDisableMfa = () =>
  useChange(
    (body: { password: string; code: string }) =>
      apiRequest<{ message: string }>('POST', '/api/auth/mfa/disable', body),
    [USER_PATH],
  )
export const useRegenerateRecoveryCodes = () =>
  useMutation({
    mutationFn: (password: string) =>
      apiRequest<{ recoveryCodes: string[] }>('POST', '/api/auth/mfa/recovery-codes', { password }),
  })

/** Registers this browser's new passkey: the server's options, the browser's prompt, the server's check. */
export const useAddPasskey = () =>
  useChange(
    async (name: string) => {
      const { startRegistration } = await import('@simplewebauthn/browser')
      const options = await apiRequest<unknown>('POST', `${PASSKEYS_PATH}/options`)
      const response = await startRegistration({ optionsJSON: options as never })
      return apiRequest<Passkey>('POST', PASSKEYS_PATH, { name, response })
    },
    [PASSKEYS_PATH],
  )
export const useRenamePasskey = () =>
  useChange(
    ({ id, name }: { id: string; name: string }) =>
      apiRequest<Passkey>('PATCH', `${PASSKEYS_PATH}/${id}`, { name }),
    [PASSKEYS_PATH],
  )
export const useRemovePasskey = () =>
  useChange((id: string) => apiRequest('DELETE', `${PASSKEYS_PATH}/${id}`), [PASSKEYS_PATH])

export const useCreateApiToken = () =>
  useChange(
    (request: ApiTokenRequest) => apiRequest<CreatedApiToken>('POST', TOKENS_PATH, request),
    [TOKENS_PATH],
  )
export const useRevokeApiToken = () =>
  useChange((id: string) => apiRequest('DELETE', `${TOKENS_PATH}/${id}`), [TOKENS_PATH])

export const GDPR_PATH = '/api/user/gdpr'
export const OFFICER_GDPR_PATH = '/api/officers/gdpr-requests'
/** An export in progress is looked at again every 2 s, until it is ready. */
export const useGdprRequests = () =>
  useQuery({
    ...listOf<GdprRequest>(GDPR_PATH),
    refetchInterval: (query) =>
      query.state.data?.some((request) => request.kind === 'export' && request.status === 'pending')
        ? 2_000
        : false,
  })
export const useOfficerGdprRequests = () => useQuery(listOf<OfficerGdprRequest>(OFFICER_GDPR_PATH))
export const useRequestExport = () =>
  useChange(() => apiRequest<GdprRequest>('POST', `${GDPR_PATH}/export`), [GDPR_PATH])
export const useRequestErasure = () =>
  useChange(
    (reason: string | null) => apiRequest<GdprRequest>('POST', `${GDPR_PATH}/erasure`, { reason }),
    [GDPR_PATH],
  )
export const useDecideErasure = () =>
  useChange(
    ({ id, action, reason }: { id: string; action: 'approve' | 'refuse' | 'extend'; reason?: string }) =>
      apiRequest(
        'POST',
        `${OFFICER_GDPR_PATH}/${id}/${action}`,
        action === 'approve' ? undefined : { reason },
      ),
    [OFFICER_GDPR_PATH],
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
  useChange(
    (settings: OrganizationSettings) =>
      apiRequest<OrganizationSettings>('PUT', ORGANIZATION_SETTINGS_PATH, settings),
    [ORGANIZATION_SETTINGS_PATH],
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
  useChange(
    (preferences: NotificationPreferences) =>
      apiRequest<NotificationPreferences>('PUT', NOTIFICATION_PREFERENCES_PATH, preferences),
    [NOTIFICATION_PREFERENCES_PATH],
  )
