import { act, fireEvent, screen, within } from '@testing-library/react';
import {
  DEFAULT_ESCALATION_POLICY,
  ESCALATION_MESSAGES,
  escalationPolicyOf,
  type EscalationStepInput,
  type SiteEscalationPolicy,
} from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { waitForState } from '../../../test/store-wait.util';
import { claimsTokenFor, renderApp, signIn, type Answer } from '../../../test/render-app.util';
import { ESCALATION_TEXT } from '../escalation-messages.constants';
import { siteSummaryOf } from '../../../test/site-summary.fixture';

const hwaddr = '0011aabbccdd';
const escalationPath = `/api/v2/sites/${hwaddr}/escalation`;
const site = siteSummaryOf(hwaddr);
const bob = { id: '6f1c2a3b-0000-4000-8000-000000000002', name: 'Bob Jones' };
const people = [{ id: '6f1c2a3b-0000-4000-8000-000000000001', name: 'Ann Smith' }, bob];
const defaultPolicy: SiteEscalationPolicy = {
  steps: [...DEFAULT_ESCALATION_POLICY],
  isDefault: true,
  updatedBy: null,
  updatedAt: null,
};
const savedBy = (steps: EscalationStepInput[]): SiteEscalationPolicy => ({
  steps: escalationPolicyOf(steps),
  isDefault: false,
  updatedBy: 'Ann Smith',
  updatedAt: '2026-05-02T08:00:00.000Z',
});

/** The site's Configuration tab, with the escalation API answered by `answer` (pending when it answers nothing). */
async function openConfiguration(answer: Answer) {
  const app = await renderApp(`/site/${hwaddr}/about`, (path, init) => {
    if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claimsTokenFor([hwaddr]) });
    if (path === '/api/v2/sites') return jsonResponse(200, 'OK', [site]);
    if (path === `/api/v2/sites/${hwaddr}/people`) return jsonResponse(200, 'OK', { people });
    return path === escalationPath ? answer(path, init) : undefined;
  });
  await act(() => waitForState(app.store, (state) => state.escalation.sites[hwaddr]?.loaded === true));
  return app;
}

const section = () => screen.getByRole('region', { name: 'Escalation' });
const button = (name: string) => within(section()).getByRole('button', { name }) as HTMLButtonElement;
const minutes = (step: number) =>
  within(section()).getByLabelText(`Step ${step}: minutes without acknowledgement`) as HTMLInputElement;
const audience = (step: number) =>
  within(section()).getByLabelText(`Step ${step}: who it reaches`) as HTMLSelectElement;
const channel = (step: number, label: string) =>
  within(within(section()).getByRole('group', { name: `Step ${step}: how it reaches` })).getByLabelText(
    label,
  ) as HTMLInputElement;
/** Each step as it reads: its number, then its minutes, audience and ticked channels when it has fields. */
const steps = () =>
  within(section())
    .getAllByRole('listitem')
    .map((item) => {
      const number = item.querySelector('.site-escalation__number')?.textContent;
      const fields = [...item.querySelectorAll('input:not([type=checkbox]), select')].map(
        (field) => (field as HTMLInputElement).value,
      );
      const ticked = [...item.querySelectorAll('.site-escalation__channels input:checked')].map((box) =>
        box.id.split('-').pop(),
      );
      return fields.length ? [number, ...fields, ticked.join('+')] : [number, item.textContent];
    });

