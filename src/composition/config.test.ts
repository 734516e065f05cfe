import { describe, expect, it } from 'vitest';
import { configFromEnv, DEFAULT_MAIL_FROM, DEFAULT_SHUTDOWN_DEADLINE_MS, parseTrustProxy, usesEmbeddedDefault } from './config.js';
import { DEFAULT_GUEST_GENERATIONS_PER_HOUR } from '../domain/generator/rules.js';

describe('configuration from the environment', () => {
  it('has no SMTP server and no Google client by default, and a default sender', () => {
    expect(configFromEnv({})).toMatchObject({ smtpUrl: undefined, mailFrom: DEFAULT_MAIL_FROM, googleClientId: undefined });
    expect(configFromEnv({ SMTP_URL: '', MAIL_FROM: '', GOOGLE_CLIENT_ID: '' })).toMatchObject({
      smtpUrl: undefined,
      mailFrom: DEFAULT_MAIL_FROM,
      googleClientId: undefined,
    });
  });

  it('reads SMTP_URL, MAIL_FROM and GOOGLE_CLIENT_ID', () => {
    expect(
      configFromEnv({
        SMTP_URL: 'smtps://user:pass@mail.example.com:465',
        MAIL_FROM: 'Shop <shop@example.com>',
        GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Shop <shop@example.com>',
      googleClientId: 'id.apps.googleusercontent.com',
    });
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps:// without echoing it (it holds a password)', () => {
    for (const SMTP_URL of ['http://user:hunter2@mail.example.com', 'mail.example.com:587', 'smtp://']) {
      expect(() => configFromEnv({ SMTP_URL })).toThrow('SMTP_URL must be an smtp:// or smtps:// URL');
      expect(() => configFromEnv({ SMTP_URL })).not.toThrow(/hunter2/);
    }
  });
});

describe('TRUST_PROXY, LOG_LEVEL and the demo settings', () => {
  it('trusts no proxy by default, and only the proxies it names', () => {
    expect(configFromEnv({}).trustProxy).toBeNull();
    expect(parseTrustProxy('off')).toBeNull();
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', 'loopback']);
  });

  it('refuses "true" (trusting every sender would let anyone choose their address) and what is not an address', () => {
    for (const value of ['true', 'proxy.example.com', '10.0.0.0/8/1']) expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY/);
  });

  it('lets guests start 20 AI generations an hour unless GUEST_GENERATIONS_PER_HOUR says otherwise, and refuses what is not a count', () => {
    expect(configFromEnv({}).guestGenerationsPerHour).toBe(DEFAULT_GUEST_GENERATIONS_PER_HOUR);
    expect(configFromEnv({ GUEST_GENERATIONS_PER_HOUR: '5' }).guestGenerationsPerHour).toBe(5);
    for (const value of ['0', '2.5', 'many'])
      expect(() => configFromEnv({ GUEST_GENERATIONS_PER_HOUR: value })).toThrow(/GUEST_GENERATIONS_PER_HOUR/u);
  });

  it('gives a stop 10 s unless told otherwise, and refuses a deadline that is not a sensible number of milliseconds', () => {
    expect(configFromEnv({}).shutdownDeadlineMs).toBe(DEFAULT_SHUTDOWN_DEADLINE_MS);
    expect(DEFAULT_SHUTDOWN_DEADLINE_MS).toBe(10_000);
    expect(configFromEnv({ SHUTDOWN_DEADLINE_MS: '3000' }).shutdownDeadlineMs).toBe(3000);
    for (const value of ['soon', '-1', '50', '1.5'])
      expect(() => configFromEnv({ SHUTDOWN_DEADLINE_MS: value })).toThrow(/SHUTDOWN_DEADLINE_MS/);
  });

  it('logs at info unless told otherwise, and refuses an unknown level', () => {
    expect(configFromEnv({}).logLevel).toBe('info');
    expect(configFromEnv({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
    expect(() => configFromEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('creates the demo catalogue only on the embedded default unless DEMO_CATALOGUE asks, and has no demo password by default', () => {
    expect(usesEmbeddedDefault(configFromEnv({}))).toBe(true);
    expect(usesEmbeddedDefault(configFromEnv({ DATABASE_URL: 'postgres://db.example/tessera' }))).toBe(false);
    expect(usesEmbeddedDefault(configFromEnv({ EVENTSTORE_URL: 'esdb://localhost:2113?tls=false' }))).toBe(false);
    expect(configFromEnv({}).demoCatalogue).toBe(false);
    expect(configFromEnv({ DEMO_CATALOGUE: '1' }).demoCatalogue).toBe(true);
    expect(configFromEnv({}).demoPassword).toBeUndefined();
  });
});

describe('payment settings', () => {
  it('uses the sandbox and a 0 % platform fee by default', () => {
    expect(configFromEnv({})).toMatchObject({ stripe: undefined, platformFeePercent: 0 });
  });

  it('reads Stripe only with its webhook secret, and a fee from 0 to 100', () => {
    expect(
      configFromEnv({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe,
    ).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      apiUrl: 'http://127.0.0.1:12111',
    });
    expect(() => configFromEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow('STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY');
    expect(configFromEnv({ PLATFORM_FEE_PERCENT: '6' }).platformFeePercent).toBe(6);
    for (const PLATFORM_FEE_PERCENT of ['-1', '101', 'six'])
      expect(() => configFromEnv({ PLATFORM_FEE_PERCENT })).toThrow('PLATFORM_FEE_PERCENT must be a number from 0 to 100');
  });

  it('reads PayPal only with both client credentials, on the live API unless PAYPAL_API_URL says otherwise', () => {
    expect(configFromEnv({}).paypal).toBeUndefined();
    expect(configFromEnv({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }).paypal).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      apiUrl: 'https://api-m.paypal.com',
    });
    expect(
      configFromEnv({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_API_URL: 'http://127.0.0.1:9' }).paypal?.apiUrl,
    ).toBe('http://127.0.0.1:9');
    expect(() => configFromEnv({ PAYPAL_CLIENT_ID: 'id' })).toThrow('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together');
    expect(() => configFromEnv({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_API_URL: 'ftp://x' })).toThrow(
      'PAYPAL_API_URL must be an http:// or https:// URL',
    );
  });
});

describe('AI_CRAWLERS', () => {
  it('allows AI crawlers by default, reads allow or deny in any case, and refuses anything else', () => {
    expect(configFromEnv({}).aiCrawlers).toBe('allow');
    expect(configFromEnv({ AI_CRAWLERS: '' }).aiCrawlers).toBe('allow');
    expect(configFromEnv({ AI_CRAWLERS: 'Deny' }).aiCrawlers).toBe('deny');
    expect(configFromEnv({ AI_CRAWLERS: 'allow' }).aiCrawlers).toBe('allow');
    expect(() => configFromEnv({ AI_CRAWLERS: 'no' })).toThrow('AI_CRAWLERS must be allow or deny, got "no"');
  });
});
