/**
 * Stand-ins for Foundry's data fields and data models (foundry.data.fields, foundry.abstract.TypeDataModel),
 * small but faithful for the options goldhack uses. What Foundry does, and so what these do:
 * - `clean(value)` fills a missing value with the field's initial, casts ("3" → 3, "true" → true), trims
 *   strings, and for a NumberField rounds when `integer` and clamps to `min`/`max` (Foundry clamps on clean).
 * - `validate(value)` reports what is still wrong after cleaning (or what was never cleaned): wrong type, a
 *   non-integer, out of range, a blank string, a value outside `choices`.
 * - A model's constructor migrates (`migrateData`), cleans, then validates its source, and throws a
 *   {@link DataModelValidationError} listing every failure when `strict` (the default).
 */

/** One thing wrong with a value, at a dot path inside the validated object. */
export interface ValidationFailure {
  path: string;
  message: string;
}

/** Thrown by a model built from invalid source; `failures` lists every problem. */
export class DataModelValidationError extends Error {
  readonly failures: ValidationFailure[];
  constructor(failures: ValidationFailure[]) {
    super(`validation failed: ${failures.map((f) => `${f.path || "(root)"}: ${f.message}`).join("; ")}`);
    this.name = "DataModelValidationError";
    this.failures = failures;
  }
}

export type PlainObject = Record<string, unknown>;

export const isPlainObject = (value: unknown): value is PlainObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export interface CleanOptions {
  /** Only the keys present are cleaned (an update's changes), missing ones stay missing. */
  partial?: boolean;
}

type Initial<T> = T | ((data: unknown) => T);

export interface DataFieldOptions<T> {
  required?: boolean;
  nullable?: boolean;
  initial?: Initial<T>;
  label?: string;
  hint?: string;
  /** An extra check: return false or throw to fail validation. */
  validate?: (value: T) => boolean;
}

/** The base of every field: initial values, null handling, cast → clean → validate. */
export abstract class DataField<T = unknown> {
  readonly required: boolean;
  readonly nullable: boolean;
  readonly initial: Initial<T> | undefined;
  readonly label: string;
  readonly hint: string;
  readonly #extraValidate: ((value: T) => boolean) | undefined;
  /** Set by the parent SchemaField. */
  name = "";

  constructor(options: DataFieldOptions<T> = {}, defaults: { nullable?: boolean; initial?: Initial<T> } = {}) {
    this.required = options.required ?? false;
    this.nullable = options.nullable ?? defaults.nullable ?? false;
    this.initial = "initial" in options ? options.initial : defaults.initial;
    this.label = options.label ?? "";
    this.hint = options.hint ?? "";
    this.#extraValidate = options.validate;
  }

  getInitialValue(data?: unknown): unknown {
    return typeof this.initial === "function" ? (this.initial as (data: unknown) => T)(data) : structuredCloneSafe(this.initial);
  }

  /** Cleans one value: null kept only when nullable, undefined becomes the initial, then cast and type cleaning. */
  clean(value: unknown, options: CleanOptions = {}): unknown {
    if (value === null) {
      if (this.nullable) return null;
      value = undefined;
    }
    if (value === undefined) return this.getInitialValue();
    return this._cleanType(this._cast(value), options);
  }

  /** The failures of one value, with paths relative to this field. */
  validate(value: unknown, options: CleanOptions = {}): ValidationFailure[] {
    if (value === undefined) return this.required ? [{ path: "", message: "may not be undefined" }] : [];
    if (value === null) return this.nullable ? [] : [{ path: "", message: "may not be null" }];
    const failures = this._validateType(value, options);
    if (failures.length === 0 && this.#extraValidate) {
      try {
        if (this.#extraValidate(value as T) === false) failures.push({ path: "", message: "is not a valid value" });
      } catch (error) {
        failures.push({ path: "", message: error instanceof Error ? error.message : String(error) });
      }
    }
    return failures;
  }

  protected _cast(value: unknown): unknown {
    return value;
  }

  protected _cleanType(value: unknown, _options: CleanOptions): unknown {
    return value;
  }

  protected abstract _validateType(value: unknown, options: CleanOptions): ValidationFailure[];
}

function structuredCloneSafe<T>(value: T): T {
  return value === undefined ? value : (structuredClone(value) as T);
}

const fail = (message: string): ValidationFailure[] => [{ path: "", message }];

export interface NumberFieldOptions extends DataFieldOptions<number> {
  integer?: boolean;
  min?: number;
  max?: number;
  positive?: boolean;
}

/** A number: cast with Number(), rounded when `integer`, clamped to min/max on clean; validation rechecks all. */
export class NumberField extends DataField<number> {
  readonly integer: boolean;
  readonly min: number | undefined;
  readonly max: number | undefined;
  readonly positive: boolean;

