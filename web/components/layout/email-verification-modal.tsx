/** The blocking "Email Verification Required" modal (spec §2): filled in with the notifications work. */
export function EmailVerificationModal() {
  return null
}
