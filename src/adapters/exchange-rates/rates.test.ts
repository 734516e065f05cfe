import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATES_REFRESH_MS, SHIPPED_RATES } from '../../domain/commerce/exchange-rates.js';
import { createExchangeRateSource } from './rates.js';

describe('exchange-rate source', () => {
  const asked: string[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: { base: 'USD', rates: { EUR: 0.5, GBP: 0.25, XYZ: 9 } } };
  const server = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  let feedUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/latest`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('uses the shipped table without a feed', async () => {
    expect(await createExchangeRateSource().current()).toBe(SHIPPED_RATES);
  });

  it('asks the feed from USD for the other 17 currencies at most once a day, and keeps the last table when it fails', async () => {
    let clock = Date.UTC(2026, 10, 23, 6);
    const source = createExchangeRateSource({ feedUrl, now: () => clock });
    const first = await source.current();
    expect(first).toMatchObject({ source: 'feed', rates: { USD: 1, EUR: 0.5, GBP: 0.25, JPY: SHIPPED_RATES.rates.JPY } });
    expect(first.rates).not.toHaveProperty('XYZ');
    const query = new URL(asked[0]!, 'http://x').searchParams;
    expect(query.get('from')).toBe('USD');
    expect(query.get('to')!.split(',')).toHaveLength(17);

    clock += RATES_REFRESH_MS - 1;
    await source.current();
    expect(asked).toHaveLength(1);

    answer = { status: 500, body: { error: 'down' } };
    clock += 2;
    expect((await source.current()).rates.EUR).toBe(0.5);
    expect(asked).toHaveLength(2);
  });
});
