export * from './case-schema.js';
export * from './match.js';
export * from './opening.js';
export * from './pointer.js';
export * from './run-case.js';
