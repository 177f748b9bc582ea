import { z } from 'zod'
import {
  autoscalingSchema,
  type ClusterConfiguration,
  type ClusterConfigurationInput,
  clusterConfigurationSchema,
  DEFAULT_POD_CIDR,
  DEFAULT_SERVICE_CIDR,
  maintenanceWindowSchema,
  type NetworkingConfiguration,
  type NodePoolConfiguration,
  networkingSchema,
  type Taint,
  taintSchema,
} from '#common/schemas/clusters.ts'
import '#web/lib/strings/cluster-config.ts'

/**
 * The wizard's draft: a cluster configuration (the shared schema's type, defaults filled in) as a
 * person edits it. Only what an editor needs differs: the lists edited row by row (labels, taints,
 * allowed CIDRs) are rows with ids, since a row may be empty or repeated while typing; a number
 * left blank is NaN; a promotion code rides along. `configurationInputOf` turns it back into the
 * shared shape, which the shared schema then checks.
 */

/** An editor's row: what the person typed plus a key for the form and React, never sent. */
export type Row<Fields> = Fields & { id: string }

export type DraftNodePool = Row<
  Omit<NodePoolConfiguration, 'labels' | 'taints'> & {
    labels: Row<{ key: string; value: string }>[]
    taints: Row<Taint>[]
  }
>

export type WizardDraft = Omit<ClusterConfiguration, 'nodePools' | 'networking'> & {
  nodePools: DraftNodePool[]
  networking: Omit<NetworkingConfiguration, 'apiAllowList'> & { apiAllowList: Row<{ cidr: string }>[] }
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
    maintenanceWindow: defaultMaintenanceWindow(),
    promoCode: '',
  }
}

/**
 * The configuration the draft stands for, in the shared shape (not yet validated): the rows become
 * the shared lists and record, text loses its surrounding spaces; every other field is the same.
 */
export function configurationInputOf(draft: WizardDraft): ClusterConfigurationInput {
  const { promoCode: _promoCode, nodePools, networking, ...configuration } = draft
  return {
    ...configuration,
    name: draft.name.trim(),
    nodePools: nodePools.map(({ id: _id, labels, taints, ...pool }) => ({
      ...pool,
      name: pool.name.trim(),
      autoscaling: { ...pool.autoscaling },
      labels: Object.fromEntries(labels.map((label) => [label.key.trim(), label.value.trim()])),
      taints: taints.map(({ key, value, effect }) => ({ key: key.trim(), value: value.trim(), effect })),
    })),
    networking: {
      ...networking,
      podCidr: networking.podCidr.trim(),
      serviceCidr: networking.serviceCidr.trim(),
      apiAllowList: networking.apiAllowList.map((row) => row.cidr.trim()),
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
  const { nodePools, networking, addOnIds, maintenanceWindow, ...rest } = configuration
  return {
    ...rest,
    name: overrides.name ?? configuration.name,
    nodePools: nodePools.map(({ labels, taints, ...pool }) => ({
      ...pool,
      id: newRowId(),
      autoscaling: { ...pool.autoscaling },
      labels: Object.entries(labels ?? {}).map(([key, value]) => ({ id: newRowId(), key, value })),
      taints: (taints ?? []).map((taint) => ({ id: newRowId(), ...taint })),
    })),
    networking: {
      ...networking,
      apiAllowList: (networking.apiAllowList ?? []).map((cidr) => ({ id: newRowId(), cidr })),
    },
    addOnIds: [...(addOnIds ?? [])],
    maintenanceWindow: { ...(maintenanceWindow ?? defaultMaintenanceWindow()) },
    promoCode: overrides.promoCode ?? '',
  }
}

/** "my-cluster" → "my-cluster-copy", kept within the 40 characters a name may have. */
export function copyName(name: string): string {
  const suffix = '-copy'
  return `${name.slice(0, 40 - suffix.length).replace(/-+$/, '')}${suffix}`
}

/** The window the shared schema gives a configuration that names none. */
function defaultMaintenanceWindow(): WizardDraft['maintenanceWindow'] {
  return { ...clusterConfigurationSchema.shape.maintenanceWindow.parse(undefined) }
}

/** Where the draft waits while the person moves between steps or reloads the page. */
export const DRAFT_STORAGE_KEY = 'clusterConfig.draft.v1'

export function loadDraft(
  storage: Pick<Storage, 'getItem'> | undefined = sessionStorageOrUndefined(),
): WizardDraft | null {
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
 * A stored draft, read with its schema: null (start afresh) unless it is a draft. An entry an
 * older wizard wrote may lack a field or hold a choice since withdrawn; those take the empty
 * draft's value. Anything else of the wrong type means the entry is not a draft and is ignored.
 */
export function parseDraft(value: unknown): WizardDraft | null {
  const parsed = storedDraftSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

const EMPTY = emptyDraft()

/** Text, empty (or the given value) when an older entry lacks it. */
function storedText(fallback = '') {
  return z.string().default(fallback)
}

/** A number; JSON keeps NaN (a field left blank) as null, which comes back as the fallback. */
function storedNumber(fallback: number) {
  return z
    .number()
    .nullish()
    .transform((value) => value ?? fallback)
}

/** A row's id; an entry without one gets a new one. */
const storedRowId = z
  .string()
  .optional()
  .transform((id) => id || newRowId())

const storedNodePoolSchema = z.object({
  id: storedRowId,
  name: storedText(),
  flavorId: storedText(),
  nodeCount: storedNumber(Number.NaN),
  autoscaling: z
    .object({
      enabled: autoscalingSchema.shape.enabled.default(false),
      min: storedNumber(Number.NaN),
      max: storedNumber(Number.NaN),
    })
    .prefault({}),
  labels: z.array(z.object({ id: storedRowId, key: storedText(), value: storedText() })).default(() => []),
  taints: z
    .array(
      z.object({
        id: storedRowId,
        key: storedText(),
        value: storedText(),
        effect: taintSchema.shape.effect.catch('NoSchedule'),
      }),
    )
    .default(() => []),
})

/** The draft as the wizard stores it: its own type, with the shared schema's enumerations. */
const storedDraftSchema: z.ZodType<WizardDraft> = z.object({
  name: storedText(),
  clusterTypeId: storedText(),
  dataCenterCode: storedText(),
  kubernetesVersion: storedText(),
  nodePools: z.array(storedNodePoolSchema).default(() => emptyDraft().nodePools),
  networking: z
    .object({
      cni: networkingSchema.shape.cni.catch(EMPTY.networking.cni),
      privateNetwork: networkingSchema.shape.privateNetwork.default(EMPTY.networking.privateNetwork),
      podCidr: storedText(EMPTY.networking.podCidr),
      serviceCidr: storedText(EMPTY.networking.serviceCidr),
      apiAllowList: z.array(z.object({ id: storedRowId, cidr: storedText() })).default(() => []),
    })
    .prefault({ cni: EMPTY.networking.cni }),
  addOnIds: z.array(z.string()).default(() => []),
  maintenanceWindow: z
    .object({
      day: maintenanceWindowSchema.shape.day.catch(EMPTY.maintenanceWindow.day),
      startHour: storedNumber(EMPTY.maintenanceWindow.startHour),
      autoPatchUpgrades: maintenanceWindowSchema.shape.autoPatchUpgrades.default(
        EMPTY.maintenanceWindow.autoPatchUpgrades,
      ),
    })
    .prefault({ day: EMPTY.maintenanceWindow.day }),
  promoCode: storedText(),
})
