import { ArrowRight, MapPin, X } from 'lucide-react'
import { useDeferredValue, useId, useMemo } from 'react'
import { Link } from 'react-router'
import { catalog as catalogEndpoints } from '#common/contract/catalog.ts'
import { pathOf } from '#common/contract/endpoint.ts'
import { href } from '#common/routes.ts'
import type { DataCenter } from '#common/schemas/catalog.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { ResponsiveImage } from '#web/components/ui/responsive-image.tsx'
import { RetryAlert } from '#web/components/ui/retry-alert.tsx'
import { SearchInput } from '#web/components/ui/search-input.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useCatalog } from '#web/features/catalog/api/get-catalog.ts'
import { DataCenterMap } from '#web/features/catalog/components/data-center-map.tsx'
import {
  type ComplianceTag,
  type CountryNameOf,
  complianceTagOf,
  complianceTagsPresent,
  type DataCenterFilters,
  filterDataCenters,
  filtersFromSearchParams,
  groupByCountry,
  hasActiveFilters,
  NO_FILTERS,
  REGION_FILTERS,
  regionFilterOf,
  searchParamsWithFilters,
} from '#web/features/catalog/data-center-filters.ts'
import { useSearchParamFilters } from '#web/lib/use-search-param-filters.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/data-centers.ts'

const AVAILABILITY_BADGES = { available: 'success', limited: 'warning', coming_soon: 'secondary' } as const
const CAPACITY_BADGES = { normal: 'success', constrained: 'warning', full: 'destructive' } as const

/** /data-centers: every data center of the catalog, filtered and grouped by country. */
export default function DataCentersRoute() {
  const { t } = useTranslation()
  const catalog = useCatalog()

  let content: React.ReactNode
  if (catalog.isPending) {
    content = (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner className="size-4" />
        {t('dataCenters.loading')}
      </p>
    )
  } else if (catalog.isError) {
    content = (
      <RetryAlert
        message={t('dataCenters.error', { message: catalog.error.message })}
        onRetry={() => void catalog.refetch()}
        retrying={catalog.isFetching}
      />
    )
  } else if (catalog.data.dataCenters.length === 0) {
    content = <p className="text-muted-foreground">{t('dataCenters.empty')}</p>
  } else {
    content = <DataCenterExplorer dataCenters={catalog.data.dataCenters} />
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:px-8">
      <header className="grid max-w-3xl gap-2">
        <p className="text-sm font-medium text-primary">{t('dataCenters.eyebrow')}</p>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.dataCenters')}</h1>
        <p className="text-muted-foreground">{t('dataCenters.lead')}</p>
      </header>
      {content}
    </div>
  )
}

