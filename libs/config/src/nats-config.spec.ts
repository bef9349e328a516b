import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from './config-error';
import { NatsConfig, readNatsConfig } from './config-sections';

describe('readNatsConfig', () => {
  it('keeps one copy of each stream unless told otherwise', () => {
    expect(readNatsConfig({}).streamReplicas).toBe(1);
    expect(readNatsConfig({ NATS_STREAM_REPLICAS: '' }).streamReplicas).toBe(1);
    expect(new NatsConfig(['nats://127.0.0.1:4222'], '').streamReplicas).toBe(1);
  });

  it.each([
    ['1', 1],
    ['3', 3],
    [' 5 ', 5],
  ])('reads NATS_STREAM_REPLICAS=%j as %d', (raw, replicas) => {
    expect(readNatsConfig({ NATS_STREAM_REPLICAS: raw }).streamReplicas).toBe(replicas);
  });

  it.each(['0', '2', '4', '7', '3.0', 'three', '-3'])('refuses NATS_STREAM_REPLICAS=%j, naming the variable', (raw) => {
    const read = () => readNatsConfig({ NATS_STREAM_REPLICAS: raw });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(`Invalid configuration: NATS_STREAM_REPLICAS must be one of 1, 3, 5, got '${raw.trim()}'`);
  });

  it('reads every server of a cluster', () => {
    const config = readNatsConfig({
      NATS_URL: 'nats://10.0.0.1:4222,nats://10.0.0.2:4222,nats://10.0.0.3:4222',
      NATS_STREAM_REPLICAS: '3',
    });
    expect(config.servers).toEqual(['nats://10.0.0.1:4222', 'nats://10.0.0.2:4222', 'nats://10.0.0.3:4222']);
    expect(config.streamReplicas).toBe(3);
  });
});

describe('readNatsConfig: the app user and TLS', () => {
  let dir: string;
  let ca: string;
  let key: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'nats-config-spec-'));
    ca = join(dir, 'ca.pem');
    key = join(dir, 'key.pem');
    writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    writeFileSync(key, '-----BEGIN EC PRIVATE KEY-----\nMHcC\n-----END EC PRIVATE KEY-----\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('connects as no user and without TLS unless told', () => {
    expect(readNatsConfig({}).security).toEqual({});
    expect(readNatsConfig({ NATS_USER: '', NATS_PASSWORD: ' ' }).security).toEqual({});
  });

  it('reads the user, the CA and the client certificate', () => {
    const config = readNatsConfig({
      NATS_USER: 'mailer',
      NATS_PASSWORD: 'pw0123',
      NATS_TLS_CA_FILE: ca,
      NATS_TLS_CERT_FILE: ca,
      NATS_TLS_KEY_FILE: key,
    });
    expect(config.security.user).toEqual({ name: 'mailer', password: 'pw0123' });
    expect(config.security.tls?.ca).toContain('BEGIN CERTIFICATE');
    expect(config.security.tls?.cert).toContain('BEGIN CERTIFICATE');
    expect(config.security.tls?.key).toContain('PRIVATE KEY');
    expect(readNatsConfig({ NATS_TLS_CA_FILE: ca }).security.tls?.cert).toBeUndefined();
  });

  it.each([
    [{ NATS_USER: 'mailer' }, 'NATS_PASSWORD is required (set together with NATS_USER)'],
    [{ NATS_PASSWORD: 'pw' }, 'NATS_USER is required (set together with NATS_PASSWORD)'],
    [
      { NATS_USER: 'mail er', NATS_PASSWORD: 'pw' },
      "NATS_USER must be letters, digits, '_' or '-' only, got 'mail er'",
    ],
    [{ NATS_TLS_CA_FILE: '/nowhere/ca.pem' }, 'NATS_TLS_CA_FILE must be a readable PEM file'],
    [{ NATS_TLS_CERT_FILE: 'x' }, 'NATS_TLS_KEY_FILE is required (set together with NATS_TLS_CERT_FILE)'],
  ])('refuses %j, naming the variable', (env, message) => {
    const read = () => readNatsConfig(env);
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(`Invalid configuration: ${message}`);
  });

  it('refuses a CA file that holds no certificate, and a client certificate without a CA', () => {
    expect(() => readNatsConfig({ NATS_TLS_CA_FILE: key })).toThrow(
      'NATS_TLS_CA_FILE must be a PEM file of a certificate',
    );
    expect(() => readNatsConfig({ NATS_TLS_CERT_FILE: ca, NATS_TLS_KEY_FILE: key })).toThrow(
      'NATS_TLS_CA_FILE is required',
    );
  });
});
