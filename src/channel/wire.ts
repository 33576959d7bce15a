/**
 * What crosses the system socket, and reading it back from untrusted data. Pure: the channel module
 * sends and receives; this only says what a well-formed request or reply looks like.
 */
import type { Problem } from "../rules";

/** The socket event Foundry relays for this system (needs `"socket": true` in system.json). */
export const CHANNEL_EVENT = "system.goldhack";

/** A GM's answer to a request: done (with optional data), or refused with a localisable reason. */
export type ChannelReply = { ok: true; data?: unknown } | { ok: false; problem: Problem };

/** A client asks the GM `to` to run action `name`. The asker is never in here: the server names it. */
export interface ChannelRequest {
  id: string;
  name: string;
  payload: unknown;
  to: string;
}

/** The GM's reply to request `replyTo`, for user `to` only. */
export interface ChannelResponse {
  replyTo: string;
  to: string;
  reply: ChannelReply;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length <= 64;

/** A request read from the wire, or null when the data is not one. */
export function parseRequest(data: unknown): ChannelRequest | null {
  if (!isRecord(data) || !isId(data.id) || !isId(data.to) || typeof data.name !== "string" || !data.name) return null;
  return { id: data.id, name: data.name, payload: data.payload, to: data.to };
}

function parseProblem(value: unknown): Problem | null {
  if (!isRecord(value) || typeof value.key !== "string" || !value.key.startsWith("GOLDHACK.")) return null;
  if (!isRecord(value.data)) return { key: value.key };
  const data: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(value.data)) if (typeof v === "string" || typeof v === "number") data[k] = v;
  return { key: value.key, data };
}

/** A reply read from the wire, or null when the data is not one. A malformed reply body reads as a refusal. */
export function parseResponse(data: unknown): ChannelResponse | null {
  if (!isRecord(data) || !isId(data.replyTo) || !isId(data.to) || !isRecord(data.reply)) return null;
  const { reply } = data;
  if (reply.ok === true) return { replyTo: data.replyTo, to: data.to, reply: "data" in reply ? { ok: true, data: reply.data } : { ok: true } };
  const problem = parseProblem(reply.problem) ?? { key: "GOLDHACK.Channel.Error.BadReply" };
  return { replyTo: data.replyTo, to: data.to, reply: { ok: false, problem } };
}

/** A refusal with the given GOLDHACK.* key. */
export function refusal(key: string, data?: Record<string, string | number>): ChannelReply {
  return { ok: false, problem: data ? { key, data } : { key } };
}
