import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../store/session.ts';
import { uploadAvatar } from './account.ts';
import { ApiError, apiRequest } from './client.ts';
import { uploadImport } from './transfer.ts';

const user = {
  id: 'u1',
  name: 'A',
  username: 'a',
  email: 'a@b.co',
  avatar: null,
  role: 'USER',
  provider: 'local',
  emailVerified: true,
  twoFactorEnabled: false,
  createdAt: 1,
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('apiRequest', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    useSession.setState({ status: 'authenticated', token: 'old', user });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the bearer token and parses JSON', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(apiRequest('/api/user')).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0];
    expect(init.headers.Authorization).toBe('Bearer old');
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === '/api/auth/refresh') return json(200, { token: 'new', user });
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new'
        ? json(200, { url })
        : json(401, { error: { code: 'invalid_token', message: 'x' } });
    });
    const [a, b] = await Promise.all([apiRequest('/api/a'), apiRequest('/api/b')]);
    expect(a).toEqual({ url: '/api/a' });
    expect(b).toEqual({ url: '/api/b' });
    const refreshes = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0][1].credentials).toBe('include');
    expect(useSession.getState().token).toBe('new');
  });

  it('signs out when the refresh fails', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/auth/refresh'
        ? json(401, { error: { code: 'refresh_missing', message: 'no' } })
        : json(401, { error: { code: 'invalid_token', message: 'Your session has expired.' } }),
    );
    await expect(apiRequest('/api/user')).rejects.toMatchObject({ status: 401, code: 'invalid_token' });
    expect(useSession.getState().status).toBe('unauthenticated');
    expect(useSession.getState().token).toBeNull();
  });

  it('turns error bodies into ApiError with the field', async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, {
        error: { code: 'email_taken', message: 'An account with that email already exists.', field: 'email' },
      }),
    );
    const error = await apiRequest('/api/auth/register', { method: 'POST', body: {}, auth: false }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'email_taken', field: 'email' });
  });

  it('copes with a non-JSON error body', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(apiRequest('/api/convos')).rejects.toMatchObject({ status: 502, code: 'http_error' });
  });

  it('sends FormData as multipart, without a JSON content type', async () => {
    fetchMock.mockResolvedValueOnce(json(201, { jobId: 'j1' }));
    await expect(uploadImport(new File(['{}'], 'chats.json'))).resolves.toEqual({ jobId: 'j1' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/convos/import');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(init.headers['Content-Type']).toBeUndefined();
    expect(init.headers.Authorization).toBe('Bearer old');
  });

  it('retries an upload with a token another request refreshed meanwhile, without refreshing again', async () => {
    const seen: string[] = [];
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      seen.push(`${url} ${auth ?? ''}`);
      if (url === '/api/auth/refresh') return json(500, {});
      if (auth === 'Bearer old') {
        // The parallel refresh lands while this request is on its way.
        useSession.setState({ token: 'newer' });
        return json(401, { error: { code: 'invalid_token', message: 'x' } });
      }
      return json(200, { url: '/avatar.png' });
    });
    await expect(uploadAvatar(new Blob(['png']), 'avatar.png')).resolves.toEqual({ url: '/avatar.png' });
    expect(seen).toEqual(['/api/files/images/avatar Bearer old', '/api/files/images/avatar Bearer newer']);
    const retried = fetchMock.mock.calls[1][1].body as FormData;
    expect(retried.get('manual')).toBe('true');
  });
});
