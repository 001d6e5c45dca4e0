import { readFileSync } from 'node:fs';
import { Client, InvalidCredentialsError } from 'ldapts';
import type { LdapConfig } from '../../config/sso.ts';
import type { ExternalProfile } from './identity.ts';

/** RFC 4515: a login value can never change the shape of the search filter. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

function first(entry: Record<string, unknown>, names: string[]): string | null {
  for (const name of names) {
    const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
    const raw = key ? entry[key] : undefined;
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value !== undefined && value !== null && String(value) !== '') return String(value);
  }
  return null;
}

function client(config: LdapConfig): Client {
  const tlsOptions = {
    rejectUnauthorized: config.tlsRejectUnauthorized,
    ...(config.caCertPath ? { ca: [readFileSync(config.caCertPath)] } : {}),
  };
  return new Client({
    url: config.url,
    timeout: 10_000,
    connectTimeout: 10_000,
    ...(config.url.startsWith('ldaps:') ? { tlsOptions } : {}),
  });
}

/**
 * Bind as the service account, find exactly one entry for the login, then bind as that entry with
 * the given password. Null means wrong credentials; other failures (server down) throw.
 */
export async function ldapAuthenticate(
  config: LdapConfig,
  login: string,
  password: string,
): Promise<ExternalProfile | null> {
  if (!password) return null; // An empty password would be an anonymous bind that "succeeds".
  const attrs = config.attributes;
  const search = client(config);
  let entry: Record<string, unknown> & { dn: string };
  try {
    if (config.startTls) await search.startTLS({ rejectUnauthorized: config.tlsRejectUnauthorized });
    if (config.bindDn) await search.bind(config.bindDn, config.bindCredentials ?? '');
    const filter = config.searchFilter.replaceAll('{{username}}', escapeFilterValue(login));
    const { searchEntries } = await search.search(config.searchBase, {
      scope: 'sub',
      filter: filter.startsWith('(') ? filter : `(${filter})`,
      attributes: [...new Set([...attrs.id, ...attrs.username, ...attrs.email, ...attrs.fullName])],
      sizeLimit: 2,
    });
    if (searchEntries.length !== 1) return null;
    entry = searchEntries[0] as typeof entry;
  } finally {
    await search.unbind().catch(() => {});
  }

  const user = client(config);
  try {
    if (config.startTls) await user.startTLS({ rejectUnauthorized: config.tlsRejectUnauthorized });
    await user.bind(entry.dn, password);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return null;
    throw error;
  } finally {
    await user.unbind().catch(() => {});
  }

  const username = first(entry, attrs.username);
  // LDAP_FULL_NAME may list several attributes (givenName,sn): their values are joined.
  const fullName = attrs.fullName
    .map((a) => first(entry, [a]))
    .filter(Boolean)
    .join(' ');
  return {
    key: { provider: 'ldap', issuer: '', subject: first(entry, attrs.id) ?? entry.dn },
    email: first(entry, attrs.email),
    // The directory is run by the operator: its addresses are taken as verified.
    emailVerified: true,
    name: fullName || username || '',
    username,
    avatar: null,
  };
}
