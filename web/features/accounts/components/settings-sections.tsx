import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CURRENCIES } from '#common/money.ts'
import {
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  type NotificationPreferences,
  type OrganizationSettings,
  type Preferences,
} from '#common/schemas/accounts.ts'
import type { User } from '#common/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { BILLING_CYCLES, THEMES } from '#web/lib/constants.ts'
import { LANGUAGES } from '#web/lib/i18n.ts'
import {
  useBillingCycle,
  useCurrency,
  useLanguage,
  useTheme,
} from '#web/lib/preferences/preferences-provider.tsx'
import { toast } from '#web/lib/toast-store.ts'
import {
  useNotificationPreferences,
  useOrganizationSettings,
  useSaveNotificationPreferences,
  useSaveOrganizationSettings,
  useSavePreferences,
} from '../api/security.ts'

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
    { key: 'theme', options: THEMES },
    { key: 'currency', options: CURRENCIES },
    { key: 'billingCycle', options: BILLING_CYCLES },
    { key: 'language', options: LANGUAGES },
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

/** Which events reach the person by email and in the app: a grid of two checkboxes per event. */
export function NotificationPreferencesSection() {
  const { t } = useTranslation()
  const preferences = useNotificationPreferences()
  return (
    <SectionCard
      id="notification-preferences"
      title={t('accounts.notifications.title')}
      description={t('accounts.notifications.description')}
    >
      {preferences.isPending ? (
        <LoadingBlock label={t('accounts.notifications.loading')} rows={3} />
      ) : preferences.isError ? (
        <LoadError title={t('accounts.notifications.loadFailed')} query={preferences} />
      ) : (
        <NotificationGrid key={JSON.stringify(preferences.data)} initial={preferences.data} />
      )}
    </SectionCard>
  )
}

function NotificationGrid({ initial }: { initial: NotificationPreferences }) {
  const { t } = useTranslation()
  const save = useSaveNotificationPreferences()
  const [choice, setChoice] = useState(initial)
  const toggle = (event: NotificationEvent, channel: 'email' | 'app', on: boolean) =>
    setChoice((current) => ({ ...current, [event]: { ...current[event], [channel]: on } }))
  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate(choice, {
          onSuccess: () => toast({ variant: 'success', title: t('accounts.notifications.saved') }),
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: t('accounts.notifications.failed'),
              description: error.message,
            }),
        })
      }}
    >
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-2 font-medium">
              {t('accounts.notifications.event')}
            </th>
            <th scope="col" className="w-24 py-2 text-center font-medium">
              {t('accounts.notifications.email')}
            </th>
            <th scope="col" className="w-24 py-2 text-center font-medium">
              {t('accounts.notifications.app')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {NOTIFICATION_EVENTS.map((event) => (
            <tr key={event}>
              <th scope="row" className="py-2 text-left font-normal">
                {t(`accounts.notifications.events.${event}`)}
              </th>
              {(['email', 'app'] as const).map((channel) => (
                <td key={channel} className="py-2 text-center">
                  <input
                    type="checkbox"
                    className="size-4 accent-[var(--primary)]"
                    checked={choice[event][channel]}
                    onChange={(change) => toggle(event, channel, change.target.checked)}
                    aria-label={`${t(`accounts.notifications.events.${event}`)}: ${t(`accounts.notifications.${channel}`)}`}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending ? t('accounts.saving') : t('accounts.save')}
      </Button>
    </form>
  )
}
