import { useState } from 'react'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { Button } from '#web/components/ui/button.tsx'
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormLabelRow,
  FormMessage,
} from '#web/components/ui/form.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { Markdown } from './markdown.tsx'
import '#web/lib/strings/support.ts'

/** A message in Markdown, with a preview of how it will read. */
export function MarkdownField<Values extends FieldValues, Name extends FieldPath<Values>, Transformed>({
  control,
  name,
  label,
  rows = 6,
}: {
  control: Control<Values, unknown, Transformed>
  name: Name
  label: string
  rows?: number
}) {
  const { t } = useTranslation()
  const [previewing, setPreviewing] = useState(false)
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabelRow
            action={
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-pressed={previewing}
                onClick={() => setPreviewing(!previewing)}
              >
                {previewing ? t('support.form.write') : t('support.form.preview')}
              </Button>
            }
          >
            <FormLabel>{label}</FormLabel>
          </FormLabelRow>
          {previewing ? (
            <div className="min-h-24 rounded-md border px-3 py-2" data-testid="markdown-preview">
              {field.value ? (
                <Markdown>{field.value}</Markdown>
              ) : (
                <p className="text-sm text-muted-foreground">{t('support.form.nothingToPreview')}</p>
              )}
            </div>
          ) : (
            <FormControl>
              <Textarea {...field} rows={rows} value={field.value ?? ''} />
            </FormControl>
          )}
          <FormDescription>{t('support.form.descriptionHint')}</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
