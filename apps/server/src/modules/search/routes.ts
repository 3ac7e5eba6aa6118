import {
  messageSchema,
  okAnswerSchema,
  SEARCH_HISTORY_MAX,
  SEARCH_RESULTS_MAX,
  SEARCH_TERM_MAX,
  searchHistorySchema,
  searchResultsSchema,
  searchTermParamSchema,
  searchUserSchema,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fastSerializerCompiler } from '../../http/fast-serializer.js';
import { sendOk } from '../../http/send-ok.js';
import { memberOf, requireMember } from '../auth/hooks.js';
import type { SearchService } from './service.js';

export interface SearchRoutesOptions {
  search: SearchService;
}

const errors = {
  400: messageSchema,
  401: messageSchema,
  404: messageSchema,
  429: messageSchema,
};

const SEARCH_DESCRIPTION =
  `Members whose first name, last name, username or "first last" starts with the term; at ` +
  `most ${SEARCH_RESULTS_MAX}, each \`{_id, username, picture, first_name, last_name}\`. ` +
  `The term is trimmed and must then hold 1 to ${SEARCH_TERM_MAX} characters (else 400). ` +
  'Term and names are compared lower-cased, without accents ("zoe" finds "Zoé"), runs of ' +
  'spaces as one; every character is literal (no wildcard or pattern). The caller is found ' +
  'like anyone else.\n\nOrder: (1) exact matches, where a whole name, the username or "first ' +
  'last" equals the term; (2) then the caller\'s friends; (3) then everyone else. Friends come ' +
  'first among exact matches too. Within each group, by the matched name: the smallest of the ' +
  'member\'s names (first, last, username, or "first last" for a term with a space) that ' +
  'starts with the term, compared as lower-case unaccented text in Unicode code-point order ' +
  '(so "ben" before "benali" before "benjamin"); equal matched names by username. Served by ' +
  'index range scans: the cost does not grow with the membership.';

/** POST /users/search/{searchTerm} and the search history calls of spec section 7. */
export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, { search }) => {
  app.addHook('onRequest', requireMember);
  const tags = ['users'];

  app.post(
    '/search/:searchTerm',
    {
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags,
        summary: 'Search members by name',
        description: SEARCH_DESCRIPTION,
        params: searchTermParamSchema,
        response: { 200: searchResultsSchema, ...errors },
      },
    },
    async (request) => search.search(memberOf(request), request.params.searchTerm),
  );

  app.put(
    '/addToSearchHistory',
    {
      schema: {
        tags,
        summary: 'Keep a member in the recent searches',
        description:
          "`searchUser` is the chosen member's `_id`. A new entry, or the member's existing " +
          'entry moved to the top with its `createdAt` raised: one entry per member, even for ' +
          `two adds at once. Only the newest ${SEARCH_HISTORY_MAX} entries are kept; adding ` +
          "one more forgets the oldest. Unknown member: 404. Answers 'ok'.",
        body: searchUserSchema,
        response: { 200: okAnswerSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendOk(reply, search.addToHistory(memberOf(request), request.body.searchUser)),
  );

  app.get(
    '/getSearchHistory',
    {
      schema: {
        tags,
        summary: 'The recent searches',
        description:
          `The caller's recent searches, newest first, at most ${SEARCH_HISTORY_MAX}: each ` +
          '`{_id, createdAt, user: {_id, username, picture, first_name, last_name}}`, ' +
          '`createdAt` being when that member was last chosen. A member whose account is ' +
          'removed leaves the history with it.',
        response: { 200: searchHistorySchema, ...errors },
      },
    },
    async (request) => search.history(memberOf(request)),
  );

  app.put(
    '/removeFromSearch',
    {
      schema: {
        tags,
        summary: 'Remove a member from the recent searches',
        description:
          "`searchUser` is the member's `_id`. Removes their entry from the caller's history; " +
          "a member not in it (or unknown) changes nothing. Answers 'ok'.",
        body: searchUserSchema,
        response: { 200: okAnswerSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendOk(reply, search.removeFromHistory(memberOf(request), request.body.searchUser)),
  );
};
