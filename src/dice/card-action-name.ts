/** The channel action that carries every Test card action (a message id and what to do). */
export const CARD_ACTION = "goldhack.card";
