import { BadgeCheck, Download, ExternalLink } from 'lucide-react'
import { useState } from 'react'
import type { Catalog } from '#common/schemas/catalog.ts'
import type { Product } from '#common/schemas/products.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '#web/components/ui/sheet.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useProduct } from '../api/products.ts'
import { InstallForm } from './install-form.tsx'
import '#web/lib/strings/installations.ts'
import '#web/lib/strings/marketplace.ts'
import { clusterTypeName } from '#web/lib/cluster-type-links.ts'

const CHANGE_BADGE = {
  added: 'success',
  changed: 'secondary',
  fixed: 'outline',
  security: 'warning',
} as const

/** One product, open beside the catalog: plans, versions and their changes, needs and extra costs. */
export function ProductDetailSheet({
  productId,
  onClose,
  clusterTypes,
}: {
  productId: string | null
  onClose: () => void
  /** The catalog's cluster types: their names, and what the install form checks against. */
  clusterTypes: Catalog['clusterTypes']
}) {
  const { t } = useTranslation()
  const product = useProduct(productId)
  const [installing, setInstalling] = useState(false)
  const typeName = (id: string) => clusterTypeName(t, clusterTypes.find((type) => type.id === id) ?? { id })
  return (
    <Sheet
      open={productId !== null}
      onOpenChange={(open) => {
        if (open) return
        setInstalling(false)
        onClose()
      }}
    >
      <SheetContent
        side="right"
        closeLabel={t('marketplace.close')}
        className="w-full max-w-xl overflow-y-auto p-5 sm:p-6"
        data-testid="product-detail"
        aria-describedby={undefined}
      >
        {product.isPending ? (
          <>
            <SheetTitle className="sr-only">{t('marketplace.loadingProduct')}</SheetTitle>
            <LoadingBlock label={t('marketplace.loadingProduct')} rows={4} />
          </>
        ) : product.isError ? (
          <>
            <SheetTitle className="pr-8">{t('marketplace.productFailed')}</SheetTitle>
            <LoadError title={t('marketplace.productFailed')} query={product} />
          </>
        ) : installing ? (
          <div className="grid gap-4">
            <SheetTitle className="pr-8 text-xl font-semibold">
              {t('installations.installTitle', { product: product.data.name })}
            </SheetTitle>
            <InstallForm
              product={product.data}
              clusterTypes={clusterTypes}
              onBack={() => setInstalling(false)}
            />
          </div>
        ) : (
          <ProductDetail
            product={product.data}
            clusterTypeName={typeName}
            onInstall={() => setInstalling(true)}
          />
        )}
      </SheetContent>
    </Sheet>
  )
}

