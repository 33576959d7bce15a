/**
 * The GM channel: a client asks the active GM's client to do what only a GM may write, over the system
 * socket. The GM learns who asked from the second argument Foundry's server passes every socket
 * listener (the id of the user whose connection sent the message), never from the payload; each handler
 * then re-checks that user's permission and the card's single-use state before writing. Replies go back
 * addressed to the asker; a request no GM answers in time is refused. On the GM's own client the handler
 * runs directly, as `game.user`, through the same queue.
 */
import { oneAtATime } from "./queue";
import { CHANNEL_EVENT, type ChannelReply, type ChannelRequest, type ChannelResponse, parseRequest, parseResponse, refusal } from "./wire";

export type { ChannelReply } from "./wire";
export { refusal } from "./wire";

/** A GM action: runs on the active GM's client for the user the server says asked. */
export type GMActionHandler = (sender: User, payload: unknown) => Promise<ChannelReply> | ChannelReply;

interface GMAction {
  handler: GMActionHandler;
  /** Requests with the same key run one at a time (a card's id); default: one queue per action name. */
  queueKey: (payload: unknown) => string | null;
}

/** How long a client waits for the GM by default. */
export const DEFAULT_TIMEOUT = 30_000;

const actions = new Map<string, GMAction>();
const pending = new Map<string, { to: string; resolve: (reply: ChannelReply) => void }>();

/** The socket as we use it: Foundry relays an emit to every other client, calling listeners with `(data, senderId)`. */
interface ChannelSocket {
  emit(event: string, data: unknown): unknown;
  on(event: string, listener: (data: unknown, senderId: string) => unknown): unknown;
}

function socket(): ChannelSocket | null {
  const candidate: unknown = game.socket;
  return typeof candidate === "object" && candidate !== null && "emit" in candidate && "on" in candidate ? (candidate as ChannelSocket) : null;
}

/**
 * Registers what the GM does when asked for `name`. `options.queueKey` names what the request acts on
 * (a message id), so requests on one card run in turn; requests on different cards need not wait.
 */
export function registerGMAction(name: string, handler: GMActionHandler, options: { queueKey?: (payload: unknown) => string | null } = {}): void {
  actions.set(name, { handler, queueKey: options.queueKey ?? (() => null) });
}

/** The names of every registered GM action (a test checks each has a declared schema). */
export const registeredGMActions = (): string[] => [...actions.keys()];

/** Runs a registered action for `sender`, in its queue; an unknown action or a throwing handler is a refusal. */
async function runAction(name: string, sender: User, payload: unknown): Promise<ChannelReply> {
  const action = actions.get(name);
  if (!action) return refusal("GOLDHACK.Channel.Error.Unknown");
  let key: string | null;
  try {
    key = action.queueKey(payload);
  } catch {
    key = null;
  }
  return oneAtATime(`${name}:${key ?? ""}`, async () => {
    try {
      return await action.handler(sender, payload);
    } catch (error) {
      console.error(`goldhack | GM action ${name} failed`, error);
      return refusal("GOLDHACK.Channel.Error.Failed");
    }
  });
}

let counter = 0;
const newId = (): string => `${game.user?.id ?? "user"}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/**
 * Asks the active GM to run action `name` with `payload`, and resolves with the GM's reply: run here
 * when this user is that GM, else sent on the socket. Never rejects: no GM, no socket, a timeout or a
 * broken reply each resolve as a localised refusal.
 */
export async function askGM(name: string, payload: unknown, options: { timeout?: number } = {}): Promise<ChannelReply> {
  const user = game.user;
  const gm = game.users?.activeGM;
  if (!user) return refusal("GOLDHACK.Channel.Error.Unknown");
  if (!gm) return refusal("GOLDHACK.Channel.Error.NoGM");
  // The GM never receives its own emit: it acts directly, through the same queue a socket request takes.
  if (gm.id === user.id) return runAction(name, user, JSON.parse(JSON.stringify(payload ?? null)) as unknown);
  const io = socket();
  if (!io) return refusal("GOLDHACK.Channel.Error.NoSocket");
  const id = newId();
  const request: ChannelRequest = { id, name, payload, to: gm.id ?? "" };
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  return new Promise<ChannelReply>((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve(refusal("GOLDHACK.Channel.Error.Timeout"));
    }, timeout);
    pending.set(id, {
      to: request.to,
      resolve: (reply) => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(reply);
      },
    });
    io.emit(CHANNEL_EVENT, request);
  });
}

/**
 * Runs action `name` on this client as `game.user`, in the queue a GM request takes. Only for writes this
 * user may make anyway (its own card while no GM is connected): the handler checks as always.
 */
export async function runHere(name: string, payload: unknown): Promise<ChannelReply> {
  const user = game.user;
  if (!user) return refusal("GOLDHACK.Channel.Error.Unknown");
  return runAction(name, user, JSON.parse(JSON.stringify(payload ?? null)) as unknown);
}

/** The GM side: runs a request addressed to this user, as the user the server says sent it, and replies to them. */
async function onRequest(request: ChannelRequest, senderId: string, io: ChannelSocket): Promise<void> {
  const me = game.user;
  if (!me || request.to !== me.id) return;
  const reply = await answerRequest(request, senderId, me);
  const response: ChannelResponse = { replyTo: request.id, to: senderId, reply };
  io.emit(CHANNEL_EVENT, response);
}

async function answerRequest(request: ChannelRequest, senderId: string, me: User): Promise<ChannelReply> {
  if (!me.isGM) return refusal("GOLDHACK.Channel.Error.NotGM");
  const sender = typeof senderId === "string" ? game.users?.get(senderId) : undefined;
  // Only a connected user can have sent it; the GM itself never takes this path.
  if (!sender || !sender.active || sender.id === me.id) return refusal("GOLDHACK.Channel.Error.UnknownSender");
  return runAction(request.name, sender, request.payload);
}

/** The asking side: a reply for this user, from the GM the request went to, settles the request. */
function onResponse(response: ChannelResponse, senderId: string): void {
  if (response.to !== game.user?.id) return;
  const waiting = pending.get(response.replyTo);
  if (!waiting || waiting.to !== senderId) return;
  waiting.resolve(response.reply);
}

/** What the listener does with one socket message; returned so a test relay can await it. */
export async function onChannelMessage(data: unknown, senderId: string): Promise<void> {
  const io = socket();
  if (!io) return;
  const request = parseRequest(data);
  if (request) return onRequest(request, senderId, io);
  const response = parseResponse(data);
  if (response) onResponse(response, senderId);
}

let listeningOn: ChannelSocket | null = null;

/** Starts listening on the system socket, once per socket. Call when `game.socket` exists (init or later). */
export function listenOnChannel(): void {
  const io = socket();
  if (!io || listeningOn === io) return;
  listeningOn = io;
  io.on(CHANNEL_EVENT, (data, senderId) => onChannelMessage(data, senderId));
}
