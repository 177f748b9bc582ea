import { zodResolver } from '@hookform/resolvers/zod'
import { type DefaultValues, type FieldValues, type UseFormProps, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { defaultIssueMessage } from '#common/validation-messages.ts'

/**
 * A form checked with its shared schema (the one the server applies) before anything is sent.
 * Messages come from the catalog of common/validation-messages.ts, zod's own checks included, so
 * FormMessage shows them in the visitor's language. A field is checked again as it changes once
 * the form was submitted, and the first field at fault takes the focus.
 */
export function useZodForm<Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver' | 'defaultValues'> & {
    defaultValues: DefaultValues<z.input<Schema>>
  },
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    resolver: zodResolver(schema, { error: defaultIssueMessage }),
  })
}
