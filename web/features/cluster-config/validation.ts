import type { z } from 'zod'
import { configurationIssues } from '#common/cluster-rules.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import {
  type ClusterConfiguration,
  clusterConfigurationSchema,
  clusterNameSchema,
  MAX_NODE_POOLS,
  MAX_NODES_PER_POOL,
  NODE_POOL_LABEL,
  networkingSchema,
  nodePoolSchema,
} from '#common/schemas/clusters.ts'
import { configurationOf, type DraftNodePool, type WizardDraft } from './draft.ts'

/**
 * The wizard's checks: the shared schema (field by field, so one bad field never hides another's
 * problem) and the catalog rules, each problem tied to the draft field that shows it. Paths are
 * dotted: `nodePools.0.autoscaling.min`, `nodePools.0.labels.2.key`, `networking.apiAllowList.1`.
 */

export type ConfigIssue = {
  /** The API's English words: shown when no translation matches. */
  message: string
  /** Translation key under clusterConfig.errors, with its values. */
  key?: string
  params?: Record<string, string | number>
  /** A rule of the catalog (not a typing problem): shown at once, touched or not. */
  catalogRule?: true
}

export type DraftIssues = Record<string, ConfigIssue>

type RulesCatalog = Pick<
  Catalog,
  'clusterTypes' | 'dataCenters' | 'nodeFlavors' | 'kubernetesVersions' | 'addOns'
>

export function validateDraft(
  draft: WizardDraft,
  catalog: RulesCatalog | undefined,
  options: { today?: string } = {},
): DraftIssues {
  const issues: DraftIssues = {}
  const add = (path: string, issue: ConfigIssue) => {
    if (!issues[path]) issues[path] = issue
  }
  const configuration = configurationOf(draft)

  for (const issue of clusterNameSchema.safeParse(configuration.name).error?.issues ?? [])
    add('name', describe(issue.message, issue))

  draft.nodePools.forEach((pool, index) => {
    const core = { ...configuration.nodePools[index]!, labels: {}, taints: [] }
    for (const issue of nodePoolSchema.safeParse(core).error?.issues ?? [])
      add(`nodePools.${index}.${issue.path.join('.')}`, describe(issue.message, issue))
    rowIssues(pool, index, add)
  })

  const networking = { ...configuration.networking, apiAllowList: [] }
  for (const issue of networkingSchema.safeParse(networking).error?.issues ?? [])
    add(`networking.${issue.path.join('.')}`, describe(issue.message, issue))

  // Labels and taints were checked row by row above, where each problem finds its own row.
  for (const issue of clusterConfigurationSchema.safeParse(configuration).error?.issues ?? [])
    if (!issue.path.includes('labels') && !issue.path.includes('taints'))
      add(draftPath(issue.path, draft), describe(issue.message, issue))

  if (catalog) {
    const rules = configurationIssues(configuration as ClusterConfiguration, catalog, options)
    for (const issue of rules)
      add(draftPath(issue.path, draft), { ...describe(issue.message), catalogRule: true })
  }
  return issues
}

/** Labels and taints, row by row: the schema's checks plus repeated and reserved keys. */
function rowIssues(pool: DraftNodePool, poolIndex: number, add: (path: string, issue: ConfigIssue) => void) {
  const labelShape = nodePoolSchema.shape.labels.unwrap()
  const seen = new Set<string>()
  pool.labels.forEach((label, row) => {
    const path = `nodePools.${poolIndex}.labels.${row}`
    const key = label.key.trim()
    const keyIssue = labelShape.keyType.safeParse(key).error?.issues[0]
    if (keyIssue) add(`${path}.key`, describe(keyIssue.message, keyIssue))
    else if (key === NODE_POOL_LABEL)
      add(`${path}.key`, { message: 'Clusterdeck sets this label itself', key: 'reservedLabel' })
    else if (seen.has(key)) add(`${path}.key`, { message: 'This key is used twice', key: 'duplicateKey' })
    seen.add(key)
    const valueIssue = labelShape.valueType.safeParse(label.value.trim()).error?.issues[0]
    if (valueIssue) add(`${path}.value`, describe(valueIssue.message, valueIssue))
  })
  const taintShape = nodePoolSchema.shape.taints.unwrap().element
  pool.taints.forEach((taint, row) => {
    const parsed = taintShape.safeParse({
      key: taint.key.trim(),
      value: taint.value.trim(),
      effect: taint.effect,
    })
    for (const issue of parsed.error?.issues ?? [])
      add(`nodePools.${poolIndex}.taints.${row}.${issue.path.join('.')}`, describe(issue.message, issue))
  })
}

/**
 * A path of the configuration (from the schema, the catalog rules or the server) as a path of the
 * draft: a label's key becomes its row, `body.configuration.` prefixes go.
 */
