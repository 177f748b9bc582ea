import { SlidersHorizontal } from 'lucide-react'
import { useState } from 'react'
import {
  MAX_NODES_PER_POOL,
  type NodePoolConfiguration,
  scaleNodePoolFormSchema,
} from '#common/schemas/clusters.ts'
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
import { Form, FormAlert, FormField, FormInputField } from '#web/components/ui/form.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useScaleNodePool } from '../../api/scale-node-pool.ts'
import '#web/lib/strings/cluster-operations.ts'
import '#web/lib/strings/clusters.ts'

/** Edit one pool: its node count and autoscaling (a scale operation once accepted). */
export function ScaleNodePoolDialog({
  clusterId,
  pool,
  disabled,
}: {
  clusterId: string
  pool: NodePoolConfiguration
  disabled: boolean
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={disabled} data-testid="scale-pool-button">
          <SlidersHorizontal aria-hidden="true" />
          {t('clusterOperations.pools.edit')}
          <span className="sr-only"> {pool.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('clusters.dialog.close')} data-testid="scale-dialog">
        {open && <ScaleForm clusterId={clusterId} pool={pool} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function ScaleForm({
  clusterId,
  pool,
  onDone,
}: {
  clusterId: string
  pool: NodePoolConfiguration
  onDone: () => void
}) {
  const { t } = useTranslation()
  const scale = useScaleNodePool(clusterId)
  // The shared scale rules check the counts as typed (text until they are numbers).
  const form = useZodForm(scaleNodePoolFormSchema, {
    defaultValues: {
      nodeCount: String(pool.nodeCount),
      autoscaling: {
        enabled: pool.autoscaling.enabled,
        min: String(pool.autoscaling.min),
        max: String(pool.autoscaling.max),
      },
    },
  })
  const autoscaling = form.watch('autoscaling.enabled')
  const countField = (
    name: 'nodeCount' | 'autoscaling.min' | 'autoscaling.max',
    label: string,
    min: number,
  ) => (
    <FormInputField
      control={form.control}
      name={name}
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={MAX_NODES_PER_POOL}
    />
  )

  return (
    <Form
      form={form}
      className="gap-4"
      onSubmit={(change) =>
        scale.mutate(
          { poolName: pool.name, change },
          { onSuccess: onDone, onError: (error) => applyServerErrors(form, error) },
        )
      }
    >
      <DialogHeader>
        <DialogTitle>{t('clusterOperations.pools.editTitle', { name: pool.name })}</DialogTitle>
        <DialogDescription>{t('clusterOperations.pools.editHint')}</DialogDescription>
      </DialogHeader>
      <FormAlert />
      {countField('nodeCount', t('clusterOperations.pools.nodeCount'), 1)}
      <FormField
        control={form.control}
        name="autoscaling.enabled"
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <input
              id={`${field.name}-${pool.name}`}
              type="checkbox"
              className="size-4 accent-primary"
              name={field.name}
              ref={field.ref}
              checked={field.value}
              onChange={(event) => field.onChange(event.target.checked)}
            />
            <label htmlFor={`${field.name}-${pool.name}`} className="text-sm font-medium">
              {t('clusterOperations.pools.autoscaling')}
            </label>
          </div>
        )}
      />
      {autoscaling && (
        <div className="grid grid-cols-2 gap-3">
          {countField('autoscaling.min', t('clusterOperations.pools.min'), 0)}
          {countField('autoscaling.max', t('clusterOperations.pools.max'), 1)}
        </div>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('clusters.dialog.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={scale.isPending}>
          {scale.isPending ? t('clusterOperations.pools.applying') : t('clusterOperations.pools.apply')}
        </Button>
      </DialogFooter>
    </Form>
  )
}
