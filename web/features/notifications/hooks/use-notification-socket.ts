import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { RealtimeMessage } from '#common/contract/realtime.ts'
import { useRealtimeMessages } from '#web/lib/realtime-socket.ts'
import { invalidateNotifications } from '../api/notification-keys.ts'

/**
 * A notification message for the signed-in user on the realtime socket refreshes both notification
 * queries (spec §7), and so does a socket that opens again: what came while it was closed is
 * fetched. `onSignedOut` runs when the server no longer knows the session.
 */
export function useNotificationSocket(userId: string | undefined, onSignedOut: () => void): void {
  const queryClient = useQueryClient()
  const onMessage = useCallback(
    (message: RealtimeMessage) => {
      if (message.type === 'notification' && message.userId === userId)
        void invalidateNotifications(queryClient)
    },
    [userId, queryClient],
  )
  const onReconnected = useCallback(() => void invalidateNotifications(queryClient), [queryClient])
  useRealtimeMessages(onMessage, onSignedOut, onReconnected)
}