  constructor(options: NumberFieldOptions = {}) {
    super(options, { nullable: true, initial: undefined });
    this.integer = options.integer ?? false;
    this.min = options.min;
    this.max = options.max;
    this.positive = options.positive ?? false;
  }

  override getInitialValue(data?: unknown): unknown {
    const value = super.getInitialValue(data);
    return value === undefined && this.nullable ? null : value;
  }

  protected override _cast(value: unknown): unknown {
    return typeof value === "number" ? value : Number(value);
  }

  protected override _cleanType(value: unknown): unknown {
    if (typeof value !== "number" || Number.isNaN(value)) return value;
    let n = this.integer ? Math.round(value) : value;
    if (this.min !== undefined) n = Math.max(n, this.min);
    if (this.max !== undefined) n = Math.min(n, this.max);
    return n;
  }

  protected override _validateType(value: unknown): ValidationFailure[] {
    if (typeof value !== "number" || Number.isNaN(value)) return fail("must be a number");
    if (this.integer && !Number.isInteger(value)) return fail("is not an integer");
    if (this.min !== undefined && value < this.min) return fail(`must be greater than or equal to ${this.min}`);
    if (this.max !== undefined && value > this.max) return fail(`must be less than or equal to ${this.max}`);
    if (this.positive && value <= 0) return fail("must be a positive number");
    return [];
  }
}

type Choices = readonly string[] | Record<string, unknown> | (() => readonly string[] | Record<string, unknown>);

export interface StringFieldOptions extends DataFieldOptions<string> {
  blank?: boolean;
  trim?: boolean;
  choices?: Choices;
}

/** A string: cast with String(), trimmed, optionally restricted to `choices` (keys of an object, or a list). */
export class StringField extends DataField<string> {
  readonly blank: boolean;
  readonly trim: boolean;
  readonly choices: Choices | undefined;

  constructor(options: StringFieldOptions = {}) {
    super(options, { nullable: false, initial: undefined });
    this.blank = options.blank ?? true;
    this.trim = options.trim ?? true;
    this.choices = options.choices;
  }

  override getInitialValue(data?: unknown): unknown {
    const value = super.getInitialValue(data);
    if (value !== undefined) return value;
    if (this.nullable) return null;
    return this.blank ? "" : undefined;
  }

  /** The allowed values, resolving a function each time (hacks change CONFIG after the field is built). */
  choiceKeys(): string[] | null {
    if (this.choices === undefined) return null;
    const choices = typeof this.choices === "function" ? this.choices() : this.choices;
    return Array.isArray(choices) ? [...(choices as readonly string[])] : Object.keys(choices);
  }

  protected override _cast(value: unknown): unknown {
    return String(value);
  }

  protected override _cleanType(value: unknown): unknown {
    return typeof value === "string" && this.trim ? value.trim() : value;
  }

  protected override _validateType(value: unknown): ValidationFailure[] {
    if (typeof value !== "string") return fail("must be a string");
    if (value === "") return this.blank ? [] : fail("may not be a blank string");
    const keys = this.choiceKeys();
    if (keys && !keys.includes(value)) return fail(`${value} is not a valid choice`);
    return [];
  }
}

/** Rich text; a string field that is required and blank by default, as in Foundry. */
export class HTMLField extends StringField {
  constructor(options: StringFieldOptions = {}) {
    super({ required: true, blank: true, ...options });
  }
}

/** true or false; strings "true"/"false" are cast as Foundry does. */
export class BooleanField extends DataField<boolean> {
  constructor(options: DataFieldOptions<boolean> = {}) {
    super(options, { nullable: false, initial: false });
  }

