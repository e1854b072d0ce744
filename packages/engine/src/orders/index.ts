export * from './order-language.js';
export * from './grammar.js';
export * from './names.js';