function DataCenterExplorer({ dataCenters }: { dataCenters: DataCenter[] }) {
  const { t } = useTranslation()
  const [filters, setFilters] = useSearchParamFilters(filtersFromSearchParams, searchParamsWithFilters)
  // Typing stays responsive while the list re-renders.
  const deferredFilters = useDeferredValue(filters)
  const countryNameOf = useCountryNames()
  const complianceTags = useMemo(() => complianceTagsPresent(dataCenters), [dataCenters])
  const shown = filterDataCenters(dataCenters, deferredFilters, countryNameOf)
  const groups = groupByCountry(shown, countryNameOf)

  return (
    <div className="grid gap-6">
      <FilterBar
        filters={filters}
        complianceTags={complianceTags}
        onChange={setFilters}
        count={t('dataCenters.count', { count: shown.length, total: dataCenters.length })}
      />
      <DataCenterMap dataCenters={dataCenters} shown={shown} />
      {groups.length === 0 ? (
        <div className="grid justify-items-start gap-3 rounded-xl border border-dashed p-6">
          <p>{t('dataCenters.noMatch')}</p>
          <Button variant="outline" size="sm" onClick={() => setFilters(NO_FILTERS)}>
            <X aria-hidden="true" />
            {t('dataCenters.filters.clear')}
          </Button>
        </div>
      ) : (
        <div className="grid gap-8">
          {groups.map((group) => (
            <section
              key={group.countryCode}
              aria-labelledby={`country-${group.countryCode}`}
              className="grid gap-3"
            >
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <h2 id={`country-${group.countryCode}`} className="text-lg font-semibold">
                  {group.country}
                </h2>
                <span className="text-sm text-muted-foreground">
                  {t('dataCenters.countryCount', { count: group.dataCenters.length })}
                </span>
              </div>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {group.dataCenters.map((dataCenter) => (
                  <li key={dataCenter.code}>
                    <DataCenterCard dataCenter={dataCenter} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  )
}

/** Country names in the reader's language, falling back to the catalog's English name. */
function useCountryNames(): CountryNameOf {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' })
    return (dataCenter) => names.of(dataCenter.countryCode) ?? dataCenter.country
  }, [i18n.language])
}

function FilterBar({
  filters,
  complianceTags,
  onChange,
  count,
}: {
  filters: DataCenterFilters
  complianceTags: readonly ComplianceTag[]
  onChange: (filters: DataCenterFilters) => void
  count: string
}) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <search aria-label={t('dataCenters.filters.label')} className="grid gap-3 rounded-xl border bg-card p-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[12rem_14rem_minmax(0,1fr)]">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-region`} className="text-sm font-medium">
            {t('dataCenters.filters.region')}
          </label>
          <NativeSelect
            id={`${id}-region`}
            value={filters.region}
            onChange={(event) => onChange({ ...filters, region: regionFilterOf(event.target.value) })}
          >
            {REGION_FILTERS.map((region) => (
              <option key={region} value={region}>
                {t(`dataCenters.filters.regions.${region}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-compliance`} className="text-sm font-medium">
            {t('dataCenters.filters.compliance')}
          </label>
          <NativeSelect
            id={`${id}-compliance`}
            value={filters.complianceTag ?? ''}
            onChange={(event) => onChange({ ...filters, complianceTag: complianceTagOf(event.target.value) })}
          >
            <option value="">{t('dataCenters.filters.anyCompliance')}</option>
            {complianceTags.map((tag) => (
              <option key={tag} value={tag}>
                {t(`common.complianceTags.${tag}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5 sm:col-span-2 lg:col-span-1">
          <label htmlFor={`${id}-search`} className="text-sm font-medium">
            {t('dataCenters.filters.search')}
          </label>
          <SearchInput
            id={`${id}-search`}
            value={filters.query}
            onChange={(event) => onChange({ ...filters, query: event.target.value })}
            placeholder={t('dataCenters.filters.searchPlaceholder')}
            aria-describedby={`${id}-count`}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          id={`${id}-count`}
          role="status"
          className="text-sm text-muted-foreground"
          data-testid="data-center-count"
        >
          {count}
        </p>
        {hasActiveFilters(filters) && (
          <Button variant="ghost" size="sm" onClick={() => onChange(NO_FILTERS)}>
            <X aria-hidden="true" />
            {t('dataCenters.filters.clear')}
          </Button>
        )}
      </div>
    </search>
  )
}

function DataCenterCard({ dataCenter }: { dataCenter: DataCenter }) {
  const { t } = useTranslation()
  const titleId = `data-center-${dataCenter.code}`
  const configureHref = href('configureCluster', { dataCenter: dataCenter.code })
  return (
    <article
      aria-labelledby={titleId}
      data-testid="data-center"
      data-code={dataCenter.code}
      className="flex h-full flex-col gap-4 overflow-hidden rounded-xl border bg-card p-5 shadow-sm"
    >
      {/* The city's skyline, drawn for the catalog: it decorates the city named below. */}
      <ResponsiveImage
        src={pathOf(catalogEndpoints.dataCenterPicture, { code: dataCenter.code })}
        kind="dataCenterPicture"
        alt=""
        className="-mx-5 -mt-5 aspect-[2/1] h-auto w-[calc(100%+2.5rem)] max-w-none object-cover"
      />
      <div className="grid gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h3 id={titleId} className="flex items-center gap-1.5 font-semibold">
            <MapPin className="size-4 text-primary" aria-hidden="true" />
            {dataCenter.city}
          </h3>
          <code className="font-mono text-xs text-muted-foreground">{dataCenter.code}</code>
        </div>
        <p className="text-sm text-muted-foreground">
          {t('dataCenters.provider')}:{' '}
          <span className="font-medium text-foreground">{dataCenter.provider}</span>
        </p>
      </div>

      <ul aria-label={t('dataCenters.complianceTags')} className="flex flex-wrap gap-1.5">
        {dataCenter.complianceTags.map((tag) => (
          <li key={tag}>
            <Badge variant="outline" className="font-medium">
              {t(`common.complianceTags.${tag}`)}
            </Badge>
          </li>
        ))}
      </ul>

      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="grid gap-1">
          <dt className="text-muted-foreground">{t('dataCenters.availabilityLabel')}</dt>
          <dd>
            <Badge variant={AVAILABILITY_BADGES[dataCenter.availability]} data-testid="availability">
              {t(`dataCenters.availability.${dataCenter.availability}`)}
            </Badge>
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-muted-foreground">{t('dataCenters.capacityLabel')}</dt>
          <dd>
            <Badge variant={CAPACITY_BADGES[dataCenter.capacityStatus]} data-testid="capacity">
              {t(`dataCenters.capacity.${dataCenter.capacityStatus}`)}
            </Badge>
          </dd>
        </div>
      </dl>

      <div className="mt-auto">
        {dataCenter.availability === 'available' ? (
          <Button asChild variant="outline" size="sm">
            <Link to={configureHref}>
              {t('dataCenters.configure')}
              <span className="sr-only">
                {' '}
                {t('dataCenters.configureIn', { city: dataCenter.city, code: dataCenter.code })}
              </span>
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{t('dataCenters.notOrderable')}</p>
        )}
      </div>
    </article>
  )
}
