// A browser test starts a whole portal and drives Chromium: its tests and hooks get longer than the
// run's testTimeout (Jest reads testTimeout from the root configuration only, so it is raised here).
jest.setTimeout(90_000);
