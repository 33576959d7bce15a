/**
 * The inline Test links' adapter: registers the enricher, draws each link as a button, and on click opens
 * the test dialog for the clicking user's character (or the controlled token's actor) with the Skill and
 * Ob filled in, or, for `/request`, the GM's request form. Bad links are drawn marked and explain
 * themselves in a localised warning when clicked; nothing is rolled or posted then.
 */
import { warn, warnProblems } from "../documents/notify";
import { requestTest } from "../requests/request-calls";
import { INLINE_TEST_PATTERN, parseInlineTest, resolveInlineSkill, skillCatalogue, type CatalogueSkill, type InlineSkill, type OwnedSkill } from "./inline-test-args";
import { closestFrom } from "../applications/api/dom-kinds";
import { settle } from "../safe-hook";

/** The enricher's id (Foundry needs one to call onRender). */
export const INLINE_TEST_ENRICHER_ID = "goldhackInlineTest";
/** The compendium Skill packs, twins sharing ids across languages. */
export const SKILL_PACKS = Object.freeze({ en: "goldhack.skills-en", es: "goldhack.skills-es" });
const LINK_CLASS = "goldhack-inline-test";

const format = (key: string, data: Record<string, string | number>): string =>
  game.i18n?.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) ?? key;

/** Draws one link: a button naming the Skill and Ob, or a marked span when the arguments are bad. */
export function inlineTestElement(command: string, args: string, label?: string): HTMLElement {
  const parsed = parseInlineTest(command, args);
  const link = document.createElement("a");
  link.classList.add(LINK_CLASS);
  link.dataset.command = command.toLowerCase();
  link.dataset.args = args;
  const icon = document.createElement("i");
  icon.className = parsed.ok && parsed.value.command === "request" ? "fa-solid fa-scale-balanced" : "fa-solid fa-dice-d6";
  icon.setAttribute("inert", "");
  const text = document.createElement("span");
  if (parsed.ok) {
    const { command: kind, skill, ob } = parsed.value;
    const what = ob === undefined ? skill : format("GOLDHACK.Enricher.SkillAtOb", { skill, ob });
    text.textContent = label?.trim() || what;
    link.dataset.tooltip = format(kind === "request" ? "GOLDHACK.Enricher.RequestTooltip" : "GOLDHACK.Enricher.TestTooltip", { test: what });
  } else {
    link.classList.add("is-invalid");
    text.textContent = label?.trim() || `/${command} ${args}`.trim();
    link.dataset.tooltip = format(parsed.problem.key, parsed.problem.data ?? {});
  }
  link.setAttribute("role", "button");
  link.tabIndex = 0;
  link.setAttribute("aria-label", link.dataset.tooltip);
  link.append(icon, text);
  return link;
}

/** The Skill packs' indexes joined, the user's language first (a Skill to learn gets that name). */
export function packCatalogue(): CatalogueSkill[] {
  const spanish = (game.i18n?.lang ?? "en").toLowerCase().startsWith("es");
  const order = spanish ? [SKILL_PACKS.es, SKILL_PACKS.en] : [SKILL_PACKS.en, SKILL_PACKS.es];
  const indexes = order.map((id) => {
    const index = game.packs?.get(id)?.index;
    return index ? index.contents.map((entry) => ({ _id: String(entry._id), name: String(entry.name ?? "") })) : [];
  });
  return skillCatalogue(indexes);
}

const skillsOf = (actor: Actor.Implementation): OwnedSkill[] =>
  actor.items.filter((item) => item.type === "skill" && typeof item.id === "string").map((item) => ({ id: item.id ?? "", name: item.name }));

/** Who a `/test` link tests: the first controlled token's actor the user owns, else the user's character. */
export function inlineTestActor(): Actor.Implementation | null {
  const user = game.user;
  if (!user) return null;
  const tokens = canvas?.ready ? (canvas.tokens?.controlled ?? []) : [];
  const controlled = tokens.map((token) => token.actor).find((actor) => actor?.testUserPermission(user, "OWNER"));
  return controlled ?? user.character ?? null;
}

