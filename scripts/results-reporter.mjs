// A node:test reporter that writes every test's full name and outcome as JSON, so that
// `umpire rules <ruleset> coverage` can count a clause as tested only when a test naming it passed
// in the last run.
export default async function* resultsReporter(source) {
  const stacks = new Map();
  const tests = [];
  for await (const event of source) {
    const data = event.data ?? {};
    const file = data.file ?? '';
    if (!stacks.has(file)) stacks.set(file, []);
    const stack = stacks.get(file);
    if (event.type === 'test:start') {
      stack[data.nesting] = data.name;
      stack.length = data.nesting + 1;
    } else if (event.type === 'test:pass' || event.type === 'test:fail') {
      const ancestors = stack.slice(0, data.nesting);
      const skipped = Boolean(data.skip) || Boolean(data.todo);
      tests.push({
        name: data.name,
        fullName: [...ancestors, data.name].join(' > '),
        file: file.replace(/^.*?\/packages\//, 'packages/'),
        kind: data.details?.type === 'suite' ? 'suite' : 'test',
        // A failing 'todo' test is a known gap, not a failure of the run (node's runner agrees).
        status: skipped ? 'skipped' : event.type === 'test:pass' ? 'passed' : 'failed',
        durationMs: Math.round(data.details?.duration_ms ?? 0),
      });
    }
  }
  yield JSON.stringify({ format: 'umpire-test-results/1', tests }, null, 1);
}
