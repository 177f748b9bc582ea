import {
  type ClusterConfiguration,
  type ClusterConfigurationInput,
  CNI_PLUGINS,
  DEFAULT_POD_CIDR,
  DEFAULT_SERVICE_CIDR,
  TAINT_EFFECTS,
  WEEKDAYS,
} from '#common/schemas/clusters.ts'

/**
 * The wizard's draft: a cluster configuration as a person edits it. Editors need rows (labels,
 * taints, allowed CIDRs) that may be empty or repeated while typing, and numbers that may be
 * blank, so the draft keeps those as rows with ids and converts to the shared shape to validate.
 */

export type DraftRow = { id: string }
export type DraftLabel = DraftRow & { key: string; value: string }
export type DraftTaint = DraftRow & { key: string; value: string; effect: (typeof TAINT_EFFECTS)[number] }
export type DraftCidr = DraftRow & { cidr: string }

export type DraftNodePool = DraftRow & {
  name: string
  flavorId: string
  /** NaN while the field is blank. */
  nodeCount: number
  autoscaling: { enabled: boolean; min: number; max: number }
  labels: DraftLabel[]
  taints: DraftTaint[]
}

export type WizardDraft = {
  name: string
  clusterTypeId: string
  dataCenterCode: string
  kubernetesVersion: string
  nodePools: DraftNodePool[]
  networking: {
    cni: (typeof CNI_PLUGINS)[number]
    privateNetwork: boolean
    podCidr: string
    serviceCidr: string
    apiAllowList: DraftCidr[]
  }
  addOnIds: string[]
  maintenanceWindow: { day: (typeof WEEKDAYS)[number]; startHour: number; autoPatchUpgrades: boolean }
  promoCode: string
}

let rowCounter = 0
/** A key for a row of an editor; unique in the page, never sent. */
export function newRowId(): string {
  rowCounter += 1
  return `row-${Date.now().toString(36)}-${rowCounter}`
}

export function newNodePool(name: string, flavorId = ''): DraftNodePool {
  return {
    id: newRowId(),
    name,
    flavorId,
    nodeCount: 3,
    autoscaling: { enabled: false, min: 1, max: 5 },
    labels: [],
    taints: [],
  }
}

export function emptyDraft(): WizardDraft {
  return {
    name: '',
    clusterTypeId: '',
    dataCenterCode: '',
    kubernetesVersion: '',
    nodePools: [newNodePool('default')],
    networking: {
      cni: 'cilium',
      privateNetwork: false,
      podCidr: DEFAULT_POD_CIDR,
      serviceCidr: DEFAULT_SERVICE_CIDR,
      apiAllowList: [],
    },
    addOnIds: [],
    maintenanceWindow: { day: 'sunday', startHour: 2, autoPatchUpgrades: true },
    promoCode: '',
  }
}

/** The configuration the draft stands for, in the shared shape (not yet validated). */
export function configurationInputOf(draft: WizardDraft): ClusterConfigurationInput {
  return {
    name: draft.name.trim(),
    clusterTypeId: draft.clusterTypeId,
    dataCenterCode: draft.dataCenterCode,
    kubernetesVersion: draft.kubernetesVersion,
    nodePools: draft.nodePools.map((pool) => ({
      name: pool.name.trim(),
      flavorId: pool.flavorId,
      nodeCount: pool.nodeCount,
      autoscaling: { ...pool.autoscaling },
      labels: Object.fromEntries(pool.labels.map((label) => [label.key.trim(), label.value.trim()])),
      taints: pool.taints.map(({ key, value, effect }) => ({ key: key.trim(), value: value.trim(), effect })),
    })),
    networking: {
      cni: draft.networking.cni,
      privateNetwork: draft.networking.privateNetwork,
      podCidr: draft.networking.podCidr.trim(),
      serviceCidr: draft.networking.serviceCidr.trim(),
      apiAllowList: draft.networking.apiAllowList.map((row) => row.cidr.trim()),
    },
    addOnIds: [...draft.addOnIds],
    maintenanceWindow: { ...draft.maintenanceWindow },
  }
}

/** A draft holding a configuration (a template, a cluster to duplicate, a suggestion). */
export function draftFromConfiguration(
  configuration: ClusterConfigurationInput | ClusterConfiguration,
  overrides: Partial<Pick<WizardDraft, 'name' | 'promoCode'>> = {},
): WizardDraft {
  const defaults = emptyDraft()
  return {
    ...defaults,
    name: overrides.name ?? configuration.name,
    clusterTypeId: configuration.clusterTypeId,
    dataCenterCode: configuration.dataCenterCode,
    kubernetesVersion: configuration.kubernetesVersion,
    nodePools: configuration.nodePools.map((pool) => ({
      id: newRowId(),
      name: pool.name,
      flavorId: pool.flavorId,
      nodeCount: pool.nodeCount,
      autoscaling: { ...pool.autoscaling },
      labels: Object.entries(pool.labels ?? {}).map(([key, value]) => ({ id: newRowId(), key, value })),
      taints: (pool.taints ?? []).map((taint) => ({ id: newRowId(), ...taint })),
    })),
    networking: {
      cni: configuration.networking.cni,
      privateNetwork: configuration.networking.privateNetwork,
      podCidr: configuration.networking.podCidr,
      serviceCidr: configuration.networking.serviceCidr,
      apiAllowList: (configuration.networking.apiAllowList ?? []).map((cidr) => ({ id: newRowId(), cidr })),
    },
    addOnIds: [...(configuration.addOnIds ?? [])],
    maintenanceWindow: { ...(configuration.maintenanceWindow ?? defaults.maintenanceWindow) },
    promoCode: overrides.promoCode ?? '',
  }
}

