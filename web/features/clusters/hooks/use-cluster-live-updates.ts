import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { RealtimeMessageOf } from '#common/contract/realtime.ts'
import { refreshAfterMessage } from '#web/lib/api/refresh.ts'
import { useUser } from '#web/lib/current-user.ts'
import { subscribeToRealtime } from '#web/lib/realtime-socket.ts'

/** A burst of step messages refreshes once, this long after the first of them. */
const COALESCE_MS = 150

/**
 * Keeps the cluster and order screens live: each `{type: 'cluster'}` message on the app's one
 * realtime socket (the notification bell's, shared per user) refreshes what a cluster's change
 * touches (common/contract/realtime.ts). The queries themselves poll every few seconds while an operation runs, so a lost
 * message or a reconnecting socket never leaves a page stuck.
 */
export function useClusterLiveUpdates(onMessage?: (message: RealtimeMessageOf<'cluster'>) => void): void {
  const queryClient = useQueryClient()
  const userId = useUser().user?.id
  useEffect(() => {
    if (!userId) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const unsubscribe = subscribeToRealtime(userId, {
      onMessage: (message) => {
        if (message.type !== 'cluster') return
        onMessage?.(message)
        timer ??= setTimeout(() => {
          timer = undefined
          void refreshAfterMessage(queryClient, message)
        }, COALESCE_MS)
      },
    })
    return () => {
      clearTimeout(timer)
      unsubscribe()
    }
  }, [userId, queryClient, onMessage])
}
