import { describe, expect, it } from 'vitest';
import { t } from './t.ts';

describe('t', () => {
  it('returns the English text', () => {
    expect(t('com_app_name')).toBe('Parley');
  });
  it("knows an area's texts once its file has loaded", async () => {
    expect(t('com_auth_welcome_back')).toBe('com_auth_welcome_back');
    await import('./en-auth.ts');
    expect(t('com_auth_welcome_back')).toBe('Welcome back');
  });
  it('fills variables and leaves unknown ones', () => {
    expect(t('com_ui_sibling_count', { index: 2, total: 3 })).toBe('2 / 3');
    expect(t('com_landing_morning', {})).toBe('Good morning, {{name}}');
  });
});
