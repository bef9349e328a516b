/** The product's name as page titles, e-mails and logs show it. */
export const PRODUCT_NAME = 'Fire Alarm Portal';
