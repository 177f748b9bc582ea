import { describe, expect, it } from 'vitest'
import { EMAIL_VERIFICATION_DISMISSED_KEY, EMAIL_VERIFICATION_EXEMPT_PATHS } from '#web/lib/constants.ts'
import { en } from '#web/locales/en.ts'
import { isExemptPath, shouldShowVerificationModal } from './email-verification.ts'

const unverified = { id: 'u1', emailVerified: false }

describe('shouldShowVerificationModal', () => {
  it('shows for a signed-in, unverified user who has not dismissed it', () => {
    expect(
      shouldShowVerificationModal({ user: unverified, pathname: '/dashboard', dismissedUserId: null }),
    ).toBe(true)
    expect(
      shouldShowVerificationModal({ user: unverified, pathname: '/', dismissedUserId: 'someone-else' }),
    ).toBe(true)
  })

  it('stays away from verified and signed-out visitors', () => {
    const verified = { id: 'u1', emailVerified: true }
    expect(
      shouldShowVerificationModal({ user: verified, pathname: '/dashboard', dismissedUserId: null }),
    ).toBe(false)
    expect(shouldShowVerificationModal({ user: null, pathname: '/dashboard', dismissedUserId: null })).toBe(
      false,
    )
  })

  it('stays away once dismissed for the session, and until session storage is read', () => {
    expect(
      shouldShowVerificationModal({ user: unverified, pathname: '/dashboard', dismissedUserId: 'u1' }),
    ).toBe(false)
    expect(
      shouldShowVerificationModal({ user: unverified, pathname: '/dashboard', dismissedUserId: undefined }),
    ).toBe(false)
  })

  it('stays away from the sign-in and mail-link pages', () => {
    for (const pathname of [
      '/auth',
      '/verify-email',
      '/verify-registration-email',
      '/magic-link',
      '/reset-password',
    ]) {
      expect(shouldShowVerificationModal({ user: unverified, pathname, dismissedUserId: null })).toBe(false)
    }
    expect(isExemptPath('/verify-email/')).toBe(true)
    expect(isExemptPath('/magic-link-login')).toBe(false)
    expect(isExemptPath('/authors')).toBe(false)
  })
})

describe('the verification modal texts and keys', () => {
  it('has the exact English texts', () => {
    const texts = en.emailVerification
    expect(texts.title).toBe('Email Verification Required')
    expect(texts.openEmailClient).toBe('Open Email Client')
    expect(texts.resend).toBe('Resend Verification Email')
    expect(texts.sending).toBe('Sending...')
    expect(texts.resent).toBe('New verification email sent successfully!')
    expect(texts.continueWithout).toBe('Continue Without Verification (Not Recommended)')
    expect(texts.toast).toEqual({
      sentTitle: 'Verification Email Sent',
      sentDescription: 'Please check your email for the verification link.',
      errorTitle: 'Error',
      errorDescription: 'Failed to resend verification email. Please try again.',
    })
  })

  it('keeps the dismissal in session storage under its key', () => {
    expect(EMAIL_VERIFICATION_DISMISSED_KEY).toBe('emailVerificationDismissed')
    expect(EMAIL_VERIFICATION_EXEMPT_PATHS).toContain('signIn')
  })
})
