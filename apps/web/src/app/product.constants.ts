export { PRODUCT_NAME } from '@app/contracts';

/** Build stamp shown in the footer: commit and UTC build time, or the release's own stamp. */
export const BUILD_STAMP: string = __BUILD_STAMP__;

/** Footer links of the shells; the static pages are plain anchors until the router serves them. */
export const PRIVACY_LINK = '#privacy';
export const HELP_LINK = '#help';
