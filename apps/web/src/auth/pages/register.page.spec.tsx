import { act, fireEvent, screen } from '@testing-library/react';
import { waitForState } from '../../../test/store-wait.util';
import { renderApp, requestsOf } from '../../../test/render-app.util';

describe('Register page', () => {
  beforeEach(() => window.localStorage.clear());

  function fill(values: Record<string, string>) {
    for (const [label, value] of Object.entries(values))
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }

  it("says 'Invalid form credentials' and that the password is too short, and sends nothing", async () => {
    const app = await renderApp('/register');
    fill({ 'Full name': 'Erin Engineer', Email: 'erin@example.com', Password: 'seven77' });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(screen.getByRole('alert').textContent).toBe(
      'Invalid form credentials: Password must be at least 8 characters.',
    );
    expect(requestsOf(app.fetchMock)).toEqual([]);
  });

  it('names every missing field', async () => {
    await renderApp('/register');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(screen.getByRole('alert').textContent).toBe(
      'Invalid form credentials: Full name is required. Email is required. Password must be at least 8 characters.',
    );
  });

  it('sends a complete form', async () => {
    const app = await renderApp('/register');
    fill({ 'Full name': 'Erin Engineer', Email: 'erin@example.com', Password: 'eight888' });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    await act(() => waitForState(app.store, (state) => state.auth.forms.register.pending));
    expect(requestsOf(app.fetchMock)).toEqual(['POST /api/auth/register']);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
