import { KeySquare } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { scopesForRole, TOKEN_ACCESS, TOKEN_AREAS, type TokenScope } from '#common/api-scopes.ts'
import { type ApiToken, type CreatedApiToken, TOKEN_LIFETIMES } from '#common/schemas/accounts.ts'
import type { User } from '#common/schemas/auth.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { CopyButton } from '#web/components/ui/copy-button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/security.ts'
import { RevokeCredentialDialog } from './revoke-credential-dialog.tsx'

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

function NewTokenForm({ user, onCreated }: { user: User; onCreated: (token: CreatedApiToken) => void }) {
  const { t } = useTranslation()
  const create = useCreateApiToken()
  const ids = useId()
  const allowed = scopesForRole(user.role)
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<TokenScope[]>([])
  const [lifetime, setLifetime] = useState<string>('30d')
  const [date, setDate] = useState('')
  const toggle = (scope: TokenScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((chosen) => chosen !== scope)))
  return (
    <form
      className="grid gap-3 rounded-lg border border-dashed p-3"
      aria-label={t('accounts.tokens.new')}
      onSubmit={(event) => {
        event.preventDefault()
        create.mutate(
          {
            name: name.trim(),
            scopes,
            ...(lifetime === CUSTOM_DATE
              ? { expiresOn: date }
              : { lifetime: lifetime as (typeof TOKEN_LIFETIMES)[number] }),
          },
          {
            onSuccess: (token) => {
              onCreated(token)
              setName('')
              setScopes([])
            },
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: t('accounts.tokens.failed'),
                description: error.message,
              }),
          },
        )
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_12rem] sm:items-end">
        <label htmlFor={`${ids}-name`} className="grid gap-1.5 text-sm font-medium">
          {t('accounts.tokens.name')}
          <Input
            id={`${ids}-name`}
            value={name}
            maxLength={60}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <label htmlFor={`${ids}-lifetime`} className="grid gap-1.5 text-sm font-medium">
          {t('accounts.tokens.expiry')}
          <NativeSelect
            id={`${ids}-lifetime`}
            value={lifetime}
            onChange={(event) => setLifetime(event.target.value)}
          >
            {TOKEN_LIFETIMES.map((value) => (
              <option key={value} value={value}>
                {t(`accounts.tokens.lifetimes.${value}`)}
              </option>
            ))}
            <option value={CUSTOM_DATE}>{t('accounts.tokens.lifetimes.date')}</option>
          </NativeSelect>
        </label>
        {lifetime === CUSTOM_DATE && (
          <label htmlFor={`${ids}-date`} className="grid gap-1.5 text-sm font-medium">
            {t('accounts.tokens.date')}
            <Input
              id={`${ids}-date`}
              type="date"
              value={date}
              onChange={(event) => setDate(event.target.value)}
              required
            />
          </label>
        )}
      </div>
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
                        checked={scopes.includes(scope)}
                        disabled={!permitted}
                        onChange={(event) => toggle(scope, event.target.checked)}
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
      <Button
        type="submit"
        className="justify-self-start"
        disabled={
          create.isPending || name.trim() === '' || scopes.length === 0 || (lifetime === CUSTOM_DATE && !date)
        }
      >
        {create.isPending ? t('accounts.tokens.creating') : t('accounts.tokens.create')}
      </Button>
    </form>
  )
}
