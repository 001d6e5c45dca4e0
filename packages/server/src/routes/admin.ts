import {
  AdjustBalanceBody,
  AdjustBalanceResult,
  AdminUser,
  AdminUserList,
  AdminUserParams,
  AdminUsersQuery,
  Banner,
  BannerBody,
  BannerList,
  BannerParams,
  BanUserBody,
  MessageResult,
  UpdateUserRoleBody,
  UsageQuery,
  UsageReport,
} from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteAccountRows } from '../account/delete-account.ts';
import { usageReport } from '../admin/usage.ts';
import { BAN_FOREVER } from '../auth/ban.ts';
import { adminPolicy } from '../auth/policies/admin.ts';
import { authorize } from '../auth/policies/policy.ts';
import { AppError } from '../errors.ts';
import { presentAdminUser } from '../presenters/admin-user.ts';
import { presentBanner } from '../presenters/banner.ts';
import type { Services } from '../services.ts';

/** The in-app admin area's API (ADMIN only): users, usage and banners. Roles: routes/roles.ts. */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { db, balance, avatars, adminUsers: users } = ctx;
  const { banners } = ctx.repos;
  app.addHook('preHandler', async (req) => authorize(adminPolicy.canEnter(req.user)));

  const loadUser = async (userId: string) => {
    const row = await users.get(userId);
    if (!row) throw new AppError('user_not_found');
    return presentAdminUser(row, balance);
  };
  const audit = (
    req: { user: { id: string }; log: { info: (o: object, m: string) => void } },
    action: string,
    target: string,
    extra: object = {},
  ) => req.log.info({ admin: req.user.id, action, target, ...extra }, 'admin action');

  app.get(
    '/users',
    { schema: { querystring: AdminUsersQuery, response: { 200: AdminUserList } } },
    async (req) => {
      const { rows, nextCursor } = await users.list(req.query);
      return { users: rows.map((r) => presentAdminUser(r, balance)), nextCursor };
    },
  );

  app.put(
    '/users/:userId/role',
    { schema: { params: AdminUserParams, body: UpdateUserRoleBody, response: { 200: AdminUser } } },
    async (req) => {
      authorize(adminPolicy.canChangeAccount(req.user, req.params.userId));
      if (!(await users.setRole(req.params.userId, req.body.role))) throw new AppError('user_not_found');
      audit(req, 'set_role', req.params.userId, { role: req.body.role });
      return loadUser(req.params.userId);
    },
  );

  app.post(
    '/users/:userId/ban',
    { schema: { params: AdminUserParams, body: BanUserBody, response: { 200: AdminUser } } },
    async (req) => {
      authorize(adminPolicy.canChangeAccount(req.user, req.params.userId));
      const until = req.body?.minutes ? Date.now() + req.body.minutes * 60_000 : BAN_FOREVER;
      if (!(await users.setBannedUntil(req.params.userId, until))) throw new AppError('user_not_found');
      audit(req, 'ban', req.params.userId, { until });
      return loadUser(req.params.userId);
    },
  );

  app.delete(
    '/users/:userId/ban',
    { schema: { params: AdminUserParams, response: { 200: AdminUser } } },
    async (req) => {
      if (!(await users.setBannedUntil(req.params.userId, null))) throw new AppError('user_not_found');
      audit(req, 'unban', req.params.userId);
      return loadUser(req.params.userId);
    },
  );

  app.delete(
    '/users/:userId',
    { schema: { params: AdminUserParams, response: { 200: MessageResult } } },
    async (req) => {
      authorize(adminPolicy.canChangeAccount(req.user, req.params.userId));
      // The same removal as a user deleting their own account: every row, then their pictures and files.
      if (!(await deleteAccountRows(db, req.params.userId))) throw new AppError('user_not_found');
      await avatars
        .removeAll(req.params.userId)
        .catch((err) => req.log.warn({ err }, 'avatar cleanup failed'));
      await ctx.fileStorage
        .deleteUser(req.params.userId)
        .catch((err) => req.log.warn({ err }, 'file cleanup failed'));
      audit(req, 'delete_user', req.params.userId);
      return { message: 'User deleted.' };
    },
  );

  app.post(
    '/users/:userId/balance',
    { schema: { params: AdminUserParams, body: AdjustBalanceBody, response: { 200: AdjustBalanceResult } } },
    async (req) => {
      if (!balance.enabled) throw new AppError('balance_disabled');
      await loadUser(req.params.userId);
      const tokenCredits = await balance.adjust(db, req.params.userId, req.body.amount);
      audit(req, 'adjust_balance', req.params.userId, { amount: req.body.amount });
      return { tokenCredits };
    },
  );

  app.get('/usage', { schema: { querystring: UsageQuery, response: { 200: UsageReport } } }, async (req) =>
    usageReport(db, req.query),
  );

  app.get('/banners', { schema: { response: { 200: BannerList } } }, async () => ({
    banners: (await banners.list()).map(presentBanner),
  }));

  app.post('/banners', { schema: { body: BannerBody, response: { 200: Banner } } }, async (req) => {
    const created = await banners.create(req.body);
    audit(req, 'create_banner', created.banner_id);
    return presentBanner(created);
  });

  app.put(
    '/banners/:bannerId',
    { schema: { params: BannerParams, body: BannerBody, response: { 200: Banner } } },
    async (req) => {
      const updated = await banners.update(req.params.bannerId, req.body);
      if (!updated) throw new AppError('banner_not_found');
      audit(req, 'update_banner', req.params.bannerId);
      return presentBanner(updated);
    },
  );

  app.delete(
    '/banners/:bannerId',
    { schema: { params: BannerParams, response: { 200: MessageResult } } },
    async (req) => {
      if (!(await banners.remove(req.params.bannerId))) throw new AppError('banner_not_found');
      audit(req, 'delete_banner', req.params.bannerId);
      return { message: 'Banner deleted.' };
    },
  );
};
