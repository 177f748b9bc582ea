import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ClusterDetail, deletionConfirmationSchema } from '#common/schemas/clusters.ts'
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
import { useDeleteCluster } from '../../api/delete-cluster.ts'

/** Deleting asks for the cluster's exact name: the button stays disabled until it is typed. */
export function DeleteClusterDialog({ cluster, disabled }: { cluster: ClusterDetail; disabled: boolean }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive" size="sm" disabled={disabled} data-testid="delete-cluster-button">
          <Trash2 aria-hidden="true" />
          {t('clusters.delete.button')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('clusters.dialog.close')} data-testid="delete-dialog">
        {/* Mounted while open: a dialog opened again starts empty. */}
        {open && <DeletionForm cluster={cluster} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function DeletionForm({ cluster, onDone }: { cluster: ClusterDetail; onDone: () => void }) {
  const { t } = useTranslation()
  const remove = useDeleteCluster(cluster.id)
  const form = useZodForm(deletionConfirmationSchema(cluster.name), { defaultValues: { confirmName: '' } })
  const matches = form.watch('confirmName').trim() === cluster.name
  return (
    <Form
      form={form}
      className="gap-4"
      onSubmit={({ confirmName }) =>
        remove.mutate(confirmName, { onSuccess: onDone, onError: (error) => applyServerErrors(form, error) })
      }
    >
      <DialogHeader>
        <DialogTitle>{t('clusters.delete.title', { name: cluster.name })}</DialogTitle>
        <DialogDescription>{t('clusters.delete.description')}</DialogDescription>
      </DialogHeader>
      <FormAlert />
      <FormInputField
        control={form.control}
        name="confirmName"
        label={
          <span>
            {t('clusters.delete.typeName')} <code className="font-mono font-semibold">{cluster.name}</code>
          </span>
        }
        autoComplete="off"
        spellCheck={false}
        data-testid="delete-confirm-input"
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('clusters.dialog.cancel')}
          </Button>
        </DialogClose>
        <Button
          type="submit"
          variant="destructive"
          disabled={!matches || remove.isPending}
          data-testid="delete-confirm"
        >
          {remove.isPending ? t('clusters.delete.pending') : t('clusters.delete.confirm')}
        </Button>
      </DialogFooter>
    </Form>
  )
}
