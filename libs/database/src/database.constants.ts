/** Injection token of the options given to DatabaseModule. */
export const DATABASE_MODULE_OPTIONS = Symbol('DATABASE_MODULE_OPTIONS');
