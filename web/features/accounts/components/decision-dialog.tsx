import { type ReactNode, useId, useState } from 'react'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/accounts.ts'

/** An admin's answer to a request: it asks first, with an optional note mailed to the person. */
export function DecisionDialog({
  trigger,
  title,
  text,
  confirmLabel,
  destructive = false,
  pending,
  onDecide,
  testId,
}: {
  trigger: ReactNode
  title: string
  text: string
  confirmLabel: string
  destructive?: boolean
  pending: boolean
  onDecide: (note: string | null, done: () => void) => void
  testId?: string
}) {
  const { t } = useTranslation()
  const noteId = useId()
  const [note, setNote] = useState('')
  return (
    <ConfirmDialog
      trigger={trigger}
      title={title}
      description={
        <>
          <p>{text}</p>
          <span className="grid gap-1.5 text-sm text-foreground">
            <label htmlFor={noteId}>{t('accounts.decision.note')}</label>
            <Textarea
              id={noteId}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              rows={3}
              maxLength={1000}
            />
          </span>
        </>
      }
      confirmLabel={confirmLabel}
      pendingLabel={t('accounts.saving')}
      cancelLabel={t('accounts.cancel')}
      closeLabel={t('accounts.close')}
      destructive={destructive}
      pending={pending}
      testId={testId}
      onConfirm={(done) => onDecide(note.trim() || null, done)}
    />
  )
}
