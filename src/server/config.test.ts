import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, loadConfig, misspeltSettings, publicConfig, toolSettings } from './config.js';
import { projectRoot } from './lib/paths.js';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: path.resolve('./data'),
      ADMIN_USERNAME: 'admin',
      COOKIE_SECURE: false,
      SESSION_TTL_HOURS: 12,
      APP_TITLE: 'Parley',
      CLASS_NAME: 'Spoken English Class',
      TRUST_PROXY: false,
      PARLEY_BENCH_CEILING: false,
      LOG_LEVEL: 'info',
    });
    for (const unset of ['DATABASE_URL', 'ADMIN_PASSWORD', 'ADMIN_EMAIL', 'SMTP_URL', 'PUBLIC_URL'] as const) {
      expect(config[unset], unset).toBeUndefined();
    }
    expect(config.MAIL_FROM).toMatch(/@/);
    expect(path.isAbsolute(config.DATA_DIR)).toBe(true);
    expect(publicConfig(config)).toEqual({ appTitle: 'Parley', className: 'Spoken English Class', phoneRegion: 'IN', schoolTimezone: 'Asia/Kolkata' });
  });

  it('reads and converts the variables it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/srv/parley',
      DATABASE_URL: 'postgresql://parley@db.internal:5432/parley',
      ADMIN_PASSWORD: 'long-enough-admin',
      COOKIE_SECURE: 'true',
      TRUST_PROXY: '1',
      SESSION_TTL_HOURS: '2.5',
      SMTP_URL: 'smtps://user:pass@mail.example.org:465',
      PUBLIC_URL: 'https://parley.example.org',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: '/srv/parley',
      DATABASE_URL: 'postgresql://parley@db.internal:5432/parley',
      ADMIN_PASSWORD: 'long-enough-admin',
      COOKIE_SECURE: true,
      TRUST_PROXY: true,
      SESSION_TTL_HOURS: 2.5,
      SMTP_URL: 'smtps://user:pass@mail.example.org:465',
      PUBLIC_URL: 'https://parley.example.org',
    });
  });

  it('makes the session cookie Secure whenever PUBLIC_URL is https, as with COOKIE_SECURE=true', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://parley.example.org' }).COOKIE_SECURE).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'HTTPS://parley.example.org', COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://parley.local' }).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://parley.local', COOKIE_SECURE: 'true' }).COOKIE_SECURE).toBe(true);
    expect(loadConfig({}).COOKIE_SECURE).toBe(false);
  });

  it('refuses a PUBLIC_URL that is not a site address (a path, no scheme, another scheme), since its links would lead nowhere', () => {
    // Parley is served at the root of its own name: every link is built from the address's origin,
    // so a path (or a query, a fragment, a user name) would be dropped from the mails' links without a word.
    for (const value of ['https://school.org/parley', 'https://parley.lan/?x=1', 'https://parley.lan/#top', 'https://admin@parley.lan', 'ftp://parley.lan', 'mailto:it@school.org']) {
      expect(configError({ PUBLIC_URL: value }).message, value).toContain('PUBLIC_URL must be the address students open');
    }
    // Without "https://" the name reads as a scheme ("parley.lan:"): the same sentence, not a link to nowhere.
    expect(configError({ PUBLIC_URL: 'parley.lan:443' }).message).toContain('PUBLIC_URL must be');
    // A trailing slash, a port and upper case are the same site: kept as its origin.
    expect(loadConfig({ PUBLIC_URL: 'https://Parley.School.org/' }).PUBLIC_URL).toBe('https://parley.school.org');
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:3000' }).PUBLIC_URL).toBe('http://192.168.1.20:3000');
  });

  it('treats empty optional variables as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', ADMIN_PASSWORD: '  ', SMTP_URL: '', PUBLIC_URL: '', ADMIN_EMAIL: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_PASSWORD).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBeUndefined();
    expect(config.ADMIN_EMAIL).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://root@localhost/parley'],
    ['DATABASE_URL', 'not a url'],
    // A password with a # or a / not written as %23 / %2F: the driver stopped the start with a bare "Invalid URL".
    ['DATABASE_URL', 'postgres://parley:Se#cret9@127.0.0.1:5432/parley'],
    ['DATABASE_URL', 'postgresql://parley:Se/cret9@db.example.org/parley'],
    ['ADMIN_PASSWORD', 'short'],
    ['ADMIN_USERNAME', 'x'],
    ['ADMIN_USERNAME', 'has space'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['COOKIE_SECURE', 'maybe'],
    ['SESSION_TTL_HOURS', '0'],
    ['SMTP_URL', 'http://mail.example.org'],
    // An outside probe's three: no host, a port out of range, a password with a stray %.
    ['SMTP_URL', 'smtp://user:secret@:587'],
    ['SMTP_URL', 'smtp://user:secret@mail.example.org:99999'],
    ['SMTP_URL', 'smtp://user:S3cret%ZZpass@mail.example.org:587'],
    ['SMTP_URL', 'smtps://mail.example.org:465/path'],
    ['PUBLIC_URL', 'parley.example.org'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
  ])('refuses %s=%j with a ConfigError naming the variable', (name, value) => {
    const error = configError({ [name]: value });
    // One sentence a line, starting with the variable's name: "  PORT must be a whole number …".
    expect(error.message).toMatch(new RegExp(`^\\s+${name} (must|may|is) .*\\.$`, 'm'));
    expect(error.message).not.toMatch(/Invalid input|Too (big|small)|expected \w+, received/);
    // Only the bad variable is named.
    expect(error.message.trim().split('\n')).toHaveLength(2);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535, such as 3000.'],
    [{ SESSION_TTL_HOURS: '0' }, 'SESSION_TTL_HOURS must be a number of hours above 0 and at most 2160 (90 days), such as 12.'],
    [{ RECORDING_STUDENT_CAP_MB: 'Infinity' }, 'RECORDING_STUDENT_CAP_MB must be a number of megabytes above 0 and at most 1000000, such as 500.'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent.'],
    [{ APP_TITLE: '   ' }, 'APP_TITLE must not be empty.'],
    [{ PARLEY_ANALYSIS_PRIORITY: 'fast' }, 'PARLEY_ANALYSIS_PRIORITY must be background or normal.'],
    [
      { SMTP_URL: 'smtp://user:S3cret%ZZpass@mail.example.org:587' },
      'SMTP_URL must be a URL such as smtp://user:password@mail.example.org:587 or smtps://mail.example.org:465: a host name, at most a port from 1 to 65535 and no path, with any of : @ / % in the user or password written as %3A %40 %2F %25.',
    ],
    [
      { DATABASE_URL: 'postgres://parley:Se#cret9@127.0.0.1:5432/parley' },
      'DATABASE_URL must be a URL such as postgresql://parley@/parley?host=/var/run/postgresql or postgres://user:password@db.example.org:5432/parley, with any of @ : / ? # % in the user or password written as %40 %3A %2F %3F %23 %25.',
    ],
  ])('says what %j should be in a sentence', (env, line) => {
    expect(configError(env).message.split('\n').map((text) => text.trim())).toEqual(['Invalid configuration in the environment:', line]);
  });

  it.each([
    'postgresql://parley@/parley?host=/var/run/postgresql',
    'postgres://postgres@127.0.0.1:5432/parley',
    'postgres://parley:Se%23cret9%2F@db.example.org:5432/parley',
    'postgres://parley:Smtp@S3cret@db.example.org/parley',
    'postgres://parley:with space%@db.example.org/parley',
  ])('takes DATABASE_URL=%j, which the pg driver reads', (value) => {
    expect(loadConfig({ DATABASE_URL: value }).DATABASE_URL).toBe(value);
  });

  it('names every bad variable at once', () => {
    const error = configError({ PORT: '-1', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: '1234567' });
    expect(error.message).toContain('PORT must be a whole number from 0 to 65535, such as 3000.');
    expect(error.message).toContain('DATABASE_URL must start with postgres:// or postgresql://.');
    expect(error.message).toContain('ADMIN_PASSWORD must be at least 12 characters.');
  });

  it.each([
    ['12345678', 'must be at least 12 characters'],
    ['eleven-char', 'must be at least 12 characters'],
    ['123456789012', 'must not be digits only: use letters too'],
    ['aaaaaaaaaaaaaaaa', 'must not be one character repeated'],
    ['x'.repeat(129), 'must be at most 128 characters'],
  ])('refuses the first admin password %j: %s', (password, problem) => {
    const error = configError({ ADMIN_PASSWORD: password });
    expect(error.message.split('\n').map((line) => line.trim())).toEqual(['Invalid configuration in the environment:', `ADMIN_PASSWORD ${problem}.`]);
  });

  it.each(['twelve-chars', '  ok-with-spaces-trimmed  ', '1234-5678-9012'])('accepts the first admin password %j', (password) => {
    expect(loadConfig({ ADMIN_PASSWORD: password }).ADMIN_PASSWORD).toBe(password.trim());
  });
});

