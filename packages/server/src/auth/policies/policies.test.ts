import { DEFAULT_ROLE_PERMISSIONS, type RolePermissions } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { adminPolicy } from './admin.ts';
import { agentsPolicy } from './agents.ts';
import { conversationPolicy } from './conversation.ts';
import { type Actor, authorize } from './policy.ts';
import { promptsPolicy } from './prompts.ts';
import { rolePolicy } from './role.ts';

const actor = (role: 'USER' | 'ADMIN', id = 'me', change?: (p: RolePermissions) => void): Actor => {
  const permissions = structuredClone(DEFAULT_ROLE_PERMISSIONS[role]);
  change?.(permissions);
  return { id, role, permissions: { name: role, permissions } };
};

/** The error code `authorize` throws for a policy answer, or null when it allows. */
const refusal = (result: Parameters<typeof authorize>[0]) => {
  try {
    authorize(result);
    return null;
  } catch (err) {
    return { code: (err as { code: string }).code, status: (err as { status: number }).status };
  }
};

describe('authorize', () => {
  it('allows true, refuses false with 403 forbidden and a code with that code', () => {
    expect(refusal(true)).toBeNull();
    expect(refusal(false)).toEqual({ code: 'forbidden', status: 403 });
    expect(refusal('admin_self')).toEqual({ code: 'admin_self', status: 400 });
  });
});

describe('role policy (doc 1 §6)', () => {
  it('a user reads their own role only; an admin reads any', () => {
    expect(rolePolicy.canRead({ id: 'u', role: 'USER' }, 'USER')).toBe(true);
    expect(rolePolicy.canRead({ id: 'u', role: 'USER' }, 'ADMIN')).toBe(false);
    expect(rolePolicy.canRead({ id: 'a', role: 'ADMIN' }, 'USER')).toBe(true);
    expect(rolePolicy.canRead({ id: 'a', role: 'ADMIN' }, 'SOMETHING')).toBe(true);
  });
  it('only an admin changes permissions', () => {
    expect(rolePolicy.canEdit({ id: 'u', role: 'USER' })).toBe(false);
    expect(rolePolicy.canEdit({ id: 'a', role: 'ADMIN' })).toBe(true);
  });
});

describe('admin policy (doc 3 §6)', () => {
  it('the area is for admins', () => {
    expect(adminPolicy.canEnter({ id: 'a', role: 'ADMIN' })).toBe(true);
    expect(adminPolicy.canEnter({ id: 'u', role: 'USER' })).toBe(false);
  });
  it('an admin changes other accounts, never their own (admin_self)', () => {
    const admin = { id: 'a', role: 'ADMIN' };
    expect(adminPolicy.canChangeAccount(admin, 'u')).toBe(true);
    expect(adminPolicy.canChangeAccount(admin, 'a')).toBe('admin_self');
    expect(adminPolicy.canChangeAccount({ id: 'u', role: 'USER' }, 'v')).toBe(false);
  });
});

describe('conversation policy', () => {
  it('temporary chats and bookmarks follow their role permissions', () => {
    expect(conversationPolicy.canStartTemporary(actor('USER'))).toBe(true);
    expect(conversationPolicy.canUseBookmarks(actor('USER'))).toBe(true);
    const off = actor('USER', 'me', (p) => {
      p.TEMPORARY_CHAT.USE = false;
      p.BOOKMARKS.USE = false;
    });
    expect(conversationPolicy.canStartTemporary(off)).toBe(false);
    expect(conversationPolicy.canUseBookmarks(off)).toBe(false);
    // An admin is refused too when their role lacks the permission: roles, not names, decide.
    const adminOff = actor('ADMIN', 'a', (p) => {
      p.TEMPORARY_CHAT.USE = false;
    });
    expect(conversationPolicy.canStartTemporary(adminOff)).toBe(false);
  });
  it('an unloaded role grants nothing', () => {
    const none: Actor = { id: 'x', role: 'USER', permissions: undefined };
    expect(conversationPolicy.canStartTemporary(none)).toBe(false);
    expect(conversationPolicy.canUseBookmarks(none)).toBe(false);
  });
});

describe('prompts policy (doc 2 §6)', () => {
  it('follows LibreChat defaults: users use and create, only admins share globally', () => {
    expect(promptsPolicy.canUse(actor('USER'))).toBe(true);
    expect(promptsPolicy.canCreate(actor('USER'))).toBe(true);
    expect(promptsPolicy.canShareGlobal(actor('USER'))).toBe(false);
    expect(promptsPolicy.canShareGlobal(actor('ADMIN'))).toBe(true);
    expect(refusal(promptsPolicy.canShareGlobal(actor('USER')))?.code).toBe('forbidden');
  });
  it('use off removes create and share too; an unloaded role grants nothing', () => {
    const noUse = actor('ADMIN', 'me', (p) => {
      p.PROMPTS.USE = false;
    });
    expect(promptsPolicy.canUse(noUse)).toBe(false);
    expect(promptsPolicy.canCreate(noUse)).toBe(false);
    expect(promptsPolicy.canShareGlobal(noUse)).toBe(false);
    expect(promptsPolicy.canUse({ id: 'x', role: 'USER', permissions: undefined })).toBe(false);
    const noCreate = actor('USER', 'me', (p) => {
      p.PROMPTS.CREATE = false;
    });
    expect(promptsPolicy.canCreate(noCreate)).toBe(false);
    expect(promptsPolicy.canUse(noCreate)).toBe(true);
  });
  it('the author or an admin edits a group; others do not', () => {
    expect(promptsPolicy.canEdit(actor('USER', 'a'), { authorId: 'a' })).toBe(true);
    expect(promptsPolicy.canEdit(actor('USER', 'b'), { authorId: 'a' })).toBe(false);
    expect(promptsPolicy.canEdit(actor('ADMIN', 'c'), { authorId: 'a' })).toBe(true);
  });
  it('a group is seen by its author, everyone when public, its chosen users and admins', () => {
    const group = { authorId: 'a', isPublic: false, sharedWithActor: false };
    expect(promptsPolicy.canView(actor('USER', 'a'), group)).toBe(true);
    expect(refusal(promptsPolicy.canView(actor('USER', 'b'), group))).toEqual({
      code: 'prompt_group_not_found',
      status: 404,
    });
    expect(promptsPolicy.canView(actor('USER', 'b'), { ...group, isPublic: true })).toBe(true);
    expect(promptsPolicy.canView(actor('USER', 'b'), { ...group, sharedWithActor: true })).toBe(true);
    expect(promptsPolicy.canView(actor('ADMIN', 'c'), group)).toBe(true);
  });
});

