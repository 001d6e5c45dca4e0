/**
 * librechat.yaml `registration.allowedDomains`: when the list is set and not empty, new accounts
 * (local, social, OpenID, LDAP) need an email whose domain is on it, compared whole and without
 * case (LibreChat's rule: `sub.example.com` is not `example.com`).
 */
export function isEmailDomainAllowed(email: string, allowedDomains: readonly string[] | undefined): boolean {
  const domain = email.split('@')[1]?.trim().toLowerCase();
  if (!domain) return false;
  if (!allowedDomains?.length) return true;
  return allowedDomains.some((d) => d.trim().toLowerCase() === domain);
}
