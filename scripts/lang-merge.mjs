#!/usr/bin/env node
// Merges a fragment {"en": {...}, "es": {...}} into lang/en.json and lang/es.json.
// Keys are nested objects under GOLDHACK; existing keys are overwritten, others kept.
// Usage: node scripts/lang-merge.mjs fragment.json
import { readFileSync, writeFileSync, renameSync } from "node:fs";

const [fragmentPath] = process.argv.slice(2);
if (!fragmentPath) {
  console.error("usage: node scripts/lang-merge.mjs fragment.json  (a file {\"en\": {...}, \"es\": {...}})");
  process.exit(2);
}
const fragment = JSON.parse(readFileSync(fragmentPath, "utf8"));

function merge(target, source, path = "") {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === "object") {
      if (typeof target[key] === "string") throw new Error(`${path}${key} is a string in the file, an object in the fragment`);
      merge((target[key] ??= {}), value, `${path}${key}.`);
    } else {
      if (target[key] && typeof target[key] === "object") throw new Error(`${path}${key} is an object in the file, a string in the fragment`);
      target[key] = value;
    }
  }
}

for (const lang of ["en", "es"]) {
  if (!fragment[lang]) continue;
  const file = new URL(`../lang/${lang}.json`, import.meta.url);
  const data = JSON.parse(readFileSync(file, "utf8"));
  merge(data, fragment[lang]);
  const tmp = new URL(`../lang/.${lang}.json.tmp`, import.meta.url);
  writeFileSync(tmp, JSON.stringify(data, null, 2) + "\n");
  renameSync(tmp, file);
}
const count = (o) => Object.values(o).reduce((n, v) => n + (typeof v === "object" ? count(v) : 1), 0);
console.log(`merged ${fragment.en ? count(fragment.en) : 0} en and ${fragment.es ? count(fragment.es) : 0} es keys`);
