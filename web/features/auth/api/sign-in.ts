import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { DEFAULT_LANGUAGE, parseLanguage } from '#common/language.ts'
import type { InvitationPreview } from '#common/schemas/accounts.ts'
import type { InvitationAcceptance, RegisterRequest, User } from '#common/schemas/auth.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { USER_PATH } from '#web/lib/current-user.ts'

export type LoginResult = User | { mfaRequired: true }

export function isMfaRequired(result: LoginResult): result is { mfaRequired: true } {
  return 'mfaRequired' in result && result.mfaRequired === true
}

/** Sign in; an MFA account answers `{ mfaRequired: true }` and the user is not stored yet (spec §4). */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (credentials: { username: string; password: string }) =>
      apiRequest<LoginResult>('POST', '/api/login', credentials),
    onSuccess: (result) => {
      if (!isMfaRequired(result)) queryClient.setQueryData([USER_PATH], result)
    },
  })
}

/** Sign in with the token of a magic link; an MFA account still gives its code next. */
export function useMagicLinkSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) => apiRequest<LoginResult>('POST', '/api/auth/magic-link/verify', { token }),
    onSuccess: (result) => {
      if (!isMfaRequired(result)) queryClient.setQueryData([USER_PATH], result)
    },
  })
}

/** The second step of a password or magic-link sign-in: the 6-digit code. */
export function useLoginMfa() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => apiRequest<User>('POST', '/api/login/mfa', { code }),
    onSuccess: (user) => queryClient.setQueryData([USER_PATH], user),
  })
}

/** Register; the new account is signed in directly, its mails in the language of the page. */
export function useRegister() {
  const queryClient = useQueryClient()
  const { i18n } = useTranslation()
  return useMutation({
    mutationFn: (registration: Omit<RegisterRequest, 'language'>) =>
      apiRequest<User>('POST', '/api/register', {
        ...registration,
        language: parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE,
      }),
    onSuccess: (user) => queryClient.setQueryData([USER_PATH], user),
  })
}

/** What an invitation's link is for; an unknown or used link is a 404. */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: ['invitation-preview', token],
    enabled: token !== null,
    retry: false,
    queryFn: () => apiRequest<InvitationPreview>('POST', '/api/invitations/preview', { token }),
  })
}

/** Accept an invitation: the account is created in the organization and signed in. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient()
  const { i18n } = useTranslation()
  return useMutation({
    mutationFn: (acceptance: Omit<InvitationAcceptance, 'language'>) =>
      apiRequest<User>('POST', '/api/invitations/accept', {
        ...acceptance,
        language: parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE,
      }),
    onSuccess: (user) => queryClient.setQueryData([USER_PATH], user),
  })
}

/**
 * Sign in with a passkey: the server's challenge, the browser's prompt, the server's check. A
 * passkey that did not verify the person leaves an MFA account its code to give.
 * The browser part is loaded on demand, so the sign-in page stays light.
 */
export function usePasskeySignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const { startAuthentication } = await import('@simplewebauthn/browser')
      const { challengeId, options } = await apiRequest<{ challengeId: string; options: unknown }>(
        'POST',
        '/api/login/passkey/options',
      )
      const response = await startAuthentication({ optionsJSON: options as never })
      return apiRequest<LoginResult>('POST', '/api/login/passkey', { challengeId, response })
    },
    onSuccess: (result) => {
      if (!isMfaRequired(result)) queryClient.setQueryData([USER_PATH], result)
    },
  })
}

/** The second step with one of the recovery codes instead of the authenticator. */
export function useLoginRecoveryCode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => apiRequest<User>('POST', '/api/login/recovery-code', { code }),
    onSuccess: (user) => queryClient.setQueryData([USER_PATH], user),
  })
}
