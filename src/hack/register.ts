/**
 * The hack at init: the world setting the loader reads (registered before the config is built), the GM's
 * editor as a settings menu (its code loaded on first use), term renames once translations exist, and
 * at ready the refusal (if any) and the Skills left without a Type, shown to the GM.
 */
import { SYSTEM_ID } from "../constants";
import { gameI18n } from "../i18n/i18n";
import { formatCount } from "../i18n/plural";
import type { HackCompendiumKind } from "../rules";
import { activeHack, applyHackTranslations, HACK_LAST_GOOD_SETTING, HACK_SETTING, hackCompendiums, recordLastGoodHack, reportHackLoad } from "./loader";
import { worldSkillsToReassign } from "./migration";
import "./declarations";
import { settle } from "../safe-hook";

/** Opens the GM's hack editor, loading its code the first time. A player is told it is the GM's and nothing opens. */
export async function openHackEditor(): Promise<void> {
  if (!game.user?.isGM) {
    ui.notifications?.warn(game.i18n?.localize("GOLDHACK.Hack.Editor.GmOnly") ?? "GOLDHACK.Hack.Editor.GmOnly");
    return;
  }
  const { GoldHackHackEditor } = await import("./hack-editor");
  await new GoldHackHackEditor().render({ force: true });
}

/** Registers the world setting. Call at init, before setupConfig() reads it. */
export function registerHackSettings(): void {
  game.settings?.register(SYSTEM_ID, HACK_SETTING, { scope: "world", config: false, type: String, default: "", requiresReload: true });
  game.settings?.register(SYSTEM_ID, HACK_LAST_GOOD_SETTING, { scope: "world", config: false, type: String, default: "" });
}

/**
 * At ready, for the GM: how many characters and Skills use the Types and ages kept from a refused hack. They
 * stay valid; this names them so the GM fixes the hack (or reassigns them) before the next reload.
 */
export function reportKeptDocuments(kept = activeHack().kept): void {
  if (!game.user?.isGM || !kept || (!kept.types.length && !kept.ages.length)) return;
  const actors = (game.actors?.contents ?? []).filter((a) => a.type === "character" && kept.ages.includes(String((a.system as { age?: unknown }).age)));
  const skills = worldSkillsToReassign(Object.keys(CONFIG.GOLDHACK.skillTypes).filter((type) => !kept.types.includes(type)));
  if (!actors.length && !skills.length) return;
  ui.notifications?.warn(formatCount(gameI18n(), "GOLDHACK.Hack.KeptDocuments", skills.length, { actors: actors.map((a) => a.name).join(", ") || "-" }), { permanent: true });
}

/** At ready, for the GM: how many Skills have a Type the hack in force lacks. */
export function reportSkillsToReassign(): void {
  if (!game.user?.isGM) return;
  const skills = worldSkillsToReassign();
  if (!skills.length) return;
  const types = [...new Set(skills.map((s) => s.type))].join(", ");
  ui.notifications?.warn(formatCount(gameI18n(), "GOLDHACK.Hack.Reassign.Notice", skills.length, { types }), { permanent: true });
}

/** The editor menu, the hooks and `game.goldhack.hackCompendiums` / `openHackEditor`. Call at init. */
export function registerHack(): void {
  const HackEditorMenu = class extends foundry.applications.api.ApplicationV2 {
    override async render(): Promise<this> {
      await openHackEditor();
      return this;
    }
  };
  game.settings?.registerMenu(SYSTEM_ID, "hackEditor", {
    name: "GOLDHACK.Hack.Menu.Name",
    label: "GOLDHACK.Hack.Menu.Label",
    hint: "GOLDHACK.Hack.Menu.Hint",
    icon: "fa-solid fa-screwdriver-wrench",
    type: HackEditorMenu,
    restricted: true,
  });
  Hooks.once("i18nInit", () => void applyHackTranslations());
  Hooks.once("ready", () => {
    reportHackLoad();
    reportSkillsToReassign();
    reportKeptDocuments();
    settle(recordLastGoodHack(), "recording the last good hack");
  });
  // registerRequests() made game.goldhack; the hack's functions join it.
  if (game?.goldhack) Object.assign(game.goldhack, { hackCompendiums: (kind: HackCompendiumKind) => hackCompendiums(kind), openHackEditor });
}
