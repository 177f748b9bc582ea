import { CirclePlus } from 'lucide-react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useCatalog } from '#web/features/catalog/api/get-catalog.ts'
import { ClusterList } from '#web/features/clusters/components/cluster-list.tsx'
import { useClusterLiveUpdates } from '#web/features/clusters/hooks/use-cluster-live-updates.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/clusters.ts'

/** /my-clusters: every cluster of the organization, live. */
export default function MyClustersRoute() {
  const { t } = useTranslation()
  useClusterLiveUpdates()
  const catalog = useCatalog()
  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.myClusters')}</h1>
          <p className="text-muted-foreground">{t('clusters.list.lead')}</p>
        </div>
        <Button asChild className="self-start sm:self-auto">
          <Link to={href('configureCluster')}>
            <CirclePlus aria-hidden="true" />
            {t('clusters.list.configure')}
          </Link>
        </Button>
      </header>
      <ClusterList catalog={catalog.data} />
    </div>
  )
}
