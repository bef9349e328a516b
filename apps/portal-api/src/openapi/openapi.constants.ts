/**
 * Where portal-api serves its OpenAPI description: spelt in full (Swagger's routes are not prefixed),
 * and under /api so that the web client's page fallback leaves them alone.
 */
export const OPENAPI_UI_PATH = 'api/docs';
export const OPENAPI_JSON_PATH = 'api/docs-json';

/** Security scheme names: the spec's two token kinds (section 6). */
export const SESSION_TOKEN = 'session';
export const CLAIMS_TOKEN = 'claims';
