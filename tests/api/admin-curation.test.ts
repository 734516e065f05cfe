import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { makeMember, type Member } from '../fixtures/members.js';
import { CURATION_MESSAGES, curationStream, DEFAULT_COLLECTIONS, DEFAULT_TOP_APPS } from '../../src/domain/discovery/curation.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('homepage collections and top apps editors', () => {
  let harness: ApiHarness;
  let admin: Member;

  beforeAll(async () => {
    harness = await startApiHarness({ users: 1, templates: 0, seed: 61 });
    admin = await makeMember(harness, { prefix: 'cur_admin', lvl: 'admin' });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('shows the shipped lists until an admin saves, then what was saved; the home page reads them', async () => {
    expect((await harness.call<Json[]>('GET', '/api/collections')).body).toEqual(DEFAULT_COLLECTIONS);
    expect((await harness.call<Json[]>('GET', '/api/topapps')).body).toEqual(DEFAULT_TOP_APPS);

    const collections = [
      { name: 'AI picks', link: '/topics/ai', img: '', type: 'ai_tools' },
      { name: 'Every platform', link: '/apps', img: 'https://example.com/apps.png', type: 'platforms' },
    ];
    const saved = await harness.call<Json>('PUT', '/api/admin/api/collections', { token: admin.token, body: collections });
    expect(saved).toMatchObject({ status: 200, body: { success: true, message: CURATION_MESSAGES.saved } });
    const shown = (await harness.call<Json[]>('GET', '/api/collections')).body;
    expect(shown.map(({ _id, ...entry }) => entry)).toEqual([
      { name: 'AI picks', link: '/topics/ai', img: null, type: 'ai_tools' },
      { name: 'Every platform', link: '/apps', img: 'https://example.com/apps.png', type: 'platforms' },
    ]);

    const removed = await harness.call<Json>('DELETE', `/api/admin/api/collections/${shown[0]!._id}`, { token: admin.token });
    expect(removed.status).toBe(200);
    expect((await harness.call<Json[]>('GET', '/api/collections')).body.map((entry) => entry.name)).toEqual(['Every platform']);
    const last = await harness.call<Json>('DELETE', `/api/admin/api/collections/${shown[1]!._id}`, { token: admin.token });
    expect(last).toMatchObject({ status: 400, body: { message: CURATION_MESSAGES.lastEntry } });

    const apps = Array.from({ length: 4 }, (_, index) => ({
      name: `Tool ${index + 1}`,
      link: `https://tool${index + 1}.example`,
      img: null,
      description: 'Handy.',
    }));
    expect((await harness.call<Json>('PUT', '/api/admin/api/topapps', { token: admin.token, body: apps })).status).toBe(200);
    expect((await harness.call<Json[]>('GET', '/api/topapps')).body.map((entry) => entry.name)).toEqual([
      'Tool 1',
      'Tool 2',
      'Tool 3',
      'Tool 4',
    ]);
  });

  it('refuses 0 or 9 entries, a bad link and an unknown type with a 400, keeping the saved list', async () => {
    const entry = { name: 'X', link: '/x', img: null, description: '' };
    for (const body of [[], Array.from({ length: 9 }, () => entry), [{ ...entry, link: 'javascript:alert(1)' }]]) {
      expect((await harness.call<Json>('PUT', '/api/admin/api/topapps', { token: admin.token, body })).status).toBe(400);
    }
    expect(
      (
        await harness.call<Json>('PUT', '/api/admin/api/collections', {
          token: admin.token,
          body: [{ name: 'X', link: '/x', type: 'weird' }],
        })
      ).status,
    ).toBe(400);
    expect((await harness.call<Json[]>('GET', '/api/topapps')).body).toHaveLength(4);
  });

  it('answers the ids it gave, and a save of the answered list (as the editor sends it again) records nothing', async () => {
    const stream = curationStream('collections');
    const before = (await harness.infrastructure.store.readStream(stream)).length;
    const fresh = [
      { name: 'Fresh one', link: '/one', img: '', type: 'select' },
      { _id: 'kept', name: 'Kept', link: '/kept', img: '', type: 'other' },
    ];
    const first = await harness.call<Json>('PUT', '/api/admin/api/collections', { token: admin.token, body: fresh });
    expect(first.status).toBe(200);
    const answered = first.body.data as Json[];
    expect(answered.map((entry) => entry._id)).toEqual([expect.any(String), 'kept']);
    expect((await harness.call<Json[]>('GET', '/api/collections')).body).toEqual(answered);
    expect(await harness.infrastructure.store.readStream(stream)).toHaveLength(before + 1);

    // The editor sends its entries with the answered ids, its own fields in its own order.
    const again = answered.map(({ _id, name, link, img, type }) => ({ _id, name, link, img: img ?? '', type }));
    const second = await harness.call<Json>('PUT', '/api/admin/api/collections', { token: admin.token, body: again });
    expect(second.body.data).toEqual(answered);
    expect(await harness.infrastructure.store.readStream(stream)).toHaveLength(before + 1);
  });

  it('refuses two entries with the same id, which one DELETE would both remove (emptying the list)', async () => {
    const twins = [
      { _id: 'twin', name: 'One', link: '/one', img: null, description: '' },
      { _id: 'twin', name: 'Two', link: '/two', img: null, description: '' },
    ];
    const saved = await harness.call<Json>('PUT', '/api/admin/api/topapps', { token: admin.token, body: twins });
    expect(saved).toMatchObject({ status: 400, body: { message: `[1]._id: ${CURATION_MESSAGES.duplicateId}` } });
    expect((await harness.call<Json[]>('GET', '/api/topapps')).body).toHaveLength(4);
  });

  it('DELETE removes one entry by a recorded event; an unknown id, in either list, is a 404 and changes nothing', async () => {
    const apps = ['One', 'Two', 'Three'].map((name) => ({ name, link: `/${name.toLowerCase()}`, img: null, description: '' }));
    const saved = (await harness.call<Json>('PUT', '/api/admin/api/topapps', { token: admin.token, body: apps })).body.data as Json[];
    const stream = curationStream('topapps');
    const before = (await harness.infrastructure.store.readStream(stream)).length;

    const removed = await harness.call<Json>('DELETE', `/api/admin/api/topapps/${saved[1]!._id}`, { token: admin.token });
    expect(removed).toMatchObject({ status: 200, body: { success: true } });
    expect((await harness.call<Json[]>('GET', '/api/topapps')).body.map((entry) => entry.name)).toEqual(['One', 'Three']);
    const events = await harness.infrastructure.store.readStream(stream);
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)).toMatchObject({ type: 'HomeListSet', data: { list: 'topapps' }, metadata: { actor: { userId: admin.userId } } });

    for (const path of [
      `/api/admin/api/topapps/${saved[1]!._id}`,
      '/api/admin/api/topapps/no-such-entry',
      '/api/admin/api/collections/no-such-entry',
    ]) {
      expect(await harness.call<Json>('DELETE', path, { token: admin.token })).toMatchObject({
        status: 404,
        body: { error: true, message: CURATION_MESSAGES.unknownEntry },
      });
    }
    expect(await harness.infrastructure.store.readStream(stream)).toHaveLength(before + 1);
  });

  it('DELETE is for admins only: a member gets a 403, a visitor a 401, and the list stays', async () => {
    const member = await makeMember(harness, { prefix: 'cur_member' });
    const shown = (await harness.call<Json[]>('GET', '/api/topapps')).body;
    for (const list of ['collections', 'topapps']) {
      const id = (await harness.call<Json[]>('GET', `/api/${list}`)).body[0]!._id as string;
      expect((await harness.call<Json>('DELETE', `/api/admin/api/${list}/${id}`, { token: member.token })).status).toBe(403);
      expect((await harness.call<Json>('DELETE', `/api/admin/api/${list}/${id}`)).status).toBe(401);
    }
    expect((await harness.call<Json[]>('GET', '/api/topapps')).body).toEqual(shown);
  });
});
