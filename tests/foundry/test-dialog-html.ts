/**
 * A small reader of the HTML our dialog templates render, for tests without a DOM: start tags with their
 * attributes (entities decoded), the text between tags, and the values a form would submit.
 */

export interface Tag {
  name: string;
  attrs: Map<string, string>;
  /** Text up to the next tag, entities decoded. */
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", "#x3D": "=", "#x60": "`", nbsp: "\u00a0" };

export function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => ENTITIES[name] ?? whole);
}

const TAG = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>([^<]*)/g;
const ATTR = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** Every start tag (closing tags appear with a leading "/"), in document order. */
export function tags(html: string): Tag[] {
  const out: Tag[] = [];
  for (const match of html.matchAll(TAG)) {
    const [, slash = "", name = "", rawAttrs = "", text = ""] = match;
    const attrs = new Map<string, string>();
    for (const attr of rawAttrs.matchAll(ATTR)) {
      const [, key = "", dq, sq, bare] = attr;
      attrs.set(key.toLowerCase(), decode(dq ?? sq ?? bare ?? ""));
    }
    out.push({ name: slash + name.toLowerCase(), attrs, text: decode(text) });
  }
  return out;
}

/** The form controls a user can operate: inputs (not hidden ones, which only carry a value), selects and textareas. */
export function controls(html: string): Tag[] {
  return tags(html).filter((t) => ["input", "select", "textarea"].includes(t.name) && t.attrs.get("type") !== "hidden");
}

/**
 * What FormDataExtended#object holds for this form: enabled named controls only; a checkbox as a boolean;
 * a number field as a number, or null when empty; a select as its selected option's value (else the first).
 */
export function formObject(html: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let select: { name: string; first?: string; chosen?: string } | null = null;
  for (const tag of tags(html)) {
    if (tag.name === "select") {
      select = tag.attrs.has("disabled") || !tag.attrs.get("name") ? null : { name: tag.attrs.get("name") ?? "" };
    } else if (tag.name === "option" && select) {
      const value = tag.attrs.get("value") ?? tag.text;
      select.first ??= value;
      if (tag.attrs.has("selected")) select.chosen = value;
    } else if (tag.name === "/select" && select) {
      out[select.name] = select.chosen ?? select.first ?? "";
      select = null;
    } else if (tag.name === "input") {
      const name = tag.attrs.get("name");
      if (!name || tag.attrs.has("disabled")) continue;
      const type = tag.attrs.get("type") ?? "text";
      const value = tag.attrs.get("value") ?? "";
      if (type === "checkbox") out[name] = tag.attrs.has("checked");
      else if (type === "number") out[name] = value.trim() === "" ? null : Number(value);
      else out[name] = value;
    }
  }
  return out;
}
