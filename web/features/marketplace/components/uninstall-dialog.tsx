import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Installation, uninstallConfirmationSchema } from '#common/schemas/installations.ts'
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
import { Form, FormAlert, FormInputField } from '#web/components/ui/form.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useInstallationChange } from '../api/installations.ts'

/** Uninstalling asks for the product's exact name: the button stays disabled until it is typed. */
export function UninstallDialog({
  installation,
  disabled,
}: {
  installation: Installation
  disabled: boolean
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive" size="sm" disabled={disabled} data-testid="uninstall-button">
          <Trash2 aria-hidden="true" />
          {t('installations.detail.uninstall')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('installations.close')} data-testid="uninstall-dialog">
        {open && <UninstallForm installation={installation} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function UninstallForm({ installation, onDone }: { installation: Installation; onDone: () => void }) {
  const { t } = useTranslation()
  const change = useInstallationChange(installation.id)
  const name = installation.productName
  const form = useZodForm(uninstallConfirmationSchema(name), { defaultValues: { confirmName: '' } })
  const matches = form.watch('confirmName').trim() === name
  return (
    <Form
      form={form}
      className="gap-4"
      onSubmit={({ confirmName }) =>
        change.mutate(
          { action: 'uninstall', confirmName },
          { onSuccess: onDone, onError: (error) => applyServerErrors(form, error) },
        )
      }
    >
      <DialogHeader>
        <DialogTitle>{t('installations.detail.uninstallTitle', { product: name })}</DialogTitle>
        <DialogDescription>
          {t('installations.detail.uninstallText', { cluster: installation.clusterName })}
        </DialogDescription>
      </DialogHeader>
      <FormAlert />
      <FormInputField
        control={form.control}
        name="confirmName"
        label={t('installations.detail.uninstallConfirm', { name })}
        autoComplete="off"
        spellCheck={false}
        data-testid="uninstall-confirm-input"
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('installations.cancel')}
          </Button>
        </DialogClose>
        <Button
          type="submit"
          variant="destructive"
          disabled={!matches || change.isPending}
          data-testid="uninstall-confirm"
        >
          {t('installations.detail.uninstall')}
        </Button>
      </DialogFooter>
    </Form>
  )
}
