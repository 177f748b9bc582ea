import { z } from 'zod'
import { configurationIssues } from '#common/cluster-rules.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import {
  type ClusterConfiguration,
  clusterConfigurationSchema,
  clusterNameSchema,
  NODE_POOL_LABEL,
  networkingSchema,
  nodePoolSchema,
} from '#common/schemas/clusters.ts'
import { defaultIssueMessage, validationMessage } from '#common/validation-messages.ts'
import { configurationInputOf, type DraftNodePool, type WizardDraft } from './draft.ts'

/**
 * The wizard's checks: the shared schema (field by field, so one bad field never hides another's
 * problem) and the catalog rules, each problem tied to the draft field that shows it. Paths are
 * dotted: `nodePools.0.autoscaling.min`, `nodePools.0.labels.2.key`, `networking.apiAllowList.1.cidr`.
 */

export type ConfigIssue = {
  /** A message of the shared catalog (common/validation-messages.ts), shown translated. */
  message: string
  /** A rule of the catalog (not a typing problem): shown at once, touched or not. */
  catalogRule?: true
}

export type DraftIssues = Record<string, ConfigIssue>

/** zod's own checks worded by the catalog, like the schemas' own messages. */
const PARSE = { error: defaultIssueMessage }

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
  const configuration = configurationInputOf(draft)

  for (const issue of clusterNameSchema.safeParse(configuration.name, PARSE).error?.issues ?? [])
    add('name', { message: issue.message })

  draft.nodePools.forEach((pool, index) => {
    const core = { ...configuration.nodePools[index]!, labels: {}, taints: [] }
    for (const issue of nodePoolSchema.safeParse(core, PARSE).error?.issues ?? [])
      add(`nodePools.${index}.${issue.path.join('.')}`, { message: issue.message })
    for (const issue of poolRowsSchema.safeParse(trimmedRows(pool), PARSE).error?.issues ?? [])
      add(`nodePools.${index}.${issue.path.join('.')}`, { message: issue.message })
  })

  const networking = { ...configuration.networking, apiAllowList: [] }
  for (const issue of networkingSchema.safeParse(networking, PARSE).error?.issues ?? [])
    add(`networking.${issue.path.join('.')}`, { message: issue.message })

  // Labels and taints were checked row by row above, where each problem finds its own row.
  for (const issue of clusterConfigurationSchema.safeParse(configuration, PARSE).error?.issues ?? [])
    if (!issue.path.includes('labels') && !issue.path.includes('taints'))
      add(draftPath(issue.path, draft), { message: issue.message })

  if (catalog) {
    const rules = configurationIssues(configuration as ClusterConfiguration, catalog, options)
    for (const issue of rules)
      add(draftPath(issue.path, draft), { message: issue.message, catalogRule: true })
  }
  return issues
}

/**
 * A pool's labels and taints as the editor holds them, row by row, so each problem finds its row:
 * the shared schema's checks of a label's key and value and of a taint, plus what only rows can
 * get wrong (a key used twice) and the label every node carries already.
 */
const labelRecordSchema = nodePoolSchema.shape.labels.unwrap()
const poolRowsSchema = z.object({
  labels: z
    .array(z.object({ key: labelRecordSchema.keyType, value: labelRecordSchema.valueType }))
    .superRefine((rows, context) => {
      const seen = new Set<string>()
      rows.forEach(({ key }, row) => {
        const problem = key === NODE_POOL_LABEL ? 'reservedLabel' : seen.has(key) ? 'duplicateKey' : null
        if (problem)
          context.addIssue({ code: 'custom', path: [row, 'key'], message: validationMessage(problem) })
        seen.add(key)
      })
    }),
  taints: z.array(nodePoolSchema.shape.taints.unwrap().element),
})

function trimmedRows(pool: DraftNodePool): z.input<typeof poolRowsSchema> {
  return {
    labels: pool.labels.map(({ key, value }) => ({ key: key.trim(), value: value.trim() })),
    taints: pool.taints.map(({ key, value, effect }) => ({ key: key.trim(), value: value.trim(), effect })),
  }
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
  // An allowed block is a row of the editor: its problem goes to the row's input.
  if (head === 'networking' && index === 'apiAllowList' && field !== undefined)
    return `networking.apiAllowList.${field}.cidr`
  if (head === 'addOnIds') return 'addOnIds'
  if (head === 'nodePools' && index === undefined) return 'nodePools'
  return parts.join('.')
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
