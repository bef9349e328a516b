/**
 * Where a signed-out visitor was going (a mail's link to a site's events or to the alarms), kept in
 * the sign-in page's address as `?next=` and followed once signed in. Only a path of this portal is
 * followed: never another origin ('//host', a scheme, a backslash browsers read as a slash), nor the
 * sign-in and sign-out pages themselves.
 */
export const RETURN_PATH_PARAM = 'next';

const NOT_RETURNED_TO = ['/', '/login', '/logout', '/register'];

/** The sign-in page's address for a visitor who asked for `path` (with its query); plain /login when nowhere in particular. */
export function loginPathFor(path: string): string {
  return `/login${returnQueryFor(path)}`;
}

/** The registration page's address that comes back to `path` once registered, as the sign-in page's does. */
export function registerPathFor(path: string): string {
  return `/register${returnQueryFor(path)}`;
}

/** '?next=…' for a path worth coming back to, '' otherwise: what the sign-in and registration pages pass on to each other. */
export function returnQueryFor(path: string): string {
  return isReturnPath(path) ? `?${new URLSearchParams({ [RETURN_PATH_PARAM]: path }).toString()}` : '';
}

/** Where to go once signed in, from the sign-in page's query; home when it names nowhere safe. */
export function returnPathOf(search: string): string {
  const path = new URLSearchParams(search).get(RETURN_PATH_PARAM) ?? '';
  return isReturnPath(path) ? path : '/';
}

function isReturnPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  // Control characters (a tab or newline inside '//') would let a URL parser read another origin.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return false;
  return !NOT_RETURNED_TO.includes(path.split(/[?#]/)[0]);
}
