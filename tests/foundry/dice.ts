/**
 * A small, honest stand-in for Foundry's Roll and Die. It parses exactly the
 * formulas goldhack rolls ("Nd6cs>=4", "Nd6x6cs>=4", and sums of them that
 * Fate builds), applies modifiers left to right as Foundry does (explode, then
 * count), and leaves Foundry-shaped results: {result, active, success, count,
 * exploded, rerolled}. Dice read CONFIG.Dice.randomUniform, as Foundry's do,
 * so a test injects a seeded source there.
 */

/** One die's result, shaped like Foundry's DiceTerm.Result. */
export interface StandInResult {
  result: number;
  active: boolean;
  success?: boolean;
  count?: number;
  exploded?: boolean;
  rerolled?: boolean;
  discarded?: boolean;
}

/** A function returning a number in [0, 1), like Foundry's CONFIG.Dice.randomUniform. */
import { mulberry32, type RandomSource } from "../support/seeded-random";

export type { RandomSource };
/** A deterministic pseudo-random source (mulberry32) for repeatable tests. */
export const seededRandom: (seed: number) => RandomSource = mulberry32;

/**
 * A source that makes a d6 show the given faces in order (then falls back to a
 * seeded source), for tests that need a particular table. It only chooses the
 * uniform number: the Die still turns it into a face and applies its modifiers.
 */
export function scriptedFaces(faces: number[], fallback: RandomSource = seededRandom(1)): RandomSource {
  const queue = [...faces];
  return () => {
    const face = queue.shift();
    return face === undefined ? fallback() : (face - 0.5) / 6;
  };
}

interface DiceConfig {
  randomUniform: RandomSource;
  rolls: (typeof StandInRoll)[];
}

function diceConfig(): DiceConfig {
  const config = (globalThis as { CONFIG?: { Dice?: DiceConfig } }).CONFIG;
  if (!config?.Dice) throw new Error("CONFIG.Dice is not installed (call installDice first)");
  return config.Dice;
}

const TERM = /^(\d+)d6(x6)?(cs>=4)$/;
/** Foundry stops an explosion chain; a cap keeps a broken source from looping forever. */
const MAX_EXPLOSIONS = 100;

interface DieData {
  class: "Die";
  number: number;
  faces: number;
  modifiers: string[];
  results: StandInResult[];
  evaluated: boolean;
  options: Record<string, unknown>;
}

/** A d6 term with Foundry's "x6" and "cs>=4" modifiers. */
export class StandInDie {
  number: number;
  faces = 6;
  modifiers: string[];
  results: StandInResult[] = [];
  options: Record<string, unknown> = {};
  _evaluated = false;

  constructor({ number, modifiers = [], results = [] }: { number: number; modifiers?: string[]; results?: StandInResult[] }) {
    this.number = number;
    this.modifiers = modifiers;
    this.results = results;
  }

  /** Parses one term of the formulas we use; anything else is an error, not a guess. */
  static parse(text: string): StandInDie {
    const match = TERM.exec(text.trim());
    if (!match) throw new Error(`stand-in Roll cannot parse the term "${text}"`);
    const modifiers = [match[2], match[3]].filter((m): m is string => Boolean(m));
    return new StandInDie({ number: Number(match[1]), modifiers });
  }

  get formula(): string {
    return `${this.number}d${this.faces}${this.modifiers.join("")}`;
  }

  get expression(): string {
    return this.formula;
  }

  get isDeterministic(): boolean {
    return false;
  }

  /** Successes over active results, as Foundry's DiceTerm#total counts them. */
  get total(): number | undefined {
    if (!this._evaluated) return undefined;
    return this.results.reduce((sum, r) => (r.active ? sum + (r.count ?? r.result) : sum), 0);
  }

  get values(): number[] {
    return this.results.filter((r) => r.active).map((r) => r.result);
  }

