import { useQueryClient } from '@tanstack/react-query'
import { refreshAfterMessage } from '#web/lib/api/refresh.ts'
import { useRealtimeMessages } from '#web/lib/realtime-socket.ts'

/**
 * Keeps the support screens live: each `{type: 'ticket'}` message on the app's realtime socket
 * (a reply, a note, a change of state) refreshes what reads tickets, the officers' queue included.
 */
export function useTicketLiveUpdates(): void {
  const queryClient = useQueryClient()
  useRealtimeMessages((message) => {
    if (message.type !== 'ticket') return
    void refreshAfterMessage(queryClient, message)
  })
}
