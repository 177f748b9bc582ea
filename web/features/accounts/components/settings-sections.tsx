import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CURRENCIES } from '#common/money.ts'
import type { OrganizationSettings, Preferences } from '#common/schemas/accounts.ts'
import type { User } from '#common/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import {
  useBillingCycle,
  useCurrency,
  useLanguage,
  useTheme,
} from '#web/lib/preferences/preferences-provider.tsx'
import { toast } from '#web/lib/toast-store.ts'
import { useOrganizationSettings, useSaveOrganizationSettings, useSavePreferences } from '../api/security.ts'

/** Theme, currency, billing cycle and language, saved for every browser the person signs in from. */
export function PreferencesSection({ user }: { user: User }) {
  const { t } = useTranslation()
  const ids = useId()
  const theme = useTheme()
  const currency = useCurrency()
  const cycle = useBillingCycle()
  const language = useLanguage()
  const save = useSavePreferences()
  const [choice, setChoice] = useState<Required<Preferences>>({
    theme: user.preferences.theme ?? theme.theme,
    currency: user.preferences.currency ?? currency.currency,
    billingCycle: user.preferences.billingCycle ?? cycle.billingCycle,
    language: user.preferences.language ?? language.language,
  })
  const fields = [
    { key: 'theme', options: ['light', 'dark', 'system'] },
    { key: 'currency', options: CURRENCIES },
    { key: 'billingCycle', options: ['monthly', 'yearly'] },
    { key: 'language', options: ['en', 'fr'] },
  ] as const
  return (
    <SectionCard
      id="preferences"
      title={t('accounts.preferences.title')}
      description={t('accounts.preferences.description')}
    >
      <form
        className="grid gap-3 sm:grid-cols-4 sm:items-end"
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate(choice, {
            onSuccess: () => {
              // This browser follows at once; others take the choices at their next sign-in.
              theme.setTheme(choice.theme)
              currency.setCurrency(choice.currency)
              cycle.setBillingCycle(choice.billingCycle)
              language.setLanguage(choice.language)
              toast({ variant: 'success', title: t('accounts.preferences.saved') })
            },
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: t('accounts.preferences.failed'),
                description: error.message,
              }),
          })
        }}
      >
        {fields.map(({ key, options }) => (
          <label key={key} htmlFor={`${ids}-${key}`} className="grid gap-1.5 text-sm font-medium">
            {t(`accounts.preferences.${key}`)}
            <NativeSelect
              id={`${ids}-${key}`}
              value={choice[key]}
              onChange={(event) => setChoice((current) => ({ ...current, [key]: event.target.value }))}
            >
              {options.map((option) => (
                <option key={option} value={option}>
                  {t(`accounts.preferences.options.${option}`)}
                </option>
              ))}
            </NativeSelect>
          </label>
        ))}
        <Button type="submit" className="sm:col-span-4 sm:justify-self-start" disabled={save.isPending}>
          {save.isPending ? t('accounts.saving') : t('accounts.preferences.save')}
        </Button>
      </form>
    </SectionCard>
  )
}

/** The organization's rules: two-factor authentication for every member, mail domains approved at once. */
export function OrganizationRulesSection() {
  const { t } = useTranslation()
  const settings = useOrganizationSettings()
  return (
    <SectionCard
      id="organization-rules"
      title={t('accounts.rules.title')}
      description={t('accounts.rules.description')}
    >
      {settings.isPending ? (
        <LoadingBlock label={t('accounts.rules.loading')} rows={2} />
      ) : settings.isError ? (
        <LoadError title={t('accounts.rules.loadFailed')} query={settings} />
      ) : (
        <RulesForm key={JSON.stringify(settings.data)} settings={settings.data} />
      )}
    </SectionCard>
  )
}

function RulesForm({ settings }: { settings: OrganizationSettings }) {
  const { t } = useTranslation()
  const domainsId = useId()
  const save = useSaveOrganizationSettings()
  const [requireMfa, setRequireMfa] = useState(settings.requireMfa)
  const [domains, setDomains] = useState(settings.verifiedDomains.join('\n'))
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        const verifiedDomains = domains
          .split(/[\s,]+/)
          .map((domain) => domain.trim())
          .filter(Boolean)
        save.mutate(
          { requireMfa, verifiedDomains },
          {
            onSuccess: () => toast({ variant: 'success', title: t('accounts.rules.saved') }),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: t('accounts.rules.failed'),
                description: error.message,
              }),
          },
        )
      }}
    >
      <CheckboxField
        label={t('accounts.rules.requireMfa')}
        hint={t('accounts.rules.requireMfaHint')}
        checked={requireMfa}
        onCheckedChange={setRequireMfa}
        testId="require-mfa"
      />
      <label htmlFor={domainsId} className="grid max-w-xl gap-1.5 text-sm font-medium">
        {t('accounts.rules.domains')}
        <Textarea
          id={domainsId}
          value={domains}
          rows={3}
          placeholder="example.com"
          onChange={(event) => setDomains(event.target.value)}
          aria-describedby={`${domainsId}-hint`}
        />
        <span id={`${domainsId}-hint`} className="text-xs font-normal text-muted-foreground">
          {t('accounts.rules.domainsHint')}
        </span>
      </label>
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending ? t('accounts.saving') : t('accounts.save')}
      </Button>
    </form>
  )
}