describe('Site Configuration: the escalation section', () => {
  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  it('shows the default policy, keeps Save disabled until a change, and saves two later steps', async () => {
    const app = await openConfiguration((_path, init) => {
      if (init?.method === 'PUT') {
        const { steps: sent } = JSON.parse(String(init.body)) as { steps: EscalationStepInput[] };
        return jsonResponse(200, 'OK', savedBy(sent));
      }
      return jsonResponse(200, 'OK', defaultPolicy);
    });
    expect(within(section()).getByText('Default policy')).toBeTruthy();
    expect(steps()).toEqual([
      ['Step 1', `Step 1 ${ESCALATION_TEXT.firstStep}`],
      ['Step 2', '5', 'everyone', 'email+push'],
    ]);
    expect(ESCALATION_TEXT.firstStep).toBe(
      "At once: e-mail to the users with e-mails on, push to their phones, and the site's webhook",
    );
    expect(within(section()).getAllByRole('listitem')[1].textContent).toMatch(
      /^Step 2 After\s+minutes without acknowledgement, to .+ by e-mail\s*push\s*the site's webhook/,
    );
    expect(button('Save').disabled).toBe(true);
    const reason = within(section()).getByText(ESCALATION_TEXT.unchanged);
    expect(button('Save').getAttribute('aria-describedby')).toBe(reason.id);
    expect(button('Use the default').disabled).toBe(true);

    fireEvent.change(minutes(2), { target: { value: '2' } });
    fireEvent.change(audience(2), { target: { value: 'opted-in' } });
    fireEvent.click(channel(2, 'e-mail'));
    fireEvent.click(button('Add a step'));
    expect(steps().slice(1)).toEqual([
      ['Step 2', '2', 'opted-in', 'push'],
      ['Step 3', '7', 'everyone', 'email+push'],
    ]);
    fireEvent.change(minutes(3), { target: { value: '10' } });
    fireEvent.click(channel(3, "the site's webhook"));
    // Step 3 to the people named: Bob, ticked among those with access.
    fireEvent.change(audience(3), { target: { value: 'people' } });
    const named = within(section()).getByRole('group', { name: 'Step 3: whom it names' });
    expect(
      within(named)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['Ann Smith', 'Bob Jones']);
    expect(button('Save').disabled).toBe(true);
    expect(within(section()).getByText(ESCALATION_MESSAGES.people)).toBeTruthy();
    fireEvent.click(within(named).getByLabelText('Bob Jones'));
    expect(button('Save').disabled).toBe(false);
    expect(within(section()).queryByText(ESCALATION_TEXT.unchanged)).toBeNull();
    fireEvent.click(button('Save'));
    await act(() => waitForState(app.store, (state) => state.escalation.save.done));

    const put = app.fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      steps: [
        { afterMinutes: 2, audience: 'opted-in', people: [], channels: ['push'] },
        { afterMinutes: 10, audience: 'people', people: [bob.id], channels: ['email', 'push', 'webhook'] },
      ],
    });
    expect(within(section()).getByText('Set by Ann Smith on 02/05/2026 08:00:00 UTC')).toBeTruthy();
    expect(within(section()).getByRole('status').textContent).toBe(ESCALATION_TEXT.saved);
    expect(steps().slice(1)).toEqual([
      ['Step 2', '2', 'opted-in', 'push'],
      ['Step 3', '10', 'people', 'email+push+webhook'],
    ]);
    expect(button('Save').disabled).toBe(true);
    expect(button('Use the default').disabled).toBe(false);

    // The next edit is not yet saved: the notice goes.
    fireEvent.change(minutes(3), { target: { value: '15' } });
    expect(within(section()).queryByRole('status')).toBeNull();
  });

  it('says why steps out of order cannot be saved, marks the step at fault, and allows no escalation', async () => {
    const app = await openConfiguration((_path, init) =>
      init?.method === 'PUT'
        ? jsonResponse(200, 'OK', savedBy([]))
        : jsonResponse(
            200,
            'OK',
            savedBy([
              { afterMinutes: 2, audience: 'opted-in' },
              { afterMinutes: 10, audience: 'everyone' },
            ]),
          ),
    );
    fireEvent.change(minutes(3), { target: { value: '2' } });
    expect(button('Save').disabled).toBe(true);
    const reason = within(section()).getByText(ESCALATION_MESSAGES.order);
    expect(reason.classList.contains('text-danger')).toBe(true);
    expect(button('Save').getAttribute('aria-describedby')).toBe(reason.id);
    expect(minutes(3).classList.contains('is-invalid')).toBe(true);
    expect(minutes(3).getAttribute('aria-describedby')).toBe(reason.id);
    expect(minutes(2).classList.contains('is-invalid')).toBe(false);

    fireEvent.change(minutes(2), { target: { value: '' } });
    expect(within(section()).getByText(ESCALATION_MESSAGES.minutes)).toBeTruthy();
    expect(minutes(2).classList.contains('is-invalid')).toBe(true);

    // A step that reaches by nothing cannot be saved either.
    fireEvent.change(minutes(2), { target: { value: '1' } });
    fireEvent.change(minutes(3), { target: { value: '3' } });
    fireEvent.click(channel(3, 'e-mail'));
    fireEvent.click(channel(3, 'push'));
    expect(within(section()).getByText(ESCALATION_MESSAGES.channels)).toBeTruthy();
    expect(button('Save').disabled).toBe(true);
    expect(channel(3, 'push').classList.contains('is-invalid')).toBe(true);

    fireEvent.click(button('Remove step 3'));
    fireEvent.click(button('Remove step 2'));
    expect(steps()).toHaveLength(1);
    expect(within(section()).getByText(ESCALATION_TEXT.none)).toBeTruthy();
    expect(button('Save').disabled).toBe(false);
    fireEvent.click(button('Save'));
    await act(() => waitForState(app.store, (state) => state.escalation.save.done));
    const put = app.fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ steps: [] });
    expect(within(section()).getByText(ESCALATION_TEXT.none)).toBeTruthy();

    fireEvent.click(button('Use the default'));
    expect(steps().slice(1)).toEqual([['Step 2', '5', 'everyone', 'email+push']]);
    expect(button('Save').disabled).toBe(false);
  });

  it("stops adding at the limit, saying why, and shows the API's refusal", async () => {
    const app = await openConfiguration((_path, init) =>
      init?.method === 'PUT'
        ? jsonResponse(403, 'Forbidden', { err: 'You have no access to this site' })
        : jsonResponse(200, 'OK', defaultPolicy),
    );
    for (let added = 0; added < 4; added += 1) fireEvent.click(button('Add a step'));
    expect(
      steps()
        .slice(1)
        .map(([, after]) => after),
    ).toEqual(['5', '10', '15', '20', '25']);
    expect(button('Add a step').disabled).toBe(true);
    const why = within(section()).getByText('A site has at most 5 later steps.');
    expect(button('Add a step').getAttribute('aria-describedby')).toBe(why.id);

    fireEvent.click(button('Save'));
    await act(() => waitForState(app.store, (state) => state.escalation.save.error !== null));
    expect(within(section()).getByRole('alert').textContent).toBe('You have no access to this site');
    // The edits stay for the user to keep or change.
    expect(steps()).toHaveLength(6);
    expect(within(section()).getByText('Default policy')).toBeTruthy();

    fireEvent.click(button('Remove step 4'));
    expect(button('Add a step').disabled).toBe(false);
    expect(within(section()).queryByText('A site has at most 5 later steps.')).toBeNull();
    expect(
      steps()
        .slice(1)
        .map(([number, after]) => `${number}: ${after}`),
    ).toEqual(['Step 2: 5', 'Step 3: 10', 'Step 4: 20', 'Step 5: 25']);
  });

  it('shows why the policy could not be loaded', async () => {
    await openConfiguration(() => jsonResponse(403, 'Forbidden', { err: 'You have no access to this site' }));
    expect(within(section()).getByRole('alert').textContent).toBe('You have no access to this site');
    expect(within(section()).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
