/**
 * Realistic sample actors for the preview, in English and Spanish, shaped like Foundry's prepared
 * documents (what the sheets' context builders read): a veteran character with 40 Skills across all
 * eight Types, 6 Traits, 5 Fallouts and 3 Lifepaths, and an opponent NPC. Names with "&" check escaping.
 */
import type { SheetItemSource } from "../src/applications/sheets/actor-context";
import { createConfig } from "../src/config";
import type { TestHistoryEntry } from "../src/data/test-history";

export type SampleLang = "en" | "es";

/** An actor as the sheets read it. */
export interface SampleActor {
  uuid: string;
  name: string;
  img: string;
  type: "character" | "npc";
  system: Record<string, unknown>;
  items: SheetItemSource[];
}

type Text = Readonly<Record<SampleLang, string>>;
const t = (en: string, es: string): Text => ({ en, es });

/** A small portrait drawn inline, so the preview loads nothing from a server. */
export const SAMPLE_PORTRAIT =
  "data:image/svg+xml," +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#3b2f1c"/><circle cx="48" cy="38" r="18" fill="#d9b25f"/><path d="M14 96c4-22 18-32 34-32s30 10 34 32z" fill="#d9b25f"/></svg>`,
  );

let next = 0;
const id = (prefix: string): string => `${prefix}${String(++next).padStart(16 - prefix.length, "0")}`;

/** [name, rating, passed, failed] by Type, five Skills each. */
const SKILLS: Readonly<Record<string, readonly [Text, number, number, number][]>> = {
  craft: [
    [t("Carpentry", "Carpintería"), 2, 1, 0],
    [t("Pottery", "Alfarería"), 1, 0, 0],
    [t("Cooking", "Cocinar"), 3, 2, 3],
    [t("Farming", "Cultivar"), 1, 1, 1],
    [t("Smithing", "Herrar"), 2, 3, 2],
  ],
  expertise: [
    [t("Athleticism", "Atletismo"), 3, 1, 2],
    [t("Driving", "Conducir"), 1, 0, 1],
    [t("Larceny", "Robar"), 2, 2, 1],
    [t("Medicine", "Medicina"), 2, 0, 0],
    [t("Stealth", "Sigilo"), 4, 3, 4],
  ],
  fight: [
    [t("Swords", "Espada"), 6, 5, 2],
    [t("Spears", "Lanza"), 3, 4, 3],
    [t("Brawling", "Pelea"), 2, 1, 2],
    [t("Bows", "Arco"), 1, 1, 0],
    [t("Clubs", "Maza"), 1, 0, 0],
  ],
  influence: [
    [t("Command", "Comandar"), 4, 2, 1],
    [t("Intimidate", "Intimidar"), 3, 0, 3],
    [t("Negotiate", "Negociar"), 2, 2, 2],
    [t("Rhetoric", "Retórica"), 1, 0, 0],
    [t("Etiquette", "Etiqueta"), 1, 1, 0],
  ],
  lore: [
    [t("Languages", "Idiomas"), 2, 1, 1],
    [t("Appraisal", "Tasar"), 3, 3, 1],
    [t("History", "Historia"), 2, 0, 2],
    [t("Politics", "Política"), 1, 0, 0],
    [t("Streetwise", "Bajos fondos"), 3, 4, 3],
  ],
  magic: [
    [t("Cast", "Hechizar"), 2, 1, 1],
    [t("Divine", "Adivinar"), 1, 0, 0],
    [t("Enchant", "Encantar"), 1, 1, 0],
    [t("Summon", "Invocar"), 1, 0, 1],
    [t("Ward & Bind", "Proteger & atar"), 5, 6, 4],
  ],
  perform: [
    [t("Drawing", "Dibujo"), 1, 0, 0],
    [t("Music", "Música"), 2, 2, 0],
    [t("Painting", "Pintura"), 1, 0, 1],
    [t("Poetry", "Poesía"), 3, 1, 1],
    [t("Sculpting", "Escultura"), 1, 0, 0],
  ],
  survive: [
    [t("Desert", "Desierto"), 1, 0, 0],
    [t("Mountain", "Montaña"), 2, 1, 2],
    [t("Sea", "Mar"), 4, 5, 4],
    [t("Arctic", "Ártico"), 1, 1, 1],
    [t("Urban", "Ciudad"), 3, 2, 2],
  ],
};

