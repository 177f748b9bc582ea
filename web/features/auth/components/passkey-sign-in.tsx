import { Fingerprint } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { type LoginResult, usePasskeySignIn } from '../api/sign-in.ts'
import { toastAuthFailure } from '../use-finish-sign-in.ts'
import '#web/lib/strings/auth.ts'

/** "Sign in with a passkey": no username, no password; the browser offers the person's passkeys. */
export function PasskeySignIn({ onResult }: { onResult: (result: LoginResult) => void }) {
  const { t } = useTranslation()
  const passkey = usePasskeySignIn()
  return (
    <Button
      type="button"
      variant="outline"
      className="h-10"
      disabled={passkey.isPending}
      onClick={() =>
        passkey.mutate(undefined, {
          onSuccess: onResult,
          onError: (error) => {
            // A prompt the person closed is their choice, not a failure to report.
            if (!(error instanceof ApiError) && error.name === 'NotAllowedError') return
            toastAuthFailure(t('auth.toast.loginFailed'), error)
          },
        })
      }
    >
      <Fingerprint className="size-4" aria-hidden="true" />
      {passkey.isPending ? t('auth.passkey.waiting') : t('auth.passkey.signIn')}
    </Button>
  )
}
