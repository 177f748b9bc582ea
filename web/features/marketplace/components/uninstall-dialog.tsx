import { type Installation, uninstallConfirmationSchema } from '#common/schemas/installations.ts'
import { TypedNameDialog } from '#web/components/ui/typed-name-dialog.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useInstallationChange } from '../api/installations.ts'
import '#web/lib/strings/installations.ts'

/** Uninstalling asks for the product's exact name: the button stays disabled until it is typed. */
export function UninstallDialog({
  installation,
  disabled,
}: {
  installation: Installation
  disabled: boolean
}) {
  const { t } = useTranslation()
  const change = useInstallationChange(installation.id)
  const name = installation.productName
  return (
    <TypedNameDialog
      name={name}
      schema={uninstallConfirmationSchema(name)}
      trigger={t('installations.detail.uninstall')}
      title={t('installations.detail.uninstallTitle', { product: name })}
      description={t('installations.detail.uninstallText', { cluster: installation.clusterName })}
      label={t('installations.detail.uninstallConfirm', { name })}
      confirmLabel={t('installations.detail.uninstall')}
      pendingLabel={t('installations.detail.uninstall')}
      cancelLabel={t('installations.cancel')}
      closeLabel={t('installations.close')}
      pending={change.isPending}
      disabled={disabled}
      onConfirm={(confirmName, { done, failed }) =>
        change.mutate({ action: 'uninstall', confirmName }, { onSuccess: done, onError: failed })
      }
      testId="uninstall"
    />
  )
}
