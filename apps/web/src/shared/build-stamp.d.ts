/** Replaced by Vite at build time (see vite.config.mts) and defined as a Jest global in tests. */
declare const __BUILD_STAMP__: string;