  #rollOne(): StandInResult {
    const u = diceConfig().randomUniform();
    const result = Math.min(this.faces, Math.max(1, Math.ceil(u * this.faces)));
    const r: StandInResult = { result, active: true };
    this.results.push(r);
    return r;
  }

  async evaluate(): Promise<this> {
    if (this._evaluated) throw new Error("This Die has already been evaluated");
    for (let i = 0; i < this.number; i++) this.#rollOne();
    for (const modifier of this.modifiers) {
      if (modifier === "x6") this.#explode();
      else if (modifier === "cs>=4") this.#countSuccess();
    }
    this._evaluated = true;
    return this;
  }

  #explode(): void {
    let explosions = 0;
    for (let i = 0; i < this.results.length && explosions < MAX_EXPLOSIONS; i++) {
      const r = this.results[i];
      if (!r || !r.active || r.result !== 6) continue;
      r.exploded = true;
      this.#rollOne();
      explosions += 1;
    }
  }

  #countSuccess(): void {
    for (const r of this.results) {
      r.success = r.result >= 4;
      r.count = r.success ? 1 : 0;
    }
  }

  toJSON(): DieData {
    return {
      class: "Die",
      number: this.number,
      faces: this.faces,
      modifiers: [...this.modifiers],
      results: this.results.map((r) => ({ ...r })),
      evaluated: this._evaluated,
      options: { ...this.options },
    };
  }

  static fromData(data: DieData): StandInDie {
    const die = new StandInDie({ number: data.number, modifiers: [...data.modifiers], results: data.results.map((r) => ({ ...r })) });
    die._evaluated = data.evaluated;
    die.options = { ...data.options };
    return die;
  }
}

interface OperatorData {
  class: "OperatorTerm";
  operator: "+";
  evaluated: boolean;
  options: Record<string, unknown>;
}

/** The "+" between the terms of a Fate-extended roll. */
export class StandInOperatorTerm {
  operator: "+";
  options: Record<string, unknown> = {};
  /** As in Foundry, a new term is unevaluated until evaluate() (Roll.fromTerms refuses a mix). */
  _evaluated = false;

  constructor({ operator }: { operator: string }) {
    if (operator !== "+") throw new Error(`stand-in OperatorTerm supports "+", got "${operator}"`);
    this.operator = operator;
  }

  get formula(): string {
    return ` ${this.operator} `;
  }

  get expression(): string {
    return this.formula;
  }

  get total(): string {
    return this.operator;
  }

  async evaluate(): Promise<this> {
    this._evaluated = true;
    return this;
  }

  toJSON(): OperatorData {
    return { class: "OperatorTerm", operator: this.operator, evaluated: this._evaluated, options: {} };
  }

  static fromData(data: OperatorData): StandInOperatorTerm {
    const term = new StandInOperatorTerm({ operator: data.operator });
    term._evaluated = data.evaluated;
    return term;
  }
}

type Term = StandInDie | StandInOperatorTerm;
type TermData = DieData | OperatorData;

/** What Roll#toJSON returns, as Foundry shapes it. */
export interface StandInRollData {
  class: string;
  options: Record<string, unknown>;
  dice: unknown[];
  formula: string;
  terms: TermData[];
  total: number | undefined;
  evaluated: boolean;
}

function termFromData(data: TermData): Term {
  return data.class === "Die" ? StandInDie.fromData(data) : StandInOperatorTerm.fromData(data);
}

function parseFormula(formula: string): Term[] {
  const terms: Term[] = [];
  formula.split("+").forEach((part, i) => {
    if (i > 0) terms.push(new StandInOperatorTerm({ operator: "+" }));
    terms.push(StandInDie.parse(part));
  });
  return terms;
}

/** Roll: parse, evaluate, total, serialise and rebuild, as Foundry's does for our formulas. */
export class StandInRoll {
  static CHAT_TEMPLATE = "templates/dice/roll.html";
  data: Record<string, unknown>;
  options: Record<string, unknown>;
  terms: Term[];
  _evaluated = false;
  _total: number | undefined = undefined;

  constructor(formula: string, data: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
    this.data = data;
    this.options = options;
    this.terms = parseFormula(formula);
  }

  static getFormula(terms: Term[]): string {
    return terms.map((t) => t.formula).join("");
  }

  get formula(): string {
    return StandInRoll.getFormula(this.terms);
  }

  get dice(): StandInDie[] {
    return this.terms.filter((t): t is StandInDie => t instanceof StandInDie);
  }

  get total(): number | undefined {
    return this._total;
  }

  get isDeterministic(): boolean {
    return false;
  }

