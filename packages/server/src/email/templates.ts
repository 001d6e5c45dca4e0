import type { MailMessage } from './mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain message with one call to action; text and HTML say the same thing. */
function compose(
  to: string,
  subject: string,
  lines: string[],
  action?: { label: string; url: string },
): MailMessage {
  const text = [...lines, ...(action ? ['', `${action.label}: ${action.url}`] : [])].join('\n');
  const body = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p><p style="color:#666;font-size:12px">${escapeHtml(action.url)}</p>`
    : '';
  return { to, subject, text, html: `<!doctype html><html><body>${body}${button}</body></html>` };
}

export function verificationEmail(opts: { appTitle: string; name: string; to: string; url: string }) {
  return compose(
    opts.to,
    `Verify your email for ${opts.appTitle}`,
    [
      `Hi ${opts.name},`,
      `Please confirm your email address to finish creating your ${opts.appTitle} account. The link is valid for 24 hours.`,
      'If you did not create an account, you can ignore this email.',
    ],
    { label: 'Verify email', url: opts.url },
  );
}

export function passwordResetEmail(opts: { appTitle: string; name: string; to: string; url: string }) {
  return compose(
    opts.to,
    `Reset your ${opts.appTitle} password`,
    [
      `Hi ${opts.name},`,
      'Someone asked to reset the password of your account. The link is valid for 15 minutes and works once.',
      'If it was not you, ignore this email: your password stays as it is.',
    ],
    { label: 'Reset password', url: opts.url },
  );
}

export function passwordChangedEmail(opts: { appTitle: string; name: string; to: string }) {
  return compose(opts.to, `Your ${opts.appTitle} password was changed`, [
    `Hi ${opts.name},`,
    'Your password was reset and every session of your account was signed out.',
    'If you did not do this, reset your password again and contact the administrator.',
  ]);
}
