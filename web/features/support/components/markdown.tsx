import { lazy, Suspense } from 'react'

/** The Markdown parser loads with the first message shown, not with the screen. */
const MarkdownRender = lazy(() => import('./markdown-render.tsx'))

/**
 * A message's Markdown, rendered safely (markdown-render.tsx). Until the parser has loaded, the
 * message reads as the plain text it was written in.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <Suspense
      fallback={<div className="text-sm leading-relaxed break-words whitespace-pre-wrap">{children}</div>}
    >
      <MarkdownRender>{children}</MarkdownRender>
    </Suspense>
  )
}
