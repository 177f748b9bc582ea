import { escapeHtml } from '#server/lib/html.ts'
import type { MailMessage } from '#server/lib/mailer.ts'

/** The auth mails: plain text first (what every client shows), with a simple HTML twin. */
function mail(
  to: string,
  subject: string,
  intro: string,
  action: { label: string; url: string },
  outro: string,
): MailMessage {
  const text = `${intro}\n\n${action.label}: ${action.url}\n\n${outro}\n\n— Clusterdeck`
  const html = `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p><p>${escapeHtml(outro)}</p><p>— Clusterdeck</p>`
  return { to, subject, text, html }
}

export function verificationEmail(to: string, name: string, url: string): MailMessage {
  return mail(
    to,
    'Verify your email address',
    `Hello ${name}, please confirm that this is your email address for your Clusterdeck account.`,
    { label: 'Verify email address', url },
    'The link is valid for 24 hours. If you did not create an account, you can ignore this message.',
  )
}

export function passwordResetEmail(to: string, name: string, url: string): MailMessage {
  return mail(
    to,
    'Reset your Clusterdeck password',
    `Hello ${name}, someone asked to reset the password of your Clusterdeck account.`,
    { label: 'Choose a new password', url },
    'The link is valid for 1 hour and works once. If you did not ask for it, your password stays as it is.',
  )
}

export function magicLinkEmail(to: string, name: string, url: string): MailMessage {
  return mail(
    to,
    'Your Clusterdeck sign-in link',
    `Hello ${name}, here is the link to sign in to Clusterdeck.`,
    { label: 'Sign in to Clusterdeck', url },
    'The link is valid for 15 minutes and works once. If you did not ask for it, ignore this message.',
  )
}

export function registrationPendingEmail(
  to: string,
  adminName: string,
  applicant: string,
  url: string,
): MailMessage {
  return mail(
    to,
    'A new registration waits for your approval',
    `Hello ${adminName}, ${applicant} registered with your organization's billing ID and waits for your approval.`,
    { label: 'Review pending registrations', url },
    'Only approve people you know to belong to your organization.',
  )
}