/** `/test`: opens the test dialog for the user's character with the link's Skill (or Potential to learn it) and Ob. */
async function runTest(skillName: string, ob: number | undefined): Promise<void> {
  const actor = inlineTestActor();
  if (!actor) {
    warn("GOLDHACK.Enricher.Error.NoCharacter");
    return;
  }
  const skill: InlineSkill = resolveInlineSkill(skillName, skillsOf(actor), packCatalogue());
  if (skill.kind === "unknown") {
    warnProblems([skill.problem]);
    return;
  }
  const obPart = ob === undefined ? {} : { ob };
  if (skill.kind === "skill") await actor.rollTest({ kind: "skill", skillId: skill.id, ...obPart });
  else await actor.rollTest({ kind: "potential", skillId: null, learnSkillName: skill.learnSkillName, ...obPart });
}

/** `/request`: GM only; opens the request form with the Skill (as the player characters name it) and Ob. */
async function runRequest(skillName: string, ob: number | undefined): Promise<void> {
  if (!game.user?.isGM) {
    warn("GOLDHACK.Enricher.Error.NotGM");
    return;
  }
  const actors = (game.actors?.contents ?? []) as Actor.Implementation[];
  const owned = actors.filter((actor) => actor.type === "character").flatMap(skillsOf);
  const skill = resolveInlineSkill(skillName, owned, packCatalogue());
  if (skill.kind === "unknown") {
    warnProblems([skill.problem]);
    return;
  }
  await requestTest(undefined, { skill: skill.kind === "skill" ? skill.name : skill.learnSkillName, ...(ob === undefined ? {} : { ob: String(ob) }) });
}

/** What a click on a link does; exported for macros and tests. */
export async function activateInlineTest(command: string, args: string): Promise<void> {
  const parsed = parseInlineTest(command, args);
  if (!parsed.ok) {
    warnProblems([parsed.problem]);
    return;
  }
  const { skill, ob } = parsed.value;
  await (parsed.value.command === "request" ? runRequest(skill, ob) : runTest(skill, ob));
}

/** Wires the links inside freshly rendered enriched content: click, and Enter or Space for the keyboard. */
export function onRenderInlineTests(root: HTMLElement): void {
  const links = root.matches(`a.${LINK_CLASS}`) ? [root] : [...root.querySelectorAll<HTMLElement>(`a.${LINK_CLASS}`)];
  for (const link of links) {
    if (link.dataset.wired) continue;
    link.dataset.wired = "true";
    const run = (event: Event): void => {
      event.preventDefault();
      event.stopPropagation();
      settle(activateInlineTest(link.dataset.command ?? "", link.dataset.args ?? ""), "the inline Test");
    };
    link.addEventListener("click", run);
    link.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") run(event);
    });
  }
}

/** The enricher as Foundry takes it; `id` and `onRender` are newer than the v13 types we check against. */
export interface InlineTestEnricher {
  id: string;
  pattern: RegExp;
  enricher: (match: RegExpMatchArray) => Promise<HTMLElement>;
  onRender: (element: HTMLElement) => void;
}

export const INLINE_TEST_ENRICHER: InlineTestEnricher = {
  id: INLINE_TEST_ENRICHER_ID,
  pattern: INLINE_TEST_PATTERN,
  enricher: async (match) => inlineTestElement(match[1] ?? "", match[2] ?? "", match[3]),
  onRender: (element) => onRenderInlineTests(element),
};

/**
 * Registers the enricher at init, and, for content Foundry draws without calling onRender (older v13
 * builds), one delegated listener on the page that wires a link the first time it is pointed at or focused.
 */
export function registerInlineTests(): void {
  CONFIG.TextEditor.enrichers.push(INLINE_TEST_ENRICHER);
  const wire = (event: Event): void => {
    const link = closestFrom(event.target, `a.${LINK_CLASS}`);
    if (link) onRenderInlineTests(link);
  };
  Hooks.once("ready", () => {
    document.addEventListener("pointerover", wire, true);
    document.addEventListener("focusin", wire, true);
  });
}