export function draftPath(path: readonly PropertyKey[] | string, draft: WizardDraft): string {
  const parts = (typeof path === 'string' ? path.split('.') : path.map(String)).filter(Boolean)
  while (parts[0] === 'body' || parts[0] === 'configuration') parts.shift()
  const [head, index, field, key] = parts
  if (head === 'nodePools' && field === 'labels' && key !== undefined) {
    const pool = draft.nodePools[Number(index)]
    const row = pool?.labels.findIndex((label) => label.key.trim() === key) ?? -1
    if (row >= 0) return `nodePools.${index}.labels.${row}.key`
  }
  if (head === 'addOnIds') return 'addOnIds'
  if (head === 'nodePools' && index === undefined) return 'nodePools'
  return parts.join('.')
}

/** Fixed messages of the shared schema and rules, and their translation keys. */
const MESSAGE_KEYS: Record<string, string> = {
  'Use at least 3 characters': 'nameTooShort',
  'Use at most 40 characters': 'nameTooLong',
  'Use lower-case letters, digits and hyphens, starting with a letter': 'dnsLabel',
  'Choose a cluster type': 'chooseType',
  'Choose a data center': 'chooseDataCenter',
  'Choose a Kubernetes version': 'chooseVersion',
  'Add at least one node pool': 'atLeastOnePool',
  [`A cluster has at most ${MAX_NODE_POOLS} node pools`]: 'tooManyPools',
  'Name the pool': 'poolNameRequired',
  'Use at most 30 characters': 'poolNameTooLong',
  'Choose a node flavor': 'chooseFlavor',
  'A pool needs at least 1 node': 'atLeastOneNode',
  [`A pool has at most ${MAX_NODES_PER_POOL} nodes`]: 'tooManyNodes',
  'The minimum cannot be above the maximum': 'minAboveMax',
  'The node count must lie between the autoscaling minimum and maximum': 'countOutsideRange',
  'Enter a valid label key': 'labelKey',
  'Enter a valid label value': 'labelValue',
  'Enter a valid taint key': 'taintKey',
  'Enter a valid taint value': 'taintValue',
  'Enter an IPv4 block such as 10.0.0.0/16': 'cidr',
  'The service block overlaps the pod block': 'cidrOverlap',
  'Each node pool needs its own name': 'duplicatePoolName',
  'An add-on is listed twice': 'duplicateAddOn',
  'This cluster type does not exist': 'unknownType',
  'This data center does not exist': 'unknownDataCenter',
  'This Kubernetes version is not offered': 'unknownVersion',
  'This node flavor does not exist': 'unknownFlavor',
  'This add-on does not exist': 'unknownAddOn',
}

const MESSAGE_PATTERNS: [RegExp, string, string[]][] = [
  [/^(.+) takes no new clusters at the moment$/, 'dataCenterClosed', ['name']],
  [
    /^(.+) is certified HDS\/SecNumCloud: choose the Enterprise \(Red\) cluster type for it$/,
    'dataCenterRestricted',
    ['name'],
  ],
  [/^Kubernetes (.+) has reached its end of life$/, 'versionEndOfLife', ['version']],
  [/^(.+) is not available for (.+) clusters$/, 'flavorNotAllowed', ['flavor', 'type']],
]

/** The translation key of a message, from its words or, for zod's own messages, its kind. */
export function describe(message: string, issue?: z.core.$ZodIssue): ConfigIssue {
  const key = MESSAGE_KEYS[message]
  if (key) return { message, key }
  for (const [pattern, patternKey, names] of MESSAGE_PATTERNS) {
    const match = pattern.exec(message)
    if (match)
      return {
        message,
        key: patternKey,
        params: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])),
      }
  }
  if (issue?.code === 'invalid_type') return { message, key: 'number' }
  if (issue?.code === 'too_small')
    return { message, key: 'atLeast', params: { minimum: Number(issue.minimum) } }
  if (issue?.code === 'too_big') return { message, key: 'atMost', params: { maximum: Number(issue.maximum) } }
  return { message }
}

/**
 * Fields whose problem may come from another field: editing any of them shows it. A taint's or a
 * label's row counts as one field.
 */
export function relatedPaths(path: string): string[] {
  const pool = /^nodePools\.(\d+)\.(.+)$/.exec(path)
  if (pool) {
    const [, index, rest] = pool
    const prefix = `nodePools.${index}`
    if (rest === 'nodeCount' || rest?.startsWith('autoscaling.'))
      return ['nodeCount', 'autoscaling.enabled', 'autoscaling.min', 'autoscaling.max'].map(
        (field) => `${prefix}.${field}`,
      )
    const row = /^(labels|taints)\.(\d+)\./.exec(rest ?? '')
    if (row) return ['key', 'value', 'effect'].map((field) => `${prefix}.${row[1]}.${row[2]}.${field}`)
  }
  if (path === 'networking.serviceCidr' || path === 'networking.podCidr')
    return ['networking.podCidr', 'networking.serviceCidr']
  return [path]
}
