import { auth } from '#common/contract/auth.ts'
import { urlOf } from '#web/lib/api/call.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'

/*
 * The calls that mail a link (docs/api.md). Each answers with the same message whether or not the
 * address has an account, so the screens show that message as it is.
 */

export function useForgotPassword() {
  return useApiMutation(auth.forgotPassword, { input: (email: string) => ({ body: { email } }) })
}

export function useRequestMagicLink() {
  return useApiMutation(auth.requestMagicLink, { input: (email: string) => ({ body: { email } }) })
}

/** Its answer is not read; the screens say what happens next themselves. */
export function useResendVerification() {
  return useApiMutation(auth.resendVerification, { input: (email: string) => ({ body: { email } }) })
}

export function useResetPassword() {
  return useApiMutation(auth.resetPassword, {
    input: (body: { token: string; password: string }) => ({ body }),
  })
}

/** The mail's verification link; the server verifies and redirects to `/verify-email?status=`. */
export function verifyEmailLink(token: string): string {
  return urlOf(auth.verifyEmail, { query: { token } })
}
