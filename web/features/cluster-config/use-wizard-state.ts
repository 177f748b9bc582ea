import { toNestErrors } from '@hookform/resolvers'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { type FieldError, type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import type { Catalog } from '#common/schemas/catalog.ts'
import { serverFieldProblems } from '#web/lib/form/server-errors.ts'
import { emptyDraft, loadDraft, saveDraft, type WizardDraft } from './draft.ts'
import type { WizardLocationState } from './prefill.ts'
import { type DraftIssues, draftPath, relatedPaths, validateDraft } from './validation.ts'
import {
  FIRST_STEP,
  parseStep,
  previousStep,
  STEP_FIELDS,
  stepIndex,
  stepOfField,
  WIZARD_STEPS,
  type WizardStep,
} from './wizard-steps.ts'

export type WizardState = ReturnType<typeof useWizardState>

/**
 * The wizard's state: the step (in the address, so reload and back/forward keep it) and one
 * react-hook-form form over the whole draft (kept in session storage). The form checks the draft
 * with the shared schema and the catalog rules (validation.ts); a field shows its problem once it
 * (or a field its problem depends on) changed, or once Next was pressed on its step, and the rules
 * of the catalog show at once.
 */
export function useWizardState(catalog: Catalog, defaultStep: WizardStep = FIRST_STEP) {
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const step = parseStep(searchParams.get('step')) ?? defaultStep

  const [initialDraft] = useState(() => withDefaults(loadDraft() ?? emptyDraft(), catalog))
  const resolver = useMemo(() => draftResolver(catalog), [catalog])
  const form = useForm<WizardDraft>({
    defaultValues: initialDraft,
    resolver,
    mode: 'onChange',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  })
  const draft = useWatch({ control: form.control }) as WizardDraft
  const issues = useMemo(() => validateDraft(draft, catalog), [draft, catalog])
  const [focusRequest, setFocusRequest] = useState(0)

  const persist = useRef(true)
  useEffect(() => {
    if (persist.current) saveDraft(draft)
  }, [draft])

  useShownProblemsInStep(form, issues)

  const stepIssues = useCallback(
    (target: WizardStep) => Object.keys(issues).filter((path) => stepOfField(path) === target),
    [issues],
  )
  /** The first step with a problem, if any. */
  const firstInvalidStep = WIZARD_STEPS.find((candidate) => stepIssues(candidate).length > 0)

  const goTo = useCallback(
    (target: WizardStep, options: { replace?: boolean } = {}) => {
      const params = new URLSearchParams(searchParams)
      params.set('step', target)
      const current = location.state as WizardLocationState
      navigate(
        { search: `?${params}` },
        {
          replace: options.replace,
          state: { prefill: current?.prefill, prefillStep: current?.prefillStep, wizardFrom: step },
        },
      )
    },
    [navigate, searchParams, step, location.state],
  )

  /** Shows the problems of a step and moves focus to its first one (after the render). */
  const reveal = useCallback(
    async (target: WizardStep) => {
      await form.trigger(STEP_FIELDS[target])
      setFocusRequest((count) => count + 1)
    },
    [form],
  )

  /** Next: blocked while the step has a problem, with focus on the first invalid field. */
  const next = useCallback(() => {
    if (stepIssues(step).length > 0) {
      void reveal(step)
      return
    }
    const following = WIZARD_STEPS[stepIndex(step) + 1]
    if (following) goTo(following)
  }, [goTo, reveal, step, stepIssues])

  /** Back: the browser's own back when Next led here, so history stays one entry per step. */
  const back = useCallback(() => {
    const previous = previousStep(step)
    if (!previous) return
    if ((location.state as WizardLocationState)?.wizardFrom === previous) navigate(-1)
    else goTo(previous)
  }, [goTo, location.state, navigate, step])

  /** Whether the indicator may jump to a step: every step before it is complete. */
  const canVisit = useCallback(
    (target: WizardStep) =>
      WIZARD_STEPS.slice(0, stepIndex(target)).every((before) => stepIssues(before).length === 0),
    [stepIssues],
  )

  /** Shows every problem and goes to the first step that has one; false when there is none. */
  const revealFirstInvalid = useCallback((): boolean => {
    if (!firstInvalidStep) return true
    void reveal(firstInvalidStep)
    if (firstInvalidStep !== step) goTo(firstInvalidStep)
    return false
  }, [firstInvalidStep, goTo, reveal, step])

  /** Opens another configuration (a template): its values, nothing shown as touched. */
  const replaceDraft = useCallback(
    (replacement: WizardDraft) => form.reset(withDefaults(replacement, catalog)),
    [form, catalog],
  )

  /** A new cluster type; pools whose flavor the type does not offer take one it does. */
  const chooseClusterType = useCallback(
    (clusterTypeId: string) => {
      form.setValue('clusterTypeId', clusterTypeId, { shouldValidate: true, shouldDirty: true })
      const adjusted = withAllowedFlavors(form.getValues(), catalog)
      adjusted.nodePools.forEach((pool, index) => {
        if (pool.flavorId !== form.getValues(`nodePools.${index}.flavorId`))
          form.setValue(`nodePools.${index}.flavorId`, pool.flavorId, { shouldValidate: true })
      })
    },
    [form, catalog],
  )

  /**
   * The server's refusal of the order, field by field, on the draft's fields (a label's key names
   * its row): shown at once, and unless told otherwise on the step of the first one with the focus
   * on it. False when no field is at fault.
   */
  const showServerProblems = useCallback(
    (
      error: unknown,
      {
        fieldOfCode = {},
        moveToStep = true,
      }: { fieldOfCode?: Record<string, string>; moveToStep?: boolean } = {},
    ): boolean => {
      const problems = serverFieldProblems(error, { prefix: 'configuration', fieldOfCode })
      if (problems.length === 0) return false
      for (const problem of problems) {
        const path = draftPath(problem.field, form.getValues())
        form.setError(path as never, { type: 'server', message: problem.message })
      }
      if (!moveToStep) return true
      const first = stepOfField(draftPath(problems[0]!.field, form.getValues()))
      if (first !== step) goTo(first)
      setFocusRequest((count) => count + 1)
      return true
    },
    [form, goTo, step],
  )

  return {
    form,
    step,
    draft,
    issues,
    stepIssues,
    firstInvalidStep,
    goTo,
    next,
    back,
    canVisit,
    revealFirstInvalid,
    replaceDraft,
    chooseClusterType,
    showServerProblems,
    focusRequest,
    /** Stops writing the draft to storage (it has just been ordered). */
    stopPersisting: () => {
      persist.current = false
    },
  }
}

/**
 * Keeps what the form shows in step with the draft's problems: a rule of the catalog shows at once
 * (a restricted data center, an ended version), a problem that went away (another field fixed it)
 * goes, and one that changed its words follows. A refusal from the server stays until its field
 * changes.
 */
function useShownProblemsInStep(form: ReturnType<typeof useForm<WizardDraft>>, issues: DraftIssues) {
  const { errors } = form.formState
  useEffect(() => {
    const shown = flatten(errors)
    const toCheck = new Set<string>()
    for (const [path, issue] of Object.entries(issues)) {
      const current = shown.get(path)
      if (issue.catalogRule && !current) toCheck.add(path)
      if (current && current.type !== 'server' && current.message !== issue.message) toCheck.add(path)
    }
    for (const [path, error] of shown) {
      if (error.type === 'server' || issues[path]) continue
      for (const related of relatedPaths(path)) toCheck.add(related)
      toCheck.add(path)
    }
    if (toCheck.size > 0) void form.trigger([...toCheck] as never[])
  }, [issues, errors, form])
}

/** The errors of the form by dotted path (`nodePools.0.labels.1.key`). */
function flatten(errors: FieldErrors, prefix = ''): Map<string, FieldError> {
  const flat = new Map<string, FieldError>()
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue
    const path = key === 'root' ? prefix.replace(/\.$/, '') : `${prefix}${key}`
    if ('message' in value && typeof value.message === 'string') flat.set(path, value as FieldError)
    else for (const [inner, error] of flatten(value as FieldErrors, `${path}.`)) flat.set(inner, error)
  }
  return flat
}

