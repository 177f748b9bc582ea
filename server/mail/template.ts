import type { Language } from '#common/language.ts'
import type { MailMessage } from '#server/lib/mailer.ts'
import { sealSecret } from '#server/lib/secrets.ts'
import { layOut, type MailContent } from './layout.ts'

/**
 * A secret of a mail's data (a one-time link, a reply address that lets its holder post): sealed
 * in the queued job, opened only by the mail worker when it renders the mail.
 */
export type MailSecret = { readonly $sealed: string }

/** Seals a secret for a mail's data (`config.secretsKey`). */
export function mailSecret(secretsKey: Buffer, plaintext: string): MailSecret {
  return { $sealed: sealSecret(secretsKey, plaintext) }
}

/** A field as a template sees it: a secret opened (a secret that may be absent stays absent). */
type Opened<Value> = Value extends MailSecret ? string : Value

/** The data a template writes its words from: its secrets opened. */
export type OpenedMailData<Data> = { [Key in keyof Data]: Opened<Data[Key]> }

/**
 * A mail of the product: its words in every language, from the data it needs. A field the data
 * declares as `MailSecret` must be given sealed (`mailSecret`) and reaches the words opened.
 */
export type MailTemplate<Data> = Record<Language, (data: OpenedMailData<Data>) => MailContent> & {
  /** The data `sendMail` takes, for the type checker only. */
  readonly __data?: Data
}

/** A template whose languages share one shape and differ only by their words. */
export function languageEntries<Data>(
  write: (language: Language) => (data: OpenedMailData<Data>) => MailContent,
): MailTemplate<Data> {
  return { en: write('en'), fr: write('fr') }
}

/** Declares a template; the type checker makes sure every language is written. */
export function mailTemplate<Data>(languages: MailTemplate<Data>): MailTemplate<Data> {
  return languages
}

export type Recipient = { email: string; language: Language }

/** The mail for one recipient, in their language, through the one layout. */
export function composeMail<Data>(
  template: MailTemplate<Data>,
  recipient: Recipient,
  data: OpenedMailData<Data>,
): MailMessage {
  return layOut(recipient.email, recipient.language, template[recipient.language](data))
}