/** "my-cluster" → "my-cluster-copy", kept within the 40 characters a name may have. */
export function copyName(name: string): string {
  const suffix = '-copy'
  return `${name.slice(0, 40 - suffix.length).replace(/-+$/, '')}${suffix}`
}

/** Where the draft waits while the person moves between steps or reloads the page. */
export const DRAFT_STORAGE_KEY = 'clusterConfig.draft.v1'

export function loadDraft(storage: Pick<Storage, 'getItem'> | undefined = sessionStorageOrUndefined()) {
  try {
    const stored = storage?.getItem(DRAFT_STORAGE_KEY)
    return stored ? parseDraft(JSON.parse(stored)) : null
  } catch {
    return null
  }
}

export function saveDraft(
  draft: WizardDraft,
  storage: Pick<Storage, 'setItem'> | undefined = sessionStorageOrUndefined(),
) {
  try {
    storage?.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft))
  } catch {
    // Storage disabled or full: the draft lives until the page is left.
  }
}

export function clearDraft(storage: Pick<Storage, 'removeItem'> | undefined = sessionStorageOrUndefined()) {
  try {
    storage?.removeItem(DRAFT_STORAGE_KEY)
  } catch {
    // Nothing stored.
  }
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage
  } catch {
    return undefined
  }
}

/**
 * A stored draft, read defensively: whatever is missing or of the wrong type takes the empty
 * draft's value, so a tampered or older entry never breaks the wizard.
 */
export function parseDraft(value: unknown): WizardDraft | null {
  if (!isRecord(value)) return null
  const defaults = emptyDraft()
  const networking = isRecord(value.networking) ? value.networking : {}
  const maintenance = isRecord(value.maintenanceWindow) ? value.maintenanceWindow : {}
  return {
    name: text(value.name, ''),
    clusterTypeId: text(value.clusterTypeId, ''),
    dataCenterCode: text(value.dataCenterCode, ''),
    kubernetesVersion: text(value.kubernetesVersion, ''),
    nodePools: Array.isArray(value.nodePools)
      ? value.nodePools.filter(isRecord).map(parseNodePool)
      : defaults.nodePools,
    networking: {
      cni: oneOf(CNI_PLUGINS, networking.cni, defaults.networking.cni),
      privateNetwork: bool(networking.privateNetwork, defaults.networking.privateNetwork),
      podCidr: text(networking.podCidr, defaults.networking.podCidr),
      serviceCidr: text(networking.serviceCidr, defaults.networking.serviceCidr),
      apiAllowList: Array.isArray(networking.apiAllowList)
        ? networking.apiAllowList
            .filter(isRecord)
            .map((row) => ({ id: rowId(row.id), cidr: text(row.cidr, '') }))
        : [],
    },
    addOnIds: Array.isArray(value.addOnIds)
      ? value.addOnIds.filter((id): id is string => typeof id === 'string')
      : [],
    maintenanceWindow: {
      day: oneOf(WEEKDAYS, maintenance.day, defaults.maintenanceWindow.day),
      startHour: number(maintenance.startHour, defaults.maintenanceWindow.startHour),
      autoPatchUpgrades: bool(maintenance.autoPatchUpgrades, defaults.maintenanceWindow.autoPatchUpgrades),
    },
    promoCode: text(value.promoCode, ''),
  }
}

function parseNodePool(pool: Record<string, unknown>): DraftNodePool {
  const autoscaling = isRecord(pool.autoscaling) ? pool.autoscaling : {}
  return {
    id: rowId(pool.id),
    name: text(pool.name, ''),
    flavorId: text(pool.flavorId, ''),
    nodeCount: number(pool.nodeCount, Number.NaN),
    autoscaling: {
      enabled: bool(autoscaling.enabled, false),
      min: number(autoscaling.min, Number.NaN),
      max: number(autoscaling.max, Number.NaN),
    },
    labels: Array.isArray(pool.labels)
      ? pool.labels
          .filter(isRecord)
          .map((row) => ({ id: rowId(row.id), key: text(row.key, ''), value: text(row.value, '') }))
      : [],
    taints: Array.isArray(pool.taints)
      ? pool.taints.filter(isRecord).map((row) => ({
          id: rowId(row.id),
          key: text(row.key, ''),
          value: text(row.value, ''),
          effect: oneOf(TAINT_EFFECTS, row.effect, 'NoSchedule'),
        }))
      : [],
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback
}

function number(value: unknown, fallback: number): number {
  // JSON keeps NaN as null: a blank number field comes back blank.
  return typeof value === 'number' ? value : fallback
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback
}

function rowId(value: unknown): string {
  return typeof value === 'string' && value ? value : newRowId()
}

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return values.find((candidate) => candidate === value) ?? fallback
}
