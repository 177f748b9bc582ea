import { ArrowUpCircle } from 'lucide-react'
import { useState } from 'react'
import { compareVersions } from '#common/product-rules.ts'
import type { Installation } from '#common/schemas/installations.ts'
import type { Product } from '#common/schemas/products.ts'
import { settingsDiff } from '#common/settings-diff.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useInstallationChange } from '../api/installations.ts'
import { useSheetText } from '../api/products.ts'
import { SettingsDiffTable } from './settings-diff.tsx'
import { SettingsForm } from './settings-form.tsx'
import '#web/lib/strings/installations.ts'
import '#web/lib/strings/marketplace.ts'

/**
 * Upgrading to a newer version: its changes, the settings (adjustable on the way) and the diff of
 * everything that will change, the version first, before anything runs.
 */
export function UpgradeDialog({
  installation,
  product,
  disabled,
}: {
  installation: Installation
  product: Product
  disabled: boolean
}) {
  const { t } = useTranslation()
  const sheetWords = useSheetText(product)
  const newer = product.versions.filter((entry) => compareVersions(entry.version, installation.version) > 0)
  const [open, setOpen] = useState(false)
  const [version, setVersion] = useState(newer[0]?.version ?? '')
  const [settings, setSettings] = useState(installation.settings)
  const [valid, setValid] = useState(true)
  const change = useInstallationChange(installation.id)
  if (newer.length === 0) return null
  const target = product.versions.find((entry) => entry.version === version)
  const changes = [
    { path: 'version', before: installation.version, after: version },
    ...settingsDiff(installation.settings, settings),
  ]

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) {
          setVersion(newer[0]!.version)
          setSettings(installation.settings)
        }
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" disabled={disabled} data-testid="upgrade-button">
          <ArrowUpCircle aria-hidden="true" />
          {t('installations.upgrade.action', { version: newer[0]!.version })}
        </Button>
      </DialogTrigger>
      <DialogContent
        closeLabel={t('installations.close')}
        className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
        data-testid="upgrade-dialog"
      >
        <DialogHeader>
          <DialogTitle>
            {t('installations.upgrade.title', { product: installation.productName, version })}
          </DialogTitle>
          <DialogDescription>
            {t('installations.detail.onCluster', {
              cluster: installation.clusterName,
              namespace: installation.namespace,
            })}
          </DialogDescription>
        </DialogHeader>
        {newer.length > 1 && (
          <div className="grid gap-1.5">
            <label htmlFor="upgrade-version" className="text-sm font-medium">
              {t('installations.version')}
            </label>
            <NativeSelect
              id="upgrade-version"
              value={version}
              onChange={(event) => setVersion(event.target.value)}
            >
              {newer.map((entry) => (
                <option key={entry.version} value={entry.version}>
                  {entry.version}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        {target && (
          <section className="grid gap-2" aria-labelledby="upgrade-changes">
            <h3 id="upgrade-changes" className="text-sm font-semibold">
              {t('installations.upgrade.changes', { version })}
            </h3>
            <ul className="grid gap-1 text-sm">
              {target.changes.map((entry) => (
                <li key={entry.text} className="flex items-start gap-2">
                  <Badge variant="outline">{t(`marketplace.changes.${entry.kind}`)}</Badge>
                  <span>{entry.text}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section className="grid gap-3" aria-labelledby="upgrade-settings">
          <h3 id="upgrade-settings" className="text-sm font-semibold">
            {t('installations.detail.settings')}
          </h3>
          <SettingsForm
            productId={product.id}
            schema={product.settingsSchema}
            say={sheetWords}
            value={settings}
            onChange={(next, nextValid) => {
              setSettings(next)
              setValid(nextValid)
            }}
          />
        </section>
        <section className="grid gap-2" aria-labelledby="upgrade-diff">
          <h3 id="upgrade-diff" className="text-sm font-semibold">
            {t('installations.upgrade.settingsDiff')}
          </h3>
          <SettingsDiffTable changes={changes} />
          {changes.length === 1 && (
            <p className="text-sm text-muted-foreground">{t('installations.upgrade.noSettingsChange')}</p>
          )}
        </section>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('installations.cancel')}</Button>
          </DialogClose>
          <Button
            disabled={!valid || change.isPending}
            data-testid="upgrade-confirm"
            onClick={() =>
              change.mutate({ action: 'upgrade', version, settings }, { onSuccess: () => setOpen(false) })
            }
          >
            {t('installations.upgrade.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