/** The draft's problems as react-hook-form errors, nested by path. */
function draftResolver(catalog: Catalog): Resolver<WizardDraft> {
  return (values, _context, options) => {
    const issues = validateDraft(values, catalog)
    if (Object.keys(issues).length === 0) return { values, errors: {} }
    const errors = Object.fromEntries(
      Object.entries(issues).map(([path, issue]) => [
        path,
        { type: issue.catalogRule ? 'catalog' : 'validation', message: issue.message },
      ]),
    )
    return { values: {}, errors: toNestErrors(errors, options) }
  }
}

/** Fills what the catalog can choose on its own: the default Kubernetes version, allowed flavors. */
export function withDefaults(draft: WizardDraft, catalog: Catalog): WizardDraft {
  const version =
    draft.kubernetesVersion ||
    (catalog.kubernetesVersions.find((entry) => entry.isDefault) ?? catalog.kubernetesVersions[0])?.version ||
    ''
  return withAllowedFlavors({ ...draft, kubernetesVersion: version }, catalog)
}

/**
 * After a change of cluster type: pools whose flavor the type does not offer (or with none yet)
 * take the type's first flavor, so the choice of type never leaves a pool unpriceable.
 */
export function withAllowedFlavors(draft: WizardDraft, catalog: Catalog): WizardDraft {
  const type = catalog.clusterTypes.find((entry) => entry.id === draft.clusterTypeId)
  if (!type) return draft
  const firstAllowed =
    catalog.nodeFlavors.find((flavor) => type.allowedFlavorIds.includes(flavor.id))?.id ?? ''
  if (draft.nodePools.every((pool) => type.allowedFlavorIds.includes(pool.flavorId))) return draft
  return {
    ...draft,
    nodePools: draft.nodePools.map((pool) =>
      type.allowedFlavorIds.includes(pool.flavorId) ? pool : { ...pool, flavorId: firstAllowed },
    ),
  }
}
