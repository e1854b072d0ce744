import type { Command } from 'commander';
import { configFromEnv, startServer, type RunningServer, type ServerConfig } from '@umpire/server';
import { CliError } from './rulesets.js';

/** `umpire serve`: the PBEM server (docs/server.md), configured by flags over the environment, until Ctrl-C. */
export function addServeCommand(program: Command, out: (text: string) => void): void {
  program
    .command('serve')
    .description('run the PBEM server: the HTTP API, deadlines, and mail when configured (see docs/server.md); stops on Ctrl-C')
    .option('--port <n>', 'the port to listen on (default: PORT, or 8080)')
    .option('--listen <address>', 'the address to listen on (default: UMPIRE_LISTEN, or 127.0.0.1; 0.0.0.0 for every interface)')
    .option('--data-dir <dir>', 'the embedded database directory (default: UMPIRE_DATA_DIR, or ./data)')
    .option('--database-url <url>', 'a PostgreSQL server instead of the embedded database (default: DATABASE_URL)')
    .option('--no-demo', 'do not host the demo game')
    .action(async (o: { port?: string; listen?: string; dataDir?: string; databaseUrl?: string; demo: boolean }) => {
      let config: ServerConfig;
      try {
        config = configFromEnv({
          ...process.env,
          ...(o.port !== undefined ? { PORT: o.port } : {}),
          ...(o.listen !== undefined ? { UMPIRE_LISTEN: o.listen } : {}),
          ...(o.dataDir !== undefined ? { UMPIRE_DATA_DIR: o.dataDir } : {}),
          ...(o.databaseUrl !== undefined ? { DATABASE_URL: o.databaseUrl } : {}),
          ...(o.demo ? {} : { UMPIRE_DEMO: 'off' }),
        });
      } catch (e) {
        throw new CliError((e as Error).message, 2);
      }
      let server: RunningServer;
      try {
        server = await startServer({ ...config, log: (line) => out(line) });
      } catch (e) {
        throw new CliError(`the server did not start: ${(e as Error).message}`);
      }
      await new Promise<void>((done) => {
        const stop = () => {
          out('stopping...');
          void server.close().then(done);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
