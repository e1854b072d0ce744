// Moves top-level declarations from one module to another and fixes every import and re-export in the package (src and
// test), for splitting files by concept without changing behaviour. Usage, from the repository root:
//   node scripts/dev/move-decls.mjs packages/<pkg> plan.json   plan: [{ "from": "src/a.ts", "to": "src/b.ts", "names": ["x", "T"] }]
//   node scripts/dev/move-decls.mjs packages/<pkg> --prune <file>...   drops the imports a file no longer uses
// It prints what the moved code still needs from its old module (which then exports it): move that too when it would
// make a cycle. Limits: a statement that assigns module-level caches stays behind; namespace references (x.name) to a
// moved name are not rewritten; run tsc, eslint and the golden records after each move.
import ts from 'typescript';
import fs from 'node:fs';
import path from 'node:path';

const pkg = path.resolve(process.argv[2]);
const pruneOnly = process.argv[3] === '--prune';
const plan = pruneOnly ? [] : JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));

function walk(dir) {
  return fs.readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    if (fs.statSync(p).isDirectory()) return n === 'dist' || n === 'node_modules' ? [] : walk(p);
    return /\.tsx?$/.test(n) ? [p] : [];
  });
}
const parse = (file, text) => ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
const rel = (fromFile, toFile) => {
  let r = path.relative(path.dirname(fromFile), toFile).replace(/\.tsx?$/, '.js');
  return r.startsWith('.') ? r : `./${r}`;
};
const resolveSpec = (file, spec) => {
  if (!spec.startsWith('.')) return undefined;
  const p = path.resolve(path.dirname(file), spec);
  for (const c of [p.replace(/\.js$/, '.ts'), p.replace(/\.js$/, '.tsx'), p]) if (fs.existsSync(c)) return c;
  return undefined;
};

function declaredNames(st) {
  const names = [];
  if (st.name && ts.isIdentifier(st.name)) names.push(st.name.text);
  if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
  return names;
}
/** Where a statement's own comments begin: the comments right above it (no blank line between), not the file's header. */
function ownStart(sf, st) {
  const text = sf.text;
  const ranges = ts.getLeadingCommentRanges(text, st.getFullStart()) ?? [];
  let start = st.getStart(sf);
  for (let i = ranges.length - 1; i >= 0; i--) {
    const gap = text.slice(ranges[i].end, start);
    if ((gap.match(/\n/g) ?? []).length > 1) break;
    start = ranges[i].pos;
  }
  return start;
}
const isExported = (st) => !!st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const isTypeDecl = (st) => ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st);

/** Identifiers used as references (not property names) under `node`. */
function usedIdentifiers(node, out = new Set()) {
  const visit = (n) => {
    if (ts.isImportDeclaration(n)) return;
    if (ts.isIdentifier(n)) {
      const p = n.parent;
      const isPropName =
        (p && ts.isPropertyAccessExpression(p) && p.name === n) ||
        (p && (ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p) || ts.isMethodSignature(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p) || ts.isEnumMember(p)) && p.name === n) ||
        (p && ts.isQualifiedName(p) && p.right === n) ||
        (p && ts.isImportSpecifier(p)) ||
        (p && ts.isExportSpecifier(p) && p.propertyName === n) ||
        (p && ts.isBindingElement(p) && p.propertyName === n) ||
        (p && ts.isLabeledStatement(p));
      if (!isPropName) out.add(n.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return out;
}

/** Removes import specifiers that the file does not use; drops empty imports. */
function pruneImports(file, text) {
  const sf = parse(file, text);
  const used = new Set();
  for (const st of sf.statements) if (!ts.isImportDeclaration(st)) usedIdentifiers(st, used);
  const edits = [];
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !st.importClause) continue;
    const clause = st.importClause;
    const keepDefault = clause.name && used.has(clause.name.text);
    const named = clause.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
    const ns = clause.namedBindings && ts.isNamespaceImport(clause.namedBindings) ? clause.namedBindings : undefined;
    if (ns) continue;
    const keep = (named ?? []).filter((e) => used.has(e.name.text));
    if (keep.length === (named ?? []).length && (!clause.name || keepDefault)) continue;
    let out = '';
    if (keepDefault || keep.length) {
      const parts = [];
      if (keepDefault) parts.push(clause.name.text);
      if (keep.length) parts.push(`{ ${keep.map((e) => e.getText(sf)).join(', ')} }`);
      out = `import ${clause.isTypeOnly ? 'type ' : ''}${parts.join(', ')} from ${st.moduleSpecifier.getText(sf)}${st.attributes ? ' ' + st.attributes.getText(sf) : ''};`;
    }
    edits.push({ start: st.getStart(sf), end: st.end + (out ? 0 : text[st.end] === '\n' ? 1 : 0), text: out });
  }
  edits.sort((a, b) => b.start - a.start);
  for (const e of edits) text = text.slice(0, e.start) + e.text + text.slice(e.end);
  return text;
}

