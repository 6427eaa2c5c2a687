import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, configTableMarkdown, FIREBASE_JWKS_DEFAULT, loadConfig } from './config.ts';

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

  it('takes a replica only beside a primary', () => {
    expect(loadConfig({}).databaseReplicaUrl).toBeUndefined();
    const both = loadConfig({ DATABASE_URL: 'postgres://db/holeout', DATABASE_REPLICA_URL: 'postgres://replica/holeout' });
    expect(both.databaseReplicaUrl).toBe('postgres://replica/holeout');
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://replica/holeout' })).toThrow(
      'DATABASE_REPLICA_URL: a replica needs its primary',
    );
  });

  it('stops with every bad variable named', () => {
    expect(() => loadConfig({ PORT: 'eighteen', SEED_DEMO: 'maybe' })).toThrow(/PORT.*SEED_DEMO/);
  });

  it('documents every variable it reads', () => {
    const names = CONFIG_VARIABLES.map((v) => v.name);
    expect(names).toEqual([
      'PORT',
      'HOST',
      'DATA_DIR',
      'DATABASE_URL',
      'DATABASE_REPLICA_URL',
      'SMTP_URL',
      'S3_URL',
      'MAIL_FROM',
      'PUBLIC_URL',
      'CORS_ORIGINS',
      'WEB_DIST',
      'LOG_LEVEL',
      'SEED_DEMO',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_<PLAN>',
      'STRIPE_API_URL',
      'IAPTIC_APP_NAME',
      'IAPTIC_SECRET',
      'IAPTIC_PUBLIC_KEY',
      'IAPTIC_API_URL',
      'DEMO_PAYMENTS',
      'JOBS',
      'AI_BASE_URL',
      'AI_API_KEY',
      'AI_MODEL',
      'FCM_SERVICE_ACCOUNT',
      'FCM_API_URL',
      'FCM_TOKEN_URL',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'VAPID_SUBJECT',
      'WEB_PUSH_HOSTS',
      'FIREBASE_PROJECT_ID',
      'FIREBASE_JWKS_URL',
      'FIREBASE_PROVIDERS',
      'FIREBASE_API_KEY',
      'FIREBASE_AUTH_DOMAIN',
      'REPORT_FONTS_DIR',
      'SHUTDOWN_DRAIN_MS',
      'METRICS_TOKEN',
      'TRUST_PROXY',
      'ANDROID_APP_ID',
      'ANDROID_SHA256_FINGERPRINTS',
      'IOS_TEAM_ID',
      'IOS_BUNDLE_ID',
    ]);
    expect(configTableMarkdown().split('\n')).toHaveLength(names.length + 2);
  });

  it('takes a metrics token of 16 characters or more and a drain time of 0 to 60 s', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN: at least 16 characters');
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '3000' }).shutdownDrainMs).toBe(3000);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '60001' })).toThrow('SHUTDOWN_DRAIN_MS');
  });

  it('reads the Firebase project: off without one, Google keys by default, providers checked, web settings only with an API key', () => {
    expect(loadConfig({}).firebase).toBeNull();
    expect(loadConfig({ FIREBASE_PROJECT_ID: 'holeout-prod' }).firebase).toEqual({
      projectId: 'holeout-prod',
      jwksUrl: FIREBASE_JWKS_DEFAULT,
      providers: ['google', 'apple', 'microsoft'],
      web: null,
    });
    expect(
      loadConfig({ FIREBASE_PROJECT_ID: 'holeout-prod', FIREBASE_PROVIDERS: 'microsoft, google,google', FIREBASE_API_KEY: 'k' }).firebase,
    ).toMatchObject({ providers: ['microsoft', 'google'], web: { apiKey: 'k', authDomain: 'holeout-prod.firebaseapp.com' } });
    expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'holeout-prod', FIREBASE_PROVIDERS: 'google,github' })).toThrow(
      /FIREBASE_PROVIDERS.*github/,
    );
    expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'Holeout Prod' })).toThrow(/FIREBASE_PROJECT_ID/);
    expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'holeout-prod', FIREBASE_JWKS_URL: 'ftp://keys' })).toThrow(/FIREBASE_JWKS_URL/);
  });

  it('reads the payment keys: Stripe needs both keys, prices come per plan, demo only stands in without Stripe', () => {
    const bare = loadConfig({});
    expect(bare.payments).toEqual({ stripe: null, iaptic: null, demo: false });
    expect(bare.jobs).toBe(true);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' }).payments.stripe).toBeNull();
    const stripe = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_PREMIUM_YEARLY: 'price_py',
      STRIPE_PRICE_TEAM_BRANDING_YEARLY: 'price_tb',
      DEMO_PAYMENTS: 'true',
    });
    expect(stripe.payments.stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      apiUrl: undefined,
      prices: { premium_yearly: 'price_py', team_branding_yearly: 'price_tb' },
    });
    expect(stripe.payments.demo).toBe(false);
    expect(loadConfig({ DEMO_PAYMENTS: 'true' }).payments.demo).toBe(true);
    expect(loadConfig({ IAPTIC_APP_NAME: 'app', IAPTIC_SECRET: 's' }).payments.iaptic).toEqual({
      appName: 'app',
      secretKey: 's',
      publicKey: undefined,
      apiUrl: undefined,
    });
    expect(() => loadConfig({ STRIPE_API_URL: 'not a url' })).toThrow(/STRIPE_API_URL/);
  });

  it('uses the AI model only with all three variables, 10 s allowed, and never names the key in an error', () => {
    expect(loadConfig({}).ai).toBeNull();
    expect(loadConfig({ AI_BASE_URL: 'https://llm.example.test', AI_API_KEY: 'sk-1' }).ai).toBeNull();
    expect(loadConfig({ AI_API_KEY: 'sk-1', AI_MODEL: 'm' }).ai).toBeNull();
    expect(loadConfig({ AI_BASE_URL: 'https://llm.example.test//', AI_API_KEY: 'sk-1', AI_MODEL: 'small-model' }).ai).toEqual({
      baseUrl: 'https://llm.example.test',
      apiKey: 'sk-1',
      model: 'small-model',
      timeoutMs: 10_000,
    });
    expect(() => loadConfig({ AI_BASE_URL: 'not a url', AI_API_KEY: 'sk-secret-key' })).toThrow(/AI_BASE_URL/);
    expect(() => loadConfig({ AI_BASE_URL: 'not a url', AI_API_KEY: 'sk-secret-key' })).not.toThrow(/sk-secret-key/);
  });

  it('reads the push providers: FCM from a service-account path, Web Push only with all three VAPID variables, else the push outbox', () => {
    const bare = loadConfig({ DATA_DIR: '/var/lib/holeout' }, '/srv');
    expect(bare.push).toEqual({ fcm: null, vapid: null, outboxDir: '/var/lib/holeout/push-outbox' });
    const fcm = loadConfig(
      { FCM_SERVICE_ACCOUNT: 'keys/firebase.json', FCM_API_URL: 'http://127.0.0.1:9099/', FCM_TOKEN_URL: 'http://127.0.0.1:9098/token' },
      '/srv',
    );
    expect(fcm.push.fcm).toEqual({
      serviceAccountPath: '/srv/keys/firebase.json',
      apiUrl: 'http://127.0.0.1:9099',
      tokenUrl: 'http://127.0.0.1:9098/token',
    });
    expect(loadConfig({ FCM_SERVICE_ACCOUNT: '/k.json' }).push.fcm).toEqual({
      serviceAccountPath: '/k.json',
      apiUrl: 'https://fcm.googleapis.com',
      tokenUrl: undefined,
    });
    expect(loadConfig({ VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' }).push.vapid).toBeNull();
    const vapid = loadConfig({ VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv', VAPID_SUBJECT: 'mailto:ops@example.test' }).push.vapid;
    expect(vapid).toEqual({ publicKey: 'pub', privateKey: 'priv', subject: 'mailto:ops@example.test' });
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.test' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ FCM_API_URL: 'not a url' })).toThrow(/FCM_API_URL/);
  });
});
