import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('system status and the error envelope', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t.close());

  it('[API-18] status is 0 on a normal site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, code: 'OK', value: { status: 0, maintenance: false, regionRestriction: false } });
  });

  it('answers a wrong method with 405 and the allowed method', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/wps/system/status' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET');
    expect(res.json()).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED', value: null });
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/no/such/call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
