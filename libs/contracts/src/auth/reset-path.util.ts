/** Path of the web page where a reset token is used (spec 2.1: /resetpass/:token). */
export function resetPasswordPath(token: string): string {
  return `/resetpass/${encodeURIComponent(token)}`;
}
