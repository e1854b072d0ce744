import { Command } from 'commander';
import { run } from './program.js';

// A reader that stops reading (`umpire data show ... | head`) closes the pipe: the command ends quietly, as Unix
// tools do, instead of dying with a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const program = new Command();
run(program, process.argv).catch((e: unknown) => {
  // An empty message is an ending already said (commander printed the help): no stray 'umpire:' line after it.
  if ((e as Error).message) process.stderr.write(`umpire: ${(e as Error).message}\n`);
  process.exitCode = (e as { exitCode?: number }).exitCode ?? 1;
});
