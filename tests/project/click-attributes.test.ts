/**
 * One click convention: every clickable element of every template says what it does with `data-action`
 * (Foundry's ApplicationV2 dispatch, and the cards' one dispatcher). A home-made click attribute
 * (`data-gh-request`, `data-gh-show-message`…) needs its own listener, which a popped-out window or a
 * re-render misses. This fails on any `data-gh-*` attribute, and on any `data-…-action` spelling.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const TEMPLATES = new URL("../../templates/", import.meta.url).pathname;
const all = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? all(join(dir, e.name)) : e.name.endsWith(".hbs") ? [join(dir, e.name)] : []));

/** Attributes that act as click hooks besides data-action. */
const OTHER_ACTIONS = /\s(data-gh-[\w-]+|data-[\w-]+-action|data-click[\w-]*|onclick)\s*=/gi;

/**
 * Known strays, each to be removed by the change that fixes it: the request card is rebuilt on
 * data-action by the cards work (issue 20). The test also fails when an entry here no longer occurs,
 * so the list can only shrink, and must be emptied when that lands.
 */
const PENDING: readonly string[] = ["chat/request-card.hbs: data-gh-show-message"];

describe("templates", () => {
  it("use data-action, and no other click attribute", () => {
    const found = all(TEMPLATES).flatMap((file) => [...readFileSync(file, "utf8").matchAll(OTHER_ACTIONS)].map((m) => `${relative(TEMPLATES, file)}: ${m[1] ?? ""}`));
    expect(found.filter((f) => !PENDING.includes(f))).toEqual([]);
    expect(found.sort(), "PENDING lists a stray that is gone: remove it from the list").toEqual([...PENDING].sort());
  });

  it("the check catches each kind of stray attribute", () => {
    for (const html of ['<button data-gh-request="x">', '<a data-card-action="y">', '<i onclick="z()">']) expect(html.replace(/^</, " ").match(OTHER_ACTIONS), html).not.toBeNull();
    expect(' <button data-action="roll" data-item-id="x">'.match(OTHER_ACTIONS)).toBeNull();
  });
});
