import { LANGUAGES } from '#common/language.ts'
import * as accountMails from './account-mails.ts'
import * as authMails from './auth-mails.ts'
import * as billingMails from './billing-mails.ts'
import * as customSolutionMails from './custom-solution-mails.ts'
import * as invitationMails from './invitation-mails.ts'
import * as leadMails from './lead-mails.ts'
import * as provisioningMails from './provisioning-mails.ts'
import * as supportMails from './support-mails.ts'
import type { MailTemplate } from './template.ts'

/**
 * The product's mail templates by name (their export's name), so a queued mail names its template
 * and the worker finds it. A new mail module is added here (a unit test checks that none is missing).
 */
export const MAIL_MODULES = {
  'account-mails.ts': accountMails,
  'auth-mails.ts': authMails,
  'billing-mails.ts': billingMails,
  'custom-solution-mails.ts': customSolutionMails,
  'invitation-mails.ts': invitationMails,
  'lead-mails.ts': leadMails,
  'provisioning-mails.ts': provisioningMails,
  'support-mails.ts': supportMails,
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds templates of every data shape.
type AnyTemplate = MailTemplate<any>

let registry: { byName: Map<string, AnyTemplate>; names: Map<AnyTemplate, string> } | undefined

function isTemplate(value: unknown): value is AnyTemplate {
  return (
    typeof value === 'object' &&
    value !== null &&
    LANGUAGES.every((language) => typeof (value as Record<string, unknown>)[language] === 'function')
  )
}

/** Built on first use, once: a process that sends no mail never walks the modules. */
function templates() {
  if (registry) return registry
  const byName = new Map<string, AnyTemplate>()
  const names = new Map<AnyTemplate, string>()
  for (const [file, exports] of Object.entries(MAIL_MODULES))
    for (const [name, value] of Object.entries(exports)) {
      if (!isTemplate(value)) continue
      if (byName.has(name)) throw new Error(`Two mail templates are named ${name} (${file})`)
      byName.set(name, value)
      names.set(value, name)
    }
  registry = { byName, names }
  return registry
}

export function templateNamed(name: string): AnyTemplate | undefined {
  return templates().byName.get(name)
}

/** Throws for a template declared outside the mail modules: the worker could not find it. */
export function nameOfTemplate(template: AnyTemplate): string {
  const name = templates().names.get(template)
  if (!name) throw new Error('This mail template is not exported by a module of server/mail/registry.ts')
  return name
}

export function templateNames(): string[] {
  return [...templates().byName.keys()]
}
