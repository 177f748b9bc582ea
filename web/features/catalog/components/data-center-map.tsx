import { useId } from 'react'
import type { DataCenter } from '#common/schemas/catalog.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/data-centers.ts'

/** The schematic map's frame in degrees: the inhabited latitudes, every catalog longitude. */
const MAP_BOUNDS = { west: -130, east: 130, south: -15, north: 72 }
const MAP_SCALE = 3
const MAP_WIDTH = (MAP_BOUNDS.east - MAP_BOUNDS.west) * MAP_SCALE
const MAP_HEIGHT = (MAP_BOUNDS.north - MAP_BOUNDS.south) * MAP_SCALE
const GRATICULE_STEP = 30

/** An equirectangular sketch of where the data centers are; drawn here, no map tiles fetched. */
export function DataCenterMap({ dataCenters, shown }: { dataCenters: DataCenter[]; shown: DataCenter[] }) {
  const { t } = useTranslation()
  const id = useId()
  const shownCodes = new Set(shown.map((dataCenter) => dataCenter.code))
  // Filtered-out points first, so the matching ones are drawn on top.
  const ordered = [...dataCenters].sort(
    (a, b) => Number(shownCodes.has(a.code)) - Number(shownCodes.has(b.code)),
  )
  const x = (longitude: number) => (longitude - MAP_BOUNDS.west) * MAP_SCALE
  const y = (latitude: number) => (MAP_BOUNDS.north - latitude) * MAP_SCALE
  const meridians = range(-120, MAP_BOUNDS.east, GRATICULE_STEP)
  const parallels = range(0, MAP_BOUNDS.north, GRATICULE_STEP)

  return (
    <figure className="hidden gap-2 rounded-xl border bg-card p-4 sm:grid">
      <svg
        viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-description`}
        className="mx-auto h-auto w-full max-w-3xl"
      >
        <title id={`${id}-title`}>{t('dataCenters.map.title')}</title>
        <desc id={`${id}-description`}>
          {t('dataCenters.map.description', { shown: shown.length, total: dataCenters.length })}
        </desc>
        <rect width={MAP_WIDTH} height={MAP_HEIGHT} rx="8" className="fill-muted/40" />
        <g className="stroke-border" strokeWidth="1">
          {meridians.map((longitude) => (
            <line key={`m${longitude}`} x1={x(longitude)} x2={x(longitude)} y1="0" y2={MAP_HEIGHT} />
          ))}
          {parallels.map((latitude) => (
            <line
              key={`p${latitude}`}
              x1="0"
              x2={MAP_WIDTH}
              y1={y(latitude)}
              y2={y(latitude)}
              strokeDasharray={latitude === 0 ? undefined : '4 4'}
            />
          ))}
        </g>
        {ordered.map((dataCenter) => {
          const isShown = shownCodes.has(dataCenter.code)
          return (
            <circle
              key={dataCenter.code}
              cx={x(dataCenter.longitude)}
              cy={y(dataCenter.latitude)}
              r={isShown ? 5 : 3.5}
              className={isShown ? 'fill-primary stroke-card' : 'fill-muted-foreground/40 stroke-card'}
              strokeWidth="1.5"
            >
              <title>{`${dataCenter.city} (${dataCenter.code})`}</title>
            </circle>
          )
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-full bg-primary" aria-hidden="true" />
          {t('dataCenters.map.legendShown')}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-2 rounded-full bg-muted-foreground/40" aria-hidden="true" />
          {t('dataCenters.map.legendHidden')}
        </span>
      </figcaption>
    </figure>
  )
}

function range(from: number, to: number, step: number): number[] {
  const values: number[] = []
  for (let value = from; value <= to; value += step) values.push(value)
  return values
}
