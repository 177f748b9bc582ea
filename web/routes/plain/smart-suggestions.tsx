import { LayoutGrid } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import {
  answersOf,
  suggestConfiguration,
  type WorkloadAnswers,
  type WorkloadQuestionnaire,
  workloadQuestionnaireSchema,
} from '#common/smart-suggestions/index.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useCatalog } from '#web/features/catalog/api/get-catalog.ts'
import { CatalogError } from '#web/features/cluster-config/components/catalog-error.tsx'
import { SuggestionForm } from '#web/features/cluster-config/components/suggestion-form.tsx'
import { SuggestionResult } from '#web/features/cluster-config/components/suggestion-result.tsx'
import { loadAnswers, saveAnswers } from '#web/features/cluster-config/suggestion-answers.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/suggestions.ts'

/** /smart-suggestions: a questionnaire on the workload, then a configuration and why. */
export default function SmartSuggestionsRoute() {
  const { t } = useTranslation()
  const catalog = useCatalog()

  let content: React.ReactNode
  if (catalog.isPending)
    content = (
      <div role="status" className="grid gap-4">
        <span className="sr-only">{t('suggestions.loading')}</span>
        <Skeleton className="h-96 rounded-xl" />
      </div>
    )
  else if (catalog.isError) content = <CatalogError catalog={catalog} />
  else content = <Questionnaire catalog={catalog.data} />

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid max-w-3xl gap-2">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.smartSuggestions')}</h1>
          <p className="text-muted-foreground">{t('suggestions.lead')}</p>
        </div>
        <Button asChild variant="outline">
          <Link to={href('clusterSelection')}>
            <LayoutGrid aria-hidden="true" />
            {t('suggestions.compare')}
          </Link>
        </Button>
      </header>
      {content}
    </div>
  )
}

function Questionnaire({ catalog }: { catalog: Catalog }) {
  const { currency, rates } = useMoney()
  const [initial] = useState(loadAnswers)
  // The answers last suggested for: kept across a visit to the wizard and back.
  const [answers, setAnswers] = useState<WorkloadAnswers | null>(() => {
    if (!initial.submitted) return null
    const parsed = workloadQuestionnaireSchema.safeParse(initial.fields)
    return parsed.success ? answersOf(parsed.data, currency, rates) : null
  })
  const submitted = useRef(initial.submitted)
  const resultHeading = useRef<HTMLHeadingElement>(null)
  const [focusResult, setFocusResult] = useState(0)

  const suggestion = useMemo(
    () => (answers ? suggestConfiguration(answers, catalog) : null),
    [answers, catalog],
  )

  useEffect(() => {
    if (focusResult === 0) return
    resultHeading.current?.focus({ preventScroll: true })
    resultHeading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }, [focusResult])

  const remember = useCallback((values: WorkloadQuestionnaire) => saveAnswers(values, submitted.current), [])

  return (
    <div className="grid gap-8">
      <SuggestionForm
        defaultValues={initial.fields}
        onChange={remember}
        onAnswers={(next, typed) => {
          setAnswers(next)
          submitted.current = true
          saveAnswers(typed, true)
          setFocusResult((count) => count + 1)
        }}
      />
      {suggestion && (
        <SuggestionResult suggestion={suggestion} catalog={catalog} headingRef={resultHeading} />
      )}
    </div>
  )
}
