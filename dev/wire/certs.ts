/**
 * A throw-away certificate authority and a certificate for 127.0.0.1 signed by it, made with
 * the openssl command in a temporary folder, for a TLS service that clients trust the way a
 * runner behind an intercepting proxy would: Node through NODE_EXTRA_CA_CERTS, curl through
 * CURL_CA_BUNDLE, Python through SSL_CERT_FILE. Valid for a day; removed by `remove()`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export interface ThrowawayCa {
  /** The CA's certificate (PEM), for the clients. */
  caFile: string;
  /** The server's key and certificate (PEM). */
  key: Buffer;
  cert: Buffer;
  /** The environment that makes Node, curl and Python trust the CA. */
  trustEnv: Record<string, string>;
  remove(): Promise<void>;
}

const openssl = (cwd: string, args: string[]): Promise<unknown> =>
  promisify(execFile)('openssl', args, { cwd }).catch((error: NodeJS.ErrnoException) => {
    throw new Error(
      error.code === 'ENOENT'
        ? 'The openssl command is needed to make a throw-away CA, and it is not on the PATH.'
        : `openssl ${args[0]} failed: ${error.message}`,
    );
  });

export async function makeThrowawayCa(): Promise<ThrowawayCa> {
  const dir = await mkdtemp(path.join(tmpdir(), 'throwaway-ca-'));
  try {
    // P-256 keys: cheaper handshakes than RSA, so that the server's CPU weighs little in a timing.
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    await openssl(dir, [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '1',
      '-subj',
      '/CN=Throw-away test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    await openssl(dir, ['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
    await writeFile(
      path.join(dir, 'server.ext'),
      'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n' +
        'subjectAltName=IP:127.0.0.1,DNS:localhost\nauthorityKeyIdentifier=keyid\nsubjectKeyIdentifier=hash\n',
    );
    await openssl(dir, [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '1',
      '-extfile',
      'server.ext',
      '-out',
      'server.pem',
    ]);
    const caFile = path.join(dir, 'ca.pem');
    return {
      caFile,
      key: await readFile(path.join(dir, 'server.key')),
      cert: await readFile(path.join(dir, 'server.pem')),
      trustEnv: { NODE_EXTRA_CA_CERTS: caFile, CURL_CA_BUNDLE: caFile, SSL_CERT_FILE: caFile },
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