function ProductDetail({
  product,
  clusterTypeName,
  onInstall,
}: {
  product: Product
  clusterTypeName: (id: string) => string
  onInstall: () => void
}) {
  const { t } = useTranslation()
  const money = useMoney()
  const dates = useDateFormat()
  const { requirements } = product
  return (
    <div className="grid gap-6">
      <header className="grid gap-2 pr-8">
        <SheetTitle className="text-xl font-semibold">{product.name}</SheetTitle>
        <SheetDescription className="text-muted-foreground">{product.description}</SheetDescription>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="inline-flex items-center gap-1">
            {product.publisher.verified && <BadgeCheck className="size-4 text-success" aria-hidden="true" />}
            {product.publisher.name}
          </span>
          <Badge variant={product.publisher.verified ? 'success' : 'outline'}>
            {product.publisher.verified ? t('marketplace.verified') : t('marketplace.notVerified')}
          </Badge>
          <span className="text-muted-foreground">
            {t('marketplace.chart', {
              chart: product.chart.name,
              version: product.versions[0]!.chartVersion,
            })}
          </span>
        </p>
        <Button className="justify-self-start" onClick={onInstall} data-testid="product-install">
          <Download aria-hidden="true" />
          {t('installations.install')}
        </Button>
      </header>

      <section className="grid gap-2" aria-labelledby="product-plans">
        <h3 id="product-plans" className="font-semibold">
          {t('marketplace.plans')}
        </h3>
        {product.plans.length === 0 ? (
          <p data-testid="product-price">
            {product.monthlyPriceCents === 0
              ? t('marketplace.included')
              : t('marketplace.perMonth', { amount: money.cents(product.monthlyPriceCents) })}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="product-plans">
              <thead className="text-left text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('marketplace.plan')}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    {t('marketplace.cpu')}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    {t('marketplace.memory')}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    {t('marketplace.storage')}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    {t('marketplace.replicas')}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {t('marketplace.price')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y tabular-nums">
                {product.plans.map((plan) => (
                  <tr key={plan.id}>
                    <th scope="row" className="py-2 pr-3 text-left font-medium">
                      {plan.name}
                    </th>
                    <td className="py-2 pr-3 text-right">
                      {t('marketplace.cores', { count: plan.cpuMillicores / 1_000 })}
                    </td>
                    <td className="py-2 pr-3 text-right">
                      {t('marketplace.gib', { count: plan.memoryMib / 1_024 })}
                    </td>
                    <td className="py-2 pr-3 text-right">
                      {t('marketplace.gib', { count: plan.storageGib })}
                    </td>
                    <td className="py-2 pr-3 text-right">{plan.replicas}</td>
                    <td className="py-2 text-right">
                      {t('marketplace.perMonth', { amount: money.cents(plan.monthlyPriceCents) })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {product.extraCosts.length > 0 && (
          <ul className="grid gap-1 text-sm text-muted-foreground" aria-label={t('marketplace.extraCosts')}>
            {product.extraCosts.map((cost) => (
              <li key={cost.kind}>
                {t('marketplace.extraCost', {
                  what: cost.description,
                  amount: money.cents(cost.monthlyPriceCents),
                })}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="grid gap-2" aria-labelledby="product-needs">
        <h3 id="product-needs" className="font-semibold">
          {t('marketplace.requirements')}
        </h3>
        <ul className="grid gap-1 text-sm">
          <li>
            {requirements.clusterTypeIds
              ? t('marketplace.clusterTypes', {
                  types: requirements.clusterTypeIds.map(clusterTypeName).join(', '),
                })
              : t('marketplace.everyClusterType')}
          </li>
          <li>{t('marketplace.kubernetes', { version: requirements.minKubernetesVersion })}</li>
          <li>
            {t('marketplace.overhead', {
              cpu: t('marketplace.cores', { count: requirements.cpuMillicores / 1_000 }),
              memory: t('marketplace.gib', { count: requirements.memoryMib / 1_024 }),
            })}
          </li>
        </ul>
      </section>

      <section className="grid gap-2" aria-labelledby="product-after">
        <h3 id="product-after" className="font-semibold">
          {t('marketplace.afterInstall')}
        </h3>
        <p className="text-sm">{product.afterInstall}</p>
        <a
          href={product.documentationUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('marketplace.documentation')}
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
      </section>

      <section className="grid gap-3" aria-labelledby="product-versions">
        <h3 id="product-versions" className="font-semibold">
          {t('marketplace.versions')}
        </h3>
        <ol className="grid gap-3">
          {product.versions.map((version, index) => (
            <li key={version.version} className="grid gap-1 rounded-lg border p-3">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">v{version.version}</span>
                {index === 0 && <Badge variant="success">{t('marketplace.latest')}</Badge>}
                <span className="text-muted-foreground">{dates.calendarDate(version.releasedOn)}</span>
              </p>
              <ul className="grid gap-1 text-sm">
                {version.changes.map((change) => (
                  <li key={change.text} className="flex items-start gap-2">
                    <Badge variant={CHANGE_BADGE[change.kind]}>
                      {t(`marketplace.changes.${change.kind}`)}
                    </Badge>
                    <span>{change.text}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}
