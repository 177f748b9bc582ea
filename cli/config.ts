import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { TOKEN_PREFIX } from '../common/api-scopes.ts'
import { CliError, EXIT } from './errors.ts'

/**
 * Where the client finds its server and token: CLUSTERDECK_URL and CLUSTERDECK_TOKEN, else the
 * config file `auth login` writes (CLUSTERDECK_CONFIG, or ~/.config/clusterdeck/config.json),
 * owner-only (0600); a file others may read is refused, as ssh refuses a readable key.
 */
export const DEFAULT_URL = 'http://localhost:3000'

export type Environment = Record<string, string | undefined>

const configSchema = z.object({ url: z.string().optional(), token: z.string().optional() })
export type Config = z.infer<typeof configSchema>

export function configPath(env: Environment): string {
  if (env.CLUSTERDECK_CONFIG) return path.resolve(env.CLUSTERDECK_CONFIG)
  const base = env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), '.config')
  return path.join(base, 'clusterdeck', 'config.json')
}

/** The config file, or nothing when there is none; refused when group or others have any access. */
export function readConfig(file: string): Config | undefined {
  if (!existsSync(file)) return undefined
  const mode = statSync(file).mode & 0o777
  if ((mode & 0o077) !== 0)
    throw new CliError(
      EXIT.auth,
      `${file} is readable by others (mode ${mode.toString(8).padStart(3, '0')}): it holds your token. Run chmod 600 ${file}, or log in again`,
    )
  let value: unknown
  try {
    value = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    throw new CliError(EXIT.auth, `${file} is not valid JSON: log in again with clusterdeck auth login`)
  }
  const parsed = configSchema.safeParse(value)
  if (!parsed.success) throw new CliError(EXIT.auth, `${file} is not a clusterdeck config file`)
  return parsed.data
}

/** Writes the file owner-only: created 0600 beside it, then renamed over it (never readable in between). */
export function writeConfig(file: string, config: Config): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 })
  chmodSync(partial, 0o600)
  renameSync(partial, file)
}

export function removeConfig(file: string): boolean {
  if (!existsSync(file)) return false
  rmSync(file)
  return true
}

export type Settings = {
  url: string
  token: string | undefined
  /** Where the token came from, for `auth status`. */
  tokenSource: 'CLUSTERDECK_TOKEN' | 'config file' | undefined
  configFile: string
}

export function settingsOf(env: Environment): Settings {
  const configFile = configPath(env)
  const fromEnv = env.CLUSTERDECK_TOKEN?.trim()
  // The file is read (and its mode checked) only when the environment does not give the token.
  const config = fromEnv ? undefined : readConfig(configFile)
  const token = fromEnv || config?.token
  return {
    url: (env.CLUSTERDECK_URL || config?.url || DEFAULT_URL).replace(/\/$/, ''),
    token,
    tokenSource: fromEnv ? 'CLUSTERDECK_TOKEN' : config?.token ? 'config file' : undefined,
    configFile,
  }
}

export function requireToken(settings: Settings): string {
  if (!settings.token)
    throw new CliError(
      EXIT.auth,
      'No API token: set CLUSTERDECK_TOKEN or run clusterdeck auth login --token cdk_… (create one on your account page)',
    )
  return settings.token
}

export function assertTokenShape(token: string): void {
  if (!token.startsWith(TOKEN_PREFIX) || /\s/.test(token) || token.length > 100)
    throw new CliError(
      EXIT.usage,
      `An API token starts with ${TOKEN_PREFIX} (create one on your account page)`,
    )
}
