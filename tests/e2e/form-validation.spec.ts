import type { Page } from '@playwright/test'
import { validation as englishMessages } from '../../web/locales/en/validation.ts'
import { validation as frenchMessages } from '../../web/locales/fr/validation.ts'
import { acknowledgeRefusedRequest, freshUser, openAuthScreen, registerThroughApi } from './support/auth.ts'
import { expect, test } from './support/fixtures.ts'

/*
 * The forms check what is typed with the API's own schemas and say what is wrong beside each field
 * in the interface language: the messages come from one catalog (common/validation-messages.ts)
 * and its translations, whether the browser or the server found the problem.
 */

const LANGUAGES = {
  en: {
    messages: englishMessages,
    signIn: { submit: 'Sign in', identifier: 'Username or email', password: 'Password' },
    register: {
      tab: 'Create account',
      submit: 'Create account',
      name: 'Full name',
      username: 'Username',
      email: 'Email',
      password: 'Password',
      companyName: 'Company name',
      companyId: 'Billing ID',
      joining: "I'm joining my company, which already uses Clusterdeck",
    },
  },
  fr: {
    messages: frenchMessages,
    signIn: { submit: 'Se connecter', identifier: "Nom d'utilisateur ou e-mail", password: 'Mot de passe' },
    register: {
      tab: 'Créer un compte',
      submit: 'Créer le compte',
      name: 'Nom complet',
      username: "Nom d'utilisateur",
      email: 'E-mail',
      password: 'Mot de passe',
      companyName: "Nom de l'entreprise",
      companyId: 'Identifiant de facturation',
      joining: 'Je rejoins ma société, qui utilise déjà Clusterdeck',
    },
  },
} as const

type Language = keyof typeof LANGUAGES

async function openIn(page: Page, language: Language) {
  await page.context().addCookies([{ name: 'lang', value: language, url: test.info().project.use.baseURL! }])
  await openAuthScreen(page, '/auth')
  await expect(page.locator('html')).toHaveAttribute('lang', language)
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]))

for (const language of ['en', 'fr'] as const) {
  const { messages, signIn, register } = LANGUAGES[language]

  test.describe(`form validation (${language})`, () => {
    test('the empty sign-in form names each missing field, focused on the first', async ({ page }) => {
      await openIn(page, language)
      const sent: string[] = []
      page.on('request', (request) => {
        if (request.url().endsWith('/api/login')) sent.push(request.url())
      })
      await page.getByRole('button', { name: signIn.submit, exact: true }).click()

      const identifier = page.getByLabel(signIn.identifier)
      await expect(identifier).toHaveAttribute('aria-invalid', 'true')
      await expect(identifier).toHaveAccessibleDescription(messages.identifierRequired)
      await expect(identifier).toBeFocused()
      await expect(page.getByLabel(signIn.password, { exact: true })).toHaveAccessibleDescription(
        messages.passwordRequired,
      )
      // Typing fixes the field at once, in the same language.
      await identifier.fill('someone')
      await expect(identifier).not.toHaveAttribute('aria-invalid', 'true')
      expect(sent).toEqual([])
    })

    test('the register form refuses a short password and a bad email before sending', async ({ page }) => {
      await openIn(page, language)
      await page.getByRole('tab', { name: register.tab }).click()
      const user = freshUser('validation')
      await page.getByLabel(register.name, { exact: true }).fill(user.name)
      await page.getByLabel(register.username, { exact: true }).fill(user.username)
      await page.getByLabel(register.email, { exact: true }).fill('not-an-email')
      await page.getByLabel(register.password, { exact: true }).fill('short')
      await page.getByLabel(register.joining).check()
      await page.getByLabel(register.companyId, { exact: true }).fill('x')
      await page.getByRole('button', { name: register.submit, exact: true }).click()

      const email = page.getByLabel(register.email, { exact: true })
      await expect(email).toHaveAttribute('aria-invalid', 'true')
      await expect(email).toHaveAccessibleDescription(messages.email)
      await expect(email).toBeFocused()
      const password = page.getByLabel(register.password, { exact: true })
      await expect(password).toHaveAttribute('aria-invalid', 'true')
      await expect(page.getByText(fill(messages.passwordTooShort, { minimum: 12 }))).toBeVisible()
      await expect(page.getByLabel(register.companyId, { exact: true })).toHaveAccessibleDescription(
        fill(messages.billingIdTooShort, { minimum: 3 }),
      )
      await expect(page.getByLabel(register.name, { exact: true })).not.toHaveAttribute(
        'aria-invalid',
        'true',
      )
    })

    test('the server’s refusal of a taken email shows beside the field, in the same language', async ({
      page,
      request,
      consoleErrors,
    }) => {
      const existing = freshUser('taken')
      await registerThroughApi(request, existing)
      await openIn(page, language)
      await page.getByRole('tab', { name: register.tab }).click()
      const user = freshUser('second')
      await page.getByLabel(register.name, { exact: true }).fill(user.name)
      await page.getByLabel(register.username, { exact: true }).fill(user.username)
      await page.getByLabel(register.email, { exact: true }).fill(existing.email)
      await page.getByLabel(register.password, { exact: true }).fill(user.password)
      await page.getByLabel(register.companyName, { exact: true }).fill(user.companyName)
      await page.getByRole('button', { name: register.submit, exact: true }).click()

      const email = page.getByLabel(register.email, { exact: true })
      await expect(email).toHaveAccessibleDescription(messages.emailTaken)
      await expect(email).toBeFocused()
      await expect(email).toHaveValue(existing.email)
      acknowledgeRefusedRequest(consoleErrors, 409)
    })
  })
}
