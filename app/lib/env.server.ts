// Configuration is read once, at start-up, and validated: a bad value stops
// the server with one line naming the variable and the reason.
import { z } from 'zod';

const optional = (schema: z.ZodString) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const url = (protocols: string[]) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);

/** At most `max` attempts (or written rows) per window of `windowSeconds`. */
export type RateLimitRule = { max: number; windowSeconds: number };

const WINDOW_UNITS = { min: 60, h: 60 * 60, d: 24 * 60 * 60 } as const;
const RATE_LIMIT_FORMAT = /^(\d{1,7})\s*\/\s*(\d{1,4})?\s*(min|h|d)$/i;
const RATE_LIMIT_MESSAGE = 'must be a number per time span, such as 100/1h, 5/15min or 3/1d (at least 1 per 1min, at most 1000000 per 30d)';

/** Reads "100/1h" (100 per hour), "5/15min", "3/1d"; "10/h" is 10/1h. Undefined when it is not one. */
export function readRateLimit(value: string): RateLimitRule | undefined {
  const match = RATE_LIMIT_FORMAT.exec(value.trim());
  if (!match) return undefined;
  const max = Number(match[1]);
  const windowSeconds = Number(match[2] ?? '1') * WINDOW_UNITS[match[3]!.toLowerCase() as keyof typeof WINDOW_UNITS];
  if (max < 1 || max > 1_000_000 || windowSeconds < 60 || windowSeconds > 30 * WINDOW_UNITS.d) return undefined;
  return { max, windowSeconds };
}

/**
 * Every limit on how often someone may do something, as a setting with its
 * default (documented in the README and docs/product-rules.md; a test holds
 * the three together). Attempts are counted per client IP, per e-mail address
 * or per account; the proof-of-work already makes each sign-up and reset mail
 * costly, so the per-IP limits leave room for a school, an office or a mobile
 * carrier's shared address.
 */
export const RATE_LIMIT_DEFAULTS = {
  RATE_LIMIT_SIGN_UP_PER_IP: '100/1h',
  RATE_LIMIT_SIGN_IN_PER_IP: '30/15min',
  RATE_LIMIT_SIGN_IN_PER_ADDRESS: '5/15min',
  RATE_LIMIT_RESET_MAIL_PER_IP: '10/1h',
  RATE_LIMIT_RESET_MAIL_PER_ADDRESS: '3/1h',
  RATE_LIMIT_NEW_PASSWORD_PER_IP: '10/15min',
  RATE_LIMIT_RECIPES_PER_USER: '20/1h',
  RATE_LIMIT_COMMENTS_PER_USER: '10/10min',
  RATE_LIMIT_UPLOADS_PER_USER: '30/1h',
  RATE_LIMIT_AUTHOR_CONTACT_PER_IP: '20/1h',
  RATE_LIMIT_EXPORTS_PER_USER: '5/1h',
  RATE_LIMIT_REPORTS_PER_USER: '10/1h',
  RATE_LIMIT_REPORTS_PER_IP: '10/1h',
  RATE_LIMIT_NAME_CHANGES_PER_USER: '20/1h',
  RATE_LIMIT_EMAIL_CHANGES_PER_USER: '5/1h',
  RATE_LIMIT_VERIFICATION_MAILS_PER_USER: '3/1h',
  RATE_LIMIT_PASSWORD_CHANGES_PER_USER: '5/15min',
  RATE_LIMIT_ACCOUNT_DELETIONS_PER_USER: '5/15min',
} as const;

export type RateLimitSetting = keyof typeof RATE_LIMIT_DEFAULTS;

const rateLimit = (fallback: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v : fallback),
    z.string().transform((value, ctx) => {
      const rule = readRateLimit(value);
      if (!rule) {
        ctx.addIssue({ code: 'custom', message: RATE_LIMIT_MESSAGE });
        return z.NEVER;
      }
      return rule;
    }),
  );

const rateLimitSchemas = Object.fromEntries(
  Object.entries(RATE_LIMIT_DEFAULTS).map(([name, fallback]) => [name, rateLimit(fallback)]),
) as { [K in RateLimitSetting]: ReturnType<typeof rateLimit> };

/** What the imprint (and the privacy page) show until the owner sets SITE_*. */
export const SITE_PLACEHOLDERS = {
  SITE_OWNER: 'Muster Kochstube, Anna Muster',
  SITE_ADDRESS: 'Kochgasse 1, 8000 Zürich, Schweiz',
  SITE_EMAIL: 'hallo@chuchiblog.ch',
} as const;

