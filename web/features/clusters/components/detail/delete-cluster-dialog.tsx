import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ClusterDetail } from '#common/schemas/clusters.ts'
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
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { useDeleteCluster } from '../../api/delete-cluster.ts'

/** Deleting asks for the cluster's exact name: the button stays disabled until it is typed. */
export function DeleteClusterDialog({ cluster, disabled }: { cluster: ClusterDetail; disabled: boolean }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const remove = useDeleteCluster(cluster.id)
  const matches = typed === cluster.name
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (!next) setTyped('')
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive" size="sm" disabled={disabled} data-testid="delete-cluster-button">
          <Trash2 aria-hidden="true" />
          {t('clusters.delete.button')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('clusters.dialog.close')} data-testid="delete-dialog">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            if (!matches) return
            remove.mutate(typed, { onSuccess: () => setOpen(false) })
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('clusters.delete.title', { name: cluster.name })}</DialogTitle>
            <DialogDescription>{t('clusters.delete.description')}</DialogDescription>
          </DialogHeader>
          <FormField
            label={
              <span>
                {t('clusters.delete.typeName')}{' '}
                <code className="font-mono font-semibold">{cluster.name}</code>
              </span>
            }
          >
            {(control) => (
              <Input
                {...control}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                spellCheck={false}
                data-testid="delete-confirm-input"
              />
            )}
          </FormField>
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
        </form>
      </DialogContent>
    </Dialog>
  )
}
