import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, configTableMarkdown, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/srv/holeout');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/holeout/data',
      pgliteDir: '/srv/holeout/data/pglite',
      outboxDir: '/srv/holeout/data/outbox',
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:3000',
      corsOrigins: [],
      webDist: path.resolve('/srv/holeout', 'apps/web/dist'),
      logLevel: 'info',
      seedDemo: true,
      trustProxy: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/holeout',
        DATABASE_URL: 'postgres://db/holeout',
        SMTP_URL: 'smtp://mail:25',
        MAIL_FROM: 'Club <club@example.test>',
        PUBLIC_URL: 'https://golf.example.test/',
        CORS_ORIGINS: 'capacitor://localhost, https://localhost',
        WEB_DIST: '/opt/web',
        LOG_LEVEL: 'debug',
        SEED_DEMO: 'false',
        TRUST_PROXY: '2',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/holeout',
      databaseUrl: 'postgres://db/holeout',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Club <club@example.test>',
      publicUrl: 'https://golf.example.test',
      corsOrigins: ['capacitor://localhost', 'https://localhost'],
      webDist: '/opt/web',
      logLevel: 'debug',
      seedDemo: false,
      trustProxy: 2,
    });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('stops with every bad variable named', () => {
    expect(() => loadConfig({ PORT: 'eighteen', SEED_DEMO: 'maybe' })).toThrow(/PORT.*SEED_DEMO/);
  });

  it('documents every variable it reads', () => {
    const names = CONFIG_VARIABLES.map((v) => v.name);
    expect(names).toEqual(['PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'SMTP_URL', 'S3_URL', 'MAIL_FROM', 'PUBLIC_URL', 'CORS_ORIGINS', 'WEB_DIST', 'LOG_LEVEL', 'SEED_DEMO', 'TRUST_PROXY']);
    expect(configTableMarkdown().split('\n')).toHaveLength(names.length + 2);
  });
});
