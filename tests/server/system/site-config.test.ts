import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '@shared/contract/http';
import { WHITELABEL_FLAGS } from '@shared/contract/system';
import { PROFILE_FIELDS } from '@shared/validation/fields';
import { flushSettingsCache, writeSetting } from '@server/services/system/site-settings';
import { insertMemberWithSession } from '../../helpers/direct-member';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('site configuration and content served to visitors', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { success: boolean; code: string; value: unknown };
    expect(body).toMatchObject({ success: true, code: 'OK' });
    return body.value;
  };

  it('[API-30] [SHELL-46] the permission response carries every field, filled from the seed', async () => {
    const permission = http.systemPermission.response.parse(await get('/wps/system/permission'));
    expect(permission.customerService.map((c) => c.csType).sort()).toEqual(['FACEBOOK', 'LIVECHAT', 'TELEGRAM']);
    expect(permission.customerService.every((c) => c.title !== '' && c.path !== '')).toBe(true);
    expect(permission.domainRoute.length).toBeGreaterThan(1);
    expect(permission.domainRoute.filter((d) => d.representative)).toHaveLength(1);
    expect(permission.resources.map((r) => r.resourceType)).toEqual(expect.arrayContaining(['ANDROID', 'IOS']));
    expect(permission.resources.every((r) => r.url !== '' && r.labelNameEn !== '')).toBe(true);
    expect(permission.whitelabel.length).toBeGreaterThan(0);
    for (const flag of WHITELABEL_FLAGS) expect(permission.flags[flag], flag).toBe(true);
    expect(Object.keys(permission.registrationFieldRules)).toEqual(expect.arrayContaining(['username', 'password', 'mobileNum']));
    expect(permission.mainDomain).toBe('demo.example');
    expect(permission.analytics).toEqual({ gtagId: expect.any(String) });
    expect(permission.imageCDNs).toEqual(['']);
    expect(permission.launchGameCDNs).toEqual(['']);
    expect(permission.location.ip).toBe('127.0.0.1');
    expect(permission.maintenance).toBe(false);
    expect(permission.regionRestriction).toBe(false);
    expect(permission.feedback.minLength).toBeLessThan(permission.feedback.maxLength);
  });

  it('reads the configuration tables once per settings cache window (every page render and sign-in needs them), and afresh once a change flushes it', async () => {
    const livechatTitle = async () => http.systemPermission.response.parse(await get('/wps/system/permission')).customerService.find((c) => c.csType === 'LIVECHAT')?.title;
    const before = await livechatTitle();
    await t.ctx.db.updateTable('customer_service').set({ title: 'Chat with us' }).where('cs_type', '=', 'LIVECHAT').execute();
    try {
      expect(await livechatTitle()).toBe(before);
      flushSettingsCache(t.ctx.db);
      expect(await livechatTitle()).toBe('Chat with us');
    } finally {
      await t.ctx.db.updateTable('customer_service').set({ title: before! }).where('cs_type', '=', 'LIVECHAT').execute();
      flushSettingsCache(t.ctx.db);
    }
  });

  it('[AUTH-51] [API-06] the whitelabel tree nests every flag under a parent module', async () => {
    const tree = http.whitelabel.response.parse(await get('/wps/system/whitelabel'));
    const nested = tree.flatMap((root) => {
      const walk = (nodes: typeof tree): string[] => nodes.flatMap((n) => [n.modId, ...walk(n.childrenNodes)]);
      return walk(root.childrenNodes);
    });
    expect(nested).toEqual(expect.arrayContaining([...WHITELABEL_FLAGS]));
    const flagIds: readonly string[] = WHITELABEL_FLAGS;
    expect(tree.map((n) => n.modId).filter((id) => flagIds.includes(id))).toEqual([]);
  });

  it('[CONST-05] the merchant code and the whitelabel tree are read from the stored configuration, not fixed in code', async () => {
    const permission = async () => (await get('/wps/system/permission')) as { merchantCode: string };
    const tree = async () => http.whitelabel.response.parse(await get('/wps/system/whitelabel'));
    const before = (await permission()).merchantCode;
    const [root] = await tree();
    await writeSetting(t.ctx.db, 'merchantCode', 'M42');
    await t.ctx.db.updateTable('whitelabel_modules').set({ enabled: false }).where('mod_id', '=', root!.modId).execute();
    flushSettingsCache(t.ctx.db);
    try {
      expect((await permission()).merchantCode).toBe('M42');
      expect((await tree()).find((n) => n.modId === root!.modId)?.enabled).toBe(false);
    } finally {
      await writeSetting(t.ctx.db, 'merchantCode', before);
      await t.ctx.db.updateTable('whitelabel_modules').set({ enabled: root!.enabled }).where('mod_id', '=', root!.modId).execute();
      flushSettingsCache(t.ctx.db);
    }
    expect((await permission()).merchantCode).toBe(before);
  });

  it('[API-13] [VAL-31] [VAL-06] register settings give a rule for every registration field', async () => {
    const rules = http.registerSettings.response.parse(await get('/wps/system/setting/register'));
    for (const field of ['username', 'password', 'confirmPassword', 'mobileNum', 'verificationCode', 'captcha', ...PROFILE_FIELDS]) {
      expect(rules[field], field).toMatchObject({ enabled: expect.any(Boolean), required: expect.any(Boolean) });
    }
    expect(rules.mobileNum).toMatchObject({ enabled: true, acceptedPattern: '*', patternId: 'DIGITS', minLength: 9, maxLength: 11 });
    expect(rules.username).toMatchObject({ enabled: true, required: true });
  });

  it('[API-26] [MEMBER-20] the help centre serves the asked language, with the terms at #term', async () => {
    const en = http.helpCenter.response.parse(await get('/wps/system/helpCenter?lang=en&device=WEB'));
    expect(en.lang).toBe('en');
    expect(en.articles.map((a) => a.anchor)).toEqual(['about', 'term', 'privacy', 'responsible-gaming', 'deposit', 'withdraw']);
    const ty = http.helpCenter.response.parse(await get('/wps/system/helpCenter?lang=TY'));
    expect(ty.lang).toBe('ty');
    expect(ty.articles.find((a) => a.anchor === 'term')?.title).toBe('Điều khoản và điều kiện');
  });

  it('[MEMBER-20] a language without articles gets the site default language', async () => {
    const fallback = http.helpCenter.response.parse(await get('/wps/system/helpCenter?lang=ko'));
    expect(fallback.lang).toBe('ty');
    expect(fallback.articles.length).toBeGreaterThan(0);
    const noLang = http.helpCenter.response.parse(await get('/wps/system/helpCenter'));
    expect(noLang.lang).toBe('ty');
  });

  it('[API-27] [MEMBER-24] domain routes list the mirror sites with one representative', async () => {
    const routes = http.domainRoute.response.parse(await get('/wps/system/domainRoute'));
    expect(routes[0]).toEqual({ domain: 'demo.example', label: 'Main site', representative: true });
    expect(routes.length).toBeGreaterThanOrEqual(3);
  });

  it('[API-31] [AUTH-32] country codes start with Vietnam', async () => {
    const countries = http.countryCodes.response.parse(await get('/wps/system/countryCodes'));
    expect(countries.length).toBeGreaterThanOrEqual(30);
    expect(countries[0]).toEqual({ countryCode: 'VN', countryDialingCode: '84', name: 'Vietnam' });
    expect(new Set(countries.map((c) => c.countryCode)).size).toBe(countries.length);
  });

  it('[API-29] the room list comes from the seeded chat rooms', async () => {
    const rooms = http.roomList.response.parse(await get('/wps/relay/GLS2_roomList'));
    expect(rooms.map((r) => r.roomId)).toEqual(['lobby', 'lottery', 'sports', 'casino']);
    expect(rooms.every((r) => r.iconUrl.startsWith('/static/rooms/'))).toBe(true);
  });

  describe('feedback', () => {
    const send = (payload: unknown, token?: string) =>
      t.app.inject({ method: 'PUT', url: '/wps/feedback', payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });

    it('[API-25] [MEMBER-19] a visitor sends feedback; it is stored with its question type', async () => {
      const res = await send({ questionType: 'GAME', content: '  The fish game froze after the second round.  ' });
      expect(res.statusCode).toBe(200);
      const { feedbackId } = http.feedback.response.parse(res.json().value);
      const row = await t.ctx.db.selectFrom('feedback').selectAll().where('id', '=', feedbackId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ question_type: 'GAME', content: 'The fish game froze after the second round.', member_id: null, ip: '127.0.0.1' });
    });

    it('[API-25] feedback from a signed-in member is linked to the member', async () => {
      const member = await insertMemberWithSession(t.ctx);
      const res = await send({ questionType: 'DEPOSIT', content: 'My deposit took an hour to arrive.' }, member.token);
      expect(res.statusCode).toBe(200);
      const row = await t.ctx.db.selectFrom('feedback').select('member_id').where('id', '=', res.json().value.feedbackId).executeTakeFirstOrThrow();
      expect(row.member_id).toBe(member.id);
    });

    it('[VAL-38] content shorter or longer than the configured bounds is refused with 400 and stored nowhere', async () => {
      const before = await t.ctx.db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      for (const content of ['too short', 'x'.repeat(501)]) {
        const res = await send({ questionType: 'OTHER', content });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION', value: null, details: [{ path: 'content', minLength: 10, maxLength: 500 }] });
      }
      const after = await t.ctx.db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('[VAL-38] the bounds are read from the settings on each call, so an operator change applies at once', async () => {
      await writeSetting(t.ctx.db, 'feedbackRules', { minLength: 2, maxLength: 20 });
      try {
        expect((await send({ questionType: 'OTHER', content: 'too short' })).statusCode).toBe(200);
        expect((await get('/wps/system/permission') as { feedback: unknown }).feedback).toEqual({ minLength: 2, maxLength: 20 });
      } finally {
        await writeSetting(t.ctx.db, 'feedbackRules', { minLength: 10, maxLength: 500 });
      }
    });

    it('[MEMBER-19] an unknown question type is a 400', async () => {
      const res = await send({ questionType: 'COMPLAINT', content: 'A perfectly fine length of content.' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    });
  });
});
