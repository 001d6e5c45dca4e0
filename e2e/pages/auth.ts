import { expect, type Locator, type Page } from '@playwright/test';

export interface Credentials {
  email: string;
  password: string;
}

/** The sign-in form at /login (also the first step of a two-factor sign-in). */
export class LoginPage {
  constructor(readonly page: Page) {}

  get email(): Locator {
    return this.page.locator('input[name="email"]');
  }
  get password(): Locator {
    return this.page.locator('input[name="password"]');
  }
  get submitButton(): Locator {
    return this.page.getByTestId('login-submit');
  }
  /** The form's error under the fields. */
  get error(): Locator {
    return this.page.getByTestId('auth-error');
  }

  async goto() {
    await this.page.goto('/login');
  }
  /**
   * Fill the form and submit it (Enter, as a keyboard user does); where that leads is the caller's
   * to check. Not a click: the 'Forgot password?' link appears above the button when the startup
   * config arrives, and a click aimed just before that shift lands beside the button (the CI
   * screenshots showed a filled form that never sent its request).
   */
  async submit({ email, password }: Credentials) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.password.press('Enter');
  }
  /** Sign in and land on a new chat. */
  async logIn(account: Credentials) {
    // The answer first: a sign-in that fails says how (status), not only that the page stayed.
    const answer = this.page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/auth/login' && r.request().method() === 'POST',
    );
    await this.submit(account);
    expect((await answer).status(), 'POST /api/auth/login').toBe(200);
    await expect(this.page).toHaveURL(/\/chat\/new/);
  }
}

/** The registration form at /register. */
export class RegisterPage {
  constructor(readonly page: Page) {}

  field(name: 'name' | 'email' | 'password' | 'confirm_password'): Locator {
    return this.page.locator(`input[name="${name}"]`);
  }
  get submitButton(): Locator {
    return this.page.getByTestId('register-submit');
  }

  async goto() {
    await this.page.goto('/register');
  }
  /** Fill every field (the password twice) and submit. */
  async submit(account: Credentials & { name: string }) {
    await this.field('name').fill(account.name);
    await this.field('email').fill(account.email);
    await this.field('password').fill(account.password);
    await this.field('confirm_password').fill(account.password);
    await this.submitButton.click();
  }
}
