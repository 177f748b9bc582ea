import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { notifications } from '#common/contract/notifications.ts'
import type { RealtimeMessage } from '#common/contract/realtime.ts'
import { refreshAfterMessage, refreshEndpoints } from '#web/lib/api/refresh.ts'
import { useRealtimeMessages } from '#web/lib/realtime-socket.ts'

/**
 * A notification message for the signed-in user on the realtime socket refreshes what reads
 * notifications, and so does a socket that opens again: what came while it was closed is fetched.
 * `onSignedOut` runs when the server no longer knows the session.
 */
export function useNotificationSocket(userId: string | undefined, onSignedOut: () => void): void {
  const queryClient = useQueryClient()
  const onMessage = useCallback(
    (message: RealtimeMessage) => {
      if (message.type === 'notification' && message.userId === userId)
        void refreshAfterMessage(queryClient, message)
    },
    [userId, queryClient],
  )
  const onReconnected = useCallback(
    () => void refreshEndpoints(queryClient, [notifications.list, notifications.count]),
    [queryClient],
  )
  useRealtimeMessages(onMessage, onSignedOut, onReconnected)
}
