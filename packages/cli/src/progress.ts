import cliProgress from 'cli-progress';

/** A progress bar on standard error when it is a terminal; otherwise a line every tenth of the way. */
export function progressBar(total: number, label: string): { update(done: number, extra?: string): void; stop(): void } {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: `${label} [{bar}] {value}/{total} {extra}`, stream: process.stderr, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0, { extra: '' });
    return { update: (done, extra = '') => bar.update(done, { extra }), stop: () => bar.stop() };
  }
  let lastTenth = -1;
  return {
    update(done, extra = '') {
      const tenth = Math.floor((done / Math.max(1, total)) * 10);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        process.stderr.write(`${label}: ${done}/${total} ${extra}\n`);
      }
    },
    stop() {},
  };
}
