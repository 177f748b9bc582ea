import { Plus } from 'lucide-react'
import { useFieldArray } from 'react-hook-form'
import { MAX_NODE_POOLS } from '#common/schemas/clusters.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useFieldMessage } from '#web/components/ui/form.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { newNodePool } from '../draft.ts'
import { GroupError } from './controls.tsx'
import { NodePoolEditor } from './node-pool-editor.tsx'
import type { StepProps } from './step-props.ts'
import '#web/lib/strings/cluster-config.ts'
import { clusterTypeName } from '#web/lib/cluster-type-links.ts'

/** Step 4: node pools — flavor, count, autoscaling, labels and taints; pools may be added and removed. */
export function NodePoolsStep({ wizard, catalog }: StepProps) {
  const { t } = useTranslation()
  const { control } = wizard.form
  const pools = useFieldArray({ control, name: 'nodePools' })
  const type = catalog.clusterTypes.find((entry) => entry.id === wizard.draft.clusterTypeId)
  const flavors = catalog.nodeFlavors.filter((flavor) => !type || type.allowedFlavorIds.includes(flavor.id))
  const error = useFieldMessage('nodePools')

  const addPool = () => {
    const names = new Set(wizard.form.getValues('nodePools').map((pool) => pool.name))
    let number = pools.fields.length + 1
    while (names.has(`pool-${number}`)) number += 1
    pools.append(newNodePool(`pool-${number}`, flavors[0]?.id ?? ''), { shouldFocus: false })
  }

  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">
        {type
          ? t('clusterConfig.nodePools.lead', { type: clusterTypeName(t, type), count: flavors.length })
          : t('clusterConfig.nodePools.leadWithoutType')}
      </p>
      {pools.fields.map((pool, index) => (
        <NodePoolEditor
          key={pool.id}
          form={wizard.form}
          index={index}
          flavors={flavors}
          canRemove={pools.fields.length > 1}
          onRemove={() => pools.remove(index)}
        />
      ))}
      <GroupError id="node-pools-error" error={error} />
      <div>
        <Button
          type="button"
          variant="outline"
          onClick={addPool}
          disabled={pools.fields.length >= MAX_NODE_POOLS}
        >
          <Plus aria-hidden="true" />
          {t('clusterConfig.nodePools.add')}
        </Button>
      </div>
    </div>
  )
}
