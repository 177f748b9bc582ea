import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '#web/lib/api-client.ts'

/*
 * The calls that mail a link (spec §7, docs/api.md). Each answers with the same message whether
 * or not the address has an account, so the screens show that message as it is.
 */

type MessageResponse = { message: string }

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<MessageResponse>('POST', '/api/auth/forgot-password', { email }),
  })
}

export function useRequestMagicLink() {
  return useMutation({
    mutationFn: (email: string) => apiRequest<MessageResponse>('POST', '/api/auth/magic-link', { email }),
  })
}

/** The spec does not read this answer (§7); the screens say what happens next themselves. */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => apiRequest<unknown>('POST', '/api/auth/resend-verification', { email }),
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      apiRequest<MessageResponse>('POST', '/api/auth/reset-password', input),
  })
}

/** The mail's verification link; the server verifies and redirects to `/verify-email?status=`. */
export function verifyEmailLink(token: string): string {
  return `/api/auth/verify-email?token=${encodeURIComponent(token)}`
}
