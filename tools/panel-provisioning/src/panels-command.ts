import { normaliseHwaddr } from '@app/contracts';
import type { PanelIdentitiesService } from './panel-identities.service';
import { parseManufacturerList } from './manufacturer-list.util';

export const USAGE = `Usage: npm run panels -- <command>   (uses DATABASE_URL)

  provision <hwaddr> [--replace] [--label TEXT]
      generate the panel's device key pair, store its public key and print its device secret
      once, as the line 'hwaddr,secret' (the simulator's --device-secrets format). Write it into
      the panel: it cannot be shown again. --replace gives a provisioned panel a new key (the old
      secret stops working) and lifts a revocation.
  import <file> [--replace] [--label TEXT]
      import a manufacturer's list: lines 'hwaddr,publicKeyHex', '#' comments. Every line is
      checked first; the list is imported whole, in one transaction, or not at all.
  list
      every provisioned panel: hwaddr, public key, source, label, provisioned, revoked.
  revoke <hwaddr>
      refuse the panel's next connections (until provisioned again with --replace).`;

/** EX_USAGE, EX_DATAERR, EX_NOINPUT of sysexits. */
const EXIT = { ok: 0, failed: 1, usage: 64, data: 65, noInput: 66 } as const;

export interface PanelsCommandIo {
  identities: PanelIdentitiesService;
  /** The device secret goes here, and nowhere else. */
  out: (line: string) => void;
  /** Everything meant for the operator. */
  err: (line: string) => void;
  readFile: (path: string) => string;
}

class UsageError extends Error {}

/** Runs one `npm run panels` command; answers the exit code. */
export async function runPanelsCommand(argv: readonly string[], io: PanelsCommandIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return EXIT.usage;
  }
}

async function run(argv: readonly string[], io: PanelsCommandIo): Promise<number> {
  const [command, ...rest] = argv;
  const { positional, replace, label } = readFlags(rest);
  switch (command) {
    case 'provision': {
      const hwaddr = oneHwaddr(positional, 'provision');
      const outcome = await io.identities.provision(hwaddr, { replace, label });
      if (!outcome.ok) {
        io.err(
          `${hwaddr} is already provisioned; --replace gives it a new key (its current secret then stops working)`,
        );
        return EXIT.failed;
      }
      io.err(
        `${hwaddr} provisioned. Its device secret follows, shown this once: write it into the panel (or the simulator's --device-secret).`,
      );
      io.out(`${hwaddr},${outcome.secret}`);
      return EXIT.ok;
    }
    case 'import': {
      if (positional.length !== 1) throw new UsageError('import takes one file');
      let text: string;
      try {
        text = io.readFile(positional[0]);
      } catch (error) {
        io.err(`cannot read ${positional[0]}: ${(error as Error).message}`);
        return EXIT.noInput;
      }
      const list = parseManufacturerList(text);
      if (!list.ok) {
        io.err(
          `nothing imported, ${list.problems.length} bad line(s) in ${positional[0]}:\n  ${list.problems.join('\n  ')}`,
        );
        return EXIT.data;
      }
      const outcome = await io.identities.import(list.rows, { replace, label: label ?? positional[0] });
      if (!outcome.ok) {
        const shown =
          outcome.alreadyProvisioned.slice(0, 20).join(', ') +
          (outcome.alreadyProvisioned.length > 20 ? `, … (${outcome.alreadyProvisioned.length} in all)` : '');
        io.err(`nothing imported: already provisioned: ${shown}. --replace gives them the list's keys.`);
        return EXIT.data;
      }
      io.err(`imported ${outcome.imported} panel(s) from ${positional[0]}`);
      return EXIT.ok;
    }
    case 'list': {
      if (positional.length > 0) throw new UsageError('list takes no arguments');
      const identities = await io.identities.list();
      io.out(['hwaddr', 'public key', 'source', 'label', 'provisioned', 'revoked'].join('\t'));
      for (const identity of identities) {
        io.out(
          [
            identity.hwaddr,
            identity.publicKey,
            identity.source,
            identity.label ?? '',
            identity.provisionedAt.toISOString(),
            identity.revokedAt?.toISOString() ?? '',
          ].join('\t'),
        );
      }
      io.err(`${identities.length} panel(s), ${identities.filter((identity) => identity.revokedAt).length} revoked`);
      return EXIT.ok;
    }
    case 'revoke': {
      const hwaddr = oneHwaddr(positional, 'revoke');
      const outcome = await io.identities.revoke(hwaddr);
      if (outcome === 'not-provisioned') {
        io.err(`${hwaddr} is not provisioned`);
        return EXIT.failed;
      }
      io.err(
        outcome === 'revoked' ? `${hwaddr} revoked: its next connection is refused` : `${hwaddr} was already revoked`,
      );
      return EXIT.ok;
    }
    // No command and help are answered by main.ts, before it connects to the database.
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
}

function readFlags(args: readonly string[]): { positional: string[]; replace: boolean; label?: string } {
  const positional: string[] = [];
  let replace = false;
  let label: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--replace') replace = true;
    else if (arg === '--label') {
      label = args[++index];
      if (label === undefined || label.startsWith('--')) throw new UsageError('--label needs a value');
      if (label.length > 200) throw new UsageError('--label is at most 200 characters');
    } else if (arg.startsWith('--')) throw new UsageError(`unknown option '${arg}'`);
    else positional.push(arg);
  }
  return { positional, replace, label };
}

function oneHwaddr(positional: string[], command: string): string {
  if (positional.length !== 1) throw new UsageError(`${command} takes one hwaddr`);
  const hwaddr = normaliseHwaddr(positional[0]);
  if (hwaddr === null)
    throw new UsageError(`'${positional[0]}' is not a MAC address (12 hex characters, colons allowed)`);
  return hwaddr;
}
