import { FileText, ImageIcon, Paperclip, X } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_TYPES,
  type AttachmentLimits,
  type AttachmentUpload,
  MEMBER_ATTACHMENT_LIMITS,
} from '#common/schemas/support.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField, useFieldMessage } from '#web/components/ui/form.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import type { TFunction } from '#web/lib/i18n.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { formatFileSize } from '../file-size.ts'
import '#web/lib/strings/support.ts'

/** The refusals about the files, shown beside them. */
export const ATTACHMENT_ERROR_FIELDS = {
  ATTACHMENT_TOO_LARGE: 'attachments',
  ATTACHMENT_TYPE_REFUSED: 'attachments',
  ATTACHMENT_TYPE_MISMATCH: 'attachments',
}

/**
 * The desk's refusals of a whole message in the reader's language: the files past the daily
 * allowance or the request's size limit, too many messages in the hour; anything else as the server words it.
 */
export function supportFailureMessage(error: unknown, t: TFunction): string {
  const code = error instanceof ApiError ? (error.body as { code?: unknown } | null)?.code : undefined
  if (code === 'UPLOAD_QUOTA_EXCEEDED') return t('support.errors.uploadQuota')
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return t('support.errors.tooLarge')
  if (error instanceof ApiError && error.status === 429) return t('support.errors.rateLimited')
  return error instanceof Error ? error.message : String(error)
}

/** A file's bytes as base64, how the API takes an attachment. */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

/** The size of a base64 string's bytes. */
const decodedSize = (base64: string) =>
  Math.floor((base64.length * 3) / 4) - (base64.match(/=*$/)?.[0].length ?? 0)

/**
 * The files of a message: picked with the keyboard or the mouse, checked here by count, size and
 * name (the server checks the content again), listed with a button to remove each. A visitor's
 * limits are smaller than a member's.
 */
export function AttachmentsField<Values extends FieldValues, Name extends FieldPath<Values>, Transformed>({
  control,
  name,
  limits = MEMBER_ATTACHMENT_LIMITS,
}: {
  control: Control<Values, unknown, Transformed>
  name: Name
  limits?: AttachmentLimits
}) {
  const sizeInMegabytes = limits.bytes / 1024 / 1024
  const { t } = useTranslation()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [reading, setReading] = useState(false)
  const fieldMessage = useFieldMessage(name)
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const files: AttachmentUpload[] = field.value ?? []
        const add = async (picked: File[]) => {
          setProblem(null)
          if (files.length + picked.length > limits.count)
            return setProblem(t('support.attachments.tooMany', { count: limits.count }))
          for (const file of picked) {
            const extension = file.name.split('.').pop()?.toLowerCase() ?? ''
            if (!(extension in ATTACHMENT_TYPES))
              return setProblem(t('support.attachments.wrongType', { name: file.name }))
            if (file.size > limits.bytes)
              return setProblem(t('support.attachments.tooLarge', { name: file.name, size: sizeInMegabytes }))
          }
          setReading(true)
          try {
            const read = await Promise.all(
              picked.map(async (file) => ({ fileName: file.name, contentBase64: await readAsBase64(file) })),
            )
            field.onChange([...files, ...read])
          } finally {
            setReading(false)
          }
        }
        return (
          <fieldset className="grid gap-2" aria-describedby={`${id}-hint`}>
            <legend className="mb-1 text-sm font-medium">{t('support.attachments.label')}</legend>
            <p id={`${id}-hint`} className="text-sm text-muted-foreground">
              {t('support.attachments.hint', { count: limits.count, size: sizeInMegabytes })}
            </p>
            {files.length > 0 && (
              <ul className="grid gap-1.5" data-testid="attachment-list">
                {files.map((file, index) => (
                  <li
                    key={`${file.fileName}-${index}`}
                    className="flex items-center gap-2 rounded-md border px-2 py-1.5 text-sm"
                  >
                    {/\.(png|jpe?g)$/i.test(file.fileName) ? (
                      <ImageIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    ) : (
                      <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    )}
                    <span className="min-w-0 flex-1 truncate">{file.fileName}</span>
                    <span className="text-xs text-muted-foreground tabular-nums">
                      {formatFileSize(decodedSize(file.contentBase64))}
                    </span>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      aria-label={t('support.attachments.remove', { name: file.fileName })}
                      onClick={() => field.onChange(files.filter((_, position) => position !== index))}
                    >
                      <X aria-hidden="true" className="size-4" />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <div>
              <input
                ref={input}
                id={`${id}-input`}
                type="file"
                multiple
                accept={ATTACHMENT_ACCEPT}
                className="sr-only"
                tabIndex={-1}
                aria-hidden="true"
                data-testid="attachment-input"
                onChange={(event) => {
                  const picked = [...(event.target.files ?? [])]
                  event.target.value = ''
                  void add(picked)
                }}
              />
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={reading || files.length >= limits.count}
                onClick={() => input.current?.click()}
              >
                <Paperclip aria-hidden="true" className="size-4" />
                {reading ? t('support.attachments.reading') : t('support.attachments.add')}
              </Button>
            </div>
            {(problem ?? fieldMessage) && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {problem ?? fieldMessage}
              </p>
            )}
          </fieldset>
        )
      }}
    />
  )
}
