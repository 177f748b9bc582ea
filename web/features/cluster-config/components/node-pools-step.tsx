import { Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { MAX_NODE_POOLS } from '#common/schemas/clusters.ts'
import { Button } from '#web/components/ui/button.tsx'
import { type DraftNodePool, newNodePool } from '../draft.ts'
import { GroupError } from './controls.tsx'
import { NodePoolEditor } from './node-pool-editor.tsx'
import type { StepProps } from './step-props.ts'

/** Step 4: node pools — flavor, count, autoscaling, labels and taints; pools may be added and removed. */
export function NodePoolsStep({ wizard, catalog }: StepProps) {
  const { t } = useTranslation()
  const { draft } = wizard
  const type = catalog.clusterTypes.find((entry) => entry.id === draft.clusterTypeId)
  const flavors = catalog.nodeFlavors.filter((flavor) => !type || type.allowedFlavorIds.includes(flavor.id))

  const setPool = (index: number, change: (pool: DraftNodePool) => DraftNodePool, fields: string[]) =>
    wizard.update(
      (current) => ({
        ...current,
        nodePools: current.nodePools.map((pool, position) => (position === index ? change(pool) : pool)),
      }),
      fields.map((field) => `nodePools.${index}.${field}`),
    )

  const addPool = () =>
    wizard.update((current) => {
      const names = new Set(current.nodePools.map((pool) => pool.name))
      let number = current.nodePools.length + 1
      while (names.has(`pool-${number}`)) number += 1
      return {
        ...current,
        nodePools: [...current.nodePools, newNodePool(`pool-${number}`, flavors[0]?.id ?? '')],
      }
    })

  const removePool = (index: number) =>
    wizard.update((current) => ({
      ...current,
      nodePools: current.nodePools.filter((_, position) => position !== index),
    }))

  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">
        {type
          ? t('clusterConfig.nodePools.lead', { type: type.name, count: flavors.length })
          : t('clusterConfig.nodePools.leadWithoutType')}
      </p>
      {draft.nodePools.map((pool, index) => (
        <NodePoolEditor
          key={pool.id}
          pool={pool}
          index={index}
          flavors={flavors}
          canRemove={draft.nodePools.length > 1}
          errorOf={(field) => wizard.errorOf(`nodePools.${index}.${field}`)}
          onChange={(change, fields) => setPool(index, change, fields)}
          onRemove={() => removePool(index)}
        />
      ))}
      <GroupError id="node-pools-error" error={wizard.errorOf('nodePools')} />
      <div>
        <Button
          type="button"
          variant="outline"
          onClick={addPool}
          disabled={draft.nodePools.length >= MAX_NODE_POOLS}
        >
          <Plus aria-hidden="true" />
          {t('clusterConfig.nodePools.add')}
        </Button>
      </div>
    </div>
  )
}