  protected override _cast(value: unknown): unknown {
    if (typeof value === "string") return value === "true";
    if (typeof value === "object") return false;
    return Boolean(value);
  }

  protected override _validateType(value: unknown): ValidationFailure[] {
    return typeof value === "boolean" ? [] : fail("must be a boolean");
  }
}

/** A list of one kind of element; a lone value is wrapped in a list, each element cleaned and validated. */
export class ArrayField<E extends DataField = DataField> extends DataField<unknown[]> {
  readonly element: E;

  constructor(element: E, options: DataFieldOptions<unknown[]> = {}) {
    super(options, { nullable: false, initial: () => [] });
    this.element = element;
  }

  protected override _cast(value: unknown): unknown {
    if (Array.isArray(value)) return value;
    if (value instanceof Set) return [...value];
    return [value];
  }

  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    return Array.isArray(value) ? value.map((v: unknown) => this.element.clean(v, { ...options, partial: false })) : value;
  }

  protected override _validateType(value: unknown): ValidationFailure[] {
    if (!Array.isArray(value)) return fail("must be an array");
    return value.flatMap((element: unknown, i) =>
      this.element.validate(element).map((f) => ({ path: joinPath(String(i), f.path), message: f.message })),
    );
  }
}

/** Any plain object, kept as given (Foundry's ObjectField: its inside is not validated); initial `{}`. */
export class ObjectField extends DataField<PlainObject> {
  constructor(options: DataFieldOptions<PlainObject> = {}) {
    super(options, { nullable: false, initial: () => ({}) });
  }

  protected override _cast(value: unknown): unknown {
    return isPlainObject(value) ? value : {};
  }

  protected override _validateType(value: unknown): ValidationFailure[] {
    return isPlainObject(value) ? [] : fail("must be an object");
  }
}

const joinPath = (a: string, b: string): string => (a && b ? `${a}.${b}` : a || b);

/** An object of named fields. Unknown keys are dropped on clean, as Foundry's schema does. */
export class SchemaField extends DataField<PlainObject> {
  readonly fields: Record<string, DataField>;

  constructor(fields: Record<string, DataField>, options: DataFieldOptions<PlainObject> = {}) {
    super({ required: true, ...options }, { nullable: false });
    this.fields = fields;
    for (const [name, field] of Object.entries(fields)) field.name = name;
  }

  override getInitialValue(data?: unknown): unknown {
    if (this.initial !== undefined) return super.getInitialValue(data);
    const out: PlainObject = {};
    for (const [name, field] of Object.entries(this.fields)) out[name] = field.getInitialValue(data);
    return out;
  }

  /** The field at a dot path inside this schema, or undefined. */
  getField(path: string): DataField | undefined {
    const [head, ...rest] = path.split(".");
    const field = head === undefined ? undefined : this.fields[head];
    if (!field || rest.length === 0) return field;
    return field instanceof SchemaField ? field.getField(rest.join(".")) : undefined;
  }

  protected override _cast(value: unknown): unknown {
    return isPlainObject(value) ? value : {};
  }

  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    const source = value as PlainObject;
    const out: PlainObject = {};
    for (const [name, field] of Object.entries(this.fields)) {
      if (options.partial && !(name in source)) continue;
      out[name] = field.clean(source[name], options);
    }
    return out;
  }

  protected override _validateType(value: unknown, options: CleanOptions): ValidationFailure[] {
    if (!isPlainObject(value)) return fail("must be an object");
    const failures: ValidationFailure[] = [];
    for (const [name, field] of Object.entries(this.fields)) {
      if (options.partial && !(name in value)) continue;
      for (const f of field.validate(value[name], options)) failures.push({ path: joinPath(name, f.path), message: f.message });
    }
    return failures;
  }
}

/** The schema of a model class: what `static defineSchema()` returns. */
export type DataSchema = Record<string, DataField>;

