export { askGM, type ChannelReply, DEFAULT_TIMEOUT, type GMActionHandler, listenOnChannel, refusal, registerGMAction, registeredGMActions, runHere } from "./channel";
export { oneAtATime } from "./queue";
export { type GMActionHandlers, lazyModule, registerLazyGMActions } from "./lazy";
export { type Field, MAX_ID, MAX_UUID, type Parsed, type PayloadRead, PROTOTYPE_KEYS, readPayload, type Schema } from "./schema";
export { withSchema } from "./schema-action";
