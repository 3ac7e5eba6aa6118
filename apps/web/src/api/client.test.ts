import { ROUTES, SERVER_MESSAGES } from '@hearth/contract';
import { describe, expect, it, vi } from 'vitest';
import { stubServer } from '../test/fake-server';
import { ApiError, createApiClient } from './client';

/** What the client put on the wire for its `index`th request: URL, method, headers and body. */
function sent(fetch: ReturnType<typeof stubServer>['fetch'], index = 0) {
  const [url, init = {}] = fetch.mock.calls[index] ?? [];
  return { url, method: init.method, headers: new Headers(init.headers), body: init.body };
}

describe('api client', () => {
  it('calls /api/v1 with the Bearer header when there is a token, and no body when there is none', async () => {
    const { calls, fetch } = stubServer({
      resendVerification: () => ({ body: { message: 'sent' } }),
    });
    const api = createApiClient({ token: 'abc' });
    await expect(api.call(ROUTES.resendVerification)).resolves.toEqual({ message: 'sent' });
    const request = sent(fetch);
    expect(request.url).toBe('/api/v1/auth/resendVerification');
    expect(request.method).toBe('POST');
    expect(request.headers.get('Authorization')).toBe('Bearer abc');
    expect(request.headers.get('Accept')).toBe('application/json');
    // An empty body is sent as no body at all.
    expect(request.body).toBeUndefined();
    expect(request.headers.get('Content-Type')).toBeNull();
    expect(calls[0]?.name).toBe('resendVerification');
  });

  it('sends a JSON body, and no Authorization header without a token', async () => {
    const { calls, fetch } = stubServer({ login: () => ({ body: {} }) });
    await createApiClient().call(ROUTES.login, { body: { email: 'a@b.co', password: 'x' } });
    const request = sent(fetch);
    expect(request.url).toBe('/api/v1/auth/login');
    expect(request.method).toBe('POST');
    expect(request.headers.get('Authorization')).toBeNull();
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.body).toBe('{"email":"a@b.co","password":"x"}');
    expect(calls[0]?.body).toEqual({ email: 'a@b.co', password: 'x' });
  });

  it('sends a FormData body as it is, leaving its Content-Type to the browser', async () => {
    const { fetch } = stubServer({ uploadImages: () => ({ body: [] }) });
    const form = new FormData();
    form.append('path', 'adaowen/post_images');
    await createApiClient({ token: 't' }).call(ROUTES.uploadImages, { body: form });
    const request = sent(fetch);
    expect(request.url).toBe('/api/v1/posts/uploadImages');
    expect(request.body).toBe(form);
    expect(request.headers.get('Content-Type')).toBeNull();
  });

  it('fills each path parameter in as one encoded segment, with the route’s method', async () => {
    const { calls, fetch } = stubServer({
      getReacts: () => ({ body: {} }),
      search: () => ({ body: [] }),
      deletePost: () => ({ body: { status: 'ok' } }),
    });
    const api = createApiClient({ token: 't' });
    await api.call(ROUTES.getReacts, { params: { postId: 'p/1' } });
    await api.call(ROUTES.search, { params: { searchTerm: 'ada b?#%' } });
    await api.call(ROUTES.deletePost, { params: { postId: 'p1' } });
    expect([0, 1, 2].map((index) => [sent(fetch, index).method, sent(fetch, index).url])).toEqual([
      ['GET', '/api/v1/posts/getReacts/p%2F1'],
      ['POST', '/api/v1/users/search/ada%20b%3F%23%25'],
      ['DELETE', '/api/v1/posts/deletePost/p1'],
    ]);
    // The server reads back exactly the values sent.
    expect(calls.map((call) => [call.name, call.params])).toEqual([
      ['getReacts', { postId: 'p/1' }],
      ['search', { searchTerm: 'ada b?#%' }],
      ['deletePost', { postId: 'p1' }],
    ]);
  });

  it('adds the query, leaving out its undefined values', async () => {
    const { fetch } = stubServer({ feed: () => ({ body: [] }), comments: () => ({ body: [] }) });
    const api = createApiClient({ token: 't' });
    await api.call(ROUTES.feed, { query: { limit: 10, cursor: undefined } });
    await api.call(ROUTES.comments, { params: { postId: 'p1' }, query: { cursor: 'c 9&x' } });
    await api.call(ROUTES.comments, { params: { postId: 'p1' }, query: { cursor: undefined } });
    expect([0, 1, 2].map((index) => sent(fetch, index).url)).toEqual([
      '/api/v1/posts?limit=10',
      '/api/v1/posts/p1/comments?cursor=c+9%26x',
      '/api/v1/posts/p1/comments',
    ]);
  });

  it('hands over the headers too when asked, for paging through X-Next-Cursor', async () => {
    stubServer({ feed: () => ({ body: [], headers: { 'X-Next-Cursor': 'next-page' } }) });
    const { data, headers } = await createApiClient({ token: 't' }).callWithHeaders(ROUTES.feed, {
      query: { limit: 10 },
    });
    expect(data).toEqual([]);
    expect(headers.get('X-Next-Cursor')).toBe('next-page');
  });

  it("fails with the server's message and status", async () => {
    stubServer({ feed: () => ({ status: 429, body: { message: 'Too many attempts.' } }) });
    const failure = createApiClient({ token: 't' }).call(ROUTES.feed);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: 'Too many attempts.', status: 429 });
  });

  it('ends the session on a 401 to an authenticated call only', async () => {
    stubServer({
      feed: () => ({ status: 401, body: { message: SERVER_MESSAGES.sessionExpired } }),
    });
    const onUnauthorized = vi.fn();
    await expect(createApiClient({ token: 't', onUnauthorized }).call(ROUTES.feed)).rejects.toThrow(
      SERVER_MESSAGES.sessionExpired,
    );
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(createApiClient({ onUnauthorized }).call(ROUTES.feed)).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('turns a network failure into a readable message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(createApiClient().call(ROUTES.feed)).rejects.toMatchObject({
      message: SERVER_MESSAGES.unexpected,
      status: 0,
    });
  });
});
