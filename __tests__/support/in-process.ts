/**
 * The embedded service driven in process: its rules (dev/service/), through the real service
 * client, with no socket (dev/service/in-process.ts), at an address no request ever reaches.
 */
import { EmbeddedAuthService, type AuthServiceOptions } from '../../dev/auth-service.ts';
import type { Budget } from '../../src/wire/budget.ts';
import { createServiceClient } from '../../src/wire/service-client.ts';

export const AUTH_URL = 'https://auth.example.test';

/** A fresh service at AUTH_URL, with the options given. */
export const inProcessService = (options: AuthServiceOptions = {}): EmbeddedAuthService =>
  new EmbeddedAuthService({ publicUrl: AUTH_URL, ...options });

/** The real service client of the service's client `clientId`, with its secret, talking to `service` in process. */
export function clientOf(service: EmbeddedAuthService, clientId: string, budget: Budget) {
  const client = service.clients.get(clientId);
  if (client === undefined) throw new Error(`The service has no client ${clientId}: add it first`);
  return createServiceClient({
    authUrl: service.url,
    clientId,
    clientSecret: client.secret,
    budget,
    dispatcher: service.dispatcher(),
  });
}
