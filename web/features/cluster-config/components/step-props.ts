import type { Catalog } from '#common/schemas/catalog.ts'
import type { WizardState } from '../use-wizard-state.ts'

/** What every step of the wizard gets; its fields are fields of `wizard.form`. */
export type StepProps = { wizard: WizardState; catalog: Catalog }