const envSchema = z
  .object({
    ...rateLimitSchemas,
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optional(url(['postgres:', 'postgresql:'])),
    PUBLIC_URL: optional(url(['http:', 'https:'])),
    SMTP_URL: optional(url(['smtp:', 'smtps:'])),
    MAIL_FROM: z.string().min(3).default('Chuchiblog <no-reply@chuchiblog.local>'),
    AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters long')),
    TRUST_PROXY: z
      .enum(['true', 'false', '0', '1'], { message: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    S3_ENDPOINT: optional(url(['http:', 'https:'])),
    S3_BUCKET: optional(z.string()),
    S3_REGION: optional(z.string()),
    S3_ACCESS_KEY_ID: optional(z.string()),
    S3_SECRET_ACCESS_KEY: optional(z.string()),
    SITE_OWNER: z.string().min(1).default(SITE_PLACEHOLDERS.SITE_OWNER),
    SITE_ADDRESS: z.string().min(1).default(SITE_PLACEHOLDERS.SITE_ADDRESS),
    /** The imprint's place of jurisdiction (Swiss law applies): usually the owner's seat. */
    SITE_JURISDICTION: z.string().trim().min(1).default('Zürich'),
    /** The imprint's address; reported comments are mailed to it only when it is set (not the placeholder). */
    SITE_EMAIL: z.string().email('must be an e-mail address').default(SITE_PLACEHOLDERS.SITE_EMAIL),
    /** `silent` turns the log off; otherwise events below the level are left out. */
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent'], { message: 'must be debug, info, warn, error or silent' }).default('info'),
    /** One JSON line per event (`json`), or a readable line (`pretty`); default: pretty in development, else json. */
    LOG_FORMAT: z.enum(['json', 'pretty'], { message: 'must be json or pretty' }).optional(),
    /** Memory for the anonymous page cache (compressed and plain copies), in MiB; 0 turns it off. */
    PAGE_CACHE_MB: z.coerce.number({ message: 'must be a number of MiB' }).min(0).max(65_536).default(64),
    /** Memory for pictures' bytes (renditions up to 1 MiB each, kept until a write changes public content), in MiB; 0 keeps none. */
    IMAGE_CACHE_MB: z.coerce.number({ message: 'must be a number of MiB' }).min(0).max(65_536).default(32),
    /**
     * `on`: pages are rendered on a second thread of the process (server/render-thread.ts), for a
     * second core; it costs about 150 MiB (docs/decisions/011). Production only.
     */
    RENDER_THREAD: z.enum(['on', 'off'], { message: 'must be on or off' }).default('off'),
    /**
     * Worker processes that share the port (server.js, node:cluster): a count, or `auto` for one per
     * core. Several need PostgreSQL; `auto` on the embedded database is one (docs/decisions/006).
     */
    WEB_CONCURRENCY: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim() || undefined : v),
        z
          .string()
          .regex(/^(auto|[1-9]\d*)$/, 'must be a whole number from 1 to 256, or auto')
          .transform((v) => (v === 'auto' ? v : Number(v)))
          .refine((v) => v === 'auto' || v <= 256, 'must be a whole number from 1 to 256, or auto')
          .optional(),
      )
      .default(1),
  })
  .superRefine((env, ctx) => {
    if (typeof env.WEB_CONCURRENCY === 'number' && env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message:
          'must be 1 without DATABASE_URL: the embedded database is one process per DATA_DIR; set DATABASE_URL (PostgreSQL) to run several worker processes',
      });
    }
    const s3 = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    const given = s3.filter((key) => env[key]);
    if (given.length > 0 && given.length < s3.length) {
      for (const key of s3.filter((k) => !env[k])) {
        ctx.addIssue({ code: 'custom', path: [key], message: `is required when ${given.join(', ')} is set` });
      }
    }
  });

export type Env = z.infer<typeof envSchema> & {
  publicUrl: string;
  /** PUBLIC_URL is https: every cookie the site sets is `Secure` (the session's with the `__Secure-` prefix). */
  secureCookies: boolean;
  /** SITE_EMAIL was set, not the placeholder: mails to the site owner (reported comments) go out. */
  siteEmailConfigured: boolean;
};

export class EnvError extends Error {
  override name = 'EnvError';
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`);
    throw new EnvError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const env = result.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return { ...env, publicUrl, secureCookies: publicUrl.startsWith('https://'), siteEmailConfigured: Boolean(source.SITE_EMAIL?.trim()) };
}

/** The SITE_* settings that still hold the placeholder: a public site must name who is responsible. */
export function imprintPlaceholders(env: Pick<Env, keyof typeof SITE_PLACEHOLDERS>): string[] {
  return (Object.keys(SITE_PLACEHOLDERS) as Array<keyof typeof SITE_PLACEHOLDERS>).filter((key) => env[key] === SITE_PLACEHOLDERS[key]);
}

let current: Env | undefined;

/** The validated configuration; parsed on first use. */
export function getEnv(): Env {
  current ??= parseEnv();
  return current;
}
