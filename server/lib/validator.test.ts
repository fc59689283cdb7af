import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handleError } from './error-handler.ts';
import { assessmentParam, containsInvalidText, INVALID_TEXT_MESSAGE, memberParam, validate } from './validator.ts';

describe('validate', () => {
  const app = new Hono()
    .post('/items', validate('json', z.object({ name: z.string(), tags: z.array(z.string()).default([]) })), (c) => c.json(c.req.valid('json')))
    .get('/search', validate('query', z.object({ q: z.string().default('') })), (c) => c.json(c.req.valid('query')));
  app.onError(handleError as never);

  it('passes valid input through', async () => {
    const res = await app.request('/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'a' }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'a', tags: [] });
  });

  it('answers a schema failure with one readable 400', async () => {
    const res = await app.request('/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 3 }) });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; code: string; details: unknown[] };
    expect(body.code).toBe('validation_failed');
    expect(body.error.length).toBeGreaterThan(0);
    expect(body.details).toHaveLength(1);
  });

  it('refuses NUL characters, which PostgreSQL cannot store, in bodies and queries', async () => {
    const body = await app.request('/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'ok', tags: ['a\u0000b'] }) });
    expect(body.status).toBe(400);
    expect(((await body.json()) as { error: string }).error).toBe(INVALID_TEXT_MESSAGE);
    const query = await app.request('/search?q=%00');
    expect(query.status).toBe(400);
  });

  it('refuses unpaired surrogates (invalid UTF-16, which PostgreSQL cannot store) and absurd nesting', async () => {
    const lone = await app.request('/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"ok","tags":["a\\ud800"]}' });
    expect(lone.status).toBe(400);
    expect(((await lone.json()) as { error: string }).error).toBe(INVALID_TEXT_MESSAGE);
    const paired = await app.request('/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: '😀 ok' }) });
    expect(paired.status).toBe(200);
    expect(containsInvalidText({ ['k\udc00']: 1 })).toBe(true);
    expect(containsInvalidText(['\udbff\udfff'])).toBe(false);
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(containsInvalidText(deep)).toBe(true);
  });

  it('finds NUL in nested values and keys', () => {
    expect(containsInvalidText({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsInvalidText({ ['k\u0000']: 1 })).toBe(true);
    expect(containsInvalidText({ a: [1, 'plain', null] })).toBe(false);
  });

  it('answers a malformed path id with 400 naming the kind of id, before any row is read, and lower-cases a valid one', async () => {
    const ids = new Hono()
      .get('/assessments/:id', validate('param', assessmentParam), (c) => c.json(c.req.valid('param')))
      .get('/members/:id', validate('param', memberParam), (c) => c.json(c.req.valid('param')));
    ids.onError(handleError as never);
    const bad = await ids.request('/assessments/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('Invalid assessment id');
    const ok = await ids.request('/assessments/6F9619FF-8B86-4011-B42D-00C04FC964FF');
    expect(await ok.json()).toEqual({ id: '6f9619ff-8b86-4011-b42d-00c04fc964ff' });
    const member = await ids.request('/members/not-a-uuid');
    expect(member.status).toBe(400);
    expect(((await member.json()) as { error: string }).error).toBe('Invalid member id');
  });
});
