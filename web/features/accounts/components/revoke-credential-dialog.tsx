import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/accounts.ts'

/**
 * The revoke button of one lasting credential (an API token, a kubeconfig): a confirmation that
 * says what stops working, and a toast when the server refuses.
 */
export function RevokeCredentialDialog({
  label,
  title,
  text,
  failedTitle,
  pending,
  revoke,
}: {
  label: string
  title: string
  text: string
  failedTitle: string
  pending: boolean
  revoke: (callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void
}) {
  const { t } = useTranslation()
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-destructive">
          {label}
        </Button>
      }
      title={title}
      description={<p>{text}</p>}
      confirmLabel={label}
      pendingLabel={t('accounts.saving')}
      cancelLabel={t('accounts.cancel')}
      closeLabel={t('accounts.close')}
      destructive
      pending={pending}
      onConfirm={(done) =>
        revoke({
          onSuccess: done,
          onError: (error) =>
            toast({ variant: 'destructive', title: failedTitle, description: error.message }),
        })
      }
    />
  )
}
