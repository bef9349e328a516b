import { loginPathFor, registerPathFor, returnPathOf, returnQueryFor } from './return-path.util';

describe('loginPathFor', () => {
  it("keeps where the visitor was going in the sign-in page's address", () => {
    expect(loginPathFor('/alarms')).toBe('/login?next=%2Falarms');
    expect(loginPathFor('/site/0011aabbccdd/events?page=2')).toBe(
      '/login?next=%2Fsite%2F0011aabbccdd%2Fevents%3Fpage%3D2',
    );
  });

  it("keeps a notification's Acknowledge link whole, query and all, there and back", () => {
    const login = loginPathFor('/alarms/12?acknowledge=1');
    expect(login).toBe('/login?next=%2Falarms%2F12%3Facknowledge%3D1');
    expect(returnPathOf(login.slice(login.indexOf('?')))).toBe('/alarms/12?acknowledge=1');
  });

  it('sends to plain /login from home, the sign-in, sign-out and registration pages', () => {
    for (const path of ['/', '/login', '/logout', '/login?next=%2Falarms', '/register?next=%2Falarms'])
      expect(loginPathFor(path)).toBe('/login');
  });
});

describe('registerPathFor', () => {
  it("keeps where the visitor was going in the registration page's address, as the sign-in page does", () => {
    expect(registerPathFor('/invitation/k3Jd9sQ-a_b')).toBe('/register?next=%2Finvitation%2Fk3Jd9sQ-a_b');
    const register = registerPathFor('/alarms/12?acknowledge=1');
    expect(returnPathOf(register.slice(register.indexOf('?')))).toBe('/alarms/12?acknowledge=1');
    for (const path of ['/', '/login', '//evil.example.com']) expect(registerPathFor(path)).toBe('/register');
  });

  it('passes the return path on between the two pages, and nothing when there is none', () => {
    expect(returnQueryFor(returnPathOf('?next=%2Finvitation%2Fabc'))).toBe('?next=%2Finvitation%2Fabc');
    expect(returnQueryFor(returnPathOf(''))).toBe('');
  });
});

describe('returnPathOf', () => {
  it('goes back to a path of the portal once signed in', () => {
    expect(returnPathOf('?next=%2Falarms%2F12')).toBe('/alarms/12');
    expect(returnPathOf(`?${new URLSearchParams({ next: '/site/0011aabbccdd/events?page=2' })}`)).toBe(
      '/site/0011aabbccdd/events?page=2',
    );
  });

  it('goes home for nothing, another origin, or the sign-in and sign-out pages', () => {
    for (const next of [
      '',
      'alarms',
      '//evil.example.com/alarms',
      '/\\evil.example.com',
      'https://evil.example.com/',
      'javascript:alert(1)',
      '/\t/evil.example.com',
      '/login',
      '/logout?x=1',
      '/register',
    ])
      expect({ next, to: returnPathOf(`?${new URLSearchParams({ next })}`) }).toEqual({ next, to: '/' });
    expect(returnPathOf('')).toBe('/');
  });
});