  _evaluateTotal(): number {
    return this.dice.reduce((sum, d) => sum + (d.total ?? 0), 0);
  }

  async evaluate(_options: { allowInteractive?: boolean } = {}): Promise<this> {
    if (this._evaluated) throw new Error("The Roll has already been evaluated and is now immutable");
    for (const term of this.terms) await term.evaluate();
    this._evaluated = true;
    this._total = this._evaluateTotal();
    return this;
  }

  toJSON(): StandInRollData {
    return {
      class: this.constructor.name,
      options: this.options,
      dice: [],
      formula: this.formula,
      terms: this.terms.map((t) => t.toJSON()),
      total: this._total,
      evaluated: this._evaluated,
    };
  }

  /** Rebuilds a roll from JSON with the class registered in CONFIG.Dice.rolls, as Foundry does. */
  static fromData<T extends typeof StandInRoll>(this: T, data: StandInRollData): InstanceType<T> {
    const cls = diceConfig().rolls.find((c) => c.name === data.class) ?? StandInRoll;
    const roll = new cls(data.formula, {}, structuredClone(data.options));
    roll.terms = data.terms.map(termFromData);
    roll._evaluated = data.evaluated;
    roll._total = data.total;
    return roll as InstanceType<T>;
  }

  static fromJSON<T extends typeof StandInRoll>(this: T, json: string): InstanceType<T> {
    return this.fromData(JSON.parse(json) as StandInRollData);
  }

  /** A roll made of already-built terms; evaluated when they all are. */
  static fromTerms<T extends typeof StandInRoll>(this: T, terms: Term[], options: Record<string, unknown> = {}): InstanceType<T> {
    const evaluated = terms.filter((t) => t._evaluated).length;
    if (evaluated !== 0 && evaluated !== terms.length) throw new Error("Roll.fromTerms takes terms all evaluated or none evaluated");
    const roll = new this(StandInRoll.getFormula(terms), {}, options);
    roll.terms = terms;
    roll._evaluated = evaluated === terms.length;
    if (roll._evaluated) roll._total = roll._evaluateTotal();
    return roll as InstanceType<T>;
  }

  async render(_options: Record<string, unknown> = {}): Promise<string> {
    return `<div class="dice-roll">${this.formula} = ${String(this._total)}</div>`;
  }
}

/** What {@link installDice} puts in place, so a test can reach the random source and classes. */
export interface InstalledDice {
  Roll: typeof StandInRoll;
  Die: typeof StandInDie;
  OperatorTerm: typeof StandInOperatorTerm;
  config: DiceConfig;
}

/**
 * Installs Roll, foundry.dice.{Roll, terms} and CONFIG.Dice on the globals
 * (merging with whatever foundry/CONFIG objects already exist).
 */
export function installDice(random: RandomSource = seededRandom(42)): InstalledDice {
  const g = globalThis as Record<string, unknown>;
  const foundry = (g.foundry ??= {}) as Record<string, unknown>;
  const CONFIG = (g.CONFIG ??= {}) as Record<string, unknown>;
  const config: DiceConfig = { randomUniform: random, rolls: [StandInRoll] };
  CONFIG.Dice = config;
  CONFIG.queries ??= {};
  foundry.dice = { Roll: StandInRoll, terms: { Die: StandInDie, DiceTerm: StandInDie, OperatorTerm: StandInOperatorTerm } };
  g.Roll = StandInRoll;
  return { Roll: StandInRoll, Die: StandInDie, OperatorTerm: StandInOperatorTerm, config };
}

/** Replaces the random source the dice read. */
export function setRandom(random: RandomSource): void {
  diceConfig().randomUniform = random;
}

/** The chat pieces a Test card needs beyond the document stand-ins: roll modes, the dice sound, renderTemplate. */
export interface ChatSupport {
  /** The roll mode `game.settings.get("core", "rollMode")` returns; change it to test another. */
  rollMode: string;
  /** The language templates render in (the viewer's). */
  lang: "en" | "es";
  /** Keys a rendered template asked for that the language file lacks. */
  missing: Set<string>;
}

interface ChatData {
  whisper?: string[];
  blind?: boolean;
  [key: string]: unknown;
}

interface UserLike {
  id: string;
  isGM: boolean;
}

