import path from 'node:path';
import { closest, distance } from 'fastest-levenshtein';
import { parse as parseConnectionString } from 'pg-connection-string';
import { z } from '../shared/zod.js';
import { teacherPasswordProblem } from '../shared/api/limits.js';
import { isKnownPhoneRegion } from '../shared/phone.js';
import { problemOf, sentence } from './lib/validation-sentences.js';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'must be true or false (1 and 0, or yes and no, work too)' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * PUBLIC_URL is a site's address: every link in a mail and the allowed Origin are built from its
 * origin, since Parley is served at the root of its own name. A path, query, fragment or user name
 * would be dropped without a word (mails linking to the wrong page), and a value without "https://"
 * parses as a scheme of its own ("parley.lan:443").
 */
const PUBLIC_URL_MESSAGE =
  'must be the address students open, such as https://parley.example.org: http:// or https://, the name and at most a port, with no path (Parley is served at the root of its own name)';

function isSiteAddress(value: string): boolean {
  const url = URL.parse(value);
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const REDIS_URL_MESSAGE =
  'must be a URL such as redis://127.0.0.1:6379 or rediss://user:password@redis.example.org:6380/0 (a host, an optional port and an optional database number)';

/** redis:// or rediss:// with a host, and at most a database number (`/0`) as its path. The value is never put in a message. */
function isRedisUrl(value: string): boolean {
  if (!/^rediss?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== '' && /^\/?(\d{1,5})?$/.test(url.pathname);
  } catch {
    return false;
  }
}

const DATABASE_URL_MESSAGE =
  'must be a URL such as postgresql://parley@/parley?host=/var/run/postgresql or postgres://user:password@db.example.org:5432/parley, with any of @ : / ? # % in the user or password written as %40 %3A %2F %3F %23 %25';

/**
 * Whether the pg driver can read it: its own parser (pg-connection-string), which reads the socket
 * address docs/deploy.md gives. A password with an unwritten `#`, `/` or `?` ends the address there,
 * and the driver would stop the start with a bare "Invalid URL". The value is never put in a message.
 */
function isPostgresUrl(value: string): boolean {
  try {
    parseConnectionString(value);
    return true;
  } catch {
    return false;
  }
}

const SMTP_URL_MESSAGE =
  'must be a URL such as smtp://user:password@mail.example.org:587 or smtps://mail.example.org:465: a host name, at most a port from 1 to 65535 and no path, with any of : @ / % in the user or password written as %3A %40 %2F %25';

/**
 * An smtp:// or smtps:// URL with a host, an optional port in range, no path, and a user and password that
 * decode (a stray "%" would be sent as something else, and the login refused with no hint why). The
 * value is never put in a message.
 */
function isSmtpUrl(value: string): boolean {
  const url = URL.parse(value);
  if (url === null || url.hostname === '' || url.port === '0' || !/^\/?$/.test(url.pathname) || url.search || url.hash) return false;
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
    return true;
  } catch {
    return false;
  }
}

/** A number from the environment: one message for every way it can be wrong, saying what is wanted. */
const numberFromEnv = (message: string) => z.coerce.number({ error: message });

const PORT_MESSAGE = 'must be a whole number from 0 to 65535, such as 3000';
const SESSION_TTL_MESSAGE = 'must be a number of hours above 0 and at most 2160 (90 days), such as 12';
const RETENTION_MESSAGE = 'must be a whole number of days from 0 to 36500 (0 keeps recordings for ever), such as 365';
const STUDENT_CAP_MESSAGE = 'must be a number of megabytes above 0 and at most 1000000, such as 500';

