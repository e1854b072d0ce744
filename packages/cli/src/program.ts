import type { Command } from 'commander';
import { addRulesCommand } from './rules-command.js';
import { registerDataCommands } from './data-command.js';
import { registerGameCommands } from './game-commands.js';
import { registerLabCommands } from './lab-command.js';
import { addMapCommand } from './map-command.js';
import { addOddsCommand } from './odds-command.js';
import { registerPlayCommands } from './play-commands.js';
import { CliError } from './rulesets.js';
import { addServeCommand } from './serve-command.js';
import { addVerifyCommand } from './verify-command.js';

/**
 * The `umpire` command: the program and its command groups, registered in the order `umpire --help` lists them.
 * Each group lives in its own module.
 */

const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);

export async function run(program: Command, argv: string[]): Promise<void> {
  program
    .name('umpire')
    .description('A computer umpire for play-by-email wargames: orders, adjudication, verifiable dice, reports.')
    .showHelpAfterError()
    .exitOverride((e) => {
      // Help and the version end the command with exit code 0 after commander has printed them: nothing to add.
      if (e.exitCode === 0) throw new CliError('', 0);
      throw new CliError(e.message, 2);
    })
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  registerGameCommands(program, out);
  registerPlayCommands(program, out);
  registerLabCommands(program);
  addServeCommand(program, out);
  registerDataCommands(program, out);
  addMapCommand(program, out);
  addRulesCommand(program, out);
  addOddsCommand(program, out);
  addVerifyCommand(program, out);

  await program.parseAsync(argv);
}
