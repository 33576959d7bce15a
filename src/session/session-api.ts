/**
 * What users do with the votes: the GM ends the session (the reward vote) or opens a Trait Vote; every
 * client follows the stored vote (opens, redraws or closes its window) and, once a reward vote is
 * applied, offers each player to rewrite their characters' Drives. SRD: Rewards; Changes › The Trait Vote
 */
import { isRetired } from "../data/actor/character";
import { testHistory } from "../history/actor-history";
import type { GoldHackDrivesDialog } from "./drives-dialog";
import { resumeApplying } from "./vote-actions";
import { readVote, lastSessionEnd, writeVote } from "./vote-store";
import { openRewardVote, openTraitVote, type VoteEvidence, type VoteKind } from "./vote-state";
import type { GoldHackVoteWindow } from "./vote-window";

// The vote window and the Drives dialog open once a session at most: their code (and the vote template's
// context) loads on first use, in its own chunk, not with the system at startup.
let voteWindows: typeof GoldHackVoteWindow | undefined;
const loadVoteWindows = async (): Promise<typeof GoldHackVoteWindow> => (voteWindows ??= (await import("./vote-window")).GoldHackVoteWindow);
const showVote = async (kind: VoteKind): Promise<GoldHackVoteWindow> => (await loadVoteWindows()).show(kind);
/** This client's open window of `kind`: none while the window's code was never loaded. */
const findVote = (kind: VoteKind): GoldHackVoteWindow | undefined => voteWindows?.find(kind);
const loadDrivesDialog = async (): Promise<typeof GoldHackDrivesDialog> => (await import("./drives-dialog")).GoldHackDrivesDialog;

const warn = (key: string): void => void ui.notifications?.warn(game.i18n?.localize(key) ?? key);

/** Characters some player owns and still in play: who the table rewards (a retired one is not). */
const playerCharacters = (): Actor.Implementation[] =>
  ((game.actors?.contents ?? []) as Actor.Implementation[]).filter((a) => a.type === "character" && a.hasPlayerOwner && !isRetired(a));

const connected = (): string[] => (game.users?.contents ?? []).filter((u) => u.active).map((u) => u.id ?? "");

function evidenceOf(actor: Actor.Implementation, since: number): VoteEvidence {
  const drives = (actor.system as { drives?: { belief?: string; goal?: string; instinct?: string } }).drives ?? {};
  return {
    uuid: actor.uuid,
    drives: { belief: drives.belief ?? "", goal: drives.goal ?? "", instinct: drives.instinct ?? "" },
    traits: actor.items.filter((i) => i.type === "trait").map((i) => i.name),
    tests: testHistory(actor).filter((t) => t.timestamp > since),
  };
}

/** GM: ends the session: the users connected now vote on rewards. False, with a warning, when refused. */
export async function endSession(): Promise<boolean> {
  if (!game.user?.isGM) {
    warn("GOLDHACK.Session.Error.NotGM");
    return false;
  }
  if (readVote("rewards")?.status === "open") {
    warn("GOLDHACK.Session.Error.VoteRunning");
    await showVote("rewards");
    return false;
  }
  const characters = playerCharacters();
  const since = lastSessionEnd();
  const opened = openRewardVote({
    id: foundry.utils.randomID(),
    now: Date.now(),
    since,
    participants: connected(),
    characters: characters.map((a) => ({ uuid: a.uuid, name: a.name })),
    evidence: characters.map((a) => evidenceOf(a, since)),
  });
  if (!opened.ok) {
    warn(opened.problem.key);
    return false;
  }
  await writeVote(opened.state);
  await showVote("rewards");
  return true;
}

/** GM: opens a Trait Vote on a player character (also offered after an aging). */
export async function traitVote(actor: Actor.Implementation): Promise<boolean> {
  if (!game.user?.isGM) {
    warn("GOLDHACK.Session.Error.NotGM");
    return false;
  }
  if (!(actor instanceof Actor) || actor.type !== "character" || !actor.hasPlayerOwner) {
    warn("GOLDHACK.Session.Error.NotPlayerCharacter");
    return false;
  }
  if (isRetired(actor)) {
    ui.notifications?.warn(game.i18n?.format("GOLDHACK.Session.Error.Retired", { name: actor.name }) ?? "");
    return false;
  }
  if (readVote("traits")?.status === "open") {
    warn("GOLDHACK.Session.Error.VoteRunning");
    await showVote("traits");
    return false;
  }
  const opened = openTraitVote({
    id: foundry.utils.randomID(),
    now: Date.now(),
    participants: connected(),
    character: { uuid: actor.uuid, name: actor.name },
    traits: actor.items.filter((i) => i.type === "trait").map((i) => ({ id: i.id ?? "", name: i.name })),
    evidence: [evidenceOf(actor, 0)],
  });
  if (!opened.ok) {
    warn(opened.problem.key);
    return false;
  }
  await writeVote(opened.state);
  await showVote("traits");
  return true;
}

/** Opens "Rewrite your Drives" for a character this user owns. */
export async function rewriteDrivesOf(actor: Actor.Implementation): Promise<void> {
  if (!actor.isOwner) {
    warn("GOLDHACK.Session.Error.NotOwner");
    return;
  }
  const DrivesDialog = await loadDrivesDialog();
  await new DrivesDialog(actor).render({ force: true });
}

/** Votes whose Drives this client offered (per user: the test world has several users in one process). */
const offered = new Set<string>();

/** On every client, when the stored vote changes (and on load): follow it. */
export async function onVoteChanged(kind: VoteKind): Promise<void> {
  const state = readVote(kind);
  const user = game.user;
  if (!user) return;
  const window = findVote(kind);
  if (!state) return void (await window?.close());
  const participant = state.participants.includes(user.id ?? "");
  if (state.status === "open") {
    if (participant) await showVote(kind);
    else await window?.close();
    return;
  }
  if (window) await window.render();
  if (state.kind !== "rewards" || !state.applied || user.isGM) return;
  const key = `${user.id ?? ""}:${state.id}`;
  if (offered.has(key) || !participant) return;
  offered.add(key);
  for (const character of state.characters) {
    const actor = fromUuidSync(character.uuid as Parameters<typeof fromUuidSync>[0]);
    if (actor instanceof Actor && actor.testUserPermission(user, "OWNER")) await rewriteDrivesOf(actor as Actor.Implementation);
  }
}

/** On load: the GM finishes applying an interrupted close; a participant of an open vote gets the window back. */
export async function onSessionReady(): Promise<void> {
  await resumeApplying();
  for (const kind of ["rewards", "traits"] as const) {
    if (readVote(kind)?.status === "open") await onVoteChanged(kind);
  }
}
