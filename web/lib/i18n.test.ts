import { afterEach, describe, expect, it, vi } from 'vitest'
import { en } from '#web/locales/en.ts'
import { fr } from '#web/locales/fr.ts'
import { createI18n, fillPlaceholders } from './i18n.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('fillPlaceholders', () => {
  it('fills each placeholder once, leaving a value that reads like one as it is', () => {
    expect(fillPlaceholders('{{a}} and {{ b }}', { a: '{{b}}', b: 2 })).toBe('{{b}} and 2')
  })

  it('keeps a placeholder without a value and empties one given as null', () => {
    expect(fillPlaceholders('{{a}}/{{b}}', { b: null })).toBe('{{a}}/')
  })
})

describe('createI18n', () => {
  it('reads plural forms by the language’s rules', () => {
    const i18n = createI18n('fr', { en, fr })
    // French counts 0 and 1 as singular; English only 1.
    expect(i18n.t('accounts.directory.members', { count: 0 })).toBe(
      fr.accounts.directory.members_one.replace('{{count}}', '0'),
    )
    expect(i18n.t('accounts.directory.members', { count: 3 })).toBe(
      fr.accounts.directory.members_other.replace('{{count}}', '3'),
    )
    const english = createI18n('en', { en })
    expect(english.t('accounts.directory.members', { count: 0 })).toBe('0 members')
    expect(english.t('accounts.directory.members', { count: 1 })).toBe('1 member')
  })

  it('falls back to English for a key the language lacks', () => {
    const i18n = createI18n('fr', { en, fr: { common: fr.common } })
    expect(i18n.t('pages.home')).toBe(en.pages.home)
    expect(i18n.t('common.appName')).toBe(fr.common.appName)
  })

  it('says which key no language has, and takes the default value without a word', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const i18n = createI18n('en', { en })
    expect(i18n.t('reasons.unknown', { defaultValue: 'From the server: {{n}}', n: 2 })).toBe(
      'From the server: 2',
    )
    expect(error).not.toHaveBeenCalled()
    expect(i18n.t('common.nothing' as never)).toBe('common.nothing')
    expect(error).toHaveBeenCalledWith('No string for the key common.nothing')
  })

  it('changes language once the strings came, with a new t, and tells its listeners', async () => {
    const i18n = createI18n('en', { en })
    const before = i18n.t
    const heard: string[] = []
    const stop = i18n.subscribe((language) => heard.push(language))
    const change = i18n.changeLanguage('fr')
    expect(i18n.language).toBe('en')
    await change
    expect(i18n.language).toBe('fr')
    expect(i18n.t('pages.home')).toBe(fr.pages.home)
    expect(i18n.t).not.toBe(before)
    expect(heard).toEqual(['fr'])
    stop()
    await i18n.changeLanguage('en')
    expect(heard).toEqual(['fr'])
  })

  it('keeps the last choice when two changes cross', async () => {
    const i18n = createI18n('en', { en })
    const toFrench = i18n.changeLanguage('fr')
    const back = i18n.changeLanguage('en')
    await Promise.all([toFrench, back])
    expect(i18n.language).toBe('en')
  })
})
