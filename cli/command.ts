import { parseArgs } from 'node:util'
import { type CallInput, type CallOutput, callEndpoint, type Transport } from '../common/contract/client.ts'
import type { EndpointDefinition } from '../common/contract/endpoint.ts'
import { type Environment, requireToken, type Settings, settingsOf } from './config.ts'
import { EXIT_CODE_HELP, usageError } from './errors.ts'
import { type OutputFormat, outputFormatOf } from './output.ts'

/** The command table and its parsing (node:util parseArgs), help and shell completion. */

export type OptionSpec = {
  type: 'string' | 'boolean'
  short?: string
  multiple?: boolean
  /** The value's placeholder in the help (`<name>`, `pdf|csv|facturx`). */
  value?: string
  description: string
}

export type Io = {
  env: Environment
  stdout: (text: string) => void
  stderr: (text: string) => void
  /** Whether stderr is a terminal: the progress display redraws one line there. */
  stderrIsTTY: boolean
  readStdin: () => Promise<string>
  /** The command kubectl runs for the exec plugin (this program), and its leading arguments. */
  self: { command: string; args: string[] }
  /** Waits between polls (tests may shorten it). */
  sleep: (ms: number) => Promise<void>
}

export type Values = Record<string, string | boolean | string[] | undefined>

export type Context = {
  io: Io
  values: Values
  positionals: string[]
  output: OutputFormat
  settings: () => Settings
  /** Calls an endpoint with the configured server and token. */
  call: <E extends EndpointDefinition>(endpoint: E, input: CallInput<E>) => Promise<CallOutput<E>>
  string: (name: string) => string | undefined
  strings: (name: string) => string[]
  flag: (name: string) => boolean
  print: (text: string) => void
}

export type CommandSpec = {
  /** The words that name it: `clusters list`. */
  name: string
  summary: string
  /** Positional arguments: `<cluster>` required, `[id]` optional. */
  args?: string[]
  options?: Record<string, OptionSpec>
  details?: string
  run: (context: Context) => Promise<number | undefined>
}

export const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  output: {
    type: 'string',
    short: 'o',
    value: 'table|json|yaml',
    description: 'Output format (default table)',
  },
  help: { type: 'boolean', short: 'h', description: 'Show help' },
}

export const WAIT_OPTIONS: Record<string, OptionSpec> = {
  wait: { type: 'boolean', short: 'w', description: "Follow the cluster's operation until it finishes" },
  timeout: {
    type: 'string',
    value: '<duration>',
    description: 'With --wait: give up after this long (30s, 15m, 1h; default 30m)',
  },
}

/** `90`, `90s`, `15m`, `1h` as milliseconds. */
export function durationMs(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim())
  if (!match) throw usageError(`Invalid duration ${text}: use e.g. 90s, 15m or 1h`)
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 'ms' | 's' | 'm' | 'h']
  return Number(match[1]) * unit
}

export type Parsed =
  | { kind: 'help'; text: string }
  | { kind: 'command'; command: CommandSpec; values: Values; positionals: string[] }

function optionsOf(command: CommandSpec) {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {}
  for (const [name, spec] of Object.entries({ ...GLOBAL_OPTIONS, ...command.options })) {
    options[name] = {
      type: spec.type,
      ...(spec.short ? { short: spec.short } : {}),
      ...(spec.multiple ? { multiple: true } : {}),
    }
  }
  return options
}

/** Finds the command named by the leading words and parses the rest; help where asked or needed. */
export function parseCommandLine(argv: readonly string[], commands: readonly CommandSpec[]): Parsed {
  const words: string[] = []
  for (const arg of argv) {
    if (arg.startsWith('-')) break
    words.push(arg)
  }
  const wantsHelp = argv.includes('--help') || argv.includes('-h')
  let command: CommandSpec | undefined
  let used = 0
  for (let count = Math.min(words.length, 3); count > 0 && !command; count--) {
    command = commands.find((entry) => entry.name === words.slice(0, count).join(' '))
    if (command) used = count
  }
  if (!command) {
    if (words[0] === 'help') return parseCommandLine([...words.slice(1), '--help'], commands)
    const group = commands.filter((entry) => entry.name.startsWith(`${words[0]} `))
    if (words.length === 0) {
      if (wantsHelp || argv.length === 0) return { kind: 'help', text: rootHelp(commands) }
      throw usageError(`Unknown option ${argv[0]}: see clusterdeck --help`)
    }
    if (group.length > 0 && (wantsHelp || words.length === 1))
      return { kind: 'help', text: groupHelp(words[0]!, group) }
    if (group.length > 0)
      throw usageError(`Unknown command ${words.slice(0, 2).join(' ')}: see clusterdeck ${words[0]} --help`)
    throw usageError(`Unknown command ${words[0]}: see clusterdeck --help`)
  }
  if (wantsHelp) return { kind: 'help', text: commandHelp(command) }
  let parsed: { values: Values; positionals: string[] }
  try {
    parsed = parseArgs({
      args: argv.slice(used) as string[],
      options: optionsOf(command),
      allowPositionals: true,
      strict: true,
    }) as { values: Values; positionals: string[] }
  } catch (error) {
    throw usageError(`${(error as Error).message.split('\n')[0]} (see clusterdeck ${command.name} --help)`)
  }
  const args = command.args ?? []
  const required = args.filter((arg) => arg.startsWith('<')).length
  if (parsed.positionals.length < required)
    throw usageError(`clusterdeck ${command.name} needs ${args.join(' ')} (see --help)`)
  if (parsed.positionals.length > args.length)
    throw usageError(
      `Unexpected argument ${parsed.positionals[args.length]} (see clusterdeck ${command.name} --help)`,
    )
  return { kind: 'command', command, values: parsed.values, positionals: parsed.positionals }
}

