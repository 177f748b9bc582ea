import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useUser } from '#web/lib/current-user.ts'
import { subscribeToRealtime } from '#web/lib/realtime-socket.ts'
import { INSTALLATIONS_PATH } from '../api/installations.ts'

/** A burst of step messages refreshes once, this long after the first of them. */
const COALESCE_MS = 150

/**
 * Keeps the installation screens live: each `{type: 'installation'}` message on the app's realtime
 * socket refreshes the installation queries (and the orders, whose state follows).
 */
export function useInstallationLiveUpdates(): void {
  const queryClient = useQueryClient()
  const userId = useUser().user?.id
  useEffect(() => {
    if (!userId) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const unsubscribe = subscribeToRealtime(userId, {
      onMessage: (message) => {
        if (message.type !== 'installation') return
        timer ??= setTimeout(() => {
          timer = undefined
          void queryClient.invalidateQueries({
            predicate: (query) =>
              query.queryKey[0] === INSTALLATIONS_PATH || query.queryKey[0] === '/api/orders',
          })
        }, COALESCE_MS)
      },
    })
    return () => {
      clearTimeout(timer)
      unsubscribe()
    }
  }, [userId, queryClient])
}
