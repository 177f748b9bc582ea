import type { Language } from '#common/language.ts'
import { type ExchangeRates, formatRate } from '#common/money.ts'
import { type BillingCycle, cyclePriceCents, formatCents, monthlyPrice } from '#common/pricing.ts'
import type { EstimateCatalog } from '../pages/pricing-controls.tsx'
import { type PriceKind, priceText } from '../price-text.ts'
import { element } from './dom.ts'
import { fill, type IslandStrings } from './island-strings.ts'
import {
  currentBillingCycle,
  currentCurrency,
  onPreferencesChange,
  setBillingCycle,
  setCurrency,
} from './preferences.ts'

const MAX_NODES = 100

/**
 * Prices on static pages follow the visitor's currency, billing cycle and today's rates; the
 * pricing page also gets its currency and cycle controls and the estimate.
 */
export function attachPrices(
  strings: IslandStrings,
  language: Language,
  rates: Promise<ExchangeRates>,
): void {
  if (!document.querySelector('[data-price]')) return
  let current: ExchangeRates | undefined
  const draw = () => {
    if (!current) return
    const currency = currentCurrency()
    const cycle = currentBillingCycle()
    for (const price of document.querySelectorAll<HTMLElement>('[data-price]')) {
      price.textContent = priceText(
        price.dataset.price as PriceKind,
        Number(price.dataset.amount),
        currency,
        cycle,
        current,
        language,
      )
    }
    for (const label of document.querySelectorAll<HTMLElement>('[data-cycle-label]')) {
      label.textContent = (cycle === 'yearly' ? label.dataset.yearly : label.dataset.monthly) ?? ''
    }
    const note = document.querySelector('[data-rates-note]')
    if (note) {
      note.textContent =
        currency === 'USD'
          ? ''
          : fill(strings.pricing.ratesNote, { rate: formatRate(current[currency]), currency })
    }
    syncControls()
    drawEstimate(current, cycle, language)
  }
  void rates.then((loaded) => {
    current = loaded
    draw()
  })
  onPreferencesChange(draw)
  attachControls()
  attachEstimate(() => {
    if (current) drawEstimate(current, currentBillingCycle(), language)
  })
}

function attachControls(): void {
  const controls = document.querySelector<HTMLElement>('[data-island="price-controls"]')
  if (!controls) return
  controls.hidden = false
  controls.addEventListener('change', (event) => {
    const input = event.target as HTMLInputElement
    if (input.name === 'price-currency') setCurrency(input.value as Parameters<typeof setCurrency>[0])
    if (input.name === 'price-cycle') setBillingCycle(input.value as BillingCycle)
  })
  syncControls()
}

function syncControls(): void {
  const currency = currentCurrency()
  const cycle = currentBillingCycle()
  for (const input of document.querySelectorAll<HTMLInputElement>('[data-island="price-controls"] input')) {
    input.checked = input.value === (input.name === 'price-currency' ? currency : cycle)
  }
}

function estimateParts() {
  const section = document.querySelector<HTMLElement>('[data-island="estimate"]')
  if (!section) return undefined
  const form = section.querySelector('form')
  const type = section.querySelector<HTMLSelectElement>('select[name="type"]')
  const flavor = section.querySelector<HTMLSelectElement>('select[name="flavor"]')
  const nodes = section.querySelector<HTMLInputElement>('input[name="nodes"]')
  if (!form || !type || !flavor || !nodes) return undefined
  const catalog = JSON.parse(section.dataset.catalog ?? '{}') as EstimateCatalog
  return { section, form, type, flavor, nodes, catalog }
}

function attachEstimate(redraw: () => void): void {
  const parts = estimateParts()
  if (!parts) return
  const { section, form, type, flavor, catalog } = parts
  type.replaceChildren(...catalog.types.map((entry) => element('option', { value: entry.id }, [entry.name])))
  const fillFlavors = () => {
    const allowed = catalog.types.find((entry) => entry.id === type.value)?.flavorIds ?? []
    const previous = flavor.value
    flavor.replaceChildren(
      ...catalog.flavors
        .filter((entry) => allowed.includes(entry.id))
        .map((entry) => element('option', { value: entry.id }, [entry.name])),
    )
    if (allowed.includes(previous)) flavor.value = previous
  }
  fillFlavors()
  type.addEventListener('change', fillFlavors)
  form.addEventListener('input', redraw)
  form.addEventListener('change', redraw)
  section.hidden = false
}

/** The estimate with the common pricing rules: control plane + nodes × flavor × 730 h, per cycle. */
function drawEstimate(rates: ExchangeRates, cycle: BillingCycle, language: Language): void {
  const parts = estimateParts()
  if (!parts) return
  const { section, type, flavor, nodes, catalog } = parts
  const clusterType = catalog.types.find((entry) => entry.id === type.value)
  const nodeFlavor = catalog.flavors.find((entry) => entry.id === flavor.value)
  const count = Number(nodes.value)
  const valid = Number.isInteger(count) && count >= 1 && count <= MAX_NODES
  nodes.setAttribute('aria-invalid', String(!valid))
  const show = (key: string, text: string) => {
    const target = section.querySelector(`[data-estimate="${key}"]`)
    if (target) target.textContent = text
  }
  if (!clusterType || !nodeFlavor || !valid) {
    for (const key of ['controlPlane', 'nodes', 'total']) show(key, '—')
    return
  }
  const price = monthlyPrice({
    clusterType,
    nodePools: [{ flavor: nodeFlavor, nodeCount: count }],
    addOns: [],
  })
  const currency = currentCurrency()
  const format = (monthlyCents: number) =>
    formatCents(cyclePriceCents(monthlyCents, cycle), currency, rates, language)
  show('controlPlane', format(price.clusterTypeCents))
  show('nodes', format(price.nodePoolCents[0] ?? 0))
  show('total', format(price.totalCents))
}
