import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint-route.js';
import { fastSerializerCompiler } from '../../http/fast-serializer.js';
import { memberOf } from '../auth/hooks.js';
import type { SearchService } from './service.js';

export interface SearchRoutesOptions {
  search: SearchService;
}

/** Member search and the search history calls of the contract's table. */
export const searchRoutes: FastifyPluginAsync<SearchRoutesOptions> = async (app, { search }) => {
  addEndpoint(app, 'search', { serializerCompiler: fastSerializerCompiler }, async (request) =>
    search.search(memberOf(request), request.params.searchTerm),
  );
  addEndpoint(app, 'addToSearchHistory', {}, async (request) =>
    search.addToHistory(memberOf(request), request.body.searchUser),
  );
  addEndpoint(app, 'getSearchHistory', {}, async (request) => search.history(memberOf(request)));
  addEndpoint(app, 'removeFromSearch', {}, async (request) =>
    search.removeFromHistory(memberOf(request), request.body.searchUser),
  );
};
