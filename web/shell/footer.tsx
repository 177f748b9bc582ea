import { ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import { Logo } from '#web/components/layout/logo.tsx'
import { clusterTypePath, FOOTER_SECTIONS, LINKS } from '#web/components/layout/nav-links.ts'
import { useClusterTiers } from '#web/features/catalog/api/get-cluster-tiers.ts'
import { useVersionSummary } from '#web/features/system/api/get-version-summary.ts'
import { clusterTypeName, clusterTypeSlugFor } from '#web/lib/cluster-type-links.ts'
import { cn } from '#web/lib/cn.ts'
import { COPYRIGHT_YEAR } from '#web/lib/constants.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/footer.ts'

const COMPLIANCE_BADGES = ['gdpr', 'hds', 'cispe', 'sovereignty'] as const

/**
 * The site footer: what the product does, its compliance badges, the cluster types from the tier
 * list (seven fixed entries until it loads), Resources and Company links, and the running version
 * with its DEV or PROD badge.
 */
export function Footer({ className }: { className?: string }) {
  const { t } = useTranslation()
  const { tiers } = useClusterTiers()

  return (
    <footer className={cn('border-t bg-muted/40', className)}>
      <div className="mx-auto grid w-full max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:grid-cols-[1.6fr_1fr_1fr_1fr] lg:px-8">
        <div className="col-span-2 max-w-sm md:col-span-3 lg:col-span-1">
          <Logo />
          <p className="mt-4 text-sm leading-6 text-muted-foreground" data-testid="footer-description">
            {t('footer.description')}
          </p>
          <h2 className="sr-only">{t('footer.compliance')}</h2>
          <ul className="mt-5 flex flex-wrap gap-2" data-testid="compliance-badges">
            {COMPLIANCE_BADGES.map((badge) => (
              <li
                key={badge}
                title={t(`footer.badgeTitles.${badge}`)}
                className="inline-flex items-center gap-1 rounded-full border bg-background px-2.5 py-1 text-xs font-medium"
              >
                <ShieldCheck className="size-3.5 text-success" aria-hidden="true" />
                {t(`footer.badges.${badge}`)}
              </li>
            ))}
          </ul>
        </div>
        <FooterSection title={t('footer.clusterTypes')} testId="footer-cluster-types">
          {tiers.map((tier) => (
            <li key={tier.id}>
              <FooterLink to={clusterTypePath(clusterTypeSlugFor(tier.name))}>
                {clusterTypeName(t, tier)}
              </FooterLink>
            </li>
          ))}
        </FooterSection>
        <FooterSection title={t('footer.resources')} testId="footer-resources">
          {FOOTER_SECTIONS.resources.map((name) => (
            <li key={name}>
              <FooterLink to={LINKS[name]}>{t(`footer.links.${name}`)}</FooterLink>
            </li>
          ))}
        </FooterSection>
        <FooterSection title={t('footer.company')} testId="footer-company">
          {FOOTER_SECTIONS.company.map((name) => (
            <li key={name}>
              <FooterLink to={LINKS[name]}>{t(`footer.links.${name}`)}</FooterLink>
            </li>
          ))}
        </FooterSection>
      </div>
      <div className="border-t">
        <div className="mx-auto flex w-full max-w-7xl flex-col gap-3 px-4 pt-5 pb-24 text-sm min-[1025px]:pb-5 text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p data-testid="footer-copyright">{t('footer.copyright', { year: COPYRIGHT_YEAR })}</p>
          <VersionLine />
        </div>
      </div>
    </footer>
  )
}

function VersionLine() {
  const { t } = useTranslation()
  const { text, environment } = useVersionSummary()
  return (
    <p className="flex items-center gap-2" data-testid="footer-version">
      <span className="sr-only">{t('footer.version')} </span>
      <span className="font-mono text-xs" data-testid="footer-version-text">
        {text}
      </span>
      {environment && (
        <span
          title={t(`footer.environmentTitle.${environment}`)}
          data-testid="environment-badge"
          className={cn(
            'rounded px-1.5 py-0.5 font-mono text-[0.6875rem] font-semibold tracking-wide',
            environment === 'production'
              ? 'bg-success/20 text-foreground ring-1 ring-success/50 ring-inset'
              : 'bg-warning/20 text-foreground ring-1 ring-warning/50 ring-inset',
          )}
        >
          {t(`footer.environment.${environment}`)}
        </span>
      )}
    </p>
  )
}

function FooterSection({
  title,
  testId,
  children,
}: {
  title: string
  testId: string
  children: React.ReactNode
}) {
  return (
    <nav aria-label={title} data-testid={testId}>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-4 grid gap-2.5 text-sm">{children}</ul>
    </nav>
  )
}

function FooterLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="rounded-sm text-muted-foreground transition-colors hover:text-foreground">
      {children}
    </Link>
  )
}
