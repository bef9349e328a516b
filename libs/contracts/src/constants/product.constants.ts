/** The product's name as page titles, e-mails and logs show it. */
export const PRODUCT_NAME = 'Fire Alarm Portal';

/**
 * The release this code is (package.json's version, kept in step by a test, with its entry in
 * CHANGELOG.md): shown by every app's /healthz and its `portal_build_info` metric.
 */
export const PRODUCT_VERSION = '0.2.0';
