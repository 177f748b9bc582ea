import { Plus, ShoppingCart, Trash2 } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { COMPLIANT_CLUSTER_TYPE_ID } from '#common/cluster-rules.ts'
import { type EstimateCluster, openDataCenters, typeMayUse, usableDataCenters } from '#common/estimate.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import { MAX_NODE_POOLS, MAX_NODES_PER_POOL } from '#common/schemas/clusters.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/estimator.ts'
import { clusterTypeName } from '#web/lib/cluster-type-links.ts'

/** One estimated cluster: its type, data center, node pools and add-ons, its price and "order this". */
export function EstimateClusterCard({
  cluster,
  position,
  catalog,
  price,
  orderHref,
  onChange,
  onRemove,
}: {
  cluster: EstimateCluster
  position: number
  catalog: Catalog
  /** The cluster's price for the chosen cycle, formatted. */
  price: string
  orderHref: string | null
  onChange: (next: EstimateCluster) => void
  onRemove: (() => void) | null
}) {
  const { t } = useTranslation()
  const id = useId()
  const type = catalog.clusterTypes.find((entry) => entry.id === cluster.clusterTypeId)
  const compliantName = clusterTypeName(
    t,
    catalog.clusterTypes.find((entry) => entry.id === COMPLIANT_CLUSTER_TYPE_ID) ?? {
      id: COMPLIANT_CLUSTER_TYPE_ID,
    },
  )
  const flavors = catalog.nodeFlavors.filter((flavor) => type?.allowedFlavorIds.includes(flavor.id))
  const title = t('estimator.cluster', { number: position + 1 })
  return (
    <section
      aria-label={title}
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
      data-testid={`estimate-cluster-${position + 1}`}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">{title}</h2>
        <p className="text-lg font-semibold tabular-nums" data-testid="estimate-cluster-price">
          {price}
        </p>
      </header>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-type`} className="text-sm font-medium">
            {t('estimator.type')}
          </label>
          <NativeSelect
            id={`${id}-type`}
            value={cluster.clusterTypeId}
            onChange={(event) => {
              const next = catalog.clusterTypes.find((entry) => entry.id === event.target.value)
              const allowed = catalog.nodeFlavors.filter((flavor) =>
                next?.allowedFlavorIds.includes(flavor.id),
              )
              const usable = usableDataCenters(catalog, event.target.value)
              onChange({
                ...cluster,
                clusterTypeId: event.target.value,
                // A data center the new type may not use gives way to the first one it may.
                dataCenterCode: usable.some((center) => center.code === cluster.dataCenterCode)
                  ? cluster.dataCenterCode
                  : (usable[0]?.code ?? ''),
                pools: cluster.pools.map((pool) => ({
                  ...pool,
                  flavorId: allowed.some((flavor) => flavor.id === pool.flavorId)
                    ? pool.flavorId
                    : (allowed[0]?.id ?? ''),
                })),
              })
            }}
          >
            {catalog.clusterTypes.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {clusterTypeName(t, entry)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-dc`} className="text-sm font-medium">
            {t('estimator.dataCenter')}
          </label>
          <NativeSelect
            id={`${id}-dc`}
            value={cluster.dataCenterCode}
            onChange={(event) => onChange({ ...cluster, dataCenterCode: event.target.value })}
          >
            {openDataCenters(catalog).map((center) => {
              const usable = typeMayUse(cluster.clusterTypeId, center)
              return (
                <option key={center.code} value={center.code} disabled={!usable}>
                  {usable
                    ? `${center.name} (${center.city})`
                    : t('estimator.dataCenterForTypeOnly', {
                        name: `${center.name} (${center.city})`,
                        type: compliantName,
                      })}
                </option>
              )
            })}
          </NativeSelect>
        </div>
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('estimator.pools')}</legend>
        {cluster.pools.map((pool, index) => (
          <div key={index} className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-end gap-2">
            <div className="grid gap-1">
              <label htmlFor={`${id}-flavor-${index}`} className="text-xs text-muted-foreground">
                {t('estimator.flavor', { number: index + 1 })}
              </label>
              <NativeSelect
                id={`${id}-flavor-${index}`}
                value={pool.flavorId}
                onChange={(event) =>
                  onChange({
                    ...cluster,
                    pools: cluster.pools.map((entry, at) =>
                      at === index ? { ...entry, flavorId: event.target.value } : entry,
                    ),
                  })
                }
              >
                {flavors.map((flavor) => (
                  <option key={flavor.id} value={flavor.id}>
                    {flavor.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1">
              <label htmlFor={`${id}-nodes-${index}`} className="text-xs text-muted-foreground">
                {t('estimator.nodes')}
              </label>
              <Input
                id={`${id}-nodes-${index}`}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_NODES_PER_POOL}
                value={pool.nodeCount}
                onChange={(event) => {
                  const count = Math.min(
                    MAX_NODES_PER_POOL,
                    Math.max(1, Math.round(Number(event.target.value) || 1)),
                  )
                  onChange({
                    ...cluster,
                    pools: cluster.pools.map((entry, at) =>
                      at === index ? { ...entry, nodeCount: count } : entry,
                    ),
                  })
                }}
              />
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              disabled={cluster.pools.length === 1}
              aria-label={t('estimator.removePool', { number: index + 1 })}
              onClick={() => onChange({ ...cluster, pools: cluster.pools.filter((_, at) => at !== index) })}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={cluster.pools.length >= MAX_NODE_POOLS}
          onClick={() =>
            onChange({
              ...cluster,
              pools: [...cluster.pools, { flavorId: flavors[0]?.id ?? '', nodeCount: 1 }],
            })
          }
        >
          <Plus aria-hidden="true" />
          {t('estimator.addPool')}
        </Button>
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('estimator.addOns')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {catalog.addOns.map((addOn) => (
            <label key={addOn.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={cluster.addOnIds.includes(addOn.id)}
                onChange={(event) =>
                  onChange({
                    ...cluster,
                    addOnIds: event.target.checked
                      ? [...cluster.addOnIds, addOn.id]
                      : cluster.addOnIds.filter((entry) => entry !== addOn.id),
                  })
                }
              />
              {addOn.name}
            </label>
          ))}
        </div>
      </fieldset>

      <footer className="flex flex-wrap gap-2">
        {orderHref && (
          <Button asChild size="sm">
            <Link to={orderHref}>
              <ShoppingCart aria-hidden="true" />
              {t('estimator.order')}
            </Link>
          </Button>
        )}
        {onRemove && (
          <Button type="button" variant="outline" size="sm" onClick={onRemove}>
            <Trash2 aria-hidden="true" />
            {t('estimator.removeCluster')}
          </Button>
        )}
      </footer>
    </section>
  )
}
