/** Display formats and browser storage names of the spec (section 9). */

/** Date pickers show and accept dates in this format. */
export const DATE_PICKER_FORMAT = 'DD/MM/YYYY';
/** The same picker format in date-fns notation, for react-datepicker. */
export const DATE_PICKER_FORMAT_DATE_FNS = 'dd/MM/yyyy';
/** Local-storage key that holds the persisted session. */
export const AUTH_STORAGE_KEY = 'AuthData';
