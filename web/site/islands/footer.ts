import { clusterTypePath } from '#web/components/layout/nav-links.ts'
import { clusterTypeName, clusterTypeSlugFor } from '#web/lib/cluster-type-links.ts'
import {
  CLUSTER_TIERS_STALE_MS,
  STATIC_PAGE_CACHE_KEY,
  VERSION_SUMMARY_STALE_MS,
} from '#web/lib/constants.ts'
import { element, safeStorage } from './dom.ts'
import type { IslandApi } from './island-data.ts'
import type { IslandStrings } from './island-strings.ts'

type Tier = { id: string; name: string }
type VersionSummary = { displayVersion: string; environment: 'development' | 'production' }

/**
 * The footer's live parts: the running version with its DEV or PROD badge, and the cluster types of
 * the tier list (the page was built with the seven fallback entries). Every static page is a new
 * document, so both are kept in local storage, as the app keeps them in memory: the version 5
 * minutes, the cluster types 30.
 */
export async function attachFooter(strings: IslandStrings, api: IslandApi): Promise<void> {
  await Promise.all([showVersion(strings, api.versionSummary), showClusterTypes(strings, api.clusterTiers)])
}

async function showVersion(strings: IslandStrings, path: string): Promise<void> {
  const line = document.querySelector<HTMLElement>('[data-testid="footer-version"]')
  const summary = await getKeptJson<VersionSummary>(path, VERSION_SUMMARY_STALE_MS)
  if (!line || !summary) return
  const text = line.querySelector('[data-testid="footer-version-text"]')
  if (text) text.textContent = summary.displayVersion
  line.querySelector('[data-testid="environment-badge"]')?.remove()
  const production = summary.environment === 'production'
  line.append(
    element(
      'span',
      {
        'data-testid': 'environment-badge',
        title: production ? strings.footer.productionTitle : strings.footer.developmentTitle,
        class: `rounded px-1.5 py-0.5 font-mono text-[0.6875rem] font-semibold tracking-wide ${
          production
            ? 'bg-success/20 text-foreground ring-1 ring-success/50 ring-inset'
            : 'bg-warning/20 text-foreground ring-1 ring-warning/50 ring-inset'
        }`,
      },
      [production ? strings.footer.production : strings.footer.development],
    ),
  )
}

async function showClusterTypes(strings: IslandStrings, path: string): Promise<void> {
  const list = document.querySelector('[data-testid="footer-cluster-types"] ul')
  const tiers = await getKeptJson<Tier[]>(path, CLUSTER_TIERS_STALE_MS)
  if (!list || !Array.isArray(tiers) || tiers.length === 0) return
  const linkClass = list.querySelector('a')?.getAttribute('class') ?? ''
  list.replaceChildren(
    ...tiers.map((tier) =>
      element('li', {}, [
        element('a', { href: clusterTypePath(clusterTypeSlugFor(tier.name)), class: linkClass }, [
          clusterTypeName((key) => strings.footer.clusterTypes[key], tier),
        ]),
      ]),
    ),
  )
}

const storage = safeStorage('localStorage')

/** `getJson`, answered from local storage while the kept answer is younger than `maxAgeMs`. */
async function getKeptJson<T>(path: string, maxAgeMs: number): Promise<T | undefined> {
  const key = `${STATIC_PAGE_CACHE_KEY}${path}`
  try {
    const kept = JSON.parse(storage.getItem(key) ?? 'null') as { storedAt?: unknown; value?: T } | null
    const age = Date.now() - Number(kept?.storedAt)
    if (kept && age >= 0 && age < maxAgeMs) return kept.value
  } catch {
    // Unreadable: asked again below, and written over.
  }
  const value = await getJson<T>(path)
  if (value !== undefined) {
    try {
      storage.setItem(key, JSON.stringify({ storedAt: Date.now(), value }))
    } catch {
      // Storage full or refused: the next page asks again.
    }
  }
  return value
}

/** A GET whose failure leaves the built content in place (the page still reads well). */
export async function getJson<T>(path: string): Promise<T | undefined> {
  try {
    const response = await fetch(path, { credentials: 'include', headers: { accept: 'application/json' } })
    if (!response.ok) return undefined
    return (await response.json()) as T
  } catch {
    return undefined
  }
}
