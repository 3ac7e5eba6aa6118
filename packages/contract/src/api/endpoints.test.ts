import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS } from './endpoints.js';
import {
  callPath,
  type EndpointName,
  matchRoute,
  type PathParamNames,
  pathOf,
  ROUTES,
} from './routes.js';

const names = Object.keys(ROUTES) as EndpointName[];

describe('the endpoint table', () => {
  it('has one entry per call, with the route of the same name', () => {
    expect(Object.keys(ENDPOINTS).sort()).toEqual([...names].sort());
    for (const name of names) {
      expect(ENDPOINTS[name]).toMatchObject(ROUTES[name]);
      expect(ROUTES[name].name).toBe(name);
    }
  });

  it('never gives two calls the same method and path', () => {
    const keys = names.map((name) => `${ROUTES[name].method} ${ROUTES[name].path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("names each path parameter in the call's params schema, and nothing else", () => {
    for (const name of names) {
      const endpoint = ENDPOINTS[name];
      const inPath = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).sort();
      const schema = 'params' in endpoint ? endpoint.params : undefined;
      const inSchema = schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];
      expect(inSchema, name).toEqual(inPath);
    }
  });

  it('answers with a success status, and every call that pages declares its header', () => {
    for (const name of names) {
      const { responses } = ENDPOINTS[name];
      expect(200 in responses || 201 in responses, name).toBe(true);
    }
    const paged = names.filter((name) => 'nextCursorHeader' in ENDPOINTS[name]).sort();
    expect(paged).toEqual([
      'applications',
      'comment',
      'comments',
      'conversationMessages',
      'conversations',
      'feed',
      'getProfile',
      'moderationLog',
      'moderationMembers',
      'notifications',
      'reports',
    ]);
  });

  it('requires a member for every call but sign-up, login and its second steps, the password reset, the e-mail link and /about', () => {
    const open = names.filter((name) => !ENDPOINTS[name].auth).sort();
    expect(open).toEqual([
      'about',
      'cancelDeletion',
      'confirmEmail',
      'findUser',
      'login',
      'loginTwoFactor',
      'register',
      'resetPassword',
      'sendResetCode',
      'validateResetCode',
    ]);
  });
});

describe('paths of calls', () => {
  it('fills each parameter as one encoded segment', () => {
    expect(pathOf(ROUTES.getReacts, { postId: 'p/1 ?' })).toBe('/posts/getReacts/p%2F1%20%3F');
    expect(() => pathOf(ROUTES.getReacts, {})).toThrow(/postId/);
  });

  it('adds the defined query values only', () => {
    expect(
      callPath(ROUTES.comments, {
        params: { postId: 'p1' },
        query: { limit: 5, cursor: undefined },
      }),
    ).toBe('/posts/p1/comments?limit=5');
    expect(callPath(ROUTES.feed, { query: { cursor: undefined } })).toBe('/posts');
  });

  it('finds the call behind a method and path, with its parameters decoded', () => {
    expect(matchRoute('PUT', '/users/addFriend/u%201')).toEqual({
      route: ROUTES.addFriend,
      params: { id: 'u 1' },
    });
    expect(matchRoute('GET', '/posts')?.route.name).toBe('feed');
    expect(matchRoute('POST', '/posts')?.route.name).toBe('createPost');
    // GET /posts/{postId} is one post: `uploadImages` there is a post id (404 from the server).
    expect(matchRoute('GET', '/posts/p1')).toEqual({
      route: ROUTES.getPost,
      params: { postId: 'p1' },
    });
    expect(matchRoute('GET', '/posts/uploadImages')?.route.name).toBe('getPost');
    expect(matchRoute('POST', '/posts/p1')).toBeUndefined();
    expect(matchRoute('GET', '/posts/p1/likes')).toBeUndefined();
    expect(matchRoute('DELETE', '/posts/deletePost/a/b')).toBeUndefined();
  });

  it('types the parameters of a path', () => {
    const names: PathParamNames<'/posts/:postId/comments/:commentId'>[] = ['postId', 'commentId'];
    expect(names).toHaveLength(2);
  });
});
