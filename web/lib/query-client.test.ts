import { QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from './query-client.ts'

describe('createQueryClient', () => {
  it('ends a mutation before the refresh it starts, so the caller still sees its success', async () => {
    const queryClient = createQueryClient()
    let answerRefetch: (value: string) => void = () => {}
    let calls = 0
    const observer = new QueryObserver(queryClient, {
      queryKey: ['members.list'],
      queryFn: () => {
        calls += 1
        return calls === 1 ? 'first' : new Promise<string>((resolve) => (answerRefetch = resolve))
      },
      meta: { reads: ['members'] },
    })
    const unsubscribe = observer.subscribe(() => {})
    await expect.poll(() => observer.getCurrentResult().data).toBe('first')

    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: async () => 'done',
      meta: { changes: ['members'] },
    })
    await expect(mutation.execute(undefined)).resolves.toBe('done')

    // The list refetches (what the change touched), still on its way once the mutation is over.
    expect(observer.getCurrentResult().isFetching).toBe(true)
    answerRefetch('second')
    await expect.poll(() => observer.getCurrentResult().data).toBe('second')
    unsubscribe()
  })
})
