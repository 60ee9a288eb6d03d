/**
 * Marks a browser where a tab holds an API key (in sessionStorage, docs/decisions/146), so
 * `/staff` renders the console loading rather than the sign-in form a key holder would see
 * flash on a reload (docs/decisions/224). It holds no secret, only "a key tab may be open";
 * it ends with the browser's session, or when a sign-out signs every tab out.
 */
export const KEY_TAB_COOKIE = "petstore_key_tab";