/** What a model class offers statically; the document stand-ins build `system` through it. */
export interface ModelClass {
  new (data?: unknown, options?: { parent?: unknown; strict?: boolean }): DataModel;
  readonly schema: SchemaField;
  migrateData(source: PlainObject): PlainObject;
  cleanData(source: unknown, options?: CleanOptions): PlainObject;
  validateJoint(data: PlainObject): void;
  validateSource(source: unknown, options?: { clean?: boolean }): ValidationFailure[];
}

const schemas = new WeakMap<object, SchemaField>();

/**
 * Foundry's DataModel: source migrated, cleaned and validated at construction; fields copied onto the
 * instance (a deep copy of the source) so `model.fate.value` reads; `toObject()` returns the source.
 */
export class DataModel {
  static defineSchema(): DataSchema {
    return {};
  }

  /** The schema, built once per class from defineSchema(). */
  static get schema(): SchemaField {
    let schema = schemas.get(this);
    if (!schema) schemas.set(this, (schema = new SchemaField(this.defineSchema())));
    return schema;
  }

  /** Rewrites an older source shape before cleaning; subclasses call super last. */
  static migrateData(source: PlainObject): PlainObject {
    return source;
  }

  static cleanData(source: unknown, options: CleanOptions = {}): PlainObject {
    return this.schema.clean(isPlainObject(source) ? source : {}, options) as PlainObject;
  }

  /** Checks across fields; throw an Error to fail. */
  static validateJoint(_data: PlainObject): void {}

  /**
   * Migrates, cleans and validates a source without keeping it: the failures, none when valid. With
   * `clean: false` nothing is cast, trimmed or clamped (missing fields still take their initial value),
   * so a compendium test sees a stored -1 or "3" that Foundry would quietly repair on load.
   */
  static validateSource(source: unknown, options: { clean?: boolean } = {}): ValidationFailure[] {
    const migrated = this.migrateData(isPlainObject(source) ? structuredClone(source) : {});
    if (options.clean === false) return validateCleaned(this, fillMissing(this.schema, migrated));
    return validateCleaned(this, this.cleanData(migrated));
  }

  readonly _source: PlainObject;
  readonly parent: unknown;

  constructor(data: unknown = {}, options: { parent?: unknown; strict?: boolean } = {}) {
    const cls = this.constructor as typeof DataModel;
    this.parent = options.parent ?? null;
    const migrated = cls.migrateData(isPlainObject(data) ? structuredClone(data) : {});
    this._source = cls.cleanData(migrated);
    const failures = validateCleaned(cls, this._source);
    if (failures.length > 0 && options.strict !== false) throw new DataModelValidationError(failures);
    Object.assign(this, structuredClone(this._source));
  }

  get schema(): SchemaField {
    return (this.constructor as typeof DataModel).schema;
  }

  toObject(): PlainObject {
    return structuredClone(this._source);
  }
}

/** The source with every missing schema field set to its initial value, nothing else touched. */
function fillMissing(schema: SchemaField, source: PlainObject): PlainObject {
  const out: PlainObject = { ...source };
  for (const [name, field] of Object.entries(schema.fields)) {
    if (out[name] === undefined) out[name] = field.getInitialValue();
    else if (field instanceof SchemaField && isPlainObject(out[name])) out[name] = fillMissing(field, out[name]);
  }
  return out;
}

function validateCleaned(cls: typeof DataModel, cleaned: PlainObject): ValidationFailure[] {
  const failures = cls.schema.validate(cleaned);
  if (failures.length > 0) return failures;
  try {
    cls.validateJoint(cleaned);
  } catch (error) {
    return [{ path: "", message: error instanceof Error ? error.message : String(error) }];
  }
  return [];
}

/** Foundry's TypeDataModel: a DataModel that is a document's `system`, with data-preparation steps. */
export class TypeDataModel extends DataModel {
  /** Localisation prefixes for field labels; read by Foundry's Localization, unused here. */
  static LOCALIZATION_PREFIXES: string[] = [];

  prepareBaseData(): void {}

  prepareDerivedData(): void {}
}

/** The namespace installed as `foundry.data.fields`. */
export const fields = { DataField, NumberField, StringField, HTMLField, BooleanField, ArrayField, SchemaField, ObjectField };
