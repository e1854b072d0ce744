/** The balance lab: many bot games, in worker threads or through a job queue, and a report with charts (docs/lab.md). */
export { runGame, gameSeed, labOf, labRuleset, labRulesets, labBot, followed, buildFingerprint, LabError, LAB_SUMMARY_FORMAT, type GameSpec, type GameSummary } from './runner.js';
export { readOverrides, parsePath, describeOverride, type DataOverride } from './overrides.js';
export { WorkerPool, defaultWorkers } from './pool.js';
export { RunDirectory, runId } from './store.js';
export { summarise, wilson, type LabSummary, type RunSettings, type Proportion, type MilestoneStats } from './stats.js';
export { reportMarkdown, writeReport, difference } from './report.js';
export { charts, chartFiles } from './charts.js';
export { barChart, histogramChart, lineChart } from './svg.js';
export { openQueue, playOnQueue, startLabWorker, LAB_QUEUE, DEFAULT_SCHEMA, type QueueConnection, type LabWorker } from './queue.js';
export { runLab, readSummary, type LabOptions, type LabOutcome } from './lab.js';
