// Settings read in app/lib/env.server.ts. Every limit on how often someone
// may do something is a setting (RATE_LIMIT_*): its default is the documented
// one (README's configuration table, docs/product-rules.md's limits table), a
// value in the environment is read, and a bad value stops start-up with one
// line naming the variable. And which imprint settings still hold placeholders,
// and the render thread's switch.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { EnvError, imprintPlaceholders, parseEnv, RATE_LIMIT_DEFAULTS, readRateLimit, type RateLimitSetting } from '../../app/lib/env.server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const HOUR = 60 * 60;
const MINUTE = 60;

/** The defaults issue 13 asks for: sign-up as Firebase Authentication allowed, the rest as before. */
const EXPECTED: Record<RateLimitSetting, { max: number; windowSeconds: number }> = {
  RATE_LIMIT_SIGN_UP_PER_IP: { max: 100, windowSeconds: HOUR },
  RATE_LIMIT_SIGN_IN_PER_IP: { max: 30, windowSeconds: 15 * MINUTE },
  RATE_LIMIT_SIGN_IN_PER_ADDRESS: { max: 5, windowSeconds: 15 * MINUTE },
  RATE_LIMIT_RESET_MAIL_PER_IP: { max: 10, windowSeconds: HOUR },
  RATE_LIMIT_RESET_MAIL_PER_ADDRESS: { max: 3, windowSeconds: HOUR },
  RATE_LIMIT_NEW_PASSWORD_PER_IP: { max: 10, windowSeconds: 15 * MINUTE },
  RATE_LIMIT_RECIPES_PER_USER: { max: 20, windowSeconds: HOUR },
  RATE_LIMIT_COMMENTS_PER_USER: { max: 10, windowSeconds: 10 * MINUTE },
  RATE_LIMIT_UPLOADS_PER_USER: { max: 30, windowSeconds: HOUR },
  RATE_LIMIT_AUTHOR_CONTACT_PER_IP: { max: 20, windowSeconds: HOUR },
  RATE_LIMIT_EXPORTS_PER_USER: { max: 5, windowSeconds: HOUR },
  RATE_LIMIT_REPORTS_PER_USER: { max: 10, windowSeconds: HOUR },
  RATE_LIMIT_REPORTS_PER_IP: { max: 10, windowSeconds: HOUR },
  RATE_LIMIT_NAME_CHANGES_PER_USER: { max: 20, windowSeconds: HOUR },
  RATE_LIMIT_EMAIL_CHANGES_PER_USER: { max: 5, windowSeconds: HOUR },
  RATE_LIMIT_VERIFICATION_MAILS_PER_USER: { max: 3, windowSeconds: HOUR },
  RATE_LIMIT_PASSWORD_CHANGES_PER_USER: { max: 5, windowSeconds: 15 * MINUTE },
  RATE_LIMIT_ACCOUNT_DELETIONS_PER_USER: { max: 5, windowSeconds: 15 * MINUTE },
};

const settings = Object.keys(RATE_LIMIT_DEFAULTS) as RateLimitSetting[];

test('without configuration every limit has its default; sign-up allows 100 per IP an hour', () => {
  expect([...settings].sort()).toEqual(Object.keys(EXPECTED).sort());
  const env = parseEnv({});
  for (const name of settings) expect({ name, rule: env[name] }).toEqual({ name, rule: EXPECTED[name] });
  // An empty value is no value (as for the other settings).
  expect(parseEnv({ RATE_LIMIT_SIGN_UP_PER_IP: '  ' }).RATE_LIMIT_SIGN_UP_PER_IP).toEqual({ max: 100, windowSeconds: HOUR });
});

