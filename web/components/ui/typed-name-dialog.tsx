import { Trash2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import type { z } from 'zod'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
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
import { Form, FormAlert, FormInputField } from './form.tsx'

type ConfirmationSchema = z.ZodType<{ confirmName: string }, { confirmName: string }>

/**
 * A destructive action confirmed by typing a name exactly (a cluster's, a product's): the button
 * stays disabled until it matches, the server's refusal shows on the field, and the dialog opened
 * again starts empty.
 */
export function TypedNameDialog({
  name,
  schema,
  trigger,
  title,
  description,
  label,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  closeLabel,
  pending,
  disabled,
  onConfirm,
  testId,
}: {
  name: string
  /** The confirmation's schema (its message names what to type). */
  schema: ConfirmationSchema
  trigger: string
  title: string
  description: ReactNode
  label: ReactNode
  confirmLabel: string
  pendingLabel: string
  cancelLabel: string
  closeLabel: string
  pending: boolean
  disabled: boolean
  /** Runs the action; `done` closes the dialog, `failed` puts the server's answer on the form. */
  onConfirm: (confirmName: string, handlers: { done: () => void; failed: (error: Error) => void }) => void
  /** `<testId>-button`, `<testId>-dialog`, `<testId>-confirm-input`, `<testId>-confirm`. */
  testId: string
}) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive" size="sm" disabled={disabled} data-testid={`${testId}-button`}>
          <Trash2 aria-hidden="true" />
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={closeLabel} data-testid={`${testId}-dialog`}>
        {open && (
          <TypedNameForm
            {...{
              name,
              schema,
              title,
              description,
              label,
              confirmLabel,
              pendingLabel,
              cancelLabel,
              pending,
              testId,
            }}
            onConfirm={(confirmName, failed) =>
              onConfirm(confirmName, { done: () => setOpen(false), failed })
            }
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function TypedNameForm({
  name,
  schema,
  title,
  description,
  label,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  pending,
  testId,
  onConfirm,
}: {
  name: string
  schema: ConfirmationSchema
  title: string
  description: ReactNode
  label: ReactNode
  confirmLabel: string
  pendingLabel: string
  cancelLabel: string
  pending: boolean
  testId: string
  onConfirm: (confirmName: string, failed: (error: Error) => void) => void
}) {
  const form = useZodForm(schema, { defaultValues: { confirmName: '' } })
  const matches = form.watch('confirmName').trim() === name
  return (
    <Form
      form={form}
      className="gap-4"
      onSubmit={({ confirmName }) => onConfirm(confirmName, (error) => applyServerErrors(form, error))}
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <FormAlert />
      <FormInputField
        control={form.control}
        name="confirmName"
        label={label}
        autoComplete="off"
        spellCheck={false}
        data-testid={`${testId}-confirm-input`}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {cancelLabel}
          </Button>
        </DialogClose>
        <Button
          type="submit"
          variant="destructive"
          disabled={!matches || pending}
          data-testid={`${testId}-confirm`}
        >
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </DialogFooter>
    </Form>
  )
}