/**
 * Installs, on top of installFoundry(): `game.settings.get("core", "rollMode")`, `ChatMessage.applyRollMode`
 * (public, GM-only, blind and self rolls as Foundry whispers them), `CONFIG.sounds.dice`, and
 * `foundry.applications.handlebars.renderTemplate`, which renders our real templates (by their
 * systems/goldhack/ path) with the real handlebars library in the chosen language.
 */
export async function installChatSupport(lang: "en" | "es" = "en"): Promise<ChatSupport> {
  const { createHandlebars, compileTemplate } = await import("./handlebars");
  const g = globalThis as Record<string, unknown>;
  const support: ChatSupport = { rollMode: "publicroll", lang, missing: new Set() };
  const game = g.game as { settings?: unknown; user: UserLike; users: { contents: UserLike[] } };
  // Registered settings hold their default until set, as Foundry's do; an unregistered one throws, as Foundry's get does.
  const registered = new Map<string, unknown>();
  game.settings = {
    register: (scope: string, key: string, config: { default?: unknown }) => void registered.set(`${scope}.${key}`, config.default),
    get: (scope: string, key: string) => {
      if (scope === "core" && key === "rollMode") return support.rollMode;
      if (registered.has(`${scope}.${key}`)) return registered.get(`${scope}.${key}`);
      throw new Error(`stand-in setting ${scope}.${key} is not registered`);
    },
    set: async (scope: string, key: string, value: unknown) => {
      if (!registered.has(`${scope}.${key}`)) throw new Error(`stand-in setting ${scope}.${key} is not registered`);
      registered.set(`${scope}.${key}`, value);
      return value;
    },
  };
  const ChatMessageClass = g.ChatMessage as Record<string, unknown>;
  ChatMessageClass.applyRollMode = (data: ChatData, mode: string): ChatData => {
    const gms = game.users.contents.filter((u) => u.isGM).map((u) => u.id);
    data.whisper = mode === "gmroll" || mode === "blindroll" ? gms : mode === "selfroll" ? [game.user.id] : [];
    data.blind = mode === "blindroll";
    return data;
  };
  const CONFIG = g.CONFIG as Record<string, unknown>;
  CONFIG.sounds = { dice: "sounds/dice.wav" };
  const foundry = g.foundry as Record<string, unknown>;
  foundry.applications = {
    handlebars: {
      renderTemplate: async (path: string, data: object): Promise<string> => {
        const prefix = "systems/goldhack/templates/";
        if (!path.startsWith(prefix)) throw new Error(`stand-in renderTemplate serves only our templates, not ${path}`);
        const { hbs, i18n } = createHandlebars(support.lang);
        const html = compileTemplate(hbs, path.slice(prefix.length))(data);
        for (const key of i18n.missing) support.missing.add(key);
        return html;
      },
    },
  };
  return support;
}

interface QueryUser extends UserLike {
  query?: (name: string, data: unknown, options?: { timeout?: number }) => Promise<unknown>;
}

/**
 * Gives every stand-in user Foundry v13's `User#query`: the data crosses "the wire" as JSON, the handler
 * in CONFIG.queries runs on the target user's "client" (game.user switched to them meanwhile), and
 * its answer comes back as JSON. `setUser` is installFoundry()'s. Returns the log of queries sent.
 */
export function connectQueries(users: QueryUser[], setUser: (user: never) => void): { name: string; to: string; data: unknown }[] {
  const sent: { name: string; to: string; data: unknown }[] = [];
  const g = globalThis as unknown as { game: { user: QueryUser }; CONFIG: { queries: Record<string, (data: unknown, options: { timeout?: number }) => Promise<unknown>> } };
  for (const target of users) {
    target.query = async (name, data, options = {}) => {
      const handler = g.CONFIG.queries[name];
      if (!handler) throw new Error(`no query handler ${name}`);
      const wire: unknown = JSON.parse(JSON.stringify(data));
      sent.push({ name, to: target.id, data: wire });
      const asker = g.game.user;
      setUser(target as never);
      try {
        return JSON.parse(JSON.stringify(await handler(wire, options))) as unknown;
      } finally {
        setUser(asker as never);
      }
    };
  }
  return sent;
}
