/** The group card's channel action names, apart from its code (pure: the tests' schema table reads them). */

/** The channel action carrying every group card action. */
export const GROUP_ACTION = "goldhack.group";
/** The channel action that posts a group card. */
export const CREATE_ACTION = "goldhack.groupCreate";
