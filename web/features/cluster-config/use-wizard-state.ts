import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import type { Catalog } from '#common/schemas/catalog.ts'
import { emptyDraft, loadDraft, saveDraft, type WizardDraft } from './draft.ts'
import type { WizardLocationState } from './prefill.ts'
import { type ConfigIssue, type DraftIssues, relatedPaths, validateDraft } from './validation.ts'
import {
  FIRST_STEP,
  parseStep,
  previousStep,
  stepIndex,
  stepOfField,
  WIZARD_STEPS,
  type WizardStep,
} from './wizard-steps.ts'

export type WizardState = ReturnType<typeof useWizardState>

/**
 * The wizard's state: the step (in the address, so reload and back/forward keep it), the draft
 * (in session storage), what the person has touched, and the problems to show. Problems of a field
 * show once it (or a field its problem depends on) has been edited, or once Next was pressed on its
 * step; rules of the catalog show at once.
 */
export function useWizardState(catalog: Catalog, defaultStep: WizardStep = FIRST_STEP) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const step = parseStep(searchParams.get('step')) ?? defaultStep

  const [draft, setDraft] = useState<WizardDraft>(() => withDefaults(loadDraft() ?? emptyDraft(), catalog))
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const [attempted, setAttempted] = useState<ReadonlySet<WizardStep>>(() => new Set())
  const [serverIssues, setServerIssues] = useState<DraftIssues>({})
  const [focusRequest, setFocusRequest] = useState(0)

  const persist = useRef(true)
  useEffect(() => {
    if (persist.current) saveDraft(draft)
  }, [draft])

  const issues = useMemo(() => {
    const own = validateDraft(draft, catalog)
    return { ...serverIssues, ...own }
  }, [draft, catalog, serverIssues])

  /** Changes the draft; `paths` are the fields edited (their problems show from now on). */
  const update = useCallback((recipe: (current: WizardDraft) => WizardDraft, paths: string[] = []) => {
    setDraft((current) => recipe(current))
    if (paths.length === 0) return
    setTouched((current) => new Set([...current, ...paths]))
    setServerIssues((current) => {
      const remaining = Object.entries(current).filter(([path]) => !paths.includes(path))
      return remaining.length === Object.keys(current).length ? current : Object.fromEntries(remaining)
    })
  }, [])

  const replaceDraft = useCallback(
    (next: WizardDraft) => {
      setDraft(withDefaults(next, catalog))
      setTouched(new Set())
      setAttempted(new Set())
      setServerIssues({})
    },
    [catalog],
  )

  const isShown = useCallback(
    (path: string, issue: ConfigIssue) =>
      issue.catalogRule === true ||
      attempted.has(stepOfField(path)) ||
      relatedPaths(path).some((related) => touched.has(related)),
    [attempted, touched],
  )

  /** The words of a field's problem, when it should show. */
  const errorOf = useCallback(
    (path: string): string | undefined => {
      const issue = issues[path]
      if (!issue || !isShown(path, issue)) return undefined
      return issue.key
        ? t(`clusterConfig.errors.${issue.key}`, { ...issue.params, defaultValue: issue.message })
        : issue.message
    },
    [issues, isShown, t],
  )

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
  const reveal = useCallback((target: WizardStep) => {
    setAttempted((current) => new Set([...current, target]))
    setFocusRequest((count) => count + 1)
  }, [])

  /** Next: blocked while the step has a problem, with focus on the first invalid field. */
  const next = useCallback(() => {
    if (stepIssues(step).length > 0) {
      reveal(step)
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
    reveal(firstInvalidStep)
    if (firstInvalidStep !== step) goTo(firstInvalidStep)
    return false
  }, [firstInvalidStep, goTo, reveal, step])

  return {
    step,
    draft,
    issues,
    update,
    replaceDraft,
    errorOf,
    stepIssues,
    firstInvalidStep,
    goTo,
    next,
    back,
    canVisit,
    reveal,
    revealFirstInvalid,
    focusRequest,
    setServerIssues,
    /** Stops writing the draft to storage (it has just been ordered). */
    stopPersisting: () => {
      persist.current = false
    },
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
