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

const envSchema = z
  .object({
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
    SITE_OWNER: z.string().min(1).default('Muster Kochstube, Anna Muster'),
    SITE_ADDRESS: z.string().min(1).default('Kochgasse 1, 8000 Zürich, Schweiz'),
    /** The imprint's address; reported comments are mailed to it only when it is set (not the placeholder). */
    SITE_EMAIL: z.string().email('must be an e-mail address').default('hallo@chuchiblog.ch'),
    /** `silent` turns the log off; otherwise events below the level are left out. */
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent'], { message: 'must be debug, info, warn, error or silent' }).default('info'),
    /** One JSON line per event (`json`), or a readable line (`pretty`); default: pretty in development, else json. */
    LOG_FORMAT: z.enum(['json', 'pretty'], { message: 'must be json or pretty' }).optional(),
    /** Memory for the anonymous page cache (compressed and plain copies), in MiB; 0 turns it off. */
    PAGE_CACHE_MB: z.coerce.number({ message: 'must be a number of MiB' }).min(0).max(65_536).default(64),
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
  return { ...env, publicUrl, siteEmailConfigured: Boolean(source.SITE_EMAIL?.trim()) };
}

let current: Env | undefined;

/** The validated configuration; parsed on first use. */
export function getEnv(): Env {
  current ??= parseEnv();
  return current;
}
