export { PRODUCT_NAME } from '@app/contracts';

/** Build stamp shown in the footer: commit and UTC build time, or the release's own stamp. */
export const BUILD_STAMP: string = __BUILD_STAMP__;

/** Footer links of both shells (spec 2.1); the hash forms are served by the router. */
export const PRIVACY_LINK = '#privacy';
export const HELP_LINK = '#help';
