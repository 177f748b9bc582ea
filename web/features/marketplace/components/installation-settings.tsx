import { Settings2 } from 'lucide-react'
import { useState } from 'react'
import type { Installation } from '#common/schemas/installations.ts'
import type { Product } from '#common/schemas/products.ts'
import { settingsDiff } from '#common/settings-diff.ts'
import { Button } from '#web/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useInstallationChange } from '../api/installations.ts'
import { useSheetText } from '../api/products.ts'
import { SettingsDiffTable } from './settings-diff.tsx'
import { SettingsForm } from './settings-form.tsx'
import '#web/lib/strings/installations.ts'

/**
 * An installation's settings: read as they are, changed in the product's own form, and applied
 * (a reconfiguration) only after the diff of what will change has been seen.
 */
export function InstallationSettings({
  installation,
  product,
  busy,
}: {
  installation: Installation
  product: Product
  busy: boolean
}) {
  const { t } = useTranslation()
  const sheetWords = useSheetText(product)
  const [draft, setDraft] = useState<Record<string, unknown> | null>(null)
  const [valid, setValid] = useState(true)
  const [reviewing, setReviewing] = useState(false)
  const change = useInstallationChange(installation.id)
  const entries = Object.entries(installation.settings)
  const changes = draft ? settingsDiff(installation.settings, draft) : []

  return (
    <section
      className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm"
      aria-labelledby="installation-settings"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="installation-settings" className="font-semibold">
          {t('installations.detail.settings')}
        </h2>
        {!draft && installation.status === 'installed' && entries.length > 0 && (
          <Button variant="outline" size="sm" disabled={busy} onClick={() => setDraft(installation.settings)}>
            <Settings2 aria-hidden="true" />
            {t('installations.detail.editSettings')}
          </Button>
        )}
      </div>
      {draft ? (
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (valid) setReviewing(true)
          }}
        >
          <SettingsForm
            productId={product.id}
            schema={product.settingsSchema}
            say={sheetWords}
            value={draft}
            onChange={(next, nextValid) => {
              setDraft(next)
              setValid(nextValid)
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={!valid} data-testid="review-settings">
              {t('installations.detail.applySettings')}
            </Button>
            <Button type="button" variant="outline" onClick={() => setDraft(null)}>
              {t('installations.cancel')}
            </Button>
          </div>
        </form>
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('installations.detail.noSettings')}</p>
      ) : (
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="installation-settings">
          {entries.map(([key, value]) => (
            <div key={key} className="grid gap-0.5">
              <dt className="text-muted-foreground">{sheetWords(titleOf(product, key))}</dt>
              <dd className="font-mono text-xs break-all">{JSON.stringify(value)}</dd>
            </div>
          ))}
        </dl>
      )}
      <Dialog open={reviewing} onOpenChange={setReviewing}>
        <DialogContent closeLabel={t('installations.close')} data-testid="settings-diff-dialog">
          <DialogHeader>
            <DialogTitle>{t('installations.diff.title')}</DialogTitle>
            <DialogDescription>{installation.productName}</DialogDescription>
          </DialogHeader>
          <SettingsDiffTable changes={changes} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('installations.cancel')}</Button>
            </DialogClose>
            <Button
              disabled={changes.length === 0 || change.isPending}
              onClick={() =>
                draft &&
                change.mutate(
                  { action: 'reconfigure', settings: draft },
                  {
                    onSuccess: () => {
                      setReviewing(false)
                      setDraft(null)
                    },
                  },
                )
              }
            >
              {t('installations.diff.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  )
}

/** A setting's title from the product's schema, or its name. */
export function titleOf(product: Product, key: string): string {
  const properties = (product.settingsSchema.properties ?? {}) as Record<string, { title?: string }>
  return properties[key]?.title ?? key
}
