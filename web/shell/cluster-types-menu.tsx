import { ChevronDown } from 'lucide-react'
import { clusterTypePath } from '#web/components/layout/nav-links.ts'
import { clusterTypeName, clusterTypeSlugFor, FALLBACK_CLUSTER_TIERS } from '#web/lib/cluster-type-links.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/header.ts'

/**
 * The header's "Cluster types": the seven type pages, as the footer lists them. A native
 * disclosure, so it opens on a static page without any script, the same as in the app.
 */
export function ClusterTypesMenu() {
  const { t } = useTranslation()
  return (
    <details className="group relative" data-testid="header-cluster-types">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground group-open:bg-accent group-open:text-foreground [&::-webkit-details-marker]:hidden">
        {t('header.clusterTypes')}
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <ul className="absolute top-full left-0 z-50 mt-1 grid w-56 gap-0.5 rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg">
        {FALLBACK_CLUSTER_TIERS.map((tier) => (
          <li key={tier.id}>
            <a
              href={clusterTypePath(clusterTypeSlugFor(tier.name))}
              className="block rounded-md px-2.5 py-2 text-sm transition-colors hover:bg-accent hover:text-accent-foreground"
            >
              {clusterTypeName(t, tier)}
            </a>
          </li>
        ))}
      </ul>
    </details>
  )
}
