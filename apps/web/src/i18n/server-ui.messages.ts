import { defineMessages, UI_MESSAGES } from '@hearth/contract';

/**
 * The contract's interface sentences (the error page, the verify banner, an empty feed): a
 * module of their own, so the first screen's code carries these and none of the contract's
 * other sentences (server.messages.ts gathers them all for the translation lookup).
 */
export const serverUiMessages = defineMessages('server.ui', UI_MESSAGES);