const TRAITS: readonly [Text, Text][] = [
  [t("Tall as a tree", "Alto como un árbol"), t("<p>Sees over any crowd; fits under no doorway.</p>", "<p>Ve por encima de la multitud; no entra por ninguna puerta.</p>")],
  [t("Stubborn", "Testaruda"), t("", "")],
  [t("Wiseass", "Sabelotodo"), t("", "")],
  [t("Light sleeper", "Sueño liviano"), t("<p>Wakes at a footstep, and at every gull.</p>", "<p>Se despierta con un paso, y con cada gaviota.</p>")],
  [t("Salt-scarred hands", "Manos curtidas por la sal"), t("", "")],
  [t("Loyal to a fault", "Leal hasta el error"), t("", "")],
];

/** [name, rating, permanent]. */
const FALLOUTS: readonly [Text, number, boolean][] = [
  [t("Tired (mind)", "Agotada (mente)"), 1, false],
  [t("Injured arm", "Brazo lastimado"), 2, false],
  [t("Hungry", "Hambre"), 1, false],
  [t("Infamous in Port Vell", "Buscada en Puerto Vell"), 3, true],
  [t("Hurt pride", "Orgullo herido"), 2, false],
];

const LIFEPATHS: readonly [Text, string[]][] = [
  [t("Military", "Militar"), ["fight", "expertise", "survive"]],
  [t("Seafaring", "Marino"), ["expertise", "fight", "survive"]],
  [t("Esoteric", "Esotérico"), ["magic", "craft", "lore"]],
];

const BIOGRAPHY = t(
  "<p>Born below the lighthouse of <strong>Port Vell</strong>, Ysolde learned the sword from her mother's marines and the tides from her father's nets.</p><p>She left the Salt Guard the night the Golden Wheel went missing, and nobody in the harbour believes it was a coincidence.</p><ul><li>Owes Captain Merrow a life.</li><li>Keeps her mother's sea-charts, and reads them wrong on purpose.</li></ul>",
  "<p>Nacida bajo el faro de <strong>Puerto Vell</strong>, Ysolde aprendió la espada de los marinos de su madre y las mareas de las redes de su padre.</p><p>Dejó la Guardia de la Sal la noche en que desapareció la Rueda Dorada, y nadie en el puerto cree que haya sido casualidad.</p><ul><li>Le debe la vida a la capitana Merrow.</li><li>Guarda las cartas náuticas de su madre, y las lee mal a propósito.</li></ul>",
);

/** The sample character in one language, prepared as Foundry would (Potential derived from age). */
export function sampleCharacter(lang: SampleLang = "en"): SampleActor {
  next = 0;
  const age = createConfig().ages.adult;
  const potential = age?.potential ?? 3;
  const items: SheetItemSource[] = [];
  for (const [skillType, skills] of Object.entries(SKILLS)) {
    for (const [name, rating, passed, failed] of skills) {
      items.push({ id: id("skill"), name: name[lang], type: "skill", img: null, sort: 0, system: { skillType, rating, passed, failed, description: "" } });
    }
  }
  TRAITS.forEach(([name, description], i) =>
    items.push({ id: id("trait"), name: name[lang], type: "trait", img: null, sort: i, system: { description: description[lang] } }),
  );
  FALLOUTS.forEach(([name, rating, permanent], i) =>
    items.push({ id: id("fallout"), name: name[lang], type: "fallout", img: null, sort: i, system: { rating, permanent, description: "" } }),
  );
  LIFEPATHS.forEach(([name, skillTypes], i) =>
    items.push({ id: id("lifepath"), name: name[lang], type: "lifepath", img: null, sort: i, system: { skillTypes, description: "" } }),
  );
  return {
    uuid: "Actor.sampleCharacter01",
    name: lang === "es" ? "Ysolde Brasa-Vell, la del Faro" : "Ysolde Brasa-Vell of the Lighthouse",
    img: SAMPLE_PORTRAIT,
    type: "character",
    system: {
      age: "adult",
      potential,
      fate: { value: 2, max: potential },
      persona: { value: 1, max: potential },
      drives: {
        belief: lang === "es" ? "Una deuda impaga es una herida que nunca cierra." : "A debt unpaid is a wound that never closes.",
        goal: lang === "es" ? "Debo devolver la Rueda Dorada a Puerto Vell antes de que cambie la marea." : "I must bring the Golden Wheel back to Port Vell before the tide turns.",
        instinct: lang === "es" ? "Cuando entro a un lugar, busco la segunda salida." : "Whenever I enter a room, I look for the second way out.",
      },
      biography: BIOGRAPHY[lang],
    },
    items,
  };
}

