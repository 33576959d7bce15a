/**
 * A GM action with a declared payload: the payload is read against its schema before the handler runs,
 * and anything outside it is refused (localised, naming the field) without the handler seeing it.
 */
import type { GMActionHandler } from "./channel";
import { type Parsed, readPayload, type Schema } from "./schema";
import type { ChannelReply } from "./wire";

/** The handler `handle`, given only payloads that read as `schema` says. */
export function withSchema<S extends Schema>(schema: S, handle: (sender: User, payload: Parsed<S>) => Promise<ChannelReply> | ChannelReply): GMActionHandler {
  return (sender, payload) => {
    const read = readPayload(schema, payload);
    return read.ok ? handle(sender, read.value) : { ok: false, problem: read.problem };
  };
}