/** Inserts import lines after the last import of a file (or at its top). */
function addImports(file, text, lines) {
  if (!lines.length) return text;
  const sf = parse(file, text);
  const bound = new Set();
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && st.importClause) {
      if (st.importClause.name) bound.add(st.importClause.name.text);
      const nb = st.importClause.namedBindings;
      if (nb && ts.isNamedImports(nb)) for (const e of nb.elements) bound.add(e.name.text);
      if (nb && ts.isNamespaceImport(nb)) bound.add(nb.name.text);
    } else for (const n of declaredNames(st)) bound.add(n);
  }
  lines = lines.flatMap((line) => {
    const isf = parse('x.ts', line);
    const imp = isf.statements[0];
    if (!imp || !ts.isImportDeclaration(imp) || !imp.importClause) return [line];
    const nb = imp.importClause.namedBindings;
    if (imp.importClause.name || !nb || !ts.isNamedImports(nb)) return bound.has(imp.importClause.name?.text) ? [] : [line];
    const keep = nb.elements.filter((e) => !bound.has(e.name.text));
    if (!keep.length) return [];
    keep.forEach((e) => bound.add(e.name.text));
    return [`import ${imp.importClause.isTypeOnly ? 'type ' : ''}{ ${keep.map((e) => e.getText(isf)).join(', ')} } from ${imp.moduleSpecifier.getText(isf)}${imp.attributes ? ' ' + imp.attributes.getText(isf) : ''};`];
  });
  if (!lines.length) return text;
  const imports = sf.statements.filter((s) => ts.isImportDeclaration(s));
  const at = imports.length ? imports.at(-1).end : 0;
  const block = (at ? '\n' : '') + lines.join('\n') + (at ? '' : '\n');
  return text.slice(0, at) + block + text.slice(at);
}

const files = new Map(walk(path.join(pkg, 'src')).concat(walk(path.join(pkg, 'test'))).map((f) => [f, fs.readFileSync(f, 'utf8')]));

