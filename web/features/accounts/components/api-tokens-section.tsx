import { KeySquare } from 'lucide-react'
import { useState } from 'react'
import { z } from 'zod'
import { scopesForRole, TOKEN_ACCESS, TOKEN_AREAS, type TokenScope } from '#common/api-scopes.ts'
import {
  type ApiToken,
  apiTokenRequestSchema,
  type CreatedApiToken,
  TOKEN_LIFETIMES,
} from '#common/schemas/accounts.ts'
import type { User } from '#common/schemas/auth.ts'
import { check } from '#common/validation-messages.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { CopyButton } from '#web/components/ui/copy-button.tsx'
import { Form, FormField, FormInputField, FormSelectField } from '#web/components/ui/form.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/security.ts'
import { RevokeCredentialDialog } from './revoke-credential-dialog.tsx'
import '#web/lib/strings/accounts.ts'

const CUSTOM_DATE = 'date'

/** Personal API tokens for scripts: scopes within the person's role, an expiry, shown once. */
export function ApiTokensSection({ user }: { user: User }) {
  const { t } = useTranslation()
  const tokens = useApiTokens()
  const [created, setCreated] = useState<CreatedApiToken | null>(null)
  return (
    <SectionCard
      id="api-tokens"
      title={t('accounts.tokens.title')}
      description={t('accounts.tokens.description')}
    >
      {created && (
        <div
          className="grid gap-2 rounded-lg border border-warning/50 p-3"
          role="status"
          data-testid="new-token"
        >
          <p className="text-sm font-medium">{t('accounts.tokens.once', { name: created.name })}</p>
          <div className="flex items-center gap-2">
            <code
              className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 font-mono text-sm"
              data-testid="token-value"
            >
              {created.token}
            </code>
            <CopyButton text={created.token} label={t('accounts.tokens.copy')} />
          </div>
        </div>
      )}
      {tokens.isPending ? (
        <LoadingBlock label={t('accounts.tokens.loading')} rows={1} />
      ) : tokens.isError ? (
        <LoadError title={t('accounts.tokens.loadFailed')} query={tokens} />
      ) : tokens.data.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="tokens-empty">
          {t('accounts.tokens.empty')}
        </p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label={t('accounts.tokens.title')}>
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </ul>
      )}
      <NewTokenForm user={user} onCreated={setCreated} />
    </SectionCard>
  )
}

function TokenRow({ token }: { token: ApiToken }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const revoke = useRevokeApiToken()
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid={`token-${token.name}`}>
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <KeySquare className="size-4 text-muted-foreground" aria-hidden="true" />
          {token.name}
          <code className="text-xs text-muted-foreground">{token.prefix}…</code>
        </p>
        <p className="flex flex-wrap gap-1">
          {token.scopes.map((scope) => (
            <Badge key={scope} variant="secondary">
              {scope}
            </Badge>
          ))}
        </p>
        <p className="text-sm text-muted-foreground">
          {t('accounts.tokens.expires', { date: dates.date(token.expiresAt) })} ·{' '}
          {token.lastUsedAt
            ? t('accounts.tokens.lastUsed', {
                when: dates.relative(token.lastUsedAt),
                ip: token.lastUsedIp ?? '',
              })
            : t('accounts.tokens.neverUsed')}
        </p>
      </div>
      <RevokeCredentialDialog
        label={t('accounts.tokens.revoke')}
        title={t('accounts.tokens.revokeTitle', { name: token.name })}
        text={t('accounts.tokens.revokeText')}
        failedTitle={t('accounts.tokens.failed')}
        pending={revoke.isPending}
        revoke={(callbacks) => revoke.mutate(token.id, callbacks)}
      />
    </li>
  )
}

/**
 * The token form: the request's own name and scopes, and the lifetime chosen as one of the usual
 * ones or a date (the request carries one or the other).
 */
