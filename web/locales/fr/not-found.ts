import type { notFound as english } from '../en/not-found.ts'

export const notFound: typeof english = {
  message: "La page que vous cherchez n'existe pas ou a été déplacée.",
}
