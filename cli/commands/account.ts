import { stringify } from 'yaml'
import { callEndpoint } from '../../common/contract/client.ts'
import { api as endpoints } from '../../common/contract/index.ts'
import type { ApiToken } from '../../common/schemas/accounts.ts'
import type { CommandSpec } from '../command.ts'
import { assertTokenShape, readConfig, removeConfig, settingsOf, writeConfig } from '../config.ts'
import { CliError, EXIT, usageError } from '../errors.ts'
import { ago, type Column, formatList } from '../output.ts'

const tokenColumns: Column<ApiToken & { current?: boolean }>[] = [
  ['Name', (token) => token.name],
  ['Id', (token) => token.id],
  ['Prefix', (token) => `${token.prefix}…${token.current ? ' (this one)' : ''}`],
  ['Scopes', (token) => token.scopes],
  ['Expires', (token) => ago(token.expiresAt)],
  ['Last used', (token) => ago(token.lastUsedAt)],
]

/** The owner's tokens, the one in use marked (by its prefix). */
async function ownTokens(url: string, token: string) {
  const { items } = await callEndpoint(endpoints.account.tokens, {}, { baseUrl: url, token })
  return (items as ApiToken[]).map((entry) => ({ ...entry, current: token.startsWith(entry.prefix) }))
}

export const accountCommands: CommandSpec[] = [
  {
    name: 'auth login',
    summary: 'Store an API token (checked with the server) in the config file, mode 0600',
    options: {
      token: { type: 'string', value: '<cdk_…>', description: 'The token (else read from stdin)' },
      url: {
        type: 'string',
        value: '<url>',
        description: 'The portal (default $CLUSTERDECK_URL or http://localhost:3000)',
      },
    },
    details:
      'Create a token on your account page (API tokens). Reading it from stdin keeps it out of the process list.',
    run: async (context) => {
      const token = (context.string('token') ?? (await context.io.readStdin())).trim()
      if (!token) throw usageError('Give --token cdk_… or pipe the token on stdin')
      assertTokenShape(token)
      const file = settingsOf({ ...context.io.env, CLUSTERDECK_TOKEN: 'unused' }).configFile
      const url = (
        context.string('url') ??
        context.io.env.CLUSTERDECK_URL ??
        'http://localhost:3000'
      ).replace(/\/$/, '')
      const tokens = await ownTokens(url, token)
      writeConfig(file, { url, token })
      const current = tokens.find((entry) => entry.current)
      context.print(
        `Logged in to ${url}${current ? ` with token ${current.name} (${current.scopes.join(', ')})` : ''}; saved to ${file}`,
      )
      return EXIT.ok
    },
  },
  {
    name: 'auth logout',
    summary: 'Forget the stored token (--revoke also revokes it on the server)',
    options: { revoke: { type: 'boolean', description: 'Revoke the token on the server first' } },
    run: async (context) => {
      const file = settingsOf({ ...context.io.env, CLUSTERDECK_TOKEN: 'unused' }).configFile
      if (context.flag('revoke')) {
        const config = readConfig(file)
        if (config?.token) {
          const url = config.url ?? 'http://localhost:3000'
          const current = (await ownTokens(url, config.token)).find((entry) => entry.current)
          if (current)
            await callEndpoint(
              endpoints.account.revokeToken,
              { params: { id: current.id } },
              { baseUrl: url, token: config.token },
            )
        }
      }
      context.print(removeConfig(file) ? `Removed ${file}` : `No config file at ${file}`)
      return EXIT.ok
    },
  },
  {
    name: 'auth status',
    summary: 'Show the server, where the token comes from, and what it may do',
    run: async (context) => {
      const settings = context.settings()
      if (!settings.token)
        throw new CliError(
          EXIT.auth,
          `Not logged in to ${settings.url}: no CLUSTERDECK_TOKEN and no token in ${settings.configFile}`,
        )
      const current = (await ownTokens(settings.url, settings.token)).find((entry) => entry.current)
      const status = {
        url: settings.url,
        tokenSource: settings.tokenSource === 'config file' ? settings.configFile : settings.tokenSource,
        token: current
          ? {
              id: current.id,
              name: current.name,
              prefix: current.prefix,
              scopes: current.scopes,
              expiresAt: current.expiresAt,
            }
          : null,
      }
      if (context.output === 'json') context.print(JSON.stringify(status, null, 2))
      else if (context.output === 'yaml') context.print(stringify(status))
      else
        context.print(
          [
            `Server:  ${status.url}`,
            `Token:   ${current ? `${current.name} (${current.prefix}…)` : 'valid'} from ${status.tokenSource}`,
            ...(current ? [`Scopes:  ${current.scopes.join(', ')}`, `Expires: ${current.expiresAt}`] : []),
          ].join('\n'),
        )
      return EXIT.ok
    },
  },
  {
    name: 'tokens list',
    summary: 'List your API tokens (never the secrets); the one in use is marked',
    run: async (context) => {
      const settings = context.settings()
      if (!settings.token)
        throw new CliError(EXIT.auth, 'No API token: set CLUSTERDECK_TOKEN or run clusterdeck auth login')
      context.print(formatList(await ownTokens(settings.url, settings.token), context.output, tokenColumns))
      return EXIT.ok
    },
  },
  {
    name: 'tokens revoke',
    summary: 'Revoke one of your API tokens (this one included): it stops at once',
    args: ['<token-id>'],
    run: async (context) => {
      await context.call(endpoints.account.revokeToken, { params: { id: context.positionals[0]! } })
      context.print(`Revoked token ${context.positionals[0]}`)
      return EXIT.ok
    },
  },
]
