import { useQueryClient } from '@tanstack/react-query'
import { development } from '#common/contract/development.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'
import { USER_KEY } from '#web/lib/current-user.ts'

/** Signs in as a demo account without its password (development only). */
export function useDevLogin() {
  const queryClient = useQueryClient()
  return useApiMutation(development.signIn, {
    input: (username: string) => ({ body: { username } }),
    onSuccess: (user) => queryClient.setQueryData(USER_KEY, user),
  })
}