for (const step of plan) {
  const from = path.join(pkg, step.from);
  const to = path.join(pkg, step.to);
  const names = new Set(step.names);
  let srcText = files.get(from);
  if (srcText === undefined) throw new Error(`no file ${from}`);
  const sf = parse(from, srcText);
  const moved = sf.statements.filter((st) => declaredNames(st).some((n) => names.has(n)));
  const found = new Set(moved.flatMap(declaredNames));
  for (const n of names) if (!found.has(n)) throw new Error(`${step.from}: no top-level declaration '${n}'`);
  for (const st of moved) if (declaredNames(st).some((n) => !names.has(n))) console.warn(`note: ${declaredNames(st).join(', ')} move together`);
  const movedNames = new Set(moved.flatMap(declaredNames));
  const typeNames = new Set(moved.filter(isTypeDecl).flatMap(declaredNames));
  const remaining = sf.statements.filter((st) => !moved.includes(st) && !ts.isImportDeclaration(st));
  const remainingNames = new Map(remaining.flatMap((st) => declaredNames(st).map((n) => [n, st])));

  // The code that moves, with the comments above it; `export` added where missing.
  const pieces = moved.map((st) => {
    let t = srcText.slice(ownStart(sf, st), st.end);
    if (!isExported(st)) {
      const lead = srcText.slice(ownStart(sf, st), st.getStart(sf));
      t = lead + 'export ' + srcText.slice(st.getStart(sf), st.end);
    }
    return t;
  });
  const usedByMoved = new Set();
  for (const st of moved) usedIdentifiers(st, usedByMoved);

  // Names the moved code needs from what stays: exported there, imported here.
  const needFromSource = [...usedByMoved].filter((n) => remainingNames.has(n) && !movedNames.has(n));
  // The source: cut the moved statements; export what the target needs; import what it still uses of the moved.
  const cuts = moved.map((st) => ({ start: ownStart(sf, st), end: st.end + (srcText[st.end] === '\n' ? 1 : 0) })).sort((a, b) => b.start - a.start);
  for (const c of cuts) srcText = srcText.slice(0, c.start) + srcText.slice(c.end);
  let srcSf = parse(from, srcText);
  const exportEdits = [];
  for (const n of needFromSource) {
    const st = srcSf.statements.find((s) => declaredNames(s).includes(n));
    if (st && !isExported(st)) exportEdits.push(st.getStart(srcSf));
  }
  for (const at of [...new Set(exportEdits)].sort((a, b) => b - a)) srcText = srcText.slice(0, at) + 'export ' + srcText.slice(at);
  srcSf = parse(from, srcText);
  const usedBySource = new Set();
  for (const st of srcSf.statements) if (!ts.isImportDeclaration(st)) usedIdentifiers(st, usedBySource);
  const srcNeeds = [...movedNames].filter((n) => usedBySource.has(n));

  // The target: the source's imports re-pointed, the cross imports, then the code.
  let tgtText = files.get(to) ?? '';
  const srcImports = sf.statements.filter((s) => ts.isImportDeclaration(s)).map((imp) => {
    const spec = imp.moduleSpecifier.text;
    const target = resolveSpec(from, spec);
    let line = sf.text.slice(imp.getStart(sf), imp.end);
    if (target) {
      if (target === to) return '';
      line = line.replace(/(['"])\.{1,2}\/[^'"]+\1/, `'${rel(to, target)}'`);
    }
    return line;
  }).filter(Boolean);
  const crossToTarget = needFromSource.length
    ? [`import { ${needFromSource.map((n) => (isTypeDecl(remainingNames.get(n)) ? `type ${n}` : n)).join(', ')} } from '${rel(to, from)}';`]
    : [];
  if (!tgtText) tgtText = addImports(to, '', srcImports.concat(crossToTarget)) + '\n' + pieces.join('\n\n') + '\n';
  else {
    tgtText = addImports(to, tgtText, srcImports.concat(crossToTarget));
    tgtText = tgtText.replace(/\n*$/, '\n\n') + pieces.join('\n\n') + '\n';
  }
  if (srcNeeds.length) srcText = addImports(from, srcText, [`import { ${srcNeeds.map((n) => (typeNames.has(n) ? `type ${n}` : n)).join(', ')} } from '${rel(from, to)}';`]);
  files.set(from, srcText);
  files.set(to, tgtText);

  // Every other file: imports and re-exports of the moved names from the source now come from the target.
  for (const [file, text] of files) {
    const fsf = parse(file, text);
    const edits = [];
    for (const st of fsf.statements) {
      const isImp = ts.isImportDeclaration(st);
      const isExp = ts.isExportDeclaration(st) && st.moduleSpecifier;
      if (!isImp && !isExp) continue;
      if (resolveSpec(file, st.moduleSpecifier.text) !== from || file === from) continue;
      const elements = isImp ? (st.importClause?.namedBindings && ts.isNamedImports(st.importClause.namedBindings) ? st.importClause.namedBindings.elements : []) : (st.exportClause && ts.isNamedExports(st.exportClause) ? st.exportClause.elements : []);
      const orig = (e) => (e.propertyName ?? e.name).text;
      const go = elements.filter((e) => movedNames.has(orig(e)));
      if (!go.length) continue;
      const stay = elements.filter((e) => !movedNames.has(orig(e)));
      const typeOnly = isImp ? st.importClause.isTypeOnly : st.isTypeOnly;
      const kw = isImp ? 'import' : 'export';
      const t = typeOnly ? 'type ' : '';
      const mk = (els, spec) => `${kw} ${t}{ ${els.map((e) => e.getText(fsf)).join(', ')} } from '${spec}';`;
      const hasDefault = isImp && st.importClause.name;
      const lines = [];
      if (stay.length || hasDefault) {
        lines.push(hasDefault ? `import ${t}${st.importClause.name.text}${stay.length ? `, { ${stay.map((e) => e.getText(fsf)).join(', ')} }` : ''} from ${st.moduleSpecifier.getText(fsf)};` : mk(stay, st.moduleSpecifier.text));
      }
      if (file !== to) lines.push(mk(go, rel(file, to)));
      edits.push({ start: st.getStart(fsf), end: st.end, text: lines.join('\n') });
    }
    if (!edits.length) continue;
    let out = text;
    for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
    files.set(file, out);
  }
  files.set(to, pruneImports(to, files.get(to)));
  files.set(from, pruneImports(from, files.get(from)));
  console.log(`${step.from} -> ${step.to}: ${[...movedNames].join(', ')}${needFromSource.length ? ` (needs from source: ${needFromSource.join(', ')})` : ''}`);
}
if (pruneOnly) for (const f of process.argv.slice(4)) files.set(path.resolve(f), pruneImports(path.resolve(f), files.get(path.resolve(f))));
for (const [file, text] of files) {
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  if (old !== text) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}
