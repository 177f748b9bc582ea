/** The wizard's steps, in order; each is the `?step=` value of its page. */
export const WIZARD_STEPS = [
  'type',
  'data-center',
  'version',
  'node-pools',
  'networking',
  'add-ons',
  'review',
] as const
export type WizardStep = (typeof WIZARD_STEPS)[number]

export const FIRST_STEP: WizardStep = 'type'

export function parseStep(value: string | null | undefined): WizardStep | undefined {
  return WIZARD_STEPS.find((step) => step === value)
}

export function stepIndex(step: WizardStep): number {
  return WIZARD_STEPS.indexOf(step)
}

export function nextStep(step: WizardStep): WizardStep | undefined {
  return WIZARD_STEPS[stepIndex(step) + 1]
}

export function previousStep(step: WizardStep): WizardStep | undefined {
  return stepIndex(step) > 0 ? WIZARD_STEPS[stepIndex(step) - 1] : undefined
}

/** The step where a field of the configuration is edited, by its dotted path. */
export function stepOfField(path: string): WizardStep {
  const [head] = path.split('.')
  switch (head) {
    case 'clusterTypeId':
      return 'type'
    case 'dataCenterCode':
      return 'data-center'
    case 'kubernetesVersion':
      return 'version'
    case 'nodePools':
      return 'node-pools'
    case 'networking':
      return 'networking'
    case 'addOnIds':
      return 'add-ons'
    default:
      return 'review'
  }
}

/** The fields of the draft each step edits (what Next checks). */
export const STEP_FIELDS: Record<
  WizardStep,
  (
    | 'name'
    | 'clusterTypeId'
    | 'dataCenterCode'
    | 'kubernetesVersion'
    | 'nodePools'
    | 'networking'
    | 'addOnIds'
    | 'maintenanceWindow'
    | 'promoCode'
  )[]
> = {
  type: ['clusterTypeId'],
  'data-center': ['dataCenterCode'],
  version: ['kubernetesVersion'],
  'node-pools': ['nodePools'],
  networking: ['networking'],
  'add-ons': ['addOnIds'],
  review: ['name', 'maintenanceWindow', 'promoCode'],
}
