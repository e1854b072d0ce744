/** The balance lab: many bot games, in worker threads or through a job queue, and a report with charts (docs/lab.md). */
export { runGame, gameSeed, labRuleset, labBot, LabError, FOLLOWED_ENTRIES, type GameSpec, type GameSummary, type Entry } from './runner.js';
export { readOverrides, parsePath, describeOverride, type DataOverride } from './overrides.js';
export { WorkerPool, defaultWorkers } from './pool.js';
export { RunDirectory, runId } from './store.js';
export { summarise, wilson, type LabSummary, type RunSettings, type Proportion, type EntryStats } from './stats.js';
export { charts, reportMarkdown, writeReport, difference, CHART_FILES, type ChartFile } from './report.js';
export { barChart, histogramChart, lineChart } from './svg.js';
export { openQueue, playOnQueue, startLabWorker, LAB_QUEUE, DEFAULT_SCHEMA, type QueueConnection, type LabWorker } from './queue.js';
export { runLab, type LabOptions, type LabOutcome } from './lab.js';
