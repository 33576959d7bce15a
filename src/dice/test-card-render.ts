/**
 * Drawing a Test card for whoever is looking, from the message alone: the roll's dice and plan and the
 * card's state. A card that cannot be read draws a short "damaged" notice with no actions.
 */
import { systemPath } from "../constants";
import { readDice } from "./roll-record";
import { actorFate, findTestActor } from "./test-actor";
import { buildTestCard, type CardDisplay, type CardViewer } from "./test-card-context";
import type { DiceTermLike, TestRollData } from "./roll-record";

/**
 * The part of a TestCard (test-card-state.ts) drawing needs, said here rather than imported: the roll
 * renders through this file, so importing the card (which holds the roll) would close a circle.
 */
export interface DrawableTestCard {
  test: TestRollData;
  roll: { readonly diceTerms: DiceTermLike[]; readonly faces: number[] };
}

export const TEST_CARD_TEMPLATE = systemPath("templates/chat/test-card.hbs");
export const DAMAGED_CARD_TEMPLATE = systemPath("templates/chat/damaged-card.hbs");

/** What the current user may do on this card; clicks check again before anything is written. */
export function currentViewer(test: TestRollData): CardViewer {
  const user = game.user;
  const actor = findTestActor(test.choice.actorUuid);
  return {
    isGM: user?.isGM ?? false,
    actorExists: actor !== null,
    isOwner: actor !== null && user ? actor.testUserPermission(user, "OWNER") : false,
    fate: actor ? actorFate(actor) : 0,
  };
}

/** The card's HTML for this client's user. Throws RangeError when the rules refuse its data. */
export async function renderTestCard(card: DrawableTestCard, isPrivate: boolean, viewer: CardViewer = currentViewer(card.test), display: CardDisplay = {}): Promise<string> {
  const context = buildTestCard({ data: card.test, dice: readDice(card.roll.diceTerms), faces: card.roll.faces, viewer, isPrivate, display });
  return foundry.applications.handlebars.renderTemplate(TEST_CARD_TEMPLATE, context);
}

/** The notice a damaged card shows instead. */
export async function renderDamagedCard(): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(DAMAGED_CARD_TEMPLATE, {});
}
