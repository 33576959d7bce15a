#!/usr/bin/env node
// Finds import circles in src/, type-only and dynamic imports included (eslint's import-x/no-cycle
// follows only value imports, so `import type` circles and lazy `import()` loops pass it). Part of
// `npm run lint`. Usage: node scripts/import-cycles.mjs [dir ...]   (exit 1 and each circle when found)
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/** Every .ts file under a directory. */
function tsFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith(".ts") && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The file a relative specifier names, as the bundler resolves it (no extension, or a folder's index). */
function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith(".")) return null;
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, join(base, "index.ts"), base].find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** The import graph: each file and the files it imports, of any kind. */
export function importGraph(dirs) {
  const graph = new Map();
  for (const file of dirs.flatMap(tsFiles)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    graph.set(file, [...new Set(importedFiles.map((i) => resolveSpecifier(file, i.fileName)).filter((path) => path?.endsWith(".ts")))]);
  }
  return graph;
}

/** The circles of a graph: its strongly connected parts of more than one file, or a file importing itself (Tarjan). */
export function importCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const part = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(part.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dirs = process.argv.length > 2 ? process.argv.slice(2) : ["src"];
  const cycles = importCycles(importGraph(dirs.map((d) => resolve(d))));
  for (const cycle of cycles) console.error(`import circle among: ${cycle.map((f) => relative(process.cwd(), f)).join(", ")}`);
  if (cycles.length) {
    console.error(`import-cycles: ${cycles.length} circle(s); move what the files share into a file of its own (docs/development.md › The layers)`);
    process.exit(1);
  }
  console.log(`import-cycles: no circles in ${dirs.join(", ")}`);
}
