import { FileJson, X } from 'lucide-react'
import { useDeferredValue, useEffect, useId, useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { RetryAlert } from '#web/components/ui/retry-alert.tsx'
import { SearchInput } from '#web/components/ui/search-input.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { OPENAPI_DOCUMENT_PATH, useApiReference } from '#web/features/tools/api/get-openapi-document.ts'
import { MethodBadge, OperationCard } from '#web/features/tools/components/operation-card.tsx'
import { ToolPage } from '#web/features/tools/components/tool-page.tsx'
import {
  type ApiReference,
  countOperations,
  filterApiReference,
} from '#web/features/tools/openapi-reference.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/tools.ts'

/** /api-reference: the server's OpenAPI document, by tag, with a filter and a link per operation. */
export default function ApiReferenceRoute() {
  const { t } = useTranslation()
  const { reference, isPending, error, isInvalid, isFetching, retry } = useApiReference()

  let content: React.ReactNode
  if (isPending) {
    content = (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner className="size-4" />
        {t('tools.apiReference.loading')}
      </p>
    )
  } else if (error || isInvalid || !reference) {
    content = (
      <RetryAlert
        message={
          error ? t('tools.apiReference.error', { message: error.message }) : t('tools.apiReference.invalid')
        }
        onRetry={retry}
        retrying={isFetching}
      />
    )
  } else if (reference.operationCount === 0) {
    content = <p className="text-muted-foreground">{t('tools.apiReference.empty')}</p>
  } else {
    content = <ReferenceBody reference={reference} />
  }

  return (
    <ToolPage
      title={t('pages.apiReference')}
      lead={t('tools.apiReference.lead')}
      aside={
        <a
          href={OPENAPI_DOCUMENT_PATH}
          className="inline-flex items-center gap-2 self-start text-sm font-medium text-primary underline-offset-4 hover:underline sm:self-auto"
        >
          <FileJson className="size-4" aria-hidden="true" />
          {t('tools.apiReference.download')}
        </a>
      }
    >
      {content}
    </ToolPage>
  )
}

function ReferenceBody({ reference }: { reference: ApiReference }) {
  const { t } = useTranslation()
  const filterId = useId()
  const [query, setQuery] = useState('')
  // Typing stays responsive while a long list re-renders.
  const deferredQuery = useDeferredValue(query)
  const groups = filterApiReference(reference.groups, deferredQuery)
  const shown = countOperations(groups)
  // The operation the address names, read once: it starts open.
  const [target] = useState(() =>
    typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash.slice(1)),
  )
  useScrollToHash(target)

  return (
    <div className="grid gap-6">
      {(reference.description || reference.version) && (
        <p className="text-sm text-muted-foreground">
          {t('tools.apiReference.documentTitle', { title: reference.title, version: reference.version })}
          {reference.description && ` — ${reference.description}`}
        </p>
      )}
      <search className="grid gap-2">
        <label htmlFor={filterId} className="text-sm font-medium">
          {t('tools.apiReference.filter')}
        </label>
        <SearchInput
          id={filterId}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('tools.apiReference.filterPlaceholder')}
          aria-describedby={`${filterId}-count`}
        />
        <p id={`${filterId}-count`} role="status" className="text-sm text-muted-foreground">
          {t('tools.apiReference.filterCount', { count: shown, total: reference.operationCount })}
        </p>
      </search>

      {groups.length === 0 ? (
        <div className="grid justify-items-start gap-3 rounded-xl border border-dashed p-6">
          <p>{t('tools.apiReference.noMatch', { query: deferredQuery.trim() })}</p>
          <Button variant="outline" size="sm" onClick={() => setQuery('')}>
            <X aria-hidden="true" />
            {t('tools.apiReference.clearFilter')}
          </Button>
        </div>
      ) : (
        // The operations come from the API's contract, written in English as the API is: the page
        // says so to the browser (and to translators), its frame reads in the reader's language.
        <div lang="en" translate="no" className="grid gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
          <nav aria-label={t('tools.apiReference.tagsTitle')} className="hidden lg:block">
            <div className="sticky top-24 grid max-h-[calc(100vh-8rem)] gap-4 overflow-y-auto pr-2">
              {groups.map((group) => (
                <div key={group.tag} className="grid gap-1">
                  <a
                    href={`#tag-${group.tag || 'untagged'}`}
                    className="text-sm font-semibold capitalize hover:text-primary"
                  >
                    {group.tag || t('tools.apiReference.untagged')}
                  </a>
                  <ul className="grid gap-0.5">
                    {group.operations.map((operation) => (
                      <li key={operation.anchor}>
                        <a
                          href={`#${operation.anchor}`}
                          title={`${operation.method.toUpperCase()} ${operation.path}`}
                          className="flex items-center gap-2 rounded px-1 py-0.5 text-xs hover:bg-accent"
                        >
                          <MethodBadge method={operation.method} className="w-12 text-[0.65rem]" />
                          <span className="truncate font-mono">{operation.path}</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </nav>
          <div className="grid min-w-0 gap-10">
            {groups.map((group) => (
              <section
                key={group.tag}
                id={`tag-${group.tag || 'untagged'}`}
                aria-labelledby={`tag-${group.tag || 'untagged'}-title`}
                className="grid scroll-mt-24 gap-4"
              >
                <h2 id={`tag-${group.tag || 'untagged'}-title`} className="text-xl font-semibold capitalize">
                  {group.tag || t('tools.apiReference.untagged')}
                </h2>
                {group.operations.map((operation) => (
                  <OperationCard
                    key={operation.anchor}
                    operation={operation}
                    defaultOpen={operation.anchor === target}
                  />
                ))}
              </section>
            ))}
          </div>
        </div>
      )}
    </div>
  )
}

/** The operations arrive after the page: scroll to the one the address names once they are there. */
function useScrollToHash(id: string) {
  useEffect(() => {
    if (id) document.getElementById(id)?.scrollIntoView()
  }, [id])
}
