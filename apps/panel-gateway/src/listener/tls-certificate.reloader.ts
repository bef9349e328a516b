import { readFileSync, unwatchFile, watchFile, type Stats } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { createSecureContext, type Server as TlsServer } from 'node:tls';

/** How often the certificate and key files are looked at (a renewal is days ahead of expiry). */
export const TLS_RELOAD_CHECK_MS = 5_000;

export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

/** What a reload found: the certificate now served, or why the files were not taken. */
export type TlsReload = { served: X509Certificate } | { refused: Error };

/**
 * The panels' TLS certificate, read again when its files change (a renewal by cert-manager or by
 * hand), without a restart: new handshakes get the new certificate, connected panels keep theirs.
 * Files that do not make a pair (the certificate changed, its key not yet; a broken file) are
 * refused and the certificate served stays; the next change is tried again.
 */
export class TlsCertificateReloader {
  private readonly changed = (current: Stats, previous: Stats) => {
    if (current.mtimeMs !== previous.mtimeMs || current.ino !== previous.ino || current.size !== previous.size)
      this.reload();
  };

  constructor(
    private readonly server: TlsServer,
    private readonly files: TlsFiles,
    private readonly reloaded: (outcome: TlsReload) => void,
    private readonly checkEveryMs = TLS_RELOAD_CHECK_MS,
  ) {}

  /** The certificate in the files now, and the secure context options for it. */
  static read(files: TlsFiles): { cert: Buffer; key: Buffer; certificate: X509Certificate } {
    const cert = readFileSync(files.certFile);
    const key = readFileSync(files.keyFile);
    // Throws on a key that is not the certificate's, or on either file not being PEM.
    createSecureContext({ cert, key });
    return { cert, key, certificate: new X509Certificate(cert) };
  }

  start(): void {
    // Stat polling follows symlinks, so a Kubernetes secret's swap of its ..data link is seen too.
    for (const file of [this.files.certFile, this.files.keyFile])
      watchFile(file, { interval: this.checkEveryMs, persistent: false }, this.changed);
  }

  stop(): void {
    for (const file of [this.files.certFile, this.files.keyFile]) unwatchFile(file, this.changed);
  }

  reload(): void {
    let read: ReturnType<typeof TlsCertificateReloader.read>;
    try {
      read = TlsCertificateReloader.read(this.files);
    } catch (error) {
      this.reloaded({ refused: error instanceof Error ? error : new Error(String(error)) });
      return;
    }
    this.server.setSecureContext({ cert: read.cert, key: read.key });
    this.reloaded({ served: read.certificate });
  }
}
