/**
 * Every message the shared schemas, the catalog rules and the API give about a field, in English
 * (the API's language), each under an id. The web app shows the same message in the visitor's
 * language: `web/locales/<language>/validation.ts` has one entry per id with the same `{{values}}`,
 * and `matchValidationMessage` finds the id and values back from the English text, whether the
 * text came from a check in the browser or from the server's 400.
 */
export const VALIDATION_MESSAGES = {
  // Generic checks, for schemas without a message of their own (see `defaultIssueMessage`)
  required: 'Fill in this field',
  tooShort: 'Use at least {{minimum}} characters',
  tooLong: 'Use at most {{maximum}} characters',
  atLeast: 'Enter {{minimum}} or more',
  atMost: 'Enter {{maximum}} or less',
  wholeNumber: 'Enter a whole number',
  chooseOption: 'Choose one of the options',
  invalidFormat: 'Check the format of this field',
  invalid: 'Check this field',

  // Accounts
  passwordTooShort: 'Password must be at least {{minimum}} characters',
  passwordTooLong: 'Password must be at most {{maximum}} characters',
  passwordsDiffer: 'The two passwords differ',
  passwordTooCommon: 'This password is among the most common ones; choose another',
  usernameTooShort: 'Username must be at least {{minimum}} characters',
  usernameTooLong: 'Username must be at most {{maximum}} characters',
  usernameCharacters: 'Username may contain letters, digits, dots, dashes and underscores only',
  usernameTaken: 'This username is taken. Please choose another.',
  email: 'Enter a valid email address',
  emailTaken: 'An account with this email already exists. Sign in or reset your password.',
  billingIdTooShort: 'Billing ID must be at least {{minimum}} characters',
  billingIdTooLong: 'Billing ID must be at most {{maximum}} characters',
  billingIdCharacters: 'Billing ID may contain letters, digits, dashes and underscores only',
  billingIdRequired: 'Enter the Billing ID your company’s administrator gave you',
  billingIdForNewOrganization: 'A new organization gets its Billing ID from us; leave it out',
  billingIdUnknown: 'No organization has this Billing ID; ask your company’s administrator for it',
  identifierRequired: 'Enter your username or email',
  passwordRequired: 'Enter your password',
  nameRequired: 'Enter your name',
  companyNameRequired: 'Enter your company name',
  mfaCodeFormat: 'Enter the 6-digit code from your authenticator app',
  mfaCodeInvalid: 'Invalid authentication code',
  recoveryCodeFormat: 'Enter a recovery code such as abcde-fghjk',
  domainFormat: 'Enter a domain such as example.com',

  // Lead forms
  singleLine: 'Remove line breaks and control characters',
  phone: 'Enter a phone number with digits, spaces and + ( ) . - only',
  messageTooShort: 'Tell us a little more (at least {{minimum}} characters)',
  demoSlotRequired: 'Choose a time for the demo',
  demoSlotTaken: 'This demo slot has just been booked by someone else. Please choose another time.',
  demoSlotNotOffered: 'This time is not one of the demo slots on offer. Please choose another one.',

  // Cluster configuration
  clusterNameTaken: 'A cluster named {{name}} already exists. Choose another name.',
  dnsLabel: 'Use lower-case letters, digits and hyphens, starting with a letter',
  chooseClusterType: 'Choose a cluster type',
  chooseDataCenter: 'Choose a data center',
  chooseKubernetesVersion: 'Choose a Kubernetes version',
  atLeastOnePool: 'Add at least one node pool',
  tooManyPools: 'A cluster has at most {{maximum}} node pools',
  poolNameRequired: 'Name the pool',
  chooseFlavor: 'Choose a node flavor',
  atLeastOneNode: 'A pool needs at least {{minimum}} node',
  tooManyNodes: 'A pool has at most {{maximum}} nodes',
  poolKeepsOneNode: 'A node pool keeps at least 1 node; hibernate the cluster to stop them all',
  minimumAboveMaximum: 'The minimum cannot be above the maximum',
  nodeCountOutsideRange: 'The node count must lie between the autoscaling minimum and maximum',
  labelKey: 'Enter a valid label key',
  labelValue: 'Enter a valid label value',
  taintKey: 'Enter a valid taint key',
  taintValue: 'Enter a valid taint value',
  duplicateKey: 'This key is used twice',
  reservedLabel: 'Clusterdeck sets this label itself',
  cidr: 'Enter an IPv4 block such as 10.0.0.0/16',
  cidrOverlap: 'The service block overlaps the pod block',
  duplicatePoolName: 'Each node pool needs its own name',
  duplicateAddOn: 'An add-on is listed twice',
  unknownClusterType: 'This cluster type does not exist',
  unknownDataCenter: 'This data center does not exist',
  unknownKubernetesVersion: 'This Kubernetes version is not offered',
  unknownFlavor: 'This node flavor does not exist',
  unknownAddOn: 'This add-on does not exist',
  dataCenterClosed: '{{name}} takes no new clusters at the moment',
  dataCenterRestricted: '{{name}} is certified HDS/SecNumCloud: choose the Enterprise cluster type for it',
  kubernetesVersionEndOfLife: 'Kubernetes {{version}} has reached its end of life',
  templateNameRequired: 'Name the template',
  deletionConfirmation: "Type the cluster's name, {{name}}, to confirm its deletion",
  uninstallConfirmation: "Type the product's name, {{name}}, to confirm its removal",
  declineReasonRequired: 'Say why the order is declined',
  flavorNotAllowed: '{{flavor}} is not available for {{type}} clusters',

  // Billing
  chooseCountry: 'Choose a country',
  vatNumberFormat: 'This is not a VAT number of the country chosen (for example FR12345678901)',
  vatNumberOutsideEu: 'A VAT number is for customers in the EU; leave it empty outside the EU',
  webhookUrl: 'Enter an http:// or https:// address',
  webhookUrlHttps: 'Enter an https:// address',
  webhookUrlNotPublic:
    'This address leads to {{address}}, which is not on the public internet: use your receiver’s public address',
  webhookUrlUnresolved: '{{host}} cannot be found: check the host name',

  // Marketplace
  unknownProductPlan: 'This plan does not exist for {{product}}',
  unknownProductVersion: 'Version {{version}} of {{product}} is not offered',
  productClusterType: '{{product}} does not run on {{type}} clusters',
  productKubernetesVersion: '{{product}} needs Kubernetes {{version}} or later',
  productClusterState: 'The cluster must be running to install on it',
  addOnAlreadyOnCluster: '{{product}} is already on this cluster: an add-on serves the whole cluster',
  productCapacity:
    'The cluster lacks {{cpu}} vCPU and {{memory}} GiB of free capacity for {{product}}: add nodes to a pool',
  namespaceFormat: 'Use lower-case letters, digits and dashes, starting with a letter (at most 63)',

  // Support
  tooManyAttachments: 'Attach at most {{maximum}} files to one message',
  tooManyAddresses: 'Add at most {{maximum}} addresses',
  ticketNumber: 'Enter the ticket number as it appears in your mail, such as TCK-2026-000123',
} as const

