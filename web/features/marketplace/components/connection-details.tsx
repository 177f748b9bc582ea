import { Eye, EyeOff, KeyRound, RotateCcw } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Installation } from '#common/schemas/installations.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { CopyButton } from '#web/components/ui/copy-button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx'
import { PasswordInput } from '#web/components/ui/password-input.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useInstallationChange, useRevealCredentials } from '../api/installations.ts'

/**
 * A middleware installation's endpoints and generated user; the password is shown only after the
 * person types their own password again, kept in this page's memory only, and rotated on demand.
 */
export function ConnectionDetails({ installation, busy }: { installation: Installation; busy: boolean }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const [password, setPassword] = useState<string | null>(null)
  const rotate = useInstallationChange(installation.id)
  return (
    <section
      className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm"
      aria-labelledby="connection-details"
    >
      <h2 id="connection-details" className="font-semibold">
        {t('installations.connection.title')}
      </h2>
      {installation.endpoints.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('installations.connection.noEndpoints')}</p>
      ) : (
        <dl className="grid gap-3 text-sm" data-testid="connection-details">
          {installation.endpoints.map((endpoint) => (
            <div key={endpoint.url} className="grid gap-1">
              <dt className="text-muted-foreground">{endpoint.name}</dt>
              <dd className="flex items-center gap-2">
                <code className="font-mono text-xs break-all">{endpoint.url}</code>
                <CopyButton text={endpoint.url} label={t('clusters.copy')} />
              </dd>
            </div>
          ))}
          {installation.username && (
            <div className="grid gap-1">
              <dt className="text-muted-foreground">{t('installations.connection.username')}</dt>
              <dd>
                <code className="font-mono text-xs" data-testid="connection-username">
                  {installation.username}
                </code>
              </dd>
            </div>
          )}
          {installation.hasPassword && (
            <div className="grid gap-1">
              <dt className="text-muted-foreground">{t('installations.connection.password')}</dt>
              <dd className="flex flex-wrap items-center gap-2">
                {password ? (
                  <>
                    <code className="font-mono text-xs" data-testid="connection-password">
                      {password}
                    </code>
                    <CopyButton text={password} label={t('clusters.copy')} />
                    <Button variant="ghost" size="sm" onClick={() => setPassword(null)}>
                      <EyeOff aria-hidden="true" />
                      {t('installations.connection.hide')}
                    </Button>
                  </>
                ) : (
                  <>
                    <span className="text-muted-foreground">{t('installations.connection.hidden')}</span>
                    <RevealDialog installation={installation} onRevealed={setPassword} />
                  </>
                )}
              </dd>
              {installation.credentialsRotatedAt && (
                <p className="text-xs text-muted-foreground">
                  {t('installations.connection.rotated', {
                    date: dates.dateTime(installation.credentialsRotatedAt),
                  })}
                </p>
              )}
            </div>
          )}
        </dl>
      )}
      {installation.hasPassword && installation.status === 'installed' && (
        <div>
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" disabled={busy}>
                <RotateCcw aria-hidden="true" />
                {t('installations.connection.rotate')}
              </Button>
            }
            title={t('installations.connection.rotateTitle')}
            description={<p>{t('installations.connection.rotateText')}</p>}
            confirmLabel={t('installations.connection.rotate')}
            pendingLabel={t('installations.connection.rotate')}
            cancelLabel={t('installations.cancel')}
            closeLabel={t('installations.close')}
            pending={rotate.isPending}
            onConfirm={(done) =>
              rotate.mutate(
                { action: 'credentials/rotate' },
                {
                  onSuccess: () => {
                    setPassword(null)
                    done()
                  },
                },
              )
            }
          />
        </div>
      )}
    </section>
  )
}

function RevealDialog({
  installation,
  onRevealed,
}: {
  installation: Installation
  onRevealed: (password: string) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string | null>(null)
  const reveal = useRevealCredentials(installation.id)
  const submit = () => {
    setError(null)
    reveal.mutate(typed, {
      onSuccess: (revealed) => {
        onRevealed(revealed.password)
        setOpen(false)
      },
      onError: (failure) => setError(failure instanceof ApiError ? failure.message : String(failure)),
    })
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        setTyped('')
        setError(null)
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" data-testid="reveal-password">
          <Eye aria-hidden="true" />
          {t('installations.connection.reveal')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('installations.close')}>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('installations.connection.revealTitle')}</DialogTitle>
            <DialogDescription>
              {t('installations.connection.revealText', { product: installation.productName })}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-password`} className="text-sm font-medium">
              {t('installations.connection.yourPassword')}
            </label>
            <PasswordInput
              id={`${id}-password`}
              value={typed}
              autoComplete="current-password"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setTyped(event.target.value)}
              showLabel={t('auth.fields.showPassword')}
            />
            {error && (
              <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('installations.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={typed === '' || reveal.isPending} data-testid="reveal-submit">
              <KeyRound aria-hidden="true" />
              {t('installations.connection.revealSubmit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
