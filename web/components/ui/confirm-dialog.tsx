import { type ReactNode, useState } from 'react'
import { Button } from './button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog.tsx'

/**
 * A button that asks before it acts: the dialog says what will happen and closes once the action
 * has been accepted by the server (a refusal keeps it open, with the toast saying why).
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  closeLabel,
  destructive = false,
  pending,
  onConfirm,
  testId,
}: {
  trigger: ReactNode
  title: string
  description: ReactNode
  confirmLabel: string
  pendingLabel: string
  /** The button that closes the dialog without acting. */
  cancelLabel: string
  /** The accessible name of the corner close button. */
  closeLabel: string
  destructive?: boolean
  pending: boolean
  /** Runs the action; calls `done` when it succeeded so the dialog closes. */
  onConfirm: (done: () => void) => void
  testId?: string
}) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel={closeLabel} data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div className="grid gap-2">{description}</div>
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{cancelLabel}</Button>
          </DialogClose>
          <Button
            variant={destructive ? 'destructive' : 'default'}
            disabled={pending}
            onClick={() => onConfirm(() => setOpen(false))}
          >
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
