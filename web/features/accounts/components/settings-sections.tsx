import type { ReactNode } from 'react'
import { z } from 'zod'
import { CURRENCIES } from '#common/money.ts'
import {
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  type NotificationPreferences,
  notificationPreferencesSchema,
  type OrganizationSettings,
  preferencesSchema,
} from '#common/schemas/accounts.ts'
import type { User } from '#common/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx'
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  FormSelectField,
} from '#web/components/ui/form.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock, Skeleton } from '#web/components/ui/skeleton.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { BILLING_CYCLES, THEMES } from '#web/lib/constants.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { LANGUAGES } from '#web/lib/i18n.ts'
import {
  useBillingCycle,
  useCurrency,
  useLanguage,
  useTheme,
} from '#web/lib/preferences/preferences-provider.tsx'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import {
  useNotificationPreferences,
  useOrganizationSettings,
  useSaveNotificationPreferences,
  useSaveOrganizationSettings,
  useSavePreferences,
} from '../api/security.ts'
import '#web/lib/strings/accounts.ts'

/** Theme, currency, billing cycle and language, saved for every browser the person signs in from. */
export function PreferencesSection({ user }: { user: User }) {
  const { t } = useTranslation()
  const theme = useTheme()
  const currency = useCurrency()
  const cycle = useBillingCycle()
  const language = useLanguage()
  const save = useSavePreferences()
  const form = useZodForm(preferencesSchema.required(), {
    defaultValues: {
      theme: user.preferences.theme ?? theme.theme,
      currency: user.preferences.currency ?? currency.currency,
      billingCycle: user.preferences.billingCycle ?? cycle.billingCycle,
      language: user.preferences.language ?? language.language,
    },
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
      <Form
        form={form}
        className="gap-3 sm:grid-cols-4 sm:items-end"
        onSubmit={(choice) =>
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
        }
      >
        {fields.map(({ key, options }) => (
          <FormSelectField
            key={key}
            control={form.control}
            name={key}
            label={t(`accounts.preferences.${key}`)}
            options={options.map((option) => ({
              value: option,
              label: t(`accounts.preferences.options.${option}`),
            }))}
          />
        ))}
        <Button type="submit" className="sm:col-span-4 sm:justify-self-start" disabled={save.isPending}>
          {save.isPending ? t('accounts.saving') : t('accounts.preferences.save')}
        </Button>
      </Form>
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

/**
 * The rules as the form holds them: the domains as typed, one a line (or separated by commas),
 * checked by the server when saved.
 */
const rulesFormSchema = z.object({ requireMfa: z.boolean(), domains: z.string() })

function RulesForm({ settings }: { settings: OrganizationSettings }) {
  const { t } = useTranslation()
  const save = useSaveOrganizationSettings()
  const form = useZodForm(rulesFormSchema, {
    defaultValues: { requireMfa: settings.requireMfa, domains: settings.verifiedDomains.join('\n') },
  })
  return (
    <Form
      form={form}
      className="gap-4"
      onSubmit={({ requireMfa, domains }) => {
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
      <FormField
        control={form.control}
        name="requireMfa"
        render={({ field }) => (
          <CheckboxField
            label={t('accounts.rules.requireMfa')}
            hint={t('accounts.rules.requireMfaHint')}
            checked={field.value}
            onCheckedChange={field.onChange}
            testId="require-mfa"
          />
        )}
      />
      <FormField
        control={form.control}
        name="domains"
        render={({ field }) => (
          <FormItem className="max-w-xl">
            <FormLabel>{t('accounts.rules.domains')}</FormLabel>
            <FormControl>
              <Textarea {...field} rows={3} placeholder="example.com" />
            </FormControl>
            <FormDescription>{t('accounts.rules.domainsHint')}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending ? t('accounts.saving') : t('accounts.save')}
      </Button>
    </Form>
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
        <NotificationGridPlaceholder label={t('accounts.notifications.loading')} />
      ) : preferences.isError ? (
        <LoadError title={t('accounts.notifications.loadFailed')} query={preferences} />
      ) : (
        <NotificationGrid key={JSON.stringify(preferences.data)} initial={preferences.data} />
      )}
    </SectionCard>
  )
}

/**
 * The grid's events are known before the person's choices: while those load, the same table shows
 * with placeholders for the checkboxes, so the sections below do not move when they come.
 */
function NotificationGridPlaceholder({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-3">
      <NotificationTable cell={() => <Skeleton className="size-4" />} />
      <Skeleton className="h-10 w-24" />
    </div>
  )
}

/** The events down, email and app across; `cell` draws each choice. */
function NotificationTable({
  cell,
}: {
  cell: (event: NotificationEvent, channel: 'email' | 'app') => ReactNode
}) {
  const { t } = useTranslation()
  return (
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
              <td key={channel} className="py-2">
                {/* One line's height for a checkbox and its placeholder alike. */}
                <div className="flex h-5 items-center justify-center">{cell(event, channel)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function NotificationGrid({ initial }: { initial: NotificationPreferences }) {
  const { t } = useTranslation()
  const save = useSaveNotificationPreferences()
  const form = useZodForm(notificationPreferencesSchema, { defaultValues: initial })
  return (
    <Form
      form={form}
      className="gap-3"
      onSubmit={(choice) =>
        save.mutate(choice, {
          onSuccess: () => toast({ variant: 'success', title: t('accounts.notifications.saved') }),
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: t('accounts.notifications.failed'),
              description: error.message,
            }),
        })
      }
    >
      <NotificationTable
        cell={(event, channel) => (
          <FormField
            control={form.control}
            name={`${event}.${channel}`}
            render={({ field }) => (
              <input
                type="checkbox"
                className="size-4 accent-[var(--primary)]"
                name={field.name}
                ref={field.ref}
                checked={field.value}
                onBlur={field.onBlur}
                onChange={(change) => field.onChange(change.target.checked)}
                aria-label={`${t(`accounts.notifications.events.${event}`)}: ${t(`accounts.notifications.${channel}`)}`}
              />
            )}
          />
        )}
      />
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending ? t('accounts.saving') : t('accounts.save')}
      </Button>
    </Form>
  )
}
