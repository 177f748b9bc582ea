import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { auth } from '#common/contract/auth.ts'
import { organization } from '#common/contract/organization.ts'
import { DEFAULT_LANGUAGE, parseLanguage } from '#common/language.ts'
import type { InvitationAcceptance, RegisterRequest, User } from '#common/schemas/auth.ts'
import { callApi } from '#web/lib/api/call.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'
import { apiKey, changesOf, readsOf } from '#web/lib/api/queries.ts'
import { USER_KEY } from '#web/lib/current-user.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'

export type LoginResult = User | { mfaRequired: true }

export function isMfaRequired(result: LoginResult): result is { mfaRequired: true } {
  return 'mfaRequired' in result && result.mfaRequired === true
}

/** Sign in; an MFA account answers `{ mfaRequired: true }` and the user is not stored yet. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useApiMutation(auth.login, {
    input: (credentials: { username: string; password: string }) => ({ body: credentials }),
    onSuccess: (result) => {
      if (!isMfaRequired(result)) queryClient.setQueryData(USER_KEY, result)
    },
  })
}

/** Sign in with the token of a magic link; an MFA account still gives its code next. */
export function useMagicLinkSignIn() {
  const queryClient = useQueryClient()
  return useApiMutation(auth.loginWithMagicLink, {
    input: (token: string) => ({ body: { token } }),
    onSuccess: (result) => {
      if (!isMfaRequired(result)) queryClient.setQueryData(USER_KEY, result)
    },
  })
}

/** The second step of a password or magic-link sign-in: the 6-digit code. */
export function useLoginMfa() {
  const queryClient = useQueryClient()
  return useApiMutation(auth.loginWithMfaCode, {
    input: (code: string) => ({ body: { code } }),
    onSuccess: (user) => queryClient.setQueryData(USER_KEY, user),
  })
}

/** Register; the new account is signed in directly, its mails in the language of the page. */
export function useRegister() {
  const queryClient = useQueryClient()
  const { i18n } = useTranslation()
  return useApiMutation(auth.register, {
    input: (registration: Omit<RegisterRequest, 'language'>) => ({
      body: { ...registration, language: parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE },
    }),
    onSuccess: (user) => queryClient.setQueryData(USER_KEY, user),
  })
}

/** What an invitation's link is for; an unknown or used link is a 404. */
export function useInvitationPreview(token: string | null) {
  // A POST (the token stays out of logs and history) read as a query of that token.
  const input = { body: { token: token ?? '' } }
  return useQuery({
    queryKey: apiKey(organization.previewInvitation, input),
    enabled: token !== null,
    retry: false,
    queryFn: ({ signal }) => callApi(organization.previewInvitation, input, { signal }),
    meta: readsOf(organization.previewInvitation),
  })
}

/** Accept an invitation: the account is created in the organization and signed in. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient()
  const { i18n } = useTranslation()
  return useApiMutation(organization.acceptInvitation, {
    input: (acceptance: Omit<InvitationAcceptance, 'language'>) => ({
      body: { ...acceptance, language: parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE },
    }),
    onSuccess: (user) => queryClient.setQueryData(USER_KEY, user),
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
      const { challengeId, options } = await callApi(auth.passkeyLoginOptions)
      const answer = await startAuthentication({ optionsJSON: options as never })
      // Its parts as plain JSON objects, the shape the contract's schema reads.
      const response = {
        ...answer,
        response: { ...answer.response },
        clientExtensionResults: { ...answer.clientExtensionResults },
      }
      return callApi(auth.loginWithPasskey, { body: { challengeId, response } })
    },
    meta: changesOf(auth.loginWithPasskey),
    onSuccess: (result) => {
      if (!isMfaRequired(result)) queryClient.setQueryData(USER_KEY, result)
    },
  })
}

/** The second step with one of the recovery codes instead of the authenticator. */
export function useLoginRecoveryCode() {
  const queryClient = useQueryClient()
  return useApiMutation(auth.loginWithRecoveryCode, {
    input: (code: string) => ({ body: { code } }),
    onSuccess: (user) => queryClient.setQueryData(USER_KEY, user),
  })
}
