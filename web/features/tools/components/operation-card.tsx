import { Link2 } from 'lucide-react'
import { Disclosure } from '#web/components/ui/disclosure.tsx'
import { cn } from '#web/lib/cn.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { ApiBody, ApiOperation, ApiResponse, HttpMethod } from '../openapi-reference.ts'
import { schemaSize } from '../schema-outline.ts'
import { SchemaFacts, SchemaView, typeLabel } from './schema-view.tsx'
import '#web/lib/strings/tools.ts'

/** Method colours; the method is always written out too, so colour is never the only cue. */
const METHOD_STYLES: Record<HttpMethod, string> = {
  get: 'bg-primary/12 text-primary border-primary/30',
  post: 'bg-success/15 text-[color-mix(in_oklab,var(--success),black_35%)] border-success/40 dark:text-success',
  put: 'bg-warning/15 text-[color-mix(in_oklab,var(--warning),black_50%)] border-warning/50 dark:text-warning',
  patch:
    'bg-warning/15 text-[color-mix(in_oklab,var(--warning),black_50%)] border-warning/50 dark:text-warning',
  delete: 'bg-destructive/10 text-destructive border-destructive/40',
  head: 'bg-muted text-foreground',
  options: 'bg-muted text-foreground',
}

const STATUS_TEXTS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  303: 'See Other',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Content',
  426: 'Upgrade Required',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
}

export function MethodBadge({ method, className }: { method: HttpMethod; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex w-16 shrink-0 justify-center rounded-md border px-1.5 py-0.5 font-mono text-xs font-bold',
        METHOD_STYLES[method],
        className,
      )}
    >
      {method.toUpperCase()}
    </span>
  )
}

/**
 * One operation: method, path, anchor link and summary, then its parameters, request body and
 * responses on demand (open at once when the address names it). Drawn open for 200 operations,
 * the page took seconds to show and an accessibility audit minutes.
 */
export function OperationCard({ operation, defaultOpen }: { operation: ApiOperation; defaultOpen: boolean }) {
  const { t } = useTranslation()
  const method = operation.method.toUpperCase()
  const titleId = `${operation.anchor}-title`
  return (
    <article
      id={operation.anchor}
      aria-labelledby={titleId}
      data-testid="api-operation"
      className="grid scroll-mt-24 gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
    >
      <header className="grid gap-2">
        <h3 id={titleId} className="flex min-w-0 flex-wrap items-center gap-2">
          <MethodBadge method={operation.method} />
          <code className="min-w-0 font-semibold break-all" data-testid="operation-path">
            {operation.path}
          </code>
          <a
            href={`#${operation.anchor}`}
            className="rounded-sm p-1 text-muted-foreground hover:text-primary focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none"
            aria-label={t('tools.apiReference.operationLink', { method, path: operation.path })}
            title={t('tools.apiReference.operationLink', { method, path: operation.path })}
          >
            <Link2 className="size-4" aria-hidden="true" />
          </a>
        </h3>
        {operation.summary && <p className="text-sm">{operation.summary}</p>}
        {operation.description && <p className="text-sm text-muted-foreground">{operation.description}</p>}
      </header>

      <Disclosure defaultOpen={defaultOpen} summary={t('tools.apiReference.details')}>
        <OperationDetails operation={operation} />
      </Disclosure>
    </article>
  )
}

function OperationDetails({ operation }: { operation: ApiOperation }) {
  const { t } = useTranslation()
  const successes = operation.responses.filter(isSuccess)
  const errors = operation.responses.filter((response) => !isSuccess(response))
  return (
    <div className="grid gap-4">
      {operation.parameters.length > 0 && (
        <Part title={t('tools.apiReference.parameters')}>
          <ul className="divide-y rounded-md border">
            {operation.parameters.map((parameter) => (
              <li key={`${parameter.location}:${parameter.name}`} className="grid gap-1 px-3 py-2.5">
                <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                  <code className="font-semibold">{parameter.name}</code>
                  <span className="text-xs text-muted-foreground">
                    {t('tools.apiReference.parameterIn', { location: parameter.location })}
                  </span>
                  <span className="font-mono text-xs text-primary">{typeLabel(parameter.schema, t)}</span>
                  <span
                    className={
                      parameter.required
                        ? 'text-xs font-medium text-destructive'
                        : 'text-xs text-muted-foreground'
                    }
                  >
                    {parameter.required ? t('tools.apiReference.required') : t('tools.apiReference.optional')}
                  </span>
                </div>
                {parameter.description && (
                  <p className="text-sm text-muted-foreground">{parameter.description}</p>
                )}
                <SchemaFacts node={parameter.schema} />
              </li>
            ))}
          </ul>
        </Part>
      )}

      {operation.requestBody && (
        <Part
          title={t('tools.apiReference.requestBody')}
          note={
            operation.requestBody.required
              ? t('tools.apiReference.required')
              : t('tools.apiReference.optional')
          }
        >
          <RequestBodies bodies={operation.requestBody.bodies} />
        </Part>
      )}

      {operation.responses.length > 0 && (
        <Part title={t('tools.apiReference.responses')}>
          <div className="grid gap-2">
            {successes.map((response) => (
              <ResponseDetails key={response.status} response={response} />
            ))}
            {errors.length > 0 && <ErrorResponses responses={errors} />}
          </div>
        </Part>
      )}
    </div>
  )
}

