import { describe, expect, test } from 'bun:test';
import { resolve } from 'node:path';
import { ConfigError, helpText, loadConfig, SETTINGS, TEST_CHEAP_PASSWORD_HASHING } from './config.ts';

const load = (argv: string[] = [], env: Record<string, string | undefined> = {}) => loadConfig(argv, env);
const failure = (argv: string[], env: Record<string, string> = {}): string => {
  try {
    load(argv, env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('defaults that serve', () => {
  test('with no flags and no environment', () => {
    const c = load();
    expect(c.port).toBe(8080);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe(resolve('./data'));
    expect(c.maxUploadMb).toBe(300);
    expect(c.retentionDays).toBe(30);
    expect(c.adminPassword).toBeNull();
    expect(c.publicUrl).toBeNull();
    expect(c.captivePortal).toBe(false);
    expect(c.defaultEvent).toBeNull();
    expect(c.wifiSsid).toBeNull();
    expect(c.wifiPassword).toBeNull();
    expect(c.logLevel).toBe('info');
  });

  test('the real process environment is not read when an env object is passed', () => {
    const c = loadConfig([], {});
    expect(c.port).toBe(8080);
  });
});

describe('environment and flags', () => {
  test('every MOMENTBOX_* variable of the design is read', () => {
    const c = load([], {
      MOMENTBOX_PORT: '9000',
      MOMENTBOX_HOST: '127.0.0.1',
      MOMENTBOX_DATA_DIR: '/var/lib/momentbox',
      MOMENTBOX_MAX_UPLOAD_MB: '50',
      MOMENTBOX_ADMIN_PASSWORD: 'geheim-123',
      MOMENTBOX_RETENTION_DAYS: '7',
      MOMENTBOX_PUBLIC_URL: 'http://momentbox.local/',
      MOMENTBOX_CAPTIVE_PORTAL: 'yes',
      MOMENTBOX_DEFAULT_EVENT: 'hochzeit',
      MOMENTBOX_WIFI_SSID: 'Hochzeit WLAN',
      MOMENTBOX_WIFI_PASSWORD: 'pw;with"quotes',
      MOMENTBOX_LOG_LEVEL: 'debug',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/lib/momentbox',
      maxUploadMb: 50,
      adminPassword: 'geheim-123',
      retentionDays: 7,
      publicUrl: 'http://momentbox.local',
      captivePortal: true,
      defaultEvent: 'hochzeit',
      wifiSsid: 'Hochzeit WLAN',
      wifiPassword: 'pw;with"quotes',
      logLevel: 'debug',
    });
  });

  test('a flag wins over its variable', () => {
    const env = { MOMENTBOX_PORT: '9000', MOMENTBOX_MAX_UPLOAD_MB: '50', MOMENTBOX_RETENTION_DAYS: '7', MOMENTBOX_CAPTIVE_PORTAL: 'true' };
    const c = load(['--port', '81', '--max-upload-mb=20', '--retention-days', '0', '--captive-portal', 'false'], env);
    expect(c.port).toBe(81);
    expect(c.maxUploadMb).toBe(20);
    expect(c.retentionDays).toBe(0);
    expect(c.captivePortal).toBe(false);
  });

  test('both --flag value and --flag=value forms', () => {
    expect(load(['--host=::1']).host).toBe('::1');
    expect(load(['--host', '::1']).host).toBe('::1');
    expect(load(['--public-url=http://x.local:8080/a=b']).publicUrl).toBe('http://x.local:8080/a=b');
  });

  test('a bare --captive-portal means true', () => {
    const url = ['--public-url', 'http://10.42.0.1'];
    expect(load([...url, '--captive-portal']).captivePortal).toBe(true);
    expect(load(['--captive-portal', ...url]).captivePortal).toBe(true);
  });

  test('--data-dir is made absolute', () => {
    expect(load(['--data-dir', 'rel/dir']).dataDir).toBe(resolve('rel/dir'));
  });

  test('an empty optional variable counts as not set', () => {
    expect(load([], { MOMENTBOX_PUBLIC_URL: '', MOMENTBOX_WIFI_SSID: '  ' })).toMatchObject({ publicUrl: null, wifiSsid: null });
  });
});

describe('a bad value names the setting', () => {
  test.each([
    [['--port', 'abc'], {}, '--port / MOMENTBOX_PORT', 'abc'],
    [['--port', '70000'], {}, '--port / MOMENTBOX_PORT', '70000'],
    [[], { MOMENTBOX_MAX_UPLOAD_MB: '0' }, '--max-upload-mb / MOMENTBOX_MAX_UPLOAD_MB', '0'],
    [[], { MOMENTBOX_RETENTION_DAYS: '-1' }, '--retention-days / MOMENTBOX_RETENTION_DAYS', '-1'],
    [[], { MOMENTBOX_LOG_LEVEL: 'verbose' }, '--log-level / MOMENTBOX_LOG_LEVEL', 'verbose'],
    [[], { MOMENTBOX_CAPTIVE_PORTAL: 'maybe' }, '--captive-portal / MOMENTBOX_CAPTIVE_PORTAL', 'maybe'],
    [['--public-url', 'momentbox.local'], {}, '--public-url / MOMENTBOX_PUBLIC_URL', 'momentbox.local'],
    [[], { MOMENTBOX_ADMIN_PASSWORD: 'short' }, 'MOMENTBOX_ADMIN_PASSWORD', 'short'],
  ] as [string[], Record<string, string>, string, string][])('%p %p -> names %p', (argv, env, name, value) => {
    const message = failure(argv, env);
    expect(message).toContain(`Invalid setting ${name}`);
    expect(message).toContain(`'${value}'`);
  });

  test('an unknown flag is refused with its name', () => {
    expect(failure(['--prot', '80'])).toContain("Unknown flag '--prot'");
  });

  test('a stray argument is refused', () => {
    expect(failure(['serve-now'])).toContain("Unknown argument 'serve-now'");
  });

  test('a flag without its value is refused', () => {
    expect(failure(['--port'])).toContain('Flag --port needs a value');
  });

  test('the admin password and Wi-Fi have no flag (they would show in ps)', () => {
    expect(failure(['--admin-password', 'x'])).toContain('Unknown flag');
  });
});

describe('help', () => {
  test('lists every setting with its flag, variable and default', () => {
    const help = helpText();
    for (const s of SETTINGS) {
      expect(help).toContain(s.env);
      if (s.flag) expect(help).toContain(s.flag);
      expect(help).toContain(`(default: ${s.default})`);
    }
  });
});

describe("the test suite's cheap password hashing", () => {
  test('off unless asked for', () => {
    expect(load([], { NODE_ENV: 'test' }).testCheapPasswordHashing).toBeUndefined();
    expect(load([], { [TEST_CHEAP_PASSWORD_HASHING]: '' }).testCheapPasswordHashing).toBeUndefined();
  });

  test('on under bun test (NODE_ENV=test)', () => {
    expect(load([], { NODE_ENV: 'test', [TEST_CHEAP_PASSWORD_HASHING]: '1' }).testCheapPasswordHashing).toBe(true);
  });

  test('a box outside the test suite refuses to start with it instead of hashing cheaply', () => {
    const envs: Record<string, string>[] = [{ NODE_ENV: 'production' }, {}, { NODE_ENV: 'test', [TEST_CHEAP_PASSWORD_HASHING]: 'true' }];
    for (const env of envs) expect(failure([], { [TEST_CHEAP_PASSWORD_HASHING]: '1', ...env })).toContain('for the test suite only');
  });
});
