import { defineMessages } from '@hearth/contract';

/** The header's bar: its links, badges and round buttons. */
export const headerMessages = defineMessages('header', {
  hearthHome: 'Hearth home',
  main: 'Main',
  home: 'Home',
  friends: 'Friends',
  watch: 'Watch',
  marketplace: 'Marketplace',
  groups: 'Groups',
  linkWithBadge: '{name}, {badge} new',
  moderation: 'Moderation',
  moderationWaiting: 'Moderation, {badge} waiting',
  messenger: 'Messenger',
  messengerNew: 'Messenger, {badge} unread',
  notifications: 'Notifications',
  notificationsNew: 'Notifications, {badge} new',
  menu: 'Menu',
  loadingMenu: 'Loading the menu',
});
