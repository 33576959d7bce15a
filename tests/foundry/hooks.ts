/**
 * A small, honest stand-in for Foundry's Hooks: callbacks registered by name,
 * `once` removed after it fires, `callAll` runs every callback in order, `call` stops at a false.
 * `on`/`once` return a numeric id, and `off` takes that id or the function, as Foundry's do.
 */
type Callback = (...args: unknown[]) => unknown;

export class StandInHooks {
  #events = new Map<string, { fn: Callback; once: boolean; id: number }[]>();
  #nextId = 1;

  on(name: string, fn: Callback): number {
    const id = this.#nextId++;
    this.#list(name).push({ fn, once: false, id });
    return id;
  }

  once(name: string, fn: Callback): number {
    const id = this.#nextId++;
    this.#list(name).push({ fn, once: true, id });
    return id;
  }

  /** Removes a callback by the id `on` returned or by the function itself. */
  off(name: string, fnOrId: Callback | number): void {
    const list = this.#list(name);
    const i = list.findIndex((entry) => (typeof fnOrId === "number" ? entry.id === fnOrId : entry.fn === fnOrId));
    if (i >= 0) list.splice(i, 1);
  }

  /**
   * Foundry's Hooks.call: runs the callbacks in order until one returns exactly false, which vetoes
   * (the rest do not run) and makes call return false.
   */
  call(name: string, ...args: unknown[]): boolean {
    const list = this.#list(name);
    for (const entry of [...list]) {
      if (entry.once) list.splice(list.indexOf(entry), 1);
      if (entry.fn(...args) === false) return false;
    }
    return true;
  }

  callAll(name: string, ...args: unknown[]): true {
    const list = this.#list(name);
    for (const entry of [...list]) {
      if (entry.once) list.splice(list.indexOf(entry), 1);
      entry.fn(...args);
    }
    return true;
  }

  #list(name: string): { fn: Callback; once: boolean; id: number }[] {
    let list = this.#events.get(name);
    if (!list) this.#events.set(name, (list = []));
    return list;
  }
}

/** Installs the stand-in as the global `Hooks` and an empty `CONFIG`; returns both. */
export function installHooksAndConfig(): { hooks: StandInHooks; config: Record<string, unknown> } {
  const hooks = new StandInHooks();
  const config: Record<string, unknown> = {};
  Object.assign(globalThis, { Hooks: hooks, CONFIG: config });
  return { hooks, config };
}
