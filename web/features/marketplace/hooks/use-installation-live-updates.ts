import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { RealtimeMessage } from '#common/contract/realtime.ts'
import { refreshAfterMessage } from '#web/lib/api/refresh.ts'
import { useUser } from '#web/lib/current-user.ts'
import { subscribeToRealtime } from '#web/lib/realtime-socket.ts'

/** A burst of step messages refreshes once, this long after the first of them. */
export const COALESCE_MS = 150

/**
 * What the installation screens do with the realtime socket's messages: each
 * `{type: 'installation'}` one refreshes what that kind of message changes (the contract's
 * REALTIME_CHANGES: the installations, and the orders whose state follows), a burst of them once.
 * Returns the listener and its clean-up.
 */
export function installationMessageRefresher(queryClient: QueryClient) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let latest: RealtimeMessage | undefined
  return {
    onMessage: (message: RealtimeMessage) => {
      if (message.type !== 'installation') return
      latest = message
      timer ??= setTimeout(() => {
        timer = undefined
        if (latest) void refreshAfterMessage(queryClient, latest)
      }, COALESCE_MS)
    },
    stop: () => clearTimeout(timer),
  }
}

/** Keeps the installation screens live while mounted, on the app's one realtime socket. */
export function useInstallationLiveUpdates(): void {
  const queryClient = useQueryClient()
  const userId = useUser().user?.id
  useEffect(() => {
    if (!userId) return
    const refresher = installationMessageRefresher(queryClient)
    const unsubscribe = subscribeToRealtime(userId, { onMessage: refresher.onMessage })
    return () => {
      refresher.stop()
      unsubscribe()
    }
  }, [userId, queryClient])
}
