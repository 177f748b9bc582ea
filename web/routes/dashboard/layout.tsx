import { Outlet } from 'react-router'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { AuthGate } from '#web/shell/auth-gate.tsx'
import { ConsoleShell } from '#web/shell/console-shell.tsx'

/** The signed-in dashboard: every page in the console (header, sidebar, the page beside it). */
export default function DashboardLayout() {
  const { t } = useTranslation()
  return (
    <div className="flex h-dvh flex-col">
      <AuthGate loadingLabel={t('common.loadingDashboard')}>
        <ConsoleShell>
          <Outlet />
        </ConsoleShell>
      </AuthGate>
    </div>
  )
}
