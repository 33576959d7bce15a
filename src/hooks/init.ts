import { registerApplications } from "../applications/dialogs/register";
import { registerHandlebars } from "../applications/register";
import { registerBuilder } from "../builder/register";
import { registerActorSheets } from "../applications/sheets/register";
import { registerItemSheets } from "../applications/sheets/register-items";
import { registerChannel } from "../channel/register";
import { SYSTEM_ID } from "../constants";
import { registerDice } from "../dice/register";
import { registerDocuments } from "../documents/register";
import { registerDowntime } from "../downtime/register";
import { registerDeletedDocuments } from "../history/deleted-documents";
import { registerHack, registerHackSettings } from "../hack/register";
import { registerRequests } from "../requests/register";
import { registerGroup } from "../group/register";
import { registerQuench } from "../quench/register";
import { registerCampaign } from "../campaign/register";
import { registerSession } from "../session/register";
import { registerSituation } from "../situation/register";
import { registerAtHand } from "./at-hand";
import { registerHotbarDrop } from "./hotbar-drop";
import { setupConfig } from "./setup-config";

/** Builds CONFIG.GOLDHACK, lets hacks change it, then registers everything that reads it. */
export function onInit(): void {
  console.log(`${SYSTEM_ID} | Initialising The Gold Hack`);
  registerHackSettings(); // the loader reads the world's hack
  setupConfig(); // first: every registration below reads the config a hack may have changed
  registerApplications(); // the windows documents open through CONFIG (kept by any later hack load)
  registerHandlebars();
  registerDocuments();
  registerHotbarDrop();
  registerActorSheets();
  registerItemSheets();
  registerChannel();
  registerDice();
  registerRequests();
  registerGroup();
  registerDowntime();
  registerDeletedDocuments();
  registerHack();
  registerSession();
  registerCampaign();
  registerSituation();
  registerBuilder();
  registerAtHand();
  registerQuench(); // the in-world test batch, only where the Quench module is active
}
