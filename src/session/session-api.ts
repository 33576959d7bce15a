/**
 * What users do with the votes: the GM ends the session (the reward vote) or opens a Trait Vote; every
 * client follows the stored vote (opens, redraws or closes its window) and, once a reward vote is
 * applied, offers each player to rewrite their characters' Drives. SRD: Rewards; Changes › The Trait Vote
 */
import { sessionEnding, sessionEvidence } from "../campaign/session-store";
import { oneAtATime } from "../channel";
import { isRetired } from "../data/actor/character";
import type { TraitVoteCall } from "./declarations";
import type { GoldHackDrivesDialog } from "./drives-dialog";
import { callTraitVoteNow, readyForRewardVote, resumeApplying, VOTE_QUEUE } from "./vote-actions";
import { connected, evidenceOf, playerCharacters } from "./vote-open";
import { readVote, lastSessionEnd, writeVote } from "./vote-store";
import { openRewardVote, type VoteKind } from "./vote-state";
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

/**
 * GM: ends the session: the users connected now vote on rewards. False, with a warning, when refused: a
 * reward vote still open, or the last one's results still not written (they are retried first; a vote
 * closed but not applied is never replaced, so no Fate award is lost).
 */
export async function endSession(): Promise<boolean> {
  if (!game.user?.isGM) {
    warn("GOLDHACK.Session.Error.NotGM");
    return false;
  }
  const problem = await oneAtATime(VOTE_QUEUE, async () => {
    const blocked = await readyForRewardVote();
    if (blocked) return blocked;
    const characters = playerCharacters();
    const since = lastSessionEnd();
    const opened = openRewardVote({
      id: foundry.utils.randomID(),
      now: Date.now(),
      since,
      participants: connected(),
      characters: characters.map((a) => ({ uuid: a.uuid, name: a.name })),
      // A session started by the GM: its own records (the ones its log page reads). Otherwise the Tests since the last end.
      evidence: characters.map((a) => {
        const evidence = evidenceOf(a, since);
        const tests = sessionEvidence(a.uuid);
        return tests ? { ...evidence, tests } : evidence;
      }),
    });
    if (!opened.ok) return opened.problem;
    await writeVote(opened.state);
    await sessionEnding(opened.state.id);
    return null;
  });
  if (problem) {
    warn(problem.key);
    if (problem.key === "GOLDHACK.Session.Error.VoteRunning" || problem.key === "GOLDHACK.Session.Error.Unapplied") await showVote("rewards");
    return false;
  }
  await showVote("rewards");
  return true;
}

/**
 * GM: calls a Trait Vote on a player character (also after an aging): opened now, or queued behind the
 * Trait Vote under way (it opens when that one is applied). False, with a warning, when refused.
 */
export async function traitVote(actor: Actor.Implementation): Promise<TraitVoteCall> {
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
  const called = await oneAtATime(VOTE_QUEUE, () => callTraitVoteNow(actor));
  if ("problem" in called) {
    warn(called.problem.key);
    if (called.problem.key === "GOLDHACK.Session.Error.VoteRunning") await showVote("traits");
    return false;
  }
  if (called.called === "queued") ui.notifications?.info(game.i18n?.format("GOLDHACK.Session.Trait.Queued", { name: actor.name }) ?? "");
  await showVote("traits");
  return called.called;
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
