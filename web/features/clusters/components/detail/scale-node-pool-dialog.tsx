import { SlidersHorizontal } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_NODES_PER_POOL, type NodePoolConfiguration } from '#common/schemas/clusters.ts'
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
import { useScaleNodePool } from '../../api/scale-node-pool.ts'
import { type PoolDraft, type PoolDraftIssue, poolDraftIssues } from '../../pool-draft.ts'

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
          {t('clusters.pools.edit')}
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
  const id = useId()
  const scale = useScaleNodePool(clusterId)
  const [draft, setDraft] = useState<PoolDraft>({
    nodeCount: String(pool.nodeCount),
    autoscaling: pool.autoscaling.enabled,
    min: String(pool.autoscaling.min),
    max: String(pool.autoscaling.max),
  })
  const [submitted, setSubmitted] = useState(false)
  const issues = poolDraftIssues(draft)
  const shown = submitted ? issues.errors : {}
  const issueText = (key: PoolDraftIssue | undefined) =>
    key ? t(`clusters.pools.errors.${key}`, { max: MAX_NODES_PER_POOL }) : undefined

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setSubmitted(true)
        if (!issues.change) return
        scale.mutate({ poolName: pool.name, change: issues.change }, { onSuccess: onDone })
      }}
    >
      <DialogHeader>
        <DialogTitle>{t('clusters.pools.editTitle', { name: pool.name })}</DialogTitle>
        <DialogDescription>{t('clusters.pools.editHint')}</DialogDescription>
      </DialogHeader>
      <NodeCountField
        label={t('clusters.pools.nodeCount')}
        error={issueText(shown.nodeCount)}
        min={0}
        value={draft.nodeCount}
        onChange={(nodeCount) => setDraft({ ...draft, nodeCount })}
      />
      <div className="flex items-center gap-2">
        <input
          id={`${id}-autoscaling`}
          type="checkbox"
          className="size-4 accent-primary"
          checked={draft.autoscaling}
          onChange={(event) => setDraft({ ...draft, autoscaling: event.target.checked })}
        />
        <label htmlFor={`${id}-autoscaling`} className="text-sm font-medium">
          {t('clusters.pools.autoscaling')}
        </label>
      </div>
      {draft.autoscaling && (
        <div className="grid grid-cols-2 gap-3">
          <NodeCountField
            label={t('clusters.pools.min')}
            error={issueText(shown.min)}
            min={0}
            value={draft.min}
            onChange={(min) => setDraft({ ...draft, min })}
          />
          <NodeCountField
            label={t('clusters.pools.max')}
            error={issueText(shown.max)}
            min={1}
            value={draft.max}
            onChange={(max) => setDraft({ ...draft, max })}
          />
        </div>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('clusters.dialog.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={scale.isPending}>
          {scale.isPending ? t('clusters.pools.applying') : t('clusters.pools.apply')}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** A count of nodes as typed: kept as text, so the form's check can name an empty or odd value. */
function NodeCountField({
  label,
  error,
  min,
  value,
  onChange,
}: {
  label: string
  error: string | undefined
  min: number
  value: string
  onChange: (value: string) => void
}) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          type="number"
          inputMode="numeric"
          min={min}
          max={MAX_NODES_PER_POOL}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  )
}
