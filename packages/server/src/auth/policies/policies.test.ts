import { DEFAULT_ROLE_PERMISSIONS, type RolePermissions } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { agentsPolicy } from './agents.ts';
import type { Actor } from './feature.ts';
import { promptsPolicy } from './prompts.ts';

const actor = (role: 'USER' | 'ADMIN', id = 'me', change?: (p: RolePermissions) => void): Actor => {
  const permissions = structuredClone(DEFAULT_ROLE_PERMISSIONS[role]);
  change?.(permissions);
  return { id, role, permissions: { name: role, permissions } };
};

describe('prompts policy (doc 2 §6)', () => {
  it('follows LibreChat defaults: users use and create, only admins share globally', () => {
    expect(promptsPolicy.canUse(actor('USER'))).toBe(true);
    expect(promptsPolicy.canCreate(actor('USER'))).toBe(true);
    expect(promptsPolicy.canShareGlobal(actor('USER'))).toBe(false);
    expect(promptsPolicy.canShareGlobal(actor('ADMIN'))).toBe(true);
    expect(() => promptsPolicy.assertShareGlobal(actor('USER'))).toThrow(/permission/);
  });
  it('use off removes create and share too; an unloaded role grants nothing', () => {
    const noUse = actor('ADMIN', 'me', (p) => {
      p.PROMPTS.USE = false;
    });
    expect(promptsPolicy.canCreate(noUse)).toBe(false);
    expect(promptsPolicy.canShareGlobal(noUse)).toBe(false);
    expect(() => promptsPolicy.assertUse(noUse)).toThrow();
    expect(promptsPolicy.canUse({ id: 'x', role: 'USER', permissions: undefined })).toBe(false);
    const noCreate = actor('USER', 'me', (p) => {
      p.PROMPTS.CREATE = false;
    });
    expect(() => promptsPolicy.assertCreate(noCreate)).toThrow();
    expect(() => promptsPolicy.assertUse(noCreate)).not.toThrow();
  });
  it('the author or an admin edits a group; others do not', () => {
    expect(promptsPolicy.canEdit(actor('USER', 'a'), { authorId: 'a' })).toBe(true);
    expect(promptsPolicy.canEdit(actor('USER', 'b'), { authorId: 'a' })).toBe(false);
    expect(promptsPolicy.canEdit(actor('ADMIN', 'c'), { authorId: 'a' })).toBe(true);
  });
});

describe('agents policy (doc 3 §6)', () => {
  it('use gates the list, create gates the builder', () => {
    expect(agentsPolicy.canUse(actor('USER'))).toBe(true);
    const noCreate = actor('USER', 'me', (p) => {
      p.AGENTS.CREATE = false;
    });
    expect(agentsPolicy.canCreate(noCreate)).toBe(false);
    expect(() => agentsPolicy.assertCreate(noCreate)).toThrow();
    const noUse = actor('USER', 'me', (p) => {
      p.AGENTS.USE = false;
    });
    expect(agentsPolicy.canUse(noUse)).toBe(false);
    expect(() => agentsPolicy.assertUse(noUse)).toThrow();
  });
  it('sharing: the author, or an admin who also holds shared-global', () => {
    expect(agentsPolicy.canShare(actor('USER', 'a'), { authorId: 'a' })).toBe(true);
    expect(agentsPolicy.canShare(actor('USER', 'b'), { authorId: 'a' })).toBe(false);
    expect(agentsPolicy.canShare(actor('ADMIN', 'c'), { authorId: 'a' })).toBe(true);
    const adminNoGlobal = actor('ADMIN', 'c', (p) => {
      p.AGENTS.SHARED_GLOBAL = false;
    });
    expect(agentsPolicy.canShare(adminNoGlobal, { authorId: 'a' })).toBe(false);
    expect(() => agentsPolicy.assertShare(adminNoGlobal, { authorId: 'a' })).toThrow();
  });
  it('duplicate is the author only', () => {
    expect(agentsPolicy.canDuplicate(actor('USER', 'a'), { authorId: 'a' })).toBe(true);
    expect(agentsPolicy.canDuplicate(actor('ADMIN', 'c'), { authorId: 'a' })).toBe(false);
  });
});