/** Every environment variable the server reads. The README's configuration table mirrors this. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be production, development or test' }).default('production'),
  PORT: numberFromEnv(PORT_MESSAGE).int(PORT_MESSAGE).min(0, PORT_MESSAGE).max(65535, PORT_MESSAGE).default(3000),
  HOST: z.string().min(1, 'must not be empty: an address to listen on, such as 0.0.0.0 or 127.0.0.1').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty: a folder such as /var/lib/parley').default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .superRefine((value, context) => {
        if (!/^postgres(ql)?:\/\//.test(value)) context.addIssue({ code: 'custom', message: 'must start with postgres:// or postgresql://' });
        else if (!isPostgresUrl(value)) context.addIssue({ code: 'custom', message: DATABASE_URL_MESSAGE });
      })
      .optional(),
  ),
  ADMIN_USERNAME: z
    .string()
    .trim()
    .min(3, 'must be at least 3 characters')
    .max(64, 'must be at most 64 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'may use letters, digits, dot, dash and underscore only')
    .default('admin'),
  ADMIN_PASSWORD: optionalText.pipe(
    z
      .string()
      .superRefine((password, context) => {
        const problem = teacherPasswordProblem(password);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  ),
  ADMIN_EMAIL: optionalText.pipe(z.email('must be an e-mail address').optional()),
  COOKIE_SECURE: booleanFromEnv.default(false),
  SESSION_TTL_HOURS: numberFromEnv(SESSION_TTL_MESSAGE).positive(SESSION_TTL_MESSAGE).max(24 * 90, SESSION_TTL_MESSAGE).default(12),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .superRefine((value, context) => {
        if (!/^smtps?:\/\//.test(value)) context.addIssue({ code: 'custom', message: 'must start with smtp:// or smtps://' });
        else if (!isSmtpUrl(value)) context.addIssue({ code: 'custom', message: SMTP_URL_MESSAGE });
      })
      .optional(),
  ),
  /** Unset: request budgets count in the database. Set: in this Redis (decision 0014). Never logged as it is (it may hold a password). */
  REDIS_URL: optionalText.pipe(z.string().refine(isRedisUrl, REDIS_URL_MESSAGE).optional()),
  MAIL_FROM: z.string().min(3, 'must be a sender such as Parley <no-reply@school.org>').default('Parley <no-reply@parley.invalid>'),
  PUBLIC_URL: optionalText.pipe(z.string().refine(isSiteAddress, PUBLIC_URL_MESSAGE).transform((value) => new URL(value).origin).optional()),
  APP_TITLE: z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters').default('Parley'),
  CLASS_NAME: z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters').default('Spoken English Class'),
  /** Region assumed for mobile numbers typed without a country code (ISO 3166 code, e.g. IN, GB). */
  DEFAULT_PHONE_REGION: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as IN or GB')
    .refine(isKnownPhoneRegion, 'is not a country code the phone-number library knows (the United Kingdom is GB)')
    .default('IN'),
  /** The school's time zone: "the attempt's date" in the admin lists is the date there. */
  SCHOOL_TIMEZONE: z
    .string()
    .trim()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Asia/Kolkata or Europe/London')
    .default('Asia/Kolkata'),
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Where recordings' bytes go: files under DATA_DIR/recordings, or the database; unset: files on PGlite, the database on PostgreSQL. */
  RECORDING_STORE: optionalText.pipe(z.enum(['file', 'database'], { error: 'must be file or database' }).optional()),
  /** Recordings older than this many days are deleted (attempts, transcripts and scores stay); 0 keeps them for ever. */
  RECORDING_RETENTION_DAYS: numberFromEnv(RETENTION_MESSAGE).int(RETENTION_MESSAGE).min(0, RETENTION_MESSAGE).max(36_500, RETENTION_MESSAGE).default(365),
  /** Storage one student's kept recordings may take, in MB (10^6 bytes). */
  RECORDING_STUDENT_CAP_MB: numberFromEnv(STUDENT_CAP_MESSAGE).positive(STUDENT_CAP_MESSAGE).max(1_000_000, STUDENT_CAP_MESSAGE).default(500),
  /** Benchmarks only: registers the bare GET /api/bench/ceiling route `npm run bench` measures as its ceiling. */
  PARLEY_BENCH_CEILING: booleanFromEnv.default(false),
  /** The ffmpeg that re-muxes and decodes recordings (at least 5.1); unset: /usr/bin/ffmpeg, else `ffmpeg` on the PATH. */
  FFMPEG_PATH: optionalText,
  /** The pocketsphinx US English model folder (acoustic model `en-us/` and `cmudict-en-us.dict`) the analysis places words with. */
  POCKETSPHINX_MODEL_DIR: optionalText.transform((value) => value ?? '/usr/share/pocketsphinx/model/en-us'),
  /** `normal` runs the recording analysis at the server's own priority instead of in the background (analysis/background.ts): for test runs on a saturated machine. */
  PARLEY_ANALYSIS_PRIORITY: optionalText.pipe(z.enum(['background', 'normal'], { error: 'must be background or normal' }).optional()),
  /** The built client the server serves; unset: dist/client in the project folder. */
  PARLEY_CLIENT_DIR: optionalText,
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be fatal, error, warn, info, debug, trace or silent' })
    .default('info'),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError with a sentence for every bad variable ("PORT must be a whole number …"). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${sentence(issue.path.join('.'), problemOf(issue))}`);
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  // A site students open over https gets a Secure session cookie whatever COOKIE_SECURE says.
  const publicHttps = result.data.PUBLIC_URL?.toLowerCase().startsWith('https:') ?? false;
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR), COOKIE_SECURE: result.data.COOKIE_SECURE || publicHttps };
}

/**
 * Names in the environment that look like one of the settings misspelt: within one edit of it, or two
 * for a setting of 8 letters or more ("DATABSE_URL", "TRUSTPROXY", "APP_TITEL"), and not a setting
 * themselves. A start ignores them, so a misspelt DATABASE_URL used the embedded database without a
 * word (found installing from docs/deploy.md); main.ts warns of each. Another program's variables
 * lie further from every setting (PGHOST is two edits from HOST, a 4-letter setting).
 */
export function misspeltSettings(env: NodeJS.ProcessEnv = process.env): Array<{ given: string; meant: string }> {
  const settings = Object.keys(configSchema.shape);
  return Object.keys(env).flatMap((given) => {
    if (settings.includes(given) || !/^[A-Z][A-Z0-9_]*$/.test(given)) return [];
    const meant = closest(given, settings);
    return distance(given, meant) <= Math.min(2, Math.floor(meant.length / 4)) ? [{ given, meant }] : [];
  });
}

/**
 * The external tools' settings (FFMPEG_PATH, POCKETSPHINX_MODEL_DIR, PARLEY_ANALYSIS_PRIORITY), by the
 * same rules as loadConfig. Read where the tools are found and started, since the recording analysis
 * also runs in a process of its own (analysis/process.ts) that inherits the environment but is
 * handed no Config.
 */
export function toolSettings(env: NodeJS.ProcessEnv = process.env): Pick<Config, 'FFMPEG_PATH' | 'POCKETSPHINX_MODEL_DIR' | 'PARLEY_ANALYSIS_PRIORITY'> {
  return configSchema.pick({ FFMPEG_PATH: true, POCKETSPHINX_MODEL_DIR: true, PARLEY_ANALYSIS_PRIORITY: true }).parse(env);
}

/** The part of the configuration the browser may see. */
export function publicConfig(config: Pick<Config, 'APP_TITLE' | 'CLASS_NAME' | 'DEFAULT_PHONE_REGION' | 'SCHOOL_TIMEZONE'>) {
  return {
    appTitle: config.APP_TITLE,
    className: config.CLASS_NAME,
    phoneRegion: config.DEFAULT_PHONE_REGION,
    schoolTimezone: config.SCHOOL_TIMEZONE,
  };
}
