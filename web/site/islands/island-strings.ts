import { PROMO_CODE } from '#common/pricing.ts'
import { CLUSTER_TYPE_SLUGS, type ClusterTypeSlug } from '#common/routes.ts'
import { PROMO_DISCOUNT_PERCENT } from '#web/lib/constants.ts'
import type { TFunction } from '#web/lib/i18n.ts'

/**
 * The words the islands write into a static page, in the page's language. They travel as JSON in
 * the page (#site-data), so the island script carries no dictionary. `{{name}}` placeholders are
 * filled in by the islands.
 */
export function islandStrings(t: TFunction) {
  const terms = { code: PROMO_CODE, percent: PROMO_DISCOUNT_PERCENT }
  const raw = { interpolation: { skipOnVariables: true }, currency: '{{currency}}', time: '{{time}}' }
  return {
    toastClose: t('toast.close'),
    promo: {
      copied: t('promo.copied'),
      copiedTitle: t('promo.copiedTitle'),
      copiedDescription: t('promo.copiedDescription', terms),
      copyFailedTitle: t('promo.copyFailedTitle'),
      copyFailedDescription: t('promo.copyFailedDescription', terms),
      restoredTitle: t('promo.restoredTitle'),
      restoredDescription: t('promo.restoredDescription', terms),
      restore: t('promo.restore'),
      restoreTab: t('promo.restoreTab', terms),
    },
    theme: {
      label: t('preferences.theme.label'),
      light: t('preferences.theme.light'),
      dark: t('preferences.theme.dark'),
      system: t('preferences.theme.system'),
    },
    currency: {
      label: t('preferences.currency.label'),
      change: t('preferences.currency.change', raw),
      USD: t('preferences.currency.USD'),
      GBP: t('preferences.currency.GBP'),
      EUR: t('preferences.currency.EUR'),
      ratesUpdated: t('preferences.currency.ratesUpdated', raw),
      ratesLoading: t('preferences.currency.ratesLoading'),
    },
    language: {
      label: t('preferences.language.label'),
      en: t('preferences.language.en'),
      fr: t('preferences.language.fr'),
    },
    mobile: {
      open: t('header.mobile.open'),
      close: t('header.mobile.close'),
      title: t('header.mobile.title'),
      signedOut: t('header.mobile.signedOut'),
      preferences: t('header.mobile.preferences'),
      mainNavigation: t('header.mainNavigation'),
      homeLink: t('header.homeLink'),
      appName: t('common.appName'),
      home: t('header.nav.home'),
      pricing: t('header.nav.pricing'),
      documentation: t('header.nav.documentation'),
      tutorials: t('header.nav.tutorials'),
      login: t('header.login'),
    },
    footer: {
      clusterTypes: Object.fromEntries(
        CLUSTER_TYPE_SLUGS.map((slug) => [`common.clusterTypes.${slug}`, t(`common.clusterTypes.${slug}`)]),
      ) as Record<`common.clusterTypes.${ClusterTypeSlug}`, string>,
      development: t('footer.environment.development'),
      production: t('footer.environment.production'),
      developmentTitle: t('footer.environmentTitle.development'),
      productionTitle: t('footer.environmentTitle.production'),
    },
    pricing: { ratesNote: t('marketing.pricing.ratesNote', { ...raw, rate: '{{rate}}' }) },
    search: {
      resultsOne: t('marketing.islands.searchResults', { count: 1 }),
      resultsOther: t('marketing.islands.searchResults', { count: 2 }).replace('2', '{{count}}'),
      none: t('marketing.islands.searchNone', {
        query: '{{query}}',
        interpolation: { skipOnVariables: true },
      }),
    },
  }
}

export type IslandStrings = ReturnType<typeof islandStrings>

/** Fills `{{name}}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  )
}
