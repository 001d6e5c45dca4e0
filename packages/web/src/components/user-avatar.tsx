import type { User } from '@parley/schema';
import { avatarColor, initialsOf } from '../lib/initials.ts';

/** The user's picture, or initials of their name (else username) on a colour derived from it. */
export function UserAvatar({
  user,
  className = 'size-8 text-xs',
  testId = 'user-avatar',
}: {
  user: User | null;
  className?: string;
  testId?: string;
}) {
  if (user?.avatar) {
    return (
      <img
        src={user.avatar}
        alt=""
        data-testid={testId}
        className={`${className} shrink-0 rounded-full object-cover`}
      />
    );
  }
  const name = user?.name || user?.username;
  return (
    <span
      aria-hidden
      data-testid={testId}
      data-generated="true"
      style={{ backgroundColor: avatarColor(name) }}
      className={`${className} inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white`}
    >
      {initialsOf(name)}
    </span>
  );
}
