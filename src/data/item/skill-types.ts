/** Skill Type keys and labels from CONFIG.GOLDHACK, read each time so a hack's Types count. */
export const skillTypeChoices = (): Record<string, string> =>
  Object.fromEntries(Object.entries(CONFIG.GOLDHACK.skillTypes).map(([key, type]) => [key, type.label]));
