import type { SettingChange } from '#common/settings-diff.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/installations.ts'

/** What a change of settings (or version) changes, row by row: before and after. */
export function SettingsDiffTable({ changes }: { changes: SettingChange[] }) {
  const { t } = useTranslation()
  if (changes.length === 0)
    return <p className="text-sm text-muted-foreground">{t('installations.diff.none')}</p>
  const shown = (value: unknown) =>
    value === undefined ? t('installations.diff.unset') : JSON.stringify(value)
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="settings-diff">
        <thead className="text-left text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('installations.diff.setting')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('installations.diff.before')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t('installations.diff.after')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y font-mono text-xs">
          {changes.map((change) => (
            <tr key={change.path} data-testid={`diff-${change.path}`}>
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {change.path}
              </th>
              <td className="py-2 pr-3 text-destructive line-through decoration-1">{shown(change.before)}</td>
              <td className="py-2 text-success">{shown(change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