test("the README's configuration table and the product rules name every limit with its default", () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const rules = readFileSync(path.join(root, 'docs/product-rules.md'), 'utf8');
  for (const name of settings) {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
    expect(row, `README row of ${name}`).toBeDefined();
    expect(row!.split('|')[2]!.trim(), `README default of ${name}`).toBe(`\`${RATE_LIMIT_DEFAULTS[name]}\``);
    expect(rules, `docs/product-rules.md names ${name}`).toContain(`\`${name}=${RATE_LIMIT_DEFAULTS[name]}\``);
  }
});

test('a value from the environment is read: a number per minutes, hours or days', () => {
  const env = parseEnv({ RATE_LIMIT_SIGN_UP_PER_IP: '250/1h', RATE_LIMIT_COMMENTS_PER_USER: '3 / 5min', RATE_LIMIT_EXPORTS_PER_USER: '2/1d' });
  expect(env.RATE_LIMIT_SIGN_UP_PER_IP).toEqual({ max: 250, windowSeconds: HOUR });
  expect(env.RATE_LIMIT_COMMENTS_PER_USER).toEqual({ max: 3, windowSeconds: 5 * MINUTE });
  expect(env.RATE_LIMIT_EXPORTS_PER_USER).toEqual({ max: 2, windowSeconds: 24 * HOUR });
  // The others keep their defaults.
  expect(env.RATE_LIMIT_SIGN_IN_PER_IP).toEqual(EXPECTED.RATE_LIMIT_SIGN_IN_PER_IP);
  expect(readRateLimit('10/h')).toEqual({ max: 10, windowSeconds: HOUR });
  expect(readRateLimit('10/2H')).toEqual({ max: 10, windowSeconds: 2 * HOUR });
});

test('a bad value stops start-up with one line naming the variable and why', () => {
  for (const bad of ['viele', '100', '100 pro Stunde', '0/1h', '-1/1h', '1e3/1h', '10/0min', '10/31d', '2000000/1h', '10/1 Woche', '10/1s']) {
    let error: unknown;
    try {
      parseEnv({ RATE_LIMIT_SIGN_UP_PER_IP: bad });
    } catch (e) {
      error = e;
    }
    expect(error, bad).toBeInstanceOf(EnvError);
    expect((error as Error).message, bad).toBe(
      'Invalid configuration: RATE_LIMIT_SIGN_UP_PER_IP must be a number per time span, such as 100/1h, 5/15min or 3/1d (at least 1 per 1min, at most 1000000 per 30d)',
    );
    expect((error as Error).message).not.toContain('\n');
  }
});

test('the imprint settings that still hold a placeholder are named (start-up warns about them)', () => {
  expect(imprintPlaceholders(parseEnv({}))).toEqual(['SITE_OWNER', 'SITE_ADDRESS', 'SITE_EMAIL']);
  expect(imprintPlaceholders(parseEnv({ SITE_OWNER: 'Vreni Baumann' }))).toEqual(['SITE_ADDRESS', 'SITE_EMAIL']);
  expect(imprintPlaceholders(parseEnv({ SITE_OWNER: 'Vreni Baumann', SITE_ADDRESS: 'Dorfstrasse 5, 3000 Bern', SITE_EMAIL: 'vreni@example.ch' }))).toEqual([]);
});

test('the imprint names Zürich as the place of jurisdiction unless SITE_JURISDICTION says another; an empty one stops start-up', () => {
  expect(parseEnv({}).SITE_JURISDICTION).toBe('Zürich');
  expect(parseEnv({ SITE_JURISDICTION: ' Bern ' }).SITE_JURISDICTION).toBe('Bern');
  expect(() => parseEnv({ SITE_JURISDICTION: '  ' })).toThrow('SITE_JURISDICTION');
});

test('the render thread is off unless RENDER_THREAD=on; another value stops start-up', () => {
  expect(parseEnv({}).RENDER_THREAD).toBe('off');
  expect(parseEnv({ RENDER_THREAD: 'on' }).RENDER_THREAD).toBe('on');
  expect(() => parseEnv({ RENDER_THREAD: 'yes' })).toThrow('Invalid configuration: RENDER_THREAD must be on or off');
});