describe('school settings', () => {
  it('normalises the phone region and refuses unknown ones', () => {
    expect(loadConfig({ DEFAULT_PHONE_REGION: 'gb' }).DEFAULT_PHONE_REGION).toBe('GB');
    expect(configError({ DEFAULT_PHONE_REGION: 'India' }).message).toContain('DEFAULT_PHONE_REGION must be a two-letter country code');
    expect(configError({ DEFAULT_PHONE_REGION: 'UK' }).message).toContain('DEFAULT_PHONE_REGION is not a country code the phone-number library knows');
  });

  it('accepts IANA time zones and refuses others', () => {
    expect(loadConfig({ SCHOOL_TIMEZONE: 'Europe/London' }).SCHOOL_TIMEZONE).toBe('Europe/London');
    expect(configError({ SCHOOL_TIMEZONE: 'Mars/Olympus' }).message).toContain('SCHOOL_TIMEZONE must be an IANA time zone');
  });
});

describe('tools and folders', () => {
  it('reads FFMPEG_PATH, POCKETSPHINX_MODEL_DIR and PARLEY_CLIENT_DIR, trimmed, with their defaults', () => {
    expect(toolSettings({})).toEqual({ FFMPEG_PATH: undefined, POCKETSPHINX_MODEL_DIR: '/usr/share/pocketsphinx/model/en-us' });
    expect(toolSettings({ FFMPEG_PATH: ' /opt/ffmpeg/bin/ffmpeg ', POCKETSPHINX_MODEL_DIR: '/srv/model', PORT: 'not a port' })).toEqual({
      FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg',
      POCKETSPHINX_MODEL_DIR: '/srv/model',
    });
    expect(toolSettings({ FFMPEG_PATH: '', POCKETSPHINX_MODEL_DIR: '  ' })).toEqual({ FFMPEG_PATH: undefined, POCKETSPHINX_MODEL_DIR: '/usr/share/pocketsphinx/model/en-us' });
    expect(toolSettings({ PARLEY_ANALYSIS_PRIORITY: ' normal ' }).PARLEY_ANALYSIS_PRIORITY).toBe('normal');
    expect(loadConfig({}).PARLEY_CLIENT_DIR).toBeUndefined();
    expect(loadConfig({ PARLEY_CLIENT_DIR: '/tmp/client-build' }).PARLEY_CLIENT_DIR).toBe('/tmp/client-build');
  });
});

