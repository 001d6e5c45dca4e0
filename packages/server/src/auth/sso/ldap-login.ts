import type { FastifyBaseLogger } from 'fastify';
import type { LdapConfig } from '../../config/sso.ts';
import type { Repos } from '../../db/repos/index.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { resolveExternalUser, SsoError } from './identity.ts';
import { ldapAuthenticate } from './ldap.ts';

/** Sign in through the directory; the user is created from its attributes on the first login. */
export async function ldapLogin(
  config: LdapConfig,
  repos: Repos,
  log: FastifyBaseLogger,
  login: string,
  password: string,
  allowedDomains?: readonly string[],
): Promise<UserRow> {
  let profile: Awaited<ReturnType<typeof ldapAuthenticate>>;
  try {
    profile = await ldapAuthenticate(config, login, password);
  } catch (error) {
    log.error({ err: error instanceof Error ? error.message : String(error) }, 'LDAP sign-in failed');
    throw new AppError('internal');
  }
  if (!profile) throw new AppError('invalid_credentials');
  try {
    // The directory decides who may sign in: its users are created without ALLOW_REGISTRATION.
    return await resolveExternalUser(repos, profile, { allowRegistration: true, allowedDomains });
  } catch (error) {
    if (error instanceof SsoError) {
      log.warn({ reason: error.reason }, 'LDAP entry cannot be used to sign in');
      throw new AppError('invalid_credentials');
    }
    throw error;
  }
}
