import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { User } from '#common/schemas/auth.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { USER_PATH } from '#web/lib/current-user.ts'

/** Signs in as a demo account without its password (development only). */
export function useDevLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (username: string) => apiRequest<User>('POST', '/api/dev-login', { username }),
    onSuccess: (user) => queryClient.setQueryData([USER_PATH], user),
  })
}
