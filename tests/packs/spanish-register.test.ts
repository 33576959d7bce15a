import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { docsOf, plainText, strings } from "./authored-packs";
import { listPackNames, REPO_ROOT } from "./read-sources";

/**
 * The mechanical parts of docs/style-es.md: one register in lang/es.json and the Spanish packs.
 * Only what a pattern can tell for sure is checked; the rest is for reviewers.
 */

/** Verbs the interface uses for instructions; a bare infinitive of one opening a sentence or a clause reads as an imperative. */
const PROMPT_VERBS = [
  "abrir", "agregar", "asignar", "borrar", "cambiar", "corregir", "declarar", "descansar", "elegir", "escribir", "gastar",
  "hacer", "indicar", "ingresar", "invocar", "pedir", "seleccionar", "soltar", "tirar", "votar",
];
const OPENS_ON_VERB = new RegExp(`^(${PROMPT_VERBS.join("|")})\\b`, "iu");

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[prefix + key, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
}

/** Keys whose value prompts the user (a field's placeholder, a choice, an error or warning telling what to do). */
const isPromptKey = (key: string): boolean => /(Placeholder|Choose|Missing)$/.test(key) || /\.(Error|Warning)\./.test(key);

/**
 * Problems of one Spanish string, by rule. A button label or its description may open on an infinitive
 * ("Gastar Fortuna", "Gastar 1 Fortuna: cada 6 explota"); a full sentence or a prompt may not, and no
 * clause after ":", ";" or "." may.
 */
export function registerProblems(text: string, prompt = false): string[] {
  const problems: string[] = [];
  if (/(^|[^\p{L}])sólo([^\p{L}]|$)/iu.test(text)) problems.push("«sólo» with an accent: write «solo»");
  if (/(^|[^\p{L}])fichas?([^\p{L}]|$)/iu.test(text)) problems.push("«ficha»: this system says «token»");
  if (/(^|[^\p{L}])usted([^\p{L}]|$)/iu.test(text)) problems.push("«usted»: speak in voseo");
  if (/\b(el|los|al|del) jugador(es)?\b/iu.test(text)) problems.push("«el jugador» as the generic: write «la jugadora»");
  if (/\b(puedes|tienes|quieres|eliges|necesitas|debes|sabes)\b/iu.test(text)) problems.push("tú or usted verb form: speak in voseo");
  const body = text.replace(/\{[^}]*\}/g, "X").trim();
  const sentence = /[.!?]$/.test(body);
  const opening = (sentence || prompt) && OPENS_ON_VERB.test(body);
  const inner = body.split(/(?<=[:;.!?]) +/).slice(1).some((clause) => OPENS_ON_VERB.test(clause));
  if (opening || inner) problems.push("infinitive as an imperative: use voseo («Elegí», «Corregí», «Ingresá»)");
  return problems;
}

const es = flatten(JSON.parse(readFileSync(join(REPO_ROOT, "lang/es.json"), "utf8")) as Tree);

describe("Spanish register (docs/style-es.md)", () => {
  it("the check itself catches each rule and lets labels through", () => {
    expect(registerProblems("Elegir un Área.")).toHaveLength(1);
    expect(registerProblems("Elegir un Área", true)).toHaveLength(1);
    expect(registerProblems("Elegí un Área", true)).toEqual([]);
    expect(registerProblems("Solo cambió el Ob: cambiar también la Tarea.", false)).toHaveLength(1);
    expect(registerProblems("Empate. Votar de nuevo.", false)).toHaveLength(1);
    expect(registerProblems("Sólo la GM puede hacer eso.", false)).toHaveLength(1);
    expect(registerProblems("Seleccioná fichas.", false)).toHaveLength(1);
    expect(registerProblems("Pedir una Prueba al jugador de este personaje", false)).toHaveLength(1);
    expect(registerProblems("Si quieres, puedes elegir.", false)).not.toHaveLength(0);
    expect(registerProblems("Esperando que la GM elija la Habilidad.", false)).toEqual([]);
    expect(registerProblems("Gastar Fortuna", false)).toEqual([]);
    expect(registerProblems("Borrar memoria de Pruebas (esta escena)", false)).toEqual([]);
    expect(registerProblems("Gastá 1 Fortuna: elegí un dado para volver a tirar.", true)).toEqual([]);
    expect(registerProblems("Voten de nuevo entre ellas.", false)).toEqual([]);
    expect(registerProblems("Corregí los campos marcados.", true)).toEqual([]);
    expect(registerProblems("Gastar 1 Fortuna: cada 6 explota")).toEqual([]);
    expect(registerProblems("Sólo", false)).toHaveLength(1);
  });

  it("lang/es.json uses one register", () => {
    const found = es.flatMap(([key, text]) => registerProblems(text, isPromptKey(key)).map((problem) => `${key}: ${problem}\n  ${text}`));
    expect(found).toEqual([]);
  });

  it("the Spanish packs spell «solo», say «token» and «la jugadora»", () => {
    const found: string[] = [];
    for (const pack of listPackNames().filter((name) => name.endsWith("-es") && !name.startsWith("macros"))) {
      for (const { doc } of docsOf(pack)) {
        for (const { path, text } of strings(doc)) {
          const plain = plainText(text);
          for (const problem of registerProblems(plain, false).filter((p) => !p.startsWith("infinitive"))) found.push(`${pack}/${doc.name} ${path}: ${problem}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