export type ValidationMessageId = keyof typeof VALIDATION_MESSAGES
export type ValidationValues = Record<string, string | number>

/** The English text of a message, its `{{values}}` filled in. */
export function validationMessage(id: ValidationMessageId, values: ValidationValues = {}): string {
  return VALIDATION_MESSAGES[id].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}

/** Shorthand for zod checks: `.min(3, check('usernameTooShort', { minimum: 3 }))`. */
export function check(id: ValidationMessageId, values?: ValidationValues): { error: string } {
  return { error: validationMessage(id, values) }
}

export type MatchedMessage = { id: ValidationMessageId; values: ValidationValues }

/**
 * The id and values of an English message of the catalog, or undefined for any other text.
 * Messages without values match exactly; the others by their pattern. When several ids share one
 * text (a generic and a specific one), the first in the catalog is taken: their words are the same.
 */
export function matchValidationMessage(text: string): MatchedMessage | undefined {
  const exact = exactMessages().get(text)
  if (exact) return { id: exact, values: {} }
  for (const { id, pattern, names } of messagePatterns()) {
    const match = pattern.exec(text)
    if (!match) continue
    const values: ValidationValues = {}
    names.forEach((name, index) => {
      const value = match[index + 1]!
      values[name] = /^\d+$/.test(value) ? Number(value) : value
    })
    return { id, values }
  }
  return undefined
}

/**
 * The catalog's words for zod's own checks, where a schema gives none (a `.max(254)`, an enum):
 * pass it as the `error` of a parse so that message is in the catalog too.
 */
export function defaultIssueMessage(issue: {
  code?: string
  minimum?: unknown
  maximum?: unknown
  origin?: string
  expected?: string
  input?: unknown
}): string {
  const numeric = issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint'
  switch (issue.code) {
    case 'too_small':
      if (numeric) return validationMessage('atLeast', { minimum: Number(issue.minimum) })
      if (Number(issue.minimum) <= 1) return validationMessage('required')
      return validationMessage('tooShort', { minimum: Number(issue.minimum) })
    case 'too_big':
      return validationMessage(numeric ? 'atMost' : 'tooLong', { maximum: Number(issue.maximum) })
    case 'invalid_type':
      if (issue.expected === 'number' || issue.expected === 'int') return validationMessage('wholeNumber')
      if (issue.input === undefined || issue.input === null || issue.input === '')
        return validationMessage('required')
      return validationMessage('invalid')
    case 'not_multiple_of':
      return validationMessage('wholeNumber')
    case 'invalid_value':
      return validationMessage('chooseOption')
    case 'invalid_format':
      return validationMessage('invalidFormat')
    default:
      return validationMessage('invalid')
  }
}

let exactIndex: Map<string, ValidationMessageId> | undefined
let patternIndex: { id: ValidationMessageId; pattern: RegExp; names: string[] }[] | undefined

function exactMessages() {
  exactIndex ??= new Map(
    entries()
      .filter(([, text]) => !text.includes('{{'))
      .reverse()
      .map(([id, text]) => [text, id]),
  )
  return exactIndex
}

function messagePatterns() {
  patternIndex ??= entries()
    .filter(([, text]) => text.includes('{{'))
    .map(([id, text]) => {
      const names: string[] = []
      const source = text
        .split(/(\{\{\w+\}\})/)
        .map((part) => {
          const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1]
          if (!name) return part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
          names.push(name)
          return '(.+?)'
        })
        .join('')
      return { id, pattern: new RegExp(`^${source}$`), names }
    })
  return patternIndex
}

function entries() {
  return Object.entries(VALIDATION_MESSAGES) as [ValidationMessageId, string][]
}
