import { LayoutGrid } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Catalog } from '#common/schemas/catalog.ts'
import { suggestConfiguration, type WorkloadAnswers } from '#common/smart-suggestions.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useCatalog } from '#web/features/catalog/api/get-catalog.ts'
import { CatalogError } from '#web/features/cluster-config/components/catalog-error.tsx'
import { SuggestionForm } from '#web/features/cluster-config/components/suggestion-form.tsx'
import { SuggestionResult } from '#web/features/cluster-config/components/suggestion-result.tsx'
import {
  type AnswerErrors,
  type AnswerFields,
  loadAnswers,
  parseAnswers,
  saveAnswers,
} from '#web/features/cluster-config/suggestion-answers.ts'
import { useMoney } from '#web/lib/use-money.ts'

/** /smart-suggestions: a questionnaire on the workload, then a configuration and why. */
export default function SmartSuggestionsRoute() {
  const { t } = useTranslation()
  const catalog = useCatalog()

  let content: React.ReactNode
  if (catalog.isPending)
    content = (
      <div role="status" className="grid gap-4">
        <span className="sr-only">{t('suggestions.loading')}</span>
        <div aria-hidden="true" className="h-96 animate-pulse rounded-xl bg-muted" />
      </div>
    )
  else if (catalog.isError) content = <CatalogError catalog={catalog} />
  else content = <Questionnaire catalog={catalog.data} />

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`${t('pages.smartSuggestions')} · Clusterdeck`}</title>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid max-w-3xl gap-2">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.smartSuggestions')}</h1>
          <p className="text-muted-foreground">{t('suggestions.lead')}</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/cluster-selection">
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
  const { t } = useTranslation()
  const { currency, rates } = useMoney()
  const [initial] = useState(loadAnswers)
  const [fields, setFields] = useState<AnswerFields>(initial.fields)
  const [errors, setErrors] = useState<AnswerErrors>({})
  const [answers, setAnswers] = useState<WorkloadAnswers | null>(() =>
    initial.submitted ? parseAnswers(initial.fields, currency, rates, t).answers : null,
  )
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

  const change = (next: Partial<AnswerFields>) => {
    const updated = { ...fields, ...next }
    setFields(updated)
    saveAnswers(updated, answers !== null)
    const cleared = Object.keys(next).filter((key) => errors[key as keyof AnswerFields])
    if (cleared.length > 0)
      setErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.includes(key))),
      )
  }

  const submit = () => {
    const parsed = parseAnswers(fields, currency, rates, t)
    if (parsed.errors) {
      setErrors(parsed.errors)
      const first = Object.keys(parsed.errors)[0]
      if (first)
        document.querySelector<HTMLElement>(`[data-testid="suggestion-form"] [name="${first}"]`)?.focus()
      return
    }
    setErrors({})
    setAnswers(parsed.answers)
    saveAnswers(fields, true)
    setFocusResult((count) => count + 1)
  }

  return (
    <div className="grid gap-8">
      <SuggestionForm fields={fields} errors={errors} onChange={change} onSubmit={submit} />
      {suggestion && (
        <SuggestionResult suggestion={suggestion} catalog={catalog} headingRef={resultHeading} />
      )}
    </div>
  )
}
