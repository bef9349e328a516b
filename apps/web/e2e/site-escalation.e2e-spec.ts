import {
  ESCALATION_MESSAGES,
  escalationPolicyOf,
  formatEventTime,
  type EscalationStepSetting,
  type SiteEscalationPolicy,
} from '@app/contracts';
import type { Page } from 'playwright-core';
import request from 'supertest';
import {
  authorisedSite,
  claimsTokenOf,
  registerUniqueUser,
  type TestUser,
} from '../../portal-api/src/e2e/portal-panel-harness';
import type { SimulatedPanel } from '../../../tools/panel-simulator/src/simulated-panel';
import { signInWithSession, startBrowserWorld, type BrowserWorld } from './browser-world.util';

const PHONE = { width: 375, height: 667 };

/**
 * A site's escalation steps in the built client, on the real stack (portal-api, a gateway and a
 * simulated panel): the default policy shown, two later steps set and saved, read back after a
 * reload and through the API, and steps out of order refused with the API's own words, on a
 * desktop and a phone's width.
 */
describe("a site's escalation policy in Chromium", () => {
  let started: BrowserWorld;
  let page: Page;
  let origin: string;
  let ann: TestUser;
  let panel: SimulatedPanel;

  beforeAll(async () => {
    started = await startBrowserWorld({}, []);
    ({ page, origin } = started);
    ann = await registerUniqueUser(started.world.portal, 'Ann');
    panel = await authorisedSite(started.world, ann, { nickname: 'Depot', notify: false });
    await signInWithSession(page, origin, ann.session);
  });

  afterAll(() => started?.close());

  const api = () => request(started.world.portal.server);
  const path = () => `/api/v2/sites/${panel.hwaddr}/escalation`;
  async function storedPolicy(): Promise<SiteEscalationPolicy> {
    const claims = await claimsTokenOf(started.world.portal, ann);
    return (await api().get(path()).set('Authorization', `Bearer ${claims}`).expect(200)).body;
  }

  const section = () => page.getByRole('region', { name: 'Escalation', exact: true });
  const minutes = (step: number) => section().getByLabel(`Step ${step}: minutes without acknowledgement`);
  const audience = (step: number) => section().getByLabel(`Step ${step}: who it reaches`);
  const save = () => section().getByRole('button', { name: 'Save', exact: true });
  /** The step's box for the site's webhook among the channels it reaches by. */
  const webhookChannel = (step: number) =>
    section()
      .getByRole('group', { name: `Step ${step}: how it reaches` })
      .getByLabel("the site's webhook");

  /** Each later step's minutes and audience as the form shows them. */
  async function shownSteps(count: number): Promise<Array<[string, string]>> {
    const shown: Array<[string, string]> = [];
    for (let step = 2; step < 2 + count; step += 1)
      shown.push([await minutes(step).inputValue(), await audience(step).inputValue()]);
    return shown;
  }

  it('shows the default, saves two later steps, reads them back, and refuses steps out of order', async () => {
    await page.goto(`${origin}/site/${panel.hwaddr}/about`);
    await section().getByText('Default policy').waitFor();
    await section()
      .getByText("At once: e-mail to the users with e-mails on, push to their phones, and the site's webhook")
      .waitFor();
    expect(await shownSteps(1)).toEqual([['5', 'everyone']]);
    expect(await minutes(3).count()).toBe(0);
    expect(await save().isDisabled()).toBe(true);

    await minutes(2).fill('2');
    // Step 2 names Ann, the one person with access, ticked among them.
    await audience(2).selectOption({ label: 'the people named' });
    await section().getByRole('group', { name: 'Step 2: whom it names' }).getByLabel(ann.name).check();
    await section().getByRole('button', { name: 'Add a step' }).click();
    await minutes(3).fill('10');
    await audience(3).selectOption({ label: 'everyone with access' });
    await webhookChannel(3).check();
    await save().click();
    await section().getByRole('status').getByText('Saved: alarms that open from now on follow these steps').waitFor();

    const two: EscalationStepSetting[] = [
      { afterMinutes: 2, audience: 'people', people: [ann.id], channels: ['email', 'push'] },
      { afterMinutes: 10, audience: 'everyone', people: [], channels: ['email', 'push', 'webhook'] },
    ];
    const stored = await storedPolicy();
    expect(stored).toMatchObject({ steps: escalationPolicyOf(two), isDefault: false, updatedBy: ann.name });

    await page.reload();
    await section()
      .getByText(`Set by ${ann.name} on ${formatEventTime(stored.updatedAt as string)}`)
      .waitFor();
    expect(await shownSteps(2)).toEqual([
      ['2', 'people'],
      ['10', 'everyone'],
    ]);
    expect(await section().getByRole('group', { name: 'Step 2: whom it names' }).getByLabel(ann.name).isChecked()).toBe(
      true,
    );
    expect([await webhookChannel(2).isChecked(), await webhookChannel(3).isChecked()]).toEqual([false, true]);
    expect(await save().isDisabled()).toBe(true);

    // Step 3 before step 2: Save is refused beside it, in the API's words, and the step is marked.
    await minutes(3).fill('1');
    await section().getByText(ESCALATION_MESSAGES.order).waitFor();
    expect(await save().isDisabled()).toBe(true);
    expect(await minutes(3).getAttribute('class')).toContain('is-invalid');
    const claims = await claimsTokenOf(started.world.portal, ann);
    const refused = await api()
      .put(path())
      .set('Authorization', `Bearer ${claims}`)
      .send({ steps: [two[0], { ...two[1], afterMinutes: 1 }] })
      .expect(400);
    expect(refused.body.err).toBe(ESCALATION_MESSAGES.order);
    expect((await storedPolicy()).steps).toEqual(escalationPolicyOf(two));

    // On a phone the steps wrap within the screen's width.
    await page.setViewportSize(PHONE);
    await page.reload();
    await minutes(3).waitFor();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth - innerWidth).toBeLessThanOrEqual(0);
    for (const field of [
      minutes(3),
      audience(3),
      webhookChannel(3),
      section().getByRole('button', { name: 'Remove step 3' }),
    ]) {
      const box = await field.boundingBox();
      expect(box !== null && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    }
  });
});
