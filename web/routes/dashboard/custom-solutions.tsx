import { CustomSolutionForm } from '#web/features/custom-solutions/components/request-form.tsx'
import { CustomSolutionList } from '#web/features/custom-solutions/components/request-list.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/custom-solutions.ts'

/** /custom-solutions: describe what the catalog lacks, then read and answer the quotes. */
export default function CustomSolutionsRoute() {
  const { t } = useTranslation()
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.customSolutions')}</h1>
        <p className="text-muted-foreground">{t('customSolutions.lead')}</p>
      </header>
      <section className="grid gap-3" aria-labelledby="custom-solution-new">
        <h2 id="custom-solution-new" className="text-lg font-semibold">
          {t('customSolutions.newRequest')}
        </h2>
        <CustomSolutionForm />
      </section>
      <section className="grid gap-3" aria-labelledby="custom-solution-list">
        <h2 id="custom-solution-list" className="text-lg font-semibold">
          {t('customSolutions.yourRequests')}
        </h2>
        <CustomSolutionList />
      </section>
    </div>
  )
}
