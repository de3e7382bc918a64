import { resolve } from 'node:path';
import { z } from 'zod';

// The one reader of process.env: flags win over MOMENTBOX_* variables, which win over defaults.

export interface Setting {
  key: keyof Config;
  flag: string | null;
  env: string;
  default: string;
  help: string;
}

/** Every setting, in the order `--help` and the README list them. */
export const SETTINGS: Setting[] = [
  { key: 'port', flag: '--port', env: 'MOMENTBOX_PORT', default: '8080', help: 'TCP port to listen on' },
  { key: 'host', flag: '--host', env: 'MOMENTBOX_HOST', default: '0.0.0.0', help: 'address to listen on' },
  { key: 'dataDir', flag: '--data-dir', env: 'MOMENTBOX_DATA_DIR', default: './data', help: 'folder for the database and media' },
  { key: 'maxUploadMb', flag: '--max-upload-mb', env: 'MOMENTBOX_MAX_UPLOAD_MB', default: '300', help: 'largest accepted upload in MB' },
  {
    key: 'adminPassword',
    flag: null,
    env: 'MOMENTBOX_ADMIN_PASSWORD',
    default: '(generated)',
    help: 'initial admin password on first start (at least 8 characters)',
  },
  {
    key: 'retentionDays',
    flag: '--retention-days',
    env: 'MOMENTBOX_RETENTION_DAYS',
    default: '30',
    help: 'days after an event ends that guests may still view it',
  },
  {
    key: 'publicUrl',
    flag: '--public-url',
    env: 'MOMENTBOX_PUBLIC_URL',
    default: '(from the request)',
    help: 'base URL for links and QR codes, e.g. http://momentbox.local',
  },
  {
    key: 'captivePortal',
    flag: '--captive-portal',
    env: 'MOMENTBOX_CAPTIVE_PORTAL',
    default: 'false',
    help: "answer phones' connectivity checks so they open the portal",
  },
  {
    key: 'defaultEvent',
    flag: '--default-event',
    env: 'MOMENTBOX_DEFAULT_EVENT',
    default: '(none)',
    help: 'event code the captive portal opens',
  },
  { key: 'wifiSsid', flag: null, env: 'MOMENTBOX_WIFI_SSID', default: '(none)', help: 'venue Wi-Fi name for the printable Wi-Fi QR code' },
  {
    key: 'wifiPassword',
    flag: null,
    env: 'MOMENTBOX_WIFI_PASSWORD',
    default: '(none)',
    help: 'venue Wi-Fi password for the printable Wi-Fi QR code',
  },
  {
    key: 'minFreeDiskMb',
    flag: '--min-free-disk-mb',
    env: 'MOMENTBOX_MIN_FREE_DISK_MB',
    default: '500',
    help: 'refuse uploads when less disk space is free',
  },
  {
    key: 'maxPartialUploads',
    flag: '--max-partial-uploads',
    env: 'MOMENTBOX_MAX_PARTIAL_UPLOADS',
    default: '10',
    help: 'unfinished chunked uploads one guest or API key may have at once',
  },
  {
    key: 'maxPartialMb',
    flag: '--max-partial-mb',
    env: 'MOMENTBOX_MAX_PARTIAL_MB',
    default: '2048',
    help: 'MB one guest or API key may hold in unfinished chunked uploads',
  },
  {
    key: 'maxPartialUploadsPerAddress',
    flag: '--max-partial-uploads-per-address',
    env: 'MOMENTBOX_MAX_PARTIAL_UPLOADS_PER_ADDRESS',
    default: '100',
    help: 'unfinished chunked uploads all guests of one client address may have at once',
  },
  {
    key: 'maxPartialMbPerAddress',
    flag: '--max-partial-mb-per-address',
    env: 'MOMENTBOX_MAX_PARTIAL_MB_PER_ADDRESS',
    default: '4096',
    help: 'MB all guests of one client address may hold in unfinished chunked uploads (a venue may share a few addresses)',
  },
  {
    key: 'newGuestsPerAddress',
    flag: '--new-guests-per-address',
    env: 'MOMENTBOX_NEW_GUESTS_PER_ADDRESS',
    default: '60',
    help: 'new guests one client address may create at once (one more every 10 s); a retried consent is not counted',
  },
  {
    key: 'requestIdleSeconds',
    flag: '--request-idle-seconds',
    env: 'MOMENTBOX_REQUEST_IDLE_SECONDS',
    default: '60',
    help: 'seconds without a byte (or with less than 1 KB/s) after which a request body or an upload is ended (its partial file removed; a phone resumes a chunked upload)',
  },
  {
    key: 'logLevel',
    flag: '--log-level',
    env: 'MOMENTBOX_LOG_LEVEL',
    default: 'info',
    help: 'debug, info, warn or error (debug logs every request)',
  },
];

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .default(null);

const boolText = z.union([z.boolean(), z.string().trim().toLowerCase()]).transform((v, ctx) => {
  if (typeof v === 'boolean') return v;
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off', ''].includes(v)) return false;
  ctx.addIssue({ code: 'custom', message: 'must be true or false' });
  return z.NEVER;
});

const configSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535),
  host: z.string().trim().min(1),
  dataDir: z
    .string()
    .trim()
    .min(1)
    .transform((p) => resolve(p)),
  maxUploadMb: z.coerce.number().int().min(1).max(100_000),
  adminPassword: optionalText.refine((v) => v === null || v.length >= 8, 'must be at least 8 characters'),
  retentionDays: z.coerce.number().int().min(0).max(3650),
  publicUrl: optionalText
    .refine((v) => v === null || /^https?:\/\/[^\s/]+/.test(v), 'must start with http:// or https://')
    .transform((v) => v?.replace(/\/+$/, '') ?? null),
  captivePortal: boolText,
  defaultEvent: optionalText,
  wifiSsid: optionalText,
  wifiPassword: optionalText,
  minFreeDiskMb: z.coerce.number().int().min(0),
  maxPartialUploads: z.coerce.number().int().min(1).max(100_000),
  maxPartialMb: z.coerce.number().int().min(1),
  maxPartialUploadsPerAddress: z.coerce.number().int().min(1).max(1_000_000),
  maxPartialMbPerAddress: z.coerce.number().int().min(1),
  newGuestsPerAddress: z.coerce.number().int().min(1),
  requestIdleSeconds: z.coerce.number().int().min(1).max(3600),
  logLevel: z.enum(['debug', 'info', 'warn', 'error']),
});

export type Config = z.infer<typeof configSchema> & {
  /**
   * Cheap argon2 for the admin password (tests/helpers/server.ts sets it: a hash costs ~2 s on a loaded 2-core
   * box, and the suite starts ~150 servers and logs in hundreds of times). Not a setting: read only under
   * `bun test` (NODE_ENV=test), refused otherwise and always by the compiled binary, and logged at start.
   */
  testCheapPasswordHashing?: boolean;
};

/** The variable of Config.testCheapPasswordHashing; '1' switches it on. */
export const TEST_CHEAP_PASSWORD_HASHING = 'MOMENTBOX_TEST_CHEAP_PASSWORD_HASHING';

export class ConfigError extends Error {}

/** Reads flags (`--port 80` or `--port=80`) and the environment into a validated Config. */
export function loadConfig(argv: string[], env: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, unknown> = {};
  for (const s of SETTINGS) {
    if (env[s.env] !== undefined) raw[s.key] = env[s.env];
    else if (!s.default.startsWith('(')) raw[s.key] = s.default;
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new ConfigError(`Unknown argument '${arg}'. Run with --help to see the settings.`);
    const [flag, inlineValue] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    const setting = SETTINGS.find((s) => s.flag === flag);
    if (!setting) throw new ConfigError(`Unknown flag '${flag}'. Run with --help to see the settings.`);
    let value = inlineValue;
    if (value === undefined) {
      const next = argv[i + 1];
      // A bare boolean flag (`--captive-portal`) means true.
      if (setting.key === 'captivePortal' && (next === undefined || next.startsWith('--'))) value = 'true';
      else if (next === undefined) throw new ConfigError(`Flag ${flag} needs a value.`);
      else value = argv[++i];
    }
    raw[setting.key] = value;
  }
  const parsed = configSchema
    .refine((c) => !c.captivePortal || c.publicUrl !== null, {
      path: ['publicUrl'],
      message: 'the captive portal needs the address phones are sent to, e.g. --public-url http://10.42.0.1',
    })
    .safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const setting = SETTINGS.find((s) => s.key === issue.path[0]);
    const name = setting ? [setting.flag, setting.env].filter(Boolean).join(' / ') : String(issue.path[0]);
    throw new ConfigError(`Invalid setting ${name}: ${issue.message} (got '${String(raw[issue.path[0] as string] ?? '')}')`);
  }
  const cheap = env[TEST_CHEAP_PASSWORD_HASHING];
  if (cheap === undefined || cheap === '') return parsed.data;
  // Never weaker in production: a box that finds the variable refuses to start instead of hashing cheaply.
  if (cheap !== '1' || env.NODE_ENV !== 'test' || Bun.isStandaloneExecutable)
    throw new ConfigError(
      `${TEST_CHEAP_PASSWORD_HASHING} is for the test suite only (bun test, NODE_ENV=test); remove it to start the box`,
    );
  return { ...parsed.data, testCheapPasswordHashing: true };
}

/** The text of `--help`. */
export function helpText(): string {
  const rows = SETTINGS.map((s) => `  ${(s.flag ?? '').padEnd(20)} ${s.env.padEnd(28)} ${s.help} (default: ${s.default})`);
  return [
    'Momentbox: event photo and video gallery',
    '',
    'Usage: momentbox [command] [flags]',
    '',
    'Commands:',
    '  (none)                 serve the gallery',
    '  reset-admin-password   set and print a new admin password',
    '  backup <dir>           copy the database (consistent snapshot) and all media to <dir>',
    '  push [--event CODE]    push one event, or every finished one, to the S3 storage set in the dashboard',
    '  import [--event CODE [--as NEW]] [--from DIR]   import a pushed event from the S3 storage or a folder (lists them without --event)',
    "  import --zip FILE [--as NEW]   import an event from the admin's export ZIP of it",
    "  publish --event CODE [--out DIR]   write the event's read-only online gallery to a folder, or to the S3 storage",
    '  faces                  the face worker of face search (started by the server itself, not by hand)',
    '  check                  check ffmpeg, sharp, the data folder, free disk space, the port and the venue network',
    '  --version              print the version',
    '  --help                 print this text',
    '',
    'Settings (flag, environment variable, meaning, default):',
    ...rows,
  ].join('\n');
}
