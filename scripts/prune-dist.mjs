#!/usr/bin/env node
// Removes compiled files whose source is gone. `tsc -b` writes outputs but never deletes the outputs of a
// source that was moved or removed, so a test could still import an old module by path and pass here while
// failing on a clean clone. Run before every build (`npm run build`).
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const top = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config;
const outputs = [/\.d\.ts\.map$/, /\.d\.ts$/, /\.js\.map$/, /\.js$/, /\.json$/];
const sources = { '.js': ['.ts', '.tsx', '.mts', '.js'], '.json': ['.json'] };

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

let removed = 0;
for (const reference of top.references) {
  const configPath = reference.path.endsWith('.json') ? join(root, reference.path) : join(root, reference.path, 'tsconfig.json');
  const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, dirname(configPath));
  const { outDir, rootDir } = parsed.options;
  if (!outDir || !rootDir || !existsSync(outDir)) continue;
  for (const file of walk(outDir)) {
    const pattern = outputs.find((p) => p.test(file));
    if (!pattern) continue;
    const stem = join(rootDir, relative(outDir, file)).replace(pattern, '');
    const kind = pattern.source.includes('json') && !pattern.source.includes('map') ? '.json' : '.js';
    if (sources[kind].some((ext) => existsSync(stem + ext))) continue;
    rmSync(file);
    removed += 1;
  }
}
if (removed > 0) console.log(`prune-dist: removed ${removed} compiled files whose source is gone`);