describe("the README's configuration table", () => {
  it('names every variable config.ts reads, and no other', () => {
    const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
    const listed = [...section.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1]).sort();
    expect(listed).toEqual(Object.keys(configSchema.shape).sort());
  });
});

describe('a setting misspelt in the environment', () => {
  it("is named with the setting it resembles; a service's and a shell's own variables are not", () => {
    // What a systemd unit or a login shell puts beside the school's settings, and the PostgreSQL client's own.
    const around = ['PATH', 'HOME', 'LANG', 'USER', 'SHELL', 'TERM', 'PWD', 'LOGNAME', 'HOSTNAME', 'JOURNAL_STREAM', 'INVOCATION_ID', 'NODE_OPTIONS', 'TMPDIR', 'TZ', 'PGHOST', 'PGPORT', 'PGUSER', 'PGDATABASE', 'HTTP_PROXY', 'NO_PROXY', 'CI', 'NODE_EXTRA_CA_CERTS', 'TEST_DATABASE_URL', 'npm_config_cache'];
    const settings = { PORT: '3000', DATABASE_URL: 'postgres://parley@/parley', PUBLIC_URL: 'https://parley.school.lan' };
    const misspelt = { DATABSE_URL: 'postgres://x@/y', TRUSTPROXY: 'true', APP_TITEL: 'Parley', DATADIR: '/var/lib/parley' };
    const env = { ...Object.fromEntries(around.map((name) => [name, 'x'])), ...settings, ...misspelt };
    expect(misspeltSettings(env)).toEqual([
      { given: 'DATABSE_URL', meant: 'DATABASE_URL' },
      { given: 'TRUSTPROXY', meant: 'TRUST_PROXY' },
      { given: 'APP_TITEL', meant: 'APP_TITLE' },
      { given: 'DATADIR', meant: 'DATA_DIR' },
    ]);
    expect(misspeltSettings({ ...Object.fromEntries(around.map((name) => [name, 'x'])), ...settings })).toEqual([]);
  });
});