function optionLines(options: Record<string, OptionSpec>): string[] {
  const entries = Object.entries(options).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : '    '}--${name}${spec.type === 'string' ? ` ${spec.value ?? '<value>'}` : ''}`
    return [flag, spec.description + (spec.multiple ? ' (repeatable)' : '')] as const
  })
  const width = Math.max(...entries.map(([flag]) => flag.length))
  return entries.map(([flag, description]) => `  ${flag.padEnd(width)}  ${description}`)
}

export function commandHelp(command: CommandSpec): string {
  const args = command.args?.length ? ` ${command.args.join(' ')}` : ''
  return [
    `${command.summary}`,
    '',
    `Usage: clusterdeck ${command.name}${args} [options]`,
    ...(command.details ? ['', command.details] : []),
    '',
    'Options:',
    ...optionLines({ ...command.options, ...GLOBAL_OPTIONS }),
    '',
    EXIT_CODE_HELP,
  ].join('\n')
}

function commandList(commands: readonly CommandSpec[]): string[] {
  const width = Math.max(
    ...commands.map((command) => command.name.length + (command.args?.join(' ').length ?? 0) + 1),
  )
  return commands.map(
    (command) => `  ${`${command.name} ${command.args?.join(' ') ?? ''}`.padEnd(width)}  ${command.summary}`,
  )
}

export function groupHelp(group: string, commands: readonly CommandSpec[]): string {
  return [
    `Usage: clusterdeck ${group} <command> [options]`,
    '',
    'Commands:',
    ...commandList(commands),
    '',
    `Run clusterdeck ${group} <command> --help for its options.`,
    '',
    EXIT_CODE_HELP,
  ].join('\n')
}

export function rootHelp(commands: readonly CommandSpec[]): string {
  return [
    'clusterdeck: order and run managed Kubernetes clusters from the command line',
    '',
    'Usage: clusterdeck <command> [options]',
    '',
    'Commands:',
    ...commandList(commands),
    '',
    'Global options:',
    ...optionLines(GLOBAL_OPTIONS),
    '',
    'Environment:',
    '  CLUSTERDECK_TOKEN   an API token (cdk_…); else the config file auth login writes',
    '  CLUSTERDECK_URL     the portal (default http://localhost:3000)',
    '  CLUSTERDECK_CONFIG  the config file (default ~/.config/clusterdeck/config.json, mode 0600)',
    '',
    EXIT_CODE_HELP,
  ].join('\n')
}

/** The shell's completion script: commands, subcommands and each one's options. */
export function completionScript(shell: 'bash' | 'zsh', commands: readonly CommandSpec[]): string {
  const groups = [...new Set(commands.map((command) => command.name.split(' ')[0]!))]
  const subcommands = (group: string) =>
    commands
      .filter((command) => command.name.startsWith(`${group} `))
      .map((command) => command.name.split(' ')[1]!)
  const flags = (command: CommandSpec) =>
    Object.keys({ ...command.options, ...GLOBAL_OPTIONS })
      .map((name) => `--${name}`)
      .join(' ')
  const cases = commands.map((command) => `    "${command.name}") opts="${flags(command)}" ;;`).join('\n')
  const groupCases = groups
    .filter((group) => subcommands(group).length > 0)
    .map((group) => `    ${group}) subs="${subcommands(group).join(' ')}" ;;`)
    .join('\n')
  const bash = `# clusterdeck completion for bash: source <(clusterdeck completion bash)
_clusterdeck() {
  local cur="\${COMP_WORDS[COMP_CWORD]}"
  local first="\${COMP_WORDS[1]}" second="\${COMP_WORDS[2]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=( $(compgen -W "${groups.join(' ')}" -- "$cur") ); return
  fi
  local subs=""
  case "$first" in
${groupCases}
  esac
  if [ "$COMP_CWORD" -eq 2 ] && [ -n "$subs" ]; then
    COMPREPLY=( $(compgen -W "$subs" -- "$cur") ); return
  fi
  local opts="--help --output"
  local name="$first"
  [ -n "$subs" ] && name="$first $second"
  case "$name" in
${cases}
  esac
  COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
}
complete -F _clusterdeck clusterdeck
`
  if (shell === 'bash') return bash
  return `#compdef clusterdeck
# clusterdeck completion for zsh: source <(clusterdeck completion zsh)
autoload -U +X bashcompinit && bashcompinit
${bash}`
}

/** The context a command runs in: its values, the settings read when first asked, and the caller. */
export function contextOf(io: Io, values: Values, positionals: string[]): Context {
  let settings: Settings | undefined
  const readSettings = () => {
    settings ??= settingsOf(io.env)
    return settings
  }
  const transport = (): Transport => {
    const current = readSettings()
    return {
      baseUrl: current.url,
      token: requireToken(current),
      headers: { 'user-agent': 'clusterdeck-cli' },
    }
  }
  return {
    io,
    values,
    positionals,
    output: outputFormatOf(values.output as string | undefined),
    settings: readSettings,
    call: (endpoint, input) => callEndpoint(endpoint, input, transport()),
    string: (name) => {
      const value = values[name]
      return typeof value === 'string' ? value : undefined
    },
    strings: (name) => {
      const value = values[name]
      return Array.isArray(value) ? value : typeof value === 'string' ? [value] : []
    },
    flag: (name) => values[name] === true,
    print: (text) => io.stdout(text.endsWith('\n') ? text : `${text}\n`),
  }
}
