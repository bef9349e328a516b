/** A test mode's duration as the Site Configuration screen offers it: '15 minutes', '1 hour', '8 hours'. */
export function testModeDurationLabel(minutes: number): string {
  if (minutes < 60 || minutes % 60 !== 0) return `${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
