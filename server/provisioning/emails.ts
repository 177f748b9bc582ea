import { escapeHtml } from '#server/lib/html.ts'
import type { MailMessage } from '#server/lib/mailer.ts'

/** The mails of the provisioning engine: plain text first, with a simple HTML twin (as the auth mails). */
function mail(
  to: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
): MailMessage {
  const text = `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n\n— Clusterdeck`
  const html = `${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')}<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p><p>— Clusterdeck</p>`
  return { to, subject, text, html }
}

export function clusterRunningEmail(to: string, name: string, clusterName: string, url: string): MailMessage {
  return mail(
    to,
    `Your cluster ${clusterName} is running`,
    [
      `Hello ${name}, your cluster ${clusterName} is up and running.`,
      'Download its kubeconfig from the cluster page to start deploying.',
    ],
    { label: 'Open the cluster', url },
  )
}

export function clusterOperationFailedEmail(
  to: string,
  name: string,
  clusterName: string,
  operation: string,
  reason: string,
  url: string,
): MailMessage {
  return mail(
    to,
    `${operation} of ${clusterName} failed`,
    [
      `Hello ${name}, the ${operation.toLowerCase()} of your cluster ${clusterName} failed.`,
      `Reason: ${reason}`,
      'Nothing was lost: the cluster page offers a retry, which resumes from the step that failed.',
    ],
    { label: 'Open the cluster', url },
  )
}