/** A sample opponent in one language. */
export function sampleNpc(lang: SampleLang = "en"): SampleActor {
  next = 100;
  const skills: [Text, string, number][] = [
    [t("Swords", "Espada"), "fight", 4],
    [t("Command", "Comandar"), "influence", 3],
    [t("Sea", "Mar"), "survive", 3],
    [t("Intimidate", "Intimidar"), "influence", 2],
    [t("Cast", "Hechizar"), "magic", 1],
    [t("Appraisal", "Tasar"), "lore", 2],
  ];
  const items: SheetItemSource[] = [
    ...skills.map(([name, skillType, rating]): SheetItemSource => ({
      id: id("npcskill"),
      name: name[lang],
      type: "skill",
      img: null,
      sort: 0,
      system: { skillType, rating, passed: 0, failed: 0, description: "" },
    })),
    { id: id("npctrait"), name: lang === "es" ? "Nunca parpadea" : "Never blinks", type: "trait", img: null, sort: 0, system: { description: "" } },
    { id: id("npctrait"), name: lang === "es" ? "Voz de tormenta" : "Voice like a gale", type: "trait", img: null, sort: 1, system: { description: "" } },
    { id: id("npcfall"), name: lang === "es" ? "Rodilla rota" : "Bad knee", type: "fallout", img: null, sort: 0, system: { rating: 1, permanent: true, description: "" } },
  ];
  return {
    uuid: "Actor.sampleNpc0000001",
    name: lang === "es" ? "Capitana Merrow de la Guardia de la Sal" : "Captain Merrow of the Salt Guard",
    img: SAMPLE_PORTRAIT,
    type: "npc",
    system: {
      ob: 3,
      potential: 4,
      description:
        lang === "es"
          ? "<p>Comanda el muelle de Puerto Vell como si fuera la cubierta de su barco. Le debe un favor al faro.</p>"
          : "<p>Runs the Port Vell docks as if they were her own deck. Owes the lighthouse a favour.</p>",
    },
    items,
  };
}

/** Enriched HTML as a sheet would pass it: the actor's rich text under `key`, item descriptions by id. */
export function sampleEnriched(actor: SampleActor, key: "biography" | "description"): Record<string, string> {
  const out: Record<string, string> = { [key]: String(actor.system[key] ?? "") };
  for (const item of actor.items) {
    const description = (item.system as { description?: unknown }).description;
    if (item.id && typeof description === "string" && description) out[item.id] = description;
  }
  return out;
}

/** [kind, Skill, Ob, passed, Intent, Task], newest first: the sample character's last evening at the docks. */
const HISTORY: readonly [TestHistoryEntry["kind"], Text, number, boolean, Text, Text][] = [
  ["skill", t("Swords", "Espada"), 3, false, t("Keep Merrow's marines off the gangplank", "Mantener a los marinos de Merrow fuera de la pasarela"), t("I fight them two at a time on the narrow boards", "Peleo con ellos de dos en dos sobre las tablas estrechas")],
  ["skill", t("Sea", "Mar"), 2, true, t("Reach the lighthouse before the tide turns", "Llegar al faro antes de que cambie la marea"), t("I row through the reef by the old channel", "Remo entre los arrecifes por el canal viejo")],
  ["skill", t("Ward & Bind", "Proteger & atar"), 4, true, t("Seal the Golden Wheel's crate so no one can track it", "Sellar el cajón de la Rueda Dorada para que nadie lo rastree"), t("I bind the lid with salt & my mother's charts", "Ato la tapa con sal & las cartas de mi madre")],
  ["potential", t("", ""), 2, false, t("Convince the harbourmaster I was never here", "Convencer al capitán de puerto de que nunca estuve aquí"), t("I spin a tale about a cousin from Port Vell", "Invento una historia sobre una prima de Puerto Vell")],
  ["skill", t("Streetwise", "Bajos fondos"), 1, true, t("Find who bought stolen gold this week", "Averiguar quién compró oro robado esta semana"), t("I ask around the fish market", "Pregunto en el mercado de pescado")],
];

/** The sample character's recent Tests as `actor.testHistory` gives them, newest first. */
export function sampleTestHistory(lang: SampleLang = "en"): TestHistoryEntry[] {
  const start = Date.UTC(2026, 10, 28, 22, 0);
  return HISTORY.map(([kind, skill, ob, passed, intent, task], i) => {
    const messageId = `sampleTest${String(i + 1).padStart(6, "0")}`;
    return {
      messageId,
      messageUuid: `ChatMessage.${messageId}`,
      kind,
      skillId: kind === "skill" ? `skill${String(i + 1).padStart(11, "0")}` : null,
      skillName: skill[lang],
      ob,
      intent: intent[lang],
      task: task[lang],
      outcome: passed ? "passed" : "failed",
      timestamp: start - i * 12 * 60_000,
      sceneId: "sampleScene00001",
      memory: 0,
      requestId: null,
    };
  });
}
