import { beforeEach, describe, expect, it } from "vitest";
import { type FoundryEnv, installFoundry, runAsClient, type StandInUser } from "./documents";
import { installSocket, type SocketRelay } from "./socket";

let env: FoundryEnv;
let relay: SocketRelay;
let channel: typeof import("../../src/channel");
/** Who each call of the test action was run for, as the handler saw it. */
let seen: { sender: string; payload: unknown; on: string }[];

const ask = (user: StandInUser, name: string, payload: unknown, options?: { timeout?: number }) =>
  runAsClient(user, () => channel.askGM(name, payload, options));

beforeEach(async () => {
  env = installFoundry();
  relay = installSocket();
  channel = await import("../../src/channel");
  channel.listenOnChannel();
  seen = [];
  channel.registerGMAction("test.echo", (sender, payload) => {
    seen.push({ sender: sender.id ?? "", payload, on: game.user?.id ?? "" });
    return { ok: true, data: { sender: sender.id } };
  });
});

describe("askGM", () => {
  it("on the GM's own client runs the handler directly, as the GM, without touching the socket", async () => {
    const reply = await ask(env.gm, "test.echo", { n: 1 });
    expect(reply).toEqual({ ok: true, data: { sender: env.gm.id } });
    expect(relay.emitted).toEqual([]);
    expect(seen).toEqual([{ sender: env.gm.id, payload: { n: 1 }, on: env.gm.id }]);
  });

  it("from a player runs on the GM's client, for the user the server names, and the reply comes back", async () => {
    const reply = await ask(env.player, "test.echo", { n: 2 });
    expect(reply).toEqual({ ok: true, data: { sender: env.player.id } });
    expect(seen).toEqual([{ sender: env.player.id, payload: { n: 2 }, on: env.gm.id }]);
    // One request to the GM, one reply addressed to the player.
    expect(relay.emitted.map((e) => [e.from, (e.data as { to: string }).to])).toEqual([
      [env.player.id, env.gm.id],
      [env.gm.id, env.player.id],
    ]);
  });

  it("never takes the asker from the payload: a player claiming to be the GM is still the player", async () => {
    const reply = await ask(env.player, "test.echo", { userId: env.gm.id, senderId: env.gm.id, sender: env.gm.id });
    expect(reply).toMatchObject({ ok: true, data: { sender: env.player.id } });
    expect(seen[0]?.sender).toBe(env.player.id);
  });

  it("refuses at once, localised, when no GM is connected", async () => {
    env.gm.active = false;
    const started = Date.now();
    expect(await ask(env.player, "test.echo", {})).toEqual({ ok: false, problem: { key: "GOLDHACK.Channel.Error.NoGM" } });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(relay.emitted).toEqual([]);
  });

  it("refuses with a timeout when the GM does not answer in time", async () => {
    relay.delay = 50;
    expect(await ask(env.player, "test.echo", {}, { timeout: 10 })).toEqual({ ok: false, problem: { key: "GOLDHACK.Channel.Error.Timeout" } });
    await relay.idle();
  });

  it("refuses an action the GM's client does not know", async () => {
    expect(await ask(env.player, "test.nope", {})).toEqual({ ok: false, problem: { key: "GOLDHACK.Channel.Error.Unknown" } });
  });

  it("turns a handler that throws into a localised refusal", async () => {
    channel.registerGMAction("test.throw", () => {
      throw new Error("boom");
    });
    expect(await ask(env.player, "test.throw", {})).toEqual({ ok: false, problem: { key: "GOLDHACK.Channel.Error.Failed" } });
  });
});

describe("the GM's side", () => {
  it("refuses a sender that is not connected when the request arrives", async () => {
    relay.delay = 5;
    const pending = ask(env.player, "test.echo", {}, { timeout: 100 });
    env.player.active = false;
    await relay.idle();
    // The handler never ran; the GM's refusal is addressed to a connection that is gone, so the asker times out.
    expect(seen).toEqual([]);
    const reply = relay.emitted[1]?.data as { reply: unknown };
    expect(reply.reply).toEqual({ ok: false, problem: { key: "GOLDHACK.Channel.Error.UnknownSender" } });
    expect(await pending).toEqual({ ok: false, problem: { key: "GOLDHACK.Channel.Error.Timeout" } });
  });

  it("ignores a request addressed to another user", async () => {
    runAsClient(env.player, () => game.socket?.emit("system.goldhack", { id: "x1", name: "test.echo", payload: {}, to: env.otherPlayer.id }));
    await relay.idle();
    expect(seen).toEqual([]);
  });

  it("runs requests on one key one after another, so the second sees the first's write", async () => {
    let stored = 0;
    channel.registerGMAction(
      "test.increment",
      async () => {
        const read = stored;
        await new Promise((resolve) => setTimeout(resolve, 10));
        stored = read + 1;
        return { ok: true, data: stored };
      },
      { queueKey: () => "card1" },
    );
    const replies = await Promise.all([ask(env.player, "test.increment", {}), ask(env.gm, "test.increment", {}), ask(env.otherPlayer, "test.increment", {})]);
    expect(stored).toBe(3);
    expect(replies.map((r) => (r.ok ? r.data : null)).sort()).toEqual([1, 2, 3]);
  });
});

describe("replies", () => {
  it("are taken only from the GM the request went to, and only by the user they are addressed to", async () => {
    relay.delay = 20;
    const pending = ask(env.player, "test.echo", {});
    const request = relay.emitted[0]?.data as { id: string };
    // Another player forges a success for the pending request before the GM answers.
    runAsClient(env.otherPlayer, () => game.socket?.emit("system.goldhack", { replyTo: request.id, to: env.player.id, reply: { ok: true, data: "forged" } }));
    expect(await pending).toEqual({ ok: true, data: { sender: env.player.id } });
    await relay.idle();
  });
});

describe("GM actions loaded on first use", () => {
  it("load their handlers on the first request only, run them for the user the server names, and refuse (then retry) a failed load", async () => {
    const loads: string[] = [];
    let broken = true;
    channel.registerLazyGMActions(
      ["test.lazyA", "test.lazyB"],
      async () => {
        loads.push("load");
        if (broken) throw new Error("chunk failed to load");
        return {
          "test.lazyA": (sender: User, payload: unknown) => ({ ok: true, data: { a: sender.id, payload } }),
          "test.lazyB": (sender: User) => ({ ok: true, data: { b: sender.id } }),
        };
      },
      { queueKey: () => "lazy" },
    );
    expect(loads).toEqual([]); // registering loads nothing
    // A chunk that fails to load is the channel's localised refusal, and the next request tries again.
    expect(await ask(env.player, "test.lazyA", {})).toEqual({ ok: false, problem: { key: "GOLDHACK.Channel.Error.Failed" } });
    broken = false;
    const forged = await ask(env.player, "test.lazyA", { sender: env.gm.id, userId: env.gm.id });
    expect(forged).toEqual({ ok: true, data: { a: env.player.id, payload: { sender: env.gm.id, userId: env.gm.id } } });
    expect(await ask(env.otherPlayer, "test.lazyB", {})).toEqual({ ok: true, data: { b: env.otherPlayer.id } });
    expect(loads).toEqual(["load", "load"]); // once after the failure, shared by both actions
  });
});
