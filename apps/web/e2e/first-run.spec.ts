import { expect, test, type APIRequestContext } from '@playwright/test';
import { codeFromMail, newestMailTo } from './outbox.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expectNoAxeViolations, freshEmail, MOBILE_VIEWPORT, registerAndLogIn } from './helpers.ts';

/**
 * A golfer's first run on a phone: verifying the e-mail signs them in, Set up is asked once (level
 * or handicap, benchmark, units) and never again; joining an organisation offers to share earlier
 * rounds with its coaches. axe (WCAG 2.2 AA) at 390 px on every state.
 */

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const DAY_MS = 24 * 3600 * 1000;

/** A short valid round (two holes) that started `daysAgo` days ago, shared with nobody yet. */
function roundBody(title: string, daysAgo: number) {
  return {
    event_type: 'ROUND',
    title,
    start: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
    share: 'SHARE_SELECTED',
    usershares: [],
    orgshares: [],
    round: {
      course: 'First Run Links',
      units: 'FEET_YARDS',
      holes: [
        {
          hole: 1,
          par: 4,
          shots: [
            { from: 'T', dist: 380, to: 'F' },
            { from: 'F', dist: 140, to: 'G' },
            { from: 'G', dist: 18, to: 'G' },
            { from: 'G', dist: 2, to: 'I' },
          ],
        },
        {
          hole: 2,
          par: 3,
          shots: [
            { from: 'T', dist: 160, to: 'G' },
            { from: 'G', dist: 9, to: 'I' },
          ],
        },
      ],
    },
  };
}

async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const answer = await request.post('/v4/account/login', { data: { email, password } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

test('a new golfer verifies, lands signed in on Set up, saves it, and is not asked again', async ({ page }) => {
  const email = freshEmail('first.run');
  const password = 'greenside bunker at dusk 61';
  await page.setViewportSize(MOBILE_VIEWPORT);

  await page.goto('/registration');
  await page.getByLabel('First name').fill('Fern');
  await page.getByLabel('Last name').fill('Firstrun');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expect(page.getByText('Strength: Very strong')).toBeVisible();
  await expectNoAxeViolations(page, '/registration (390 px)');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verify-user/);
  let mail: string | undefined;
  await expect.poll(() => (mail = newestMailTo(email)), { timeout: 15_000 }).toBeTruthy();
  await page.getByLabel('Verification code').fill(codeFromMail(mail!));
  await expectNoAxeViolations(page, '/verify-user with the code (390 px)');
  await page.getByRole('button', { name: 'Verify' }).click();

  // Signed in without typing the password again, and asked once for level, benchmark and units.
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up' })).toBeVisible();
  const benchmark = page.getByRole('radiogroup', { name: 'Benchmark' });
  await expect(benchmark.getByRole('radio', { name: '90 golfer' })).toBeChecked();
  await expect(page.getByRole('radiogroup', { name: 'Long distances' }).getByRole('radio', { name: 'Yards' })).toBeChecked();
  await expect(page.getByRole('radiogroup', { name: 'Putts' }).getByRole('radio', { name: 'Feet' })).toBeChecked();
  await expectNoAxeViolations(page, '/setup with its defaults (390 px)');

  await page.getByLabel('Level').selectOption('Womens Amateur');
  await page.getByLabel('Handicap index (optional)').fill('9');
  await expect(benchmark.getByRole('radio', { name: '80 golfer' })).toBeChecked();
  await page.getByRole('radiogroup', { name: 'Long distances' }).getByText('Meters', { exact: true }).click();
  await expectNoAxeViolations(page, '/setup filled in (390 px)');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Fern' })).toBeVisible();
  await expectNoAxeViolations(page, 'the root page after Set up (390 px)');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const account = (await (await page.request.get('/v4/account', { headers: bearer(token!) })).json()) as Record<string, unknown>;
  expect(account).toMatchObject({ setup_pending: false, level: 'Womens Amateur', benchmark: 'EIGHTY' });
  const settings = (await (await page.request.get('/v4/account/settings', { headers: bearer(token!) })).json()) as { units: string };
  expect(settings.units).toBe('FEET_METERS');

  // Never shown again: not after a reload, and not when opened by its address.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Fern' })).toBeVisible();
  await page.goto('/setup');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Fern' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/setup/);
  await expectNoAxeViolations(page, 'the root page after a reload (390 px)');
});

test('a new player who joins the demo coach’s organisation shares earlier rounds with its coaches', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = freshEmail('first.share');
  await page.setViewportSize(MOBILE_VIEWPORT);

  // The demo coach invites the address (through the API, as the coach's own page does).
  const coachToken = await apiToken(request, DEMO_ACCOUNTS.coach, DEMO_PASSWORD);
  const orgs = (await (await request.get('/v4/orgs', { headers: bearer(coachToken) })).json()) as Array<{ org_id: number; name: string }>;
  const academy = orgs.find((org) => org.name === 'Holeout Academy');
  expect(academy).toBeTruthy();
  const invited = await request.post(`/v4/orgs/invite?org_id=${academy!.org_id}`, {
    headers: bearer(coachToken),
    data: { email, role: 'player' },
  });
  expect(invited.status()).toBe(200);
  const inviteId = ((await invited.json()) as { invite_id: number }).invite_id;

  // The player signs up (verifying signs them in; Set up skipped) and has played two rounds before joining.
  await registerAndLogIn(page, { email, password: 'lag putt from the fringe 73', firstName: 'Sid', lastName: 'Sharer' });
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const me = (await (await page.request.get('/v4/account', { headers: bearer(token) })).json()) as { uid: number };
  const created: number[] = [];
  for (const [title, daysAgo] of [
    ['Recent medal', 10],
    ['Spring medal', 200],
  ] as const) {
    const answer = await page.request.post('/v4/events', { headers: bearer(token), data: roundBody(title, daysAgo) });
    expect(answer.status()).toBe(200);
    created.push(((await answer.json()) as { event_id: number }).event_id);
  }
  const [recent, older] = created as [number, number];
  const coachSees = async () => {
    const listed = (await (await request.get(`/v4/events?uid=${me.uid}&limit=200`, { headers: bearer(coachToken) })).json()) as {
      events: Array<{ event_id: number }>;
    };
    return listed.events.map((e) => e.event_id).sort((a, b) => a - b);
  };
  expect(await coachSees()).toEqual([]);

  await page.goto(`/invite?invite_id=${inviteId}`);
  await expect(page.getByRole('heading', { name: 'Holeout Academy' })).toBeVisible();
  await expectNoAxeViolations(page, '/invite (390 px)');
  await page.getByRole('button', { name: 'Accept' }).click();

  // Right after joining: the offer, with how far back and one button.
  await expect(page).toHaveURL(/\/org-info/);
  const offer = page.getByRole('region', { name: 'Share your earlier rounds with your coaches?' });
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('radio', { name: 'Last 90 days' })).toBeChecked();
  await expectNoAxeViolations(page, '/org-info with the offer to share rounds (390 px)');
  await offer.getByRole('button', { name: 'Share rounds' }).click();
  await expect(offer.getByRole('status')).toHaveText(/Holeout Academy's coaches now see 1 round of yours\./);
  await expectNoAxeViolations(page, '/org-info with the rounds shared (390 px)');

  // The coach sees the round of the last 90 days, not the older one.
  expect(await coachSees()).toEqual([recent]);
  expect(await coachSees()).not.toContain(older);

  await offer.getByRole('button', { name: 'Done' }).click();
  await expect(offer).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Organisation' })).toBeVisible();
  await expectNoAxeViolations(page, '/org-info after the offer (390 px)');
});
