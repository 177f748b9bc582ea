import { FileText, Headset, Lock, Mail, UserRound } from 'lucide-react'
import type { Ticket, TicketMessage } from '#common/schemas/support.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { cn } from '#web/lib/cn.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { formatFileSize } from '../file-size.ts'
import { Markdown } from './markdown.tsx'
import '#web/lib/strings/support.ts'

/** The conversation, oldest first: who wrote, when and how, the Markdown, the files. */
export function TicketThread({
  ticket,
  attachmentUrl,
}: {
  ticket: Ticket
  attachmentUrl: (attachmentId: string) => string
}) {
  return (
    <ol className="grid gap-4" aria-label={ticket.subject} data-testid="ticket-thread">
      {ticket.messages.map((message) => (
        <MessageItem key={message.id} message={message} attachmentUrl={attachmentUrl} />
      ))}
    </ol>
  )
}

function MessageItem({
  message,
  attachmentUrl,
}: {
  message: TicketMessage
  attachmentUrl: (attachmentId: string) => string
}) {
  const { t } = useTranslation()
  const format = useDateFormat()
  const fromSupport = message.authorKind === 'officer'
  const Icon = fromSupport ? Headset : UserRound
  return (
    <li
      className={cn(
        'grid gap-3 rounded-xl border bg-card p-4 shadow-sm',
        fromSupport && 'border-primary/30',
        message.internal && 'border-dashed border-warning/60 bg-warning/5',
      )}
      data-testid="ticket-message"
      data-internal={message.internal || undefined}
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="flex items-center gap-2 font-medium">
          <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
          {message.authorName}
          {fromSupport && !message.internal && (
            <span className="font-normal text-muted-foreground">· {t('support.thread.officer')}</span>
          )}
        </span>
        <time dateTime={message.createdAt} className="text-muted-foreground">
          {format.dateTime(message.createdAt)}
        </time>
        {message.via === 'email' && (
          <span className="flex items-center gap-1 text-muted-foreground">
            <Mail aria-hidden="true" className="size-3.5" />
            {t('support.thread.via.email')}
          </span>
        )}
        {message.internal && (
          <Badge variant="warning" className="gap-1">
            <Lock aria-hidden="true" className="size-3" />
            {t('support.thread.internal')}
          </Badge>
        )}
      </header>
      <Markdown>{message.body}</Markdown>
      {message.attachments.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {message.attachments.map((attachment) => (
            <li key={attachment.id}>
              <a
                href={attachmentUrl(attachment.id)}
                download={attachment.fileName}
                className="flex max-w-64 items-center gap-2 rounded-md border px-2 py-1.5 text-sm hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                aria-label={t('support.thread.download', {
                  name: attachment.fileName,
                  size: formatFileSize(attachment.size),
                })}
              >
                {attachment.contentType.startsWith('image/') ? (
                  <img
                    src={attachmentUrl(attachment.id)}
                    alt=""
                    className="size-8 shrink-0 rounded object-cover"
                    loading="lazy"
                  />
                ) : (
                  <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                )}
                <span className="truncate">{attachment.fileName}</span>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {formatFileSize(attachment.size)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}
