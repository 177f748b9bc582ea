import type { Language } from '#common/language.ts'
import { escapeHtml } from '#server/lib/html.ts'
import type { MailMessage } from '#server/lib/mailer.ts'

/** What a mail says, before the layout: written once per language by its template. */
export type MailContent = {
  subject: string
  /** The person's name, for the greeting; none for mails to a team inbox. */
  greet?: string
  paragraphs: string[]
  /** The one thing to do, linked after the first paragraph. */
  action?: { label: string; url: string }
  /** Where replies go, when not to the sender (a support ticket's reply address). */
  replyTo?: string
}

const GREETINGS: Record<Language, (name: string) => string> = {
  en: (name) => `Hello ${name},`,
  fr: (name) => `Bonjour ${name},`,
}

const SIGN_OFFS: Record<Language, string> = {
  en: '— The Clusterdeck team',
  fr: '— L’équipe Clusterdeck',
}

/**
 * Every mail's one layout: greeting, paragraphs with the action after the first, sign-off. Plain
 * text first (what every client shows), with an HTML twin that escapes everything it is given.
 */
export function layOut(to: string, language: Language, content: MailContent): MailMessage {
  const [first = '', ...rest] = content.paragraphs
  const blocks: { text: string; html: string }[] = [
    ...(content.greet ? [paragraph(GREETINGS[language](content.greet))] : []),
    paragraph(first),
    ...(content.action ? [actionBlock(content.action)] : []),
    ...rest.map(paragraph),
    ...(content.greet ? [paragraph(SIGN_OFFS[language])] : []),
  ]
  return {
    to,
    subject: content.subject,
    text: blocks.map((block) => block.text).join('\n\n'),
    html: blocks.map((block) => block.html).join(''),
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
  }
}

function paragraph(text: string) {
  return { text, html: `<p>${escapeHtml(text).replaceAll('\n', '<br>')}</p>` }
}

function actionBlock(action: { label: string; url: string }) {
  return {
    text: `${action.label}: ${action.url}`,
    html: `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
  }
}
