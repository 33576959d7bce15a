import { GoldHackSkillData } from "../data/item/skill";
import { GoldHackFalloutData } from "../data/item/fallout";
import { limitItemUpdate } from "./item-limits";
import { warn } from "./notify";

/**
 * The goldhack Item. Thin: rules live in src/rules/; a skill is rolled by its owning actor.
 * Update-time limits (ratings and logs never below 0, Fallout rating never below 1) live in
 * item-limits.ts, applied by `update` and `_preUpdate` below.
 */
export class GoldHackItem extends Item {
  /** True for a skill whose Type explodes sixes (CONFIG.GOLDHACK.skillTypes). SRD: Alterations › My Skill Is Magic! */
  get isMagic(): boolean {
    return this.system instanceof GoldHackSkillData ? this.system.magic : false;
  }

  /** Rolls this skill through its owning actor's test dialog; null when it is not an owned skill or is cancelled. */
  async roll(): Promise<ChatMessage.Implementation | null> {
    const actor = this.actor;
    if (!(this.system instanceof GoldHackSkillData) || !actor || !this.id) return null;
    return actor.rollSkill(this.id);
  }

  /** Refuses illegal ratings before Foundry cleans the change (which would clamp them silently). */
  override async update(data?: Item.UpdateData, operation?: Item.Database.UpdateOperation): Promise<this | undefined> {
    if (!data) return super.update(data, operation);
    const expanded = foundry.utils.expandObject(data) as Item.UpdateData;
    limitItemUpdate(this.system, expanded);
    return super.update(expanded, operation);
  }

  /** The same limits for every other path to an update. */
  protected override async _preUpdate(changes: Item.UpdateData, options: Item.Database.PreUpdateOptions, user: User.Implementation): Promise<boolean> {
    limitItemUpdate(this.system, changes);
    // Ruling: ruling-permanent-fallout (rules journal): making a Fallout permanent (or not) is the GM's ruling.
    if (this.system instanceof GoldHackFalloutData && !user.isGM) dropPlayerPermanentChange(changes as Record<string, unknown>, this.system.permanent);
    return (await super._preUpdate(changes, options, user)) !== false;
  }
}

/** Takes a non-GM's change of a Fallout's permanence out of an update (an unchanged value passes), warning once. */
function dropPlayerPermanentChange(changes: Record<string, unknown>, current: boolean): void {
  const system = changes.system as Record<string, unknown> | undefined;
  let dropped = false;
  if ("system.permanent" in changes && changes["system.permanent"] !== current) {
    delete changes["system.permanent"];
    dropped = true;
  }
  if (system && typeof system === "object" && "permanent" in system && system.permanent !== current) {
    delete system.permanent;
    dropped = true;
  }
  if (dropped) warn("GOLDHACK.Warning.PermanentGMOnly");
}