const newTokenFormSchema = z
  .object({
    name: apiTokenRequestSchema.shape.name,
    scopes: apiTokenRequestSchema.shape.scopes,
    lifetime: z.enum([...TOKEN_LIFETIMES, CUSTOM_DATE]),
    date: z.string(),
  })
  .refine((form) => form.lifetime !== CUSTOM_DATE || form.date !== '', {
    path: ['date'],
    ...check('required'),
  })

function NewTokenForm({ user, onCreated }: { user: User; onCreated: (token: CreatedApiToken) => void }) {
  const { t } = useTranslation()
  const create = useCreateApiToken()
  const allowed = scopesForRole(user.role)
  const form = useZodForm(newTokenFormSchema, {
    defaultValues: { name: '', scopes: [], lifetime: '30d', date: '' },
  })
  const [name, scopes, lifetime, date] = form.watch(['name', 'scopes', 'lifetime', 'date'])
  return (
    <Form
      form={form}
      className="gap-3 rounded-lg border border-dashed p-3"
      aria-label={t('accounts.tokens.new')}
      onSubmit={(values) =>
        create.mutate(
          {
            name: values.name,
            scopes: values.scopes,
            ...(values.lifetime === CUSTOM_DATE ? { expiresOn: values.date } : { lifetime: values.lifetime }),
          },
          {
            onSuccess: (token) => {
              onCreated(token)
              // The expiry stays as chosen for the next token.
              form.resetField('name')
              form.resetField('scopes')
            },
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: t('accounts.tokens.failed'),
                description: error.message,
              }),
          },
        )
      }
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_12rem] sm:items-end">
        <FormInputField control={form.control} name="name" label={t('accounts.tokens.name')} maxLength={60} />
        <FormSelectField
          control={form.control}
          name="lifetime"
          label={t('accounts.tokens.expiry')}
          options={[
            ...TOKEN_LIFETIMES.map((value) => ({ value, label: t(`accounts.tokens.lifetimes.${value}`) })),
            { value: CUSTOM_DATE, label: t('accounts.tokens.lifetimes.date') },
          ]}
        />
        {lifetime === CUSTOM_DATE && (
          <FormInputField
            control={form.control}
            name="date"
            label={t('accounts.tokens.date')}
            type="date"
            required
          />
        )}
      </div>
      <FormField
        control={form.control}
        name="scopes"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('accounts.tokens.scopes')}</legend>
            <div className="grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
              {TOKEN_AREAS.map((area) => (
                <div key={area} className="grid gap-1 text-sm">
                  <span className="text-muted-foreground">{t(`accounts.tokens.areas.${area}`)}</span>
                  <div className="flex gap-4">
                    {TOKEN_ACCESS.map((access) => {
                      const scope = `${area}:${access}` as TokenScope
                      const permitted = allowed.includes(scope)
                      return (
                        <label
                          key={scope}
                          className="flex items-center gap-2"
                          title={permitted ? undefined : t('accounts.tokens.beyondRole')}
                        >
                          <input
                            type="checkbox"
                            className="size-4 accent-[var(--primary)]"
                            checked={field.value.includes(scope)}
                            disabled={!permitted}
                            onChange={(event) =>
                              field.onChange(
                                event.target.checked
                                  ? [...field.value, scope]
                                  : field.value.filter((chosen) => chosen !== scope),
                              )
                            }
                            aria-label={`${t(`accounts.tokens.areas.${area}`)}: ${t(`accounts.tokens.access.${access}`)}`}
                          />
                          {t(`accounts.tokens.access.${access}`)}
                        </label>
                      )
                    })}
                  </div>
                </div>
              ))}
            </div>
          </fieldset>
        )}
      />
      <Button
        type="submit"
        className="justify-self-start"
        disabled={
          create.isPending || name.trim() === '' || scopes.length === 0 || (lifetime === CUSTOM_DATE && !date)
        }
      >
        {create.isPending ? t('accounts.tokens.creating') : t('accounts.tokens.create')}
      </Button>
    </Form>
  )
}
