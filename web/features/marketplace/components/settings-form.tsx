import { lazy, Suspense } from 'react'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { SettingsFormProps } from './settings-form-fields.tsx'
import '#web/lib/strings/installations.ts'

/**
 * The form generator, its validators and their Markdown load when a form is first shown (a product
 * sheet, an installation's settings), not with the marketplace.
 */
const SettingsFormFields = lazy(() => import('./settings-form-fields.tsx'))

/** A product's settings as a form generated from its JSON Schema (settings-form-fields.tsx). */
export function SettingsForm(props: SettingsFormProps) {
  const { t } = useTranslation()
  return (
    <Suspense fallback={<LoadingBlock label={t('installations.settings.loading')} rows={3} />}>
      <SettingsFormFields {...props} />
    </Suspense>
  )
}