describe('agents policy (doc 3 §6)', () => {
  it('use gates the list, create gates the builder', () => {
    expect(agentsPolicy.canUse(actor('USER'))).toBe(true);
    const noCreate = actor('USER', 'me', (p) => {
      p.AGENTS.CREATE = false;
    });
    expect(agentsPolicy.canCreate(noCreate)).toBe(false);
    const noUse = actor('USER', 'me', (p) => {
      p.AGENTS.USE = false;
    });
    expect(agentsPolicy.canUse(noUse)).toBe(false);
    expect(agentsPolicy.canCreate(noUse)).toBe(false);
  });
  it('sharing: the author, or an admin who also holds shared-global', () => {
    expect(agentsPolicy.canShare(actor('USER', 'a'), { authorId: 'a' })).toBe(true);
    expect(agentsPolicy.canShare(actor('USER', 'b'), { authorId: 'a' })).toBe(false);
    expect(agentsPolicy.canShare(actor('ADMIN', 'c'), { authorId: 'a' })).toBe(true);
    const adminNoGlobal = actor('ADMIN', 'c', (p) => {
      p.AGENTS.SHARED_GLOBAL = false;
    });
    expect(agentsPolicy.canShare(adminNoGlobal, { authorId: 'a' })).toBe(false);
  });
  it('duplicate is the author only', () => {
    expect(agentsPolicy.canDuplicate(actor('USER', 'a'), { authorId: 'a' })).toBe(true);
    expect(agentsPolicy.canDuplicate(actor('ADMIN', 'c'), { authorId: 'a' })).toBe(false);
  });

  const priv = { authorId: 'a', isPublic: false, isCollaborative: false };
  const shared = { ...priv, isPublic: true };
  const collab = { ...shared, isCollaborative: true };

  it('view: the author, everyone when shared, admins; others as if it did not exist', () => {
    expect(agentsPolicy.canView(actor('USER', 'a'), priv)).toBe(true);
    expect(agentsPolicy.canView(actor('USER', 'b'), priv)).toBe('agent_not_found');
    expect(agentsPolicy.canView(actor('USER', 'b'), shared)).toBe(true);
    expect(agentsPolicy.canView(actor('ADMIN', 'c'), priv)).toBe(true);
    const noUse = actor('USER', 'a', (p) => {
      p.AGENTS.USE = false;
    });
    expect(agentsPolicy.canView(noUse, priv)).toBe('agent_not_found');
  });
  it('edit (doc 3 §4): collaborative and shared, or the author, or an admin; create is needed', () => {
    expect(agentsPolicy.canEdit(actor('USER', 'a'), priv)).toBe(true);
    expect(agentsPolicy.canEdit(actor('USER', 'b'), priv)).toBe('agent_not_found');
    expect(agentsPolicy.canEdit(actor('USER', 'b'), shared)).toBe(false);
    expect(agentsPolicy.canEdit(actor('USER', 'b'), collab)).toBe(true);
    // Collaborative without sharing (never stored so) edits nothing.
    expect(agentsPolicy.canEdit(actor('USER', 'b'), { ...priv, isCollaborative: true })).toBe(
      'agent_not_found',
    );
    expect(agentsPolicy.canEdit(actor('ADMIN', 'c'), priv)).toBe(true);
    const noCreate = actor('USER', 'a', (p) => {
      p.AGENTS.CREATE = false;
    });
    expect(agentsPolicy.canEdit(noCreate, priv)).toBe(false);
  });
  it('delete: the author or an admin, never a collaborator', () => {
    expect(agentsPolicy.canDelete(actor('USER', 'a'), priv)).toBe(true);
    expect(agentsPolicy.canDelete(actor('USER', 'b'), collab)).toBe(false);
    expect(agentsPolicy.canDelete(actor('USER', 'b'), priv)).toBe('agent_not_found');
    expect(agentsPolicy.canDelete(actor('ADMIN', 'c'), priv)).toBe(true);
  });
  it('featuring is for admins; usage for the author and admins', () => {
    expect(agentsPolicy.canSetPromoted(actor('USER', 'a'))).toBe(false);
    expect(agentsPolicy.canSetPromoted(actor('ADMIN', 'c'))).toBe(true);
    expect(agentsPolicy.canViewUsage(actor('USER', 'a'), priv)).toBe(true);
    expect(agentsPolicy.canViewUsage(actor('USER', 'b'), shared)).toBe(false);
    expect(agentsPolicy.canViewUsage(actor('ADMIN', 'c'), priv)).toBe(true);
  });
});
