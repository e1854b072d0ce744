// The data kit: a ruleset's data files with zod schemas, located problems with the closest valid name, generated
// JSON Schemas, and the shelf of files in force with the balance lab's overrides. docs/engine/data-files.md.
export { dataProblem, jsonSchemaOf, pathKeys, readDataFile, schemaProblems, type DataFault, type DataFileSpec } from './data-file.js';
export { dataShelf, derived, type DataShelf } from './shelf.js';
export { namesAt } from './schema-keys.js';
