import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { copyText } from '#web/lib/clipboard.ts'
import { COPIED_LABEL_MS } from '#web/lib/constants.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'

/** Copies a text and says "Copied" for 2 s. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_LABEL_MS)
    return () => clearTimeout(timer)
  }, [copied])
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void copyText(text).then((ok) => setCopied(ok))}
      aria-live="polite"
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? t('common.copied') : label}
    </Button>
  )
}