function Part({ title, note, children }: { title: string; note?: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-2">
      <h4 className="flex items-baseline gap-2 text-sm font-semibold">
        {title}
        {note && <span className="text-xs font-normal text-muted-foreground">{note}</span>}
      </h4>
      {children}
    </section>
  )
}

/**
 * Schemas larger than this many nodes (a cluster's detail) start closed: drawn for every
 * operation at once, they would make the page heavy. Responses start open only when tiny (an
 * `{ items }` list of a few fields is already too much once 140 operations each draw one).
 */
const OPEN_SCHEMA_MAX_NODES = 60
const OPEN_RESPONSE_MAX_NODES = 8

const isSmall = (bodies: ApiBody[], maximum = OPEN_SCHEMA_MAX_NODES) =>
  bodies.reduce((total, body) => total + schemaSize(body.schema), 0) <= maximum

/**
 * A response; tiny success responses start open, error responses (all alike) and larger ones
 * start closed, and a closed one renders its schema only once opened (the page stays light with
 * every operation).
 */
function ResponseDetails({ response }: { response: ApiResponse }) {
  const success = isSuccess(response)
  const statusText = STATUS_TEXTS[response.status]
  return (
    <Disclosure
      defaultOpen={success && isSmall(response.bodies, OPEN_RESPONSE_MAX_NODES)}
      summary={
        <>
          <span
            className={cn(
              'font-mono font-semibold',
              success
                ? 'text-[color-mix(in_oklab,var(--success),black_35%)] dark:text-success'
                : 'text-destructive',
            )}
          >
            {response.status}
          </span>
          <span className="text-muted-foreground">{response.description ?? statusText}</span>
        </>
      }
    >
      <Bodies bodies={response.bodies} />
    </Disclosure>
  )
}

const isSuccess = (response: ApiResponse) => response.status.startsWith('2')

/**
 * An operation's error responses, one closed line listing their statuses: they are alike (a
 * `{ message }`), and drawn one by one for 200 operations they made up a third of the page.
 */
function ErrorResponses({ responses }: { responses: ApiResponse[] }) {
  const { t } = useTranslation()
  return (
    <Disclosure
      summary={
        <>
          <span>{t('tools.apiReference.errorResponses')}</span>
          <span className="font-mono text-destructive">
            {responses.map((response) => response.status).join(' · ')}
          </span>
        </>
      }
    >
      <div className="grid gap-2">
        {responses.map((response) => (
          <ResponseDetails key={response.status} response={response} />
        ))}
      </div>
    </Disclosure>
  )
}

/** A request body: shown at once when small, on demand when large. */
function RequestBodies({ bodies }: { bodies: ApiBody[] }) {
  const { t } = useTranslation()
  if (isSmall(bodies)) return <Bodies bodies={bodies} />
  return (
    <Disclosure summary={t('tools.apiReference.showSchema')}>
      <Bodies bodies={bodies} />
    </Disclosure>
  )
}

function Bodies({ bodies }: { bodies: ApiBody[] }) {
  const { t } = useTranslation()
  if (bodies.length === 0)
    return <p className="text-sm text-muted-foreground">{t('tools.apiReference.noContent')}</p>
  return (
    <div className="grid gap-3">
      {bodies.map((body) => (
        <div key={body.contentType} className="grid min-w-0 gap-2">
          <code className="text-xs text-muted-foreground">{body.contentType}</code>
          <SchemaView node={body.schema} />
        </div>
      ))}
    </div>
  )
}
