import { SERVER_MESSAGES } from '@hearth/contract';
import { describe, expect, it, vi } from 'vitest';
import { stubServer } from '../test/fake-server';
import { ApiError, createApiClient } from './client';

describe('api client', () => {
  it('calls /api/v1 with JSON, and the Bearer header when there is a token', async () => {
    const { calls, fetch } = stubServer({
      'POST /auth/resendVerification': () => ({ body: { message: 'sent' } }),
    });
    const api = createApiClient({ token: 'abc' });
    await expect(api.post('/auth/resendVerification')).resolves.toEqual({ message: 'sent' });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/auth/resendVerification');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer abc');
    // An empty body is sent as no body at all.
    expect(calls[0]?.body).toBeUndefined();
    expect(calls[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('hands over the headers too when asked, for paging through X-Next-Cursor', async () => {
    stubServer({
      'GET /posts': () => ({ body: [], headers: { 'X-Next-Cursor': 'next-page' } }),
    });
    const { data, headers } = await createApiClient({ token: 't' }).send('GET', '/posts?limit=10');
    expect(data).toEqual([]);
    expect(headers.get('X-Next-Cursor')).toBe('next-page');
  });

  it('sends no Authorization header without a token', async () => {
    const { calls } = stubServer({ 'POST /auth/login': () => ({ body: {} }) });
    await createApiClient().post('/auth/login', { email: 'a@b.co', password: 'x' });
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ email: 'a@b.co', password: 'x' });
  });

  it("fails with the server's message and status", async () => {
    stubServer({ 'GET /posts': () => ({ status: 429, body: { message: 'Too many attempts.' } }) });
    const failure = createApiClient({ token: 't' }).get('/posts');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: 'Too many attempts.', status: 429 });
  });

  it('ends the session on a 401 to an authenticated call only', async () => {
    stubServer({
      'GET /posts': () => ({ status: 401, body: { message: SERVER_MESSAGES.sessionExpired } }),
    });
    const onUnauthorized = vi.fn();
    await expect(createApiClient({ token: 't', onUnauthorized }).get('/posts')).rejects.toThrow(
      SERVER_MESSAGES.sessionExpired,
    );
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(createApiClient({ onUnauthorized }).get('/posts')).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('turns a network failure into a readable message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(createApiClient().get('/posts')).rejects.toMatchObject({
      message: SERVER_MESSAGES.unexpected,
      status: 0,
    });
  });
});
