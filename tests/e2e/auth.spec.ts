import { DEMO, DEMO_PASSWORD, TEST_PASSWORD, expect, mainNav, signIn, signUp, test, uniqueEmail, waitForHydrated } from './shell-helpers.ts';

test.describe('accounts', () => {
  test('sign-up with a new email lands on /home with the greeting', async ({ page }) => {
    await signUp(page, 'Mara');
    await expect(mainNav(page).getByText('Welcome, Mara', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Mara');
    await expect(mainNav(page).getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
  });

  test('sign-in with the demo client, then sign-out returns to / signed out', async ({ page }) => {
    await signIn(page, DEMO.client);
    const nav = mainNav(page);
    await expect(nav.getByText(/^Welcome, \S+/)).toBeVisible();
    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(200);
    const { firstName } = (await me.json()) as { firstName: string };
    await expect(nav.getByText(`Welcome, ${firstName || 'User'}`, { exact: true })).toBeVisible();

    await nav.getByRole('link', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Get Started' })).toBeVisible();
    await expect(mainNav(page).getByText(/^Welcome,/)).toHaveCount(0);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('a signed-up user can sign out and sign back in', async ({ page }) => {
    const email = await signUp(page, 'Juno');
    await mainNav(page).getByRole('link', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await signIn(page, email, TEST_PASSWORD);
    await expect(mainNav(page).getByText('Welcome, Juno', { exact: true })).toBeVisible();
  });
});

test.describe('auth gate', () => {
  test('a visitor on /messages sees "Redirecting to login..." and ends on /login', async ({ page }) => {
    // The first HTML already says what is happening, before any script runs. (Read on its own: the
    // page's own copy of the body is gone once its script has moved on to /login.)
    expect(await (await page.request.get('/messages')).text()).toContain('Redirecting to login...');
    await page.goto('/messages');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fmessages$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('a client-side navigation to a protected page shows the gate too', async ({ page }) => {
    await page.goto('/');
    const link = page.getByRole('link', { name: 'Browse artists' }).first();
    await waitForHydrated(link);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/consultations');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fconsultations$/);
  });
});

test('CSRF: a mutation after the token cookie is lost succeeds thanks to one retry', async ({ page, context }) => {
  await signUp(page, 'Tess');
  await page.goto('/test-switches');
  const trigger = page.getByRole('switch', { name: 'Simulate a rendering error' });
  await waitForHydrated(trigger);

  // First mutation: the app fetches and caches a CSRF token.
  const first = page.waitForResponse((r) => r.url().endsWith('/api/analytics/error') && r.request().method() === 'POST');
  await trigger.click();
  expect((await first).status()).toBe(204);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'Switches' })).toBeVisible();

  // Lose only the CSRF cookie: the cached token no longer matches anything the server knows.
  await context.clearCookies({ name: 'inkhaven.csrf' });
  const statuses: number[] = [];
  let tokenFetches = 0;
  page.on('response', (r) => {
    if (r.url().endsWith('/api/analytics/error') && r.request().method() === 'POST') statuses.push(r.status());
    if (r.url().endsWith('/api/auth/csrf-token')) tokenFetches += 1;
  });
  const succeeded = page.waitForResponse((r) => r.url().endsWith('/api/analytics/error') && r.status() === 204);
  await page.getByRole('switch', { name: 'Simulate a rendering error' }).click();
  await succeeded;
  expect(statuses).toEqual([403, 204]);
  expect(tokenFetches).toBe(1);
  // Still signed in: only the CSRF cookie was touched.
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('signs up and signs in through /login with POSTs that keep the password out of every URL', async ({ page }) => {
    const sent: Array<{ method: string; url: string }> = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) sent.push({ method: request.method(), url: request.url() });
    });
    const email = uniqueEmail('nojs');

    await page.goto('/login');
    const signUpForm = page.getByRole('form', { name: 'Create an account' });
    await signUpForm.getByLabel('First name').fill('Noor');
    await signUpForm.getByLabel('Email').fill(email);
    await signUpForm.getByLabel('Password').fill(TEST_PASSWORD);
    await signUpForm.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(mainNav(page).getByText('Welcome, Noor', { exact: true })).toBeVisible();

    await mainNav(page).getByRole('link', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);

    // A wrong password comes back to the page with a readable error and the email kept.
    await page.goto('/login?returnTo=%2Freviews');
    const signInForm = page.getByRole('form', { name: 'Sign in' });
    await signInForm.getByLabel('Email').fill(email);
    await signInForm.getByLabel('Password').fill('not-my-password-at-all');
    await signInForm.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('That email and password do not match an account.');
    await expect(signInForm.getByLabel('Email')).toHaveValue(email);
    await expect(signInForm.getByLabel('Password')).toHaveValue('');

    await signInForm.getByLabel('Password').fill(TEST_PASSWORD);
    await signInForm.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/reviews$/);
    await expect(mainNav(page).getByText('Welcome, Noor', { exact: true })).toBeVisible();

    const posts = sent.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname);
    expect(posts).toEqual(['/api/auth/sign-up/form', '/api/auth/sign-in/form', '/api/auth/sign-in/form']);
    for (const { url } of sent) {
      expect(url).not.toContain(TEST_PASSWORD);
      expect(url).not.toContain('not-my-password');
      expect(url).not.toContain('password=');
    }
    expect(page.url()).not.toContain('password');
  });

  test('a returnTo that a browser would read as another site lands on /home', async ({ page }) => {
    await page.goto('/login?returnTo=%2F%09%2Fevil.example');
    const signInForm = page.getByRole('form', { name: 'Sign in' });
    await signInForm.getByLabel('Email').fill(DEMO.client);
    await signInForm.getByLabel('Password').fill(DEMO_PASSWORD);
    await signInForm.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/home$/);
  });
});
