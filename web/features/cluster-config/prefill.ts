import { clusterConfigurationSchema } from '#common/schemas/clusters.ts'
import { decodeUrlJson, encodeUrlJson } from '#common/url-json.ts'
import { copyName, draftFromConfiguration, emptyDraft, newNodePool, type WizardDraft } from './draft.ts'
import type { WizardStep } from './wizard-steps.ts'

/**
 * Ways into the wizard with something filled in, read from its address:
 * `?template=<id>`, `?from=<clusterId>` (duplicate), `?suggestion=<base64url JSON>` (smart
 * suggestions), and the simple ones `?type=`, `?dataCenter=`, `?flavor=` and `?nodes=` (cluster
 * selection, cluster-type pages, data centers, the pricing estimate).
 */
export type Prefill =
  | { kind: 'template'; templateId: string }
  | { kind: 'cluster'; clusterId: string }
  | { kind: 'draft'; draft: WizardDraft; step: WizardStep }

export const PREFILL_PARAMS = [
  'template',
  'from',
  'suggestion',
  'type',
  'dataCenter',
  'flavor',
  'nodes',
] as const

/**
 * What the address asks to open, as one text ('' when nothing). The address keeps it as it was
 * followed; the history entry remembers it was applied (`WizardLocationState`), so a reload or a
 * move back keeps the edits made since, while following the link again opens it afresh.
 */
export function prefillSignature(search: URLSearchParams): string {
  const entries = PREFILL_PARAMS.flatMap((param) => search.getAll(param).map((value) => [param, value]))
  return entries.length > 0 ? new URLSearchParams(entries).toString() : ''
}

/** What the wizard's history entries remember. */
export type WizardLocationState = {
  /** The prefill this entry has already applied. */
  prefill?: string
  /** The step the prefill opened on, when the address names none. */
  prefillStep?: WizardStep
  /** The step this entry was reached from with Next (so Back can be the browser's back). */
  wizardFrom?: WizardStep
} | null

export function prefillOf(search: URLSearchParams): Prefill | null {
  const templateId = search.get('template')
  if (templateId) return { kind: 'template', templateId }
  const clusterId = search.get('from')
  if (clusterId) return { kind: 'cluster', clusterId }
  const suggestion = search.get('suggestion')
  if (suggestion) {
    const draft = decodeSuggestion(suggestion)
    return draft ? { kind: 'draft', draft, step: 'review' } : null
  }
  const type = search.get('type')
  const dataCenter = search.get('dataCenter')
  if (!type && !dataCenter) return null
  const draft = emptyDraft()
  if (type) draft.clusterTypeId = type
  if (dataCenter) draft.dataCenterCode = dataCenter
  const flavor = search.get('flavor')
  const nodes = Number(search.get('nodes'))
  if (flavor || nodes) {
    draft.nodePools = [newNodePool('default', flavor ?? '')]
    if (Number.isInteger(nodes) && nodes > 0) draft.nodePools[0]!.nodeCount = nodes
  }
  return { kind: 'draft', draft, step: type ? 'data-center' : 'type' }
}

/** The draft of a template or a cluster to duplicate, opened on the review. */
export function draftOfTemplate(configuration: unknown): WizardDraft | null {
  const parsed = clusterConfigurationSchema.safeParse(configuration)
  return parsed.success ? draftFromConfiguration(parsed.data) : null
}

export function draftOfClusterCopy(cluster: { name: string; configuration: unknown }): WizardDraft | null {
  const parsed = clusterConfigurationSchema.safeParse(cluster.configuration)
  return parsed.success ? draftFromConfiguration(parsed.data, { name: copyName(cluster.name) }) : null
}

/** A configuration as a URL-safe text, for the `?suggestion=` hand-off. */
export function encodeSuggestion(configuration: unknown): string {
  return encodeUrlJson(configuration)
}

export function decodeSuggestion(encoded: string): WizardDraft | null {
  const configuration = decodeUrlJson(encoded)
  return configuration === undefined ? null : draftOfTemplate(configuration)
}
