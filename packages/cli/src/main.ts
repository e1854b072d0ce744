import { Command } from 'commander';
import { run } from './program.js';

const program = new Command();
run(program, process.argv).catch((e: unknown) => {
  process.stderr.write(`umpire: ${(e as Error).message}\n`);
  process.exitCode = (e as { exitCode?: number }).exitCode ?? 1;
});
