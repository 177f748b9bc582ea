import { type CommandSpec, completionScript, contextOf, type Io, parseCommandLine } from './command.ts'
import { accountCommands } from './commands/account.ts'
import { clusterCommands } from './commands/clusters.ts'
import { kubeCommands } from './commands/kube.ts'
import { recordCommands } from './commands/records.ts'
import { describeError, EXIT, exitCodeOf, usageError } from './errors.ts'

const completion: CommandSpec = {
  name: 'completion',
  summary: 'Print the shell completion script (bash or zsh)',
  args: ['<bash|zsh>'],
  details: 'Load it with: source <(clusterdeck completion bash)',
  run: async (context) => {
    const shell = context.positionals[0]
    if (shell !== 'bash' && shell !== 'zsh') throw usageError('completion takes bash or zsh')
    context.io.stdout(completionScript(shell, COMMANDS))
    return EXIT.ok
  },
}

export const COMMANDS: CommandSpec[] = [
  ...accountCommands,
  ...clusterCommands,
  ...kubeCommands,
  ...recordCommands,
  completion,
]

/** Runs one command line; its exit code. Errors go to stderr with the server's message and request id. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  try {
    const parsed = parseCommandLine(argv, COMMANDS)
    if (parsed.kind === 'help') {
      io.stdout(`${parsed.text}\n`)
      return EXIT.ok
    }
    const context = contextOf(io, parsed.values, parsed.positionals)
    return (await parsed.command.run(context)) ?? EXIT.ok
  } catch (error) {
    io.stderr(`${describeError(error)}\n`)
    return exitCodeOf(error)
  }
}
